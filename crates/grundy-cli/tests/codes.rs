//! Take-and-break codes at the command line: the reproducers of issues 18 (codes that did not mean what they said)
//! and 19 (sizes that overflowed, winning moves listed with no bound).

use crate::common;
use common::*;

/// `grundy value CODE HEAP --json`: the nim-value, the game's printed name, the winning moves listed and their count.
fn value(code: &str, heap: &str) -> (u64, String, usize, u64) {
    let (status, out, err) = run(&["value", code, heap, "--json"]);
    assert_eq!(status, 0, "{code} {heap}: {err}");
    let j = parse_json(&out);
    (
        j["nim_value"].as_u64().unwrap(),
        j["parts"][0]["game"].as_str().unwrap().to_string(),
        j["winning_moves"].as_array().unwrap().len(),
        j["winning_move_count"].as_u64().unwrap(),
    )
}

#[test]
fn a_digit_before_a_repeat_folds_in_order() {
    // d1 = 0: a heap of 1 has no move. It was named 0.[10] and valued 1.
    assert_eq!(value("0.0[10]", "1"), (0, "0.[01]".into(), 0, 0));
    // d2 = 1: a heap of 2 is taken whole.
    assert_eq!(value("0.0[10]", "2"), (1, "0.[01]".into(), 1, 1));
    assert_eq!(value("0.H?2[0&2;]", "1").1, "0.H?[20]");
    assert_eq!(
        value("0.0[{0,1,3?+}0]", "1"),
        (0, "0.[0{0,1,3?+}]".into(), 0, 0)
    );
    // d1 = 1 takes a whole heap of 1 (it was valued 0).
    assert_eq!(value("0.1[G1]", "1"), (1, "0.[1G]".into(), 1, 1));
}

#[test]
fn modifiers_in_braces_are_kept() {
    assert_eq!(value("0.{1,2=+}", "1").1, "0.{1=+}");
    // C?.1*! has G(1), G(2), G(3) = 1, 1, 2 (`grundy seq`). From 4: split into 1 + 3 (value 3) or 1 + 1 + 2
    // (value 1) by C?, or take 2 leaving 2 (value 1) by *!; never take 2 leaving 1 + 1 (value 0), which 2!
    // forbids. So the value is mex{1, 3} = 0 (it was 2, with the forbidden move).
    assert_eq!(
        value("C?.1{0,1,2!,3!,4!+}", "4"),
        (0, "C?.1*!".into(), 0, 0)
    );
}

#[test]
fn ambiguous_codes_are_refused_in_one_line() {
    for (code, why) in [
        ("0.{2,2!}", "listed twice"),
        ("0.{2!,3}=", "both inside and after"),
        ("0.&;", "expected a number"),
        ("0.{2+,3}", "only on the last"),
        ("0.{5,3+}", "also covered"),
        ("0.7!?", "two modifiers"),
    ] {
        assert_error(&grundy(&["value", code, "3"]), why);
    }
}

#[test]
fn huge_heaps_of_three_heap_codes_are_refused_up_front() {
    assert_error(&grundy(&["value", "0.8!", "18446744073709551615"]), "limit");
    assert_error(
        &grundy(&["seq", "0.8!", "--to", "9223372036854775808"]),
        "limit",
    );
}

#[test]
fn many_winning_moves_are_counted_not_held() {
    // 0.*: remove one token, leave any number of heaps. By induction G(n) = n mod 2 (a heap of n reaches exactly
    // the sums of heaps totalling n − 1, whose value is the parity of their odd heaps, that is of n − 1). So from an
    // odd heap every partition of the even n − 1 is a winning move: p(40) = 37338 of them from 41 (OEIS A000041).
    assert_eq!(value("0.*", "41"), (1, "0.*".into(), 37338, 37338));
    let (status, out, _) = run(&["value", "0.*", "40"]);
    assert_eq!(status, 0);
    assert!(out.contains("nim-value 0"), "{out}");
}

#[test]
fn millions_of_winning_moves_in_bounded_memory() {
    // From 81, every partition of 80 wins: p(80) = 15796476 (OEIS A000041), counted, 100000 listed (the bound of
    // a heap's list). This exhausted memory when every move was held.
    assert_eq!(value("0.*", "81"), (1, "0.*".into(), 100_000, 15_796_476));
    // Six heaps from a heap of 400: about 10^8 options, too many even to count: the listing of the moves ends at
    // that limit at once (status 3, one line on stderr), not after a wait, and the value and outcome are printed.
    let (status, out, err) = run(&["value", "0.&64;", "400"]);
    assert_eq!(status, 3, "{err}");
    assert!(
        err.contains("too many to count") && err.contains("partial"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        out.contains("nim-value 66") && out.contains("none found before a limit"),
        "{out}"
    );
}
