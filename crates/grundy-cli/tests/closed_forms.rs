//! `grundy value` on games known in closed form: huge heaps, the non-heap games (Fibonacci Nim, Arpa), and their errors.
//! Every winning move printed is replayed: the position it leaves has nim-value 0 (or, for Fibonacci Nim, is a
//! P-position by Whinihan's rule).

use grundy::games::arpa::{value_of_numbers, ExponentGame};
use grundy::games::fibonacci_nim::first_player_wins;
use grundy::games::lasker::lasker_value;
use std::process::Command;

fn value(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("value")
        .args(args)
        .output()
        .expect("run grundy");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = value(&a);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn lasker_at_2_to_the_31() {
    let v = json(&["lasker", "2147483647", "5", "1000000000000"]);
    let total = lasker_value(2147483647) ^ lasker_value(5) ^ lasker_value(1_000_000_000_000);
    assert_eq!(v["nim_value"], total);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    let heaps = [2147483647u64, 5, 1_000_000_000_000];
    for m in moves {
        let i = m["component"].as_u64().unwrap() as usize;
        let result = m["result"].as_str().unwrap();
        let after: u64 = result
            .split(" + ")
            .map(|h| lasker_value(h.parse().unwrap()))
            .fold(0, |x, g| x ^ g);
        let rest = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |x, (_, &h)| x ^ lasker_value(h));
        assert_eq!(after ^ rest, 0, "{m}");
    }
    assert_eq!(json(&["lasker", "2147483647"])["nim_value"], 1u64 << 31);
}

#[test]
fn fibonacci_nim_moves_leave_p_positions() {
    let v = json(&["fibonacci-nim", "20"]);
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        let r: Vec<u64> = m["result"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(!first_player_wins(r[0], r[1]), "{m}");
    }
    // A P-position of any size: 12200160415121876738 is a Fibonacci number and only 10 may be taken.
    let v = json(&["fibonacci-nim", "12200160415121876738", "10"]);
    assert_eq!(v["nim_value"], 0);
    // The value of a large N-position is not known in closed form; alone, it is answered by its outcome, and in a
    // sum (where a nim-value is needed) it is a clear error that says why.
    let v = json(&["fibonacci-nim", "1000000000000000000"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["nim_value"].is_null());
    let (code, out, err) = value(&["fibonacci-nim", "1000000000000000000", "+", "nim", "0"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("grundy: fibonacci-nim 1000000000000000000")
            && err.contains("known by rule but not its nim-value")
            && err.contains("no place in a sum"),
        "{err}"
    );
    let (code, _, err) = value(&["fibonacci-nim", "5", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("'x'"), "{err}");
}

#[test]
fn arpa_and_the_heap_games() {
    let v = json(&["arpa", "1", "1", "17", "17"]);
    assert_eq!(v["nim_value"], 1);
    for m in v["winning_moves"].as_array().unwrap() {
        let after: Vec<u64> = m["result"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(value_of_numbers(&mut ExponentGame::new(), &after), 0);
    }
    assert_eq!(json(&["constrained:3,14", "10", "20"])["nim_value"], 3 ^ 1);
    assert_eq!(json(&["not-a-nim", "9", "15", "4"])["nim_value"], 0);
    assert_eq!(json(&["bash:3", "5", "+", "bash:3", "6"])["nim_value"], 3);
    assert_eq!(json(&["fibonacci-subtraction", "4"])["nim_value"], 0);
    assert_eq!(
        json(&["bash:1000000000000000000", "999999999999999999"])["nim_value"],
        999999999999999999u64
    );
    for (args, words) in [
        (vec!["constrained:5,3", "1"], "1 <= L <= R"),
        (vec!["constrained:5", "1"], "two amounts"),
        (vec!["bash:0", "1"], "K >= 1"),
        (vec!["arpa", "0"], "positive"),
        (vec!["arpa", "1000000001"], "too large"),
        (vec!["not-a-nim", "20000001"], "limit"),
    ] {
        let (code, _, err) = value(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}
