//! `grundy quotient` and `grundy value … --misere` answered by the misère quotient, with the cache in a temporary
//! folder (GRUNDY_CACHE_DIR): output, JSON, winning moves checked, a corrupt or tampered cache ignored, bad input.

use crate::common;

use std::path::{Path, PathBuf};

/// A fresh cache folder for one test.
fn cache_dir(name: &str) -> PathBuf {
    common::fresh_dir("quotient-test", name)
}

fn run(cache: &Path, args: &[&str]) -> (i32, String, String) {
    common::run_env(args, &[("GRUNDY_CACHE_DIR", cache.as_os_str())])
}

fn json(s: &str) -> serde_json::Value {
    common::parse_json(s)
}

#[test]
fn quotient_of_kayles_in_words_and_json() {
    let d = cache_dir("words");
    let (code, out, err) = run(&d, &["quotient", "kayles", "--heaps", "30"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère quotient of kayles for heaps up to 30\n"),
        "{out}"
    );
    assert!(out.contains("generators: a = heap 1, b = heap 2"), "{out}");
    assert!(out.contains("a² = 1"), "{out}");
    let (code, out, err) = run(&d, &["quotient", "kayles", "--heaps", "30", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["heaps"], 30);
    let order = v["order"].as_u64().unwrap();
    assert_eq!(order % 2, 0);
    assert_eq!(v["elements"].as_array().unwrap().len() as u64, order);
    let heaps = v["heap_elements"].as_array().unwrap();
    assert_eq!(heaps.len(), 31);
    assert_eq!(heaps[0], "1");
    // The single heaps in the P-portion: misère Kayles' P-positions 1, 4, 9, 12, 20 (Sibert–Conway).
    let p: Vec<&str> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    let p_heaps: Vec<usize> = (1..=30)
        .filter(|&h| p.contains(&heaps[h].as_str().unwrap()))
        .collect();
    assert_eq!(p_heaps, [1, 4, 9, 12, 20]);
    assert!(v["stopped"].is_null());
}

/// `seq --misere`, `seq --genus` and `quotient` agree on every heap: misère value 0, γ0 = 0 and the heap's element
/// in the P-portion are the same thing.
#[test]
fn seq_genus_and_quotient_agree() {
    let d = cache_dir("agree");
    for game in ["0.07", "0.137", "0.75", "kayles"] {
        let n = "22";
        let (_, misere, _) = run(&d, &["seq", game, "--to", n, "--misere"]);
        let (_, genus, _) = run(&d, &["seq", game, "--to", n, "--genus", "--json"]);
        let (code, q, err) = run(&d, &["quotient", game, "--heaps", n, "--json"]);
        assert_eq!(code, 0, "{err}");
        let q = json(&q);
        let genus = json(&genus);
        let p: Vec<&str> = q["p_portion"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        for (h, m) in misere.lines().enumerate() {
            let in_p = p.contains(&q["heap_elements"][h].as_str().unwrap());
            assert_eq!(m == "0", in_p, "{game} heap {h}");
            assert_eq!(
                genus["genus"][h]["misere_nim_value"].to_string(),
                m,
                "{game} heap {h}"
            );
        }
    }
}

/// Kayles 30 40 50 60 is beyond the exact search's quick budget: the quotient answers, names itself, and every
/// winning move printed leads to a sum the command calls P.
#[test]
fn value_misere_by_the_quotient_with_checked_moves() {
    let d = cache_dir("value");
    let (code, out, err) = run(
        &d,
        &[
            "value", "kayles", "30", "40", "50", "60", "--misere", "--json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert!(
        v["method"].as_str().unwrap().contains("misère quotient"),
        "{v}"
    );
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["misere_nim_value"], 0);
    // A sum that is N: every winning move checked.
    let heaps = ["31", "40", "50", "60"];
    let mut args = vec!["value", "kayles"];
    args.extend(heaps);
    args.extend(["--misere", "--json"]);
    let (code, out, err) = run(&d, &args);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert!(
        v["method"].as_str().unwrap().contains("misère quotient"),
        "{v}"
    );
    assert_eq!(v["outcome"], "N");
    assert!(v["misere_nim_value"].is_null());
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let i = m["component"].as_u64().unwrap() as usize;
        let mut after: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        after.remove(i);
        for part in m["result"].as_str().unwrap().split(" + ") {
            if part != "0" {
                after.push(part.to_string());
            }
        }
        let mut a = vec!["value", "kayles"];
        a.extend(after.iter().map(|s| s.as_str()));
        a.extend(["--misere", "--json"]);
        let (code, out, err) = run(&d, &a);
        assert_eq!(code, 0, "{err}");
        assert_eq!(json(&out)["outcome"], "P", "{m}");
    }
}

/// A sum mixing Kayles and Dawson's Kayles beyond the exact search's quick budget is answered by the quotient of
/// the union of their heap sets; the answer says so, and every winning move leads to a sum the command calls P.
#[test]
fn value_misere_of_a_mixed_sum_by_the_union_quotient() {
    let d = cache_dir("mixed");
    let kayles = ["12", "11", "10", "9"];
    let dawson = ["10", "9", "8", "6"];
    let mut args = vec!["value", "kayles"];
    args.extend(kayles);
    args.extend(["+", "0.07"]);
    args.extend(dawson);
    args.extend(["--misere", "--json"]);
    let (code, out, err) = run(&d, &args);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let method = v["method"].as_str().unwrap();
    assert!(
        method.contains("misère quotient of the union of the heaps of 0.07 (heaps up to 10) + kayles (heaps up to 12)"),
        "{method}"
    );
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(v["outcome"] == "N", !moves.is_empty(), "{v}");
    for m in moves {
        let i = m["component"].as_u64().unwrap() as usize;
        let mut k: Vec<String> = kayles.iter().map(|h| h.to_string()).collect();
        let mut w: Vec<String> = dawson.iter().map(|h| h.to_string()).collect();
        let side = if i < k.len() { &mut k } else { &mut w };
        side.remove(if i < 4 { i } else { i - 4 });
        for part in m["result"].as_str().unwrap().split(" + ") {
            if part != "0" {
                side.push(part.to_string());
            }
        }
        let mut a: Vec<&str> = vec!["value"];
        if !k.is_empty() {
            a.push("kayles");
            a.extend(k.iter().map(|s| s.as_str()));
        }
        if !w.is_empty() {
            if !k.is_empty() {
                a.push("+");
            }
            a.push("0.07");
            a.extend(w.iter().map(|s| s.as_str()));
        }
        a.extend(["--misere", "--json"]);
        let (code, out, err) = run(&d, &a);
        assert_eq!(code, 0, "{err}");
        assert_eq!(json(&out)["outcome"], "P", "{m}");
    }
}

/// A mixed sum with a heap far beyond any build (Kayles and 0.75, each certified alone) is answered by the union's
/// quotient certified for every heap, which is cached: the second answer is the same and a second file is in the
/// cache; every winning move leads to a sum the command calls P.
#[test]
fn value_misere_of_a_huge_mixed_sum_by_the_certified_union() {
    let d = cache_dir("mixed-certified");
    let args = [
        "value",
        "kayles",
        "1000000000000",
        "7",
        "+",
        "0.75",
        "999999",
        "--misere",
        "--json",
    ];
    let (code, out, err) = run(&d, &args);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let method = v["method"].as_str().unwrap();
    assert!(
        method.contains(
            "the misère quotient of the union of the heaps of 0.75 and kayles for every heap"
        ) && method.contains("certified"),
        "{method}"
    );
    let files = std::fs::read_dir(&d).unwrap().count();
    assert!(files >= 1, "the union is cached");
    let (code, again, err) = run(&d, &args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&again), v);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(v["outcome"] == "N", !moves.is_empty(), "{v}");
    for m in moves {
        let i = m["component"].as_u64().unwrap() as usize;
        let result = m["result"].as_str().unwrap();
        // A family of splits ("a + (R − a) for each of …") is checked through its first member.
        let first: Vec<String> = match result.split_once(" for each of the ") {
            Some((_, rest)) => {
                let r: u64 = result
                    .trim_start_matches("a + (")
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                let a: u64 = rest
                    .split("a = ")
                    .nth(1)
                    .unwrap()
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                vec![a.to_string(), (r - a).to_string()]
            }
            None => result
                .split(" + ")
                .filter(|p| *p != "0")
                .map(|p| p.to_string())
                .collect(),
        };
        let mut k: Vec<String> = vec!["1000000000000".into(), "7".into()];
        let mut w: Vec<String> = vec!["999999".into()];
        if i < 2 {
            k.remove(i);
            k.extend(first);
        } else {
            w.remove(0);
            w.extend(first);
        }
        let mut a: Vec<&str> = vec!["value"];
        if !k.is_empty() {
            a.push("kayles");
            a.extend(k.iter().map(|s| s.as_str()));
        }
        if !w.is_empty() {
            if !k.is_empty() {
                a.push("+");
            }
            a.push("0.75");
            a.extend(w.iter().map(|s| s.as_str()));
        }
        a.extend(["--misere", "--json"]);
        let (code, out, err) = run(&d, &a);
        assert_eq!(code, 0, "{err}");
        assert_eq!(json(&out)["outcome"], "P", "{m} {a:?}");
    }
}

/// A corrupt cache file is ignored and rebuilt; a file whose checksum was recomputed after tampering with the
/// P-portion is refused by the consistency check; the answers stay right.
#[test]
fn corrupt_or_tampered_cache_is_never_trusted() {
    let d = cache_dir("corrupt");
    let (code, first, err) = run(&d, &["quotient", "0.75", "--heaps", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    let files: Vec<PathBuf> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let file = &files[0];
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.starts_with("grundy-misere-quotient 2\n"));
    // Garbage: ignored, rebuilt, rewritten.
    std::fs::write(file, "grundy-misere-quotient 2\ngarbage\n").unwrap();
    let (code, again, err) = run(&d, &["quotient", "0.75", "--heaps", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&again), json(&first));
    assert_eq!(std::fs::read_to_string(file).unwrap(), text);
    // Tampered P-portion with a valid checksum (FNV-1a 64 of the lines before "checksum").
    let body_end = text.rfind("checksum ").unwrap();
    let mut lines: Vec<String> = text[..body_end].lines().map(String::from).collect();
    let p = lines.iter_mut().find(|l| l.starts_with("p ")).unwrap();
    let flipped: String = p[2..]
        .chars()
        .map(|c| if c == '0' { '1' } else { '0' })
        .collect();
    *p = format!("p {flipped}");
    let body = lines.join("\n") + "\n";
    let mut h: u64 = 0xcbf29ce484222325;
    for b in body.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    std::fs::write(file, format!("{body}checksum {h:016x}\n")).unwrap();
    let (code, again, err) = run(&d, &["quotient", "0.75", "--heaps", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&again), json(&first));
}

#[test]
fn bad_input_is_one_line() {
    let d = cache_dir("bad");
    for (args, needle) in [
        (vec!["quotient", "kayles", "--heaps", "x"], "--heaps"),
        (vec!["quotient", "kayles", "--heaps", "2000000"], "--heaps"),
        (
            vec!["quotient", "kayles", "--max-order", "1"],
            "--max-order",
        ),
        (vec!["quotient", "wythoff"], "not heaps"),
        (vec!["quotient", "nosuchgame"], "nosuchgame"),
        (
            vec!["quotient", "kayles", "--max-seconds", "0"],
            "--max-seconds",
        ),
        (
            vec!["quotient", "kayles", "--max-order", "400001"],
            "--max-order",
        ),
        (vec!["quotient", "kayles", "+"], "'+' must stand"),
        (vec!["quotient", "kayles", "0.07"], "'+' must stand"),
        (
            vec!["quotient", "kayles", "+", "+", "0.07"],
            "'+' must stand",
        ),
        (vec!["quotient", "kayles", "+", "kayles"], "given twice"),
        (vec!["quotient", "kayles", "+", "wythoff"], "not heaps"),
    ] {
        let (code, out, err) = run(&d, &args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // A quotient that keeps growing is a result, not an error.
    let (code, out, err) = run(
        &d,
        &["quotient", "0.6", "--heaps", "30", "--max-order", "64"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("past the limit of 64 elements"), "{out}");
    // A reduction that would not fit the memory limit ends heap 17: the quotient of heaps up to 16 is printed,
    // marked partial, with the limit's one-line error naming the memory, and exit status 3.
    let args = ["quotient", "0.6", "--heaps", "17", "--max-memory", "16M"];
    let (code, out, err) = run(&d, &args);
    assert_eq!(code, 3, "{out}{err}");
    assert!(
        out.starts_with(
            "misère quotient of 0.6 for heaps up to 16\nstopped: a limit ended heap 17: "
        ),
        "{out}"
    );
    assert!(
        out.contains("\norder 304, P-portion of 38 elements\n"),
        "{out}"
    );
    let err: Vec<&str> = err.lines().filter(|l| !l.contains("progress:")).collect();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(
        err[0].contains("heaps up to 16 printed (partial)"),
        "{err:?}"
    );
    assert!(err[0].contains("over the limit of 16.0 MiB"), "{err:?}");
    assert!(err[0].contains("--max-memory"), "{err:?}");
    let (code, out, _) = run(&d, &[&args[..], &["--json"]].concat());
    assert_eq!(code, 3);
    let v = json(&out);
    assert_eq!(
        (v["heaps"].as_u64(), v["order"].as_u64()),
        (Some(16), Some(304))
    );
    assert_eq!(v["partial"], true);
    assert!(v["stopped"]
        .as_str()
        .unwrap()
        .contains("a limit ended heap 17"));
}

/// `grundy quotient kayles + 0.07`: the quotient of sums mixing Kayles and Dawson's Kayles heaps, in text and JSON,
/// each game's heap map apart; its outcomes are those `grundy value ... --misere` finds by exact search.
#[test]
fn mixed_quotient_of_kayles_and_dawsons_kayles() {
    let d = cache_dir("mixed");
    let (code, out, err) = run(&d, &["quotient", "kayles", "+", "0.07", "--heaps", "8"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère quotient of sums of heaps of 0.07 and kayles for heaps up to 8 of 0.07 and 8 of kayles\n"),
        "{out}"
    );
    assert!(out.contains("order 12, P-portion of 3 elements"), "{out}");
    assert!(out.contains("a = heap 1 of kayles"), "{out}");
    assert!(out.contains("0.07: heap -> element:"), "{out}");
    assert!(out.contains("kayles: heap -> element:"), "{out}");
    assert!(
        out.contains("nothing is claimed for heaps past those built"),
        "{out}"
    );
    let (code, out, err) = run(
        &d,
        &["quotient", "0.07", "+", "kayles", "--heaps", "8", "--json"],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], serde_json::json!(["0.07", "kayles"]));
    assert_eq!(v["tops"], serde_json::json!([8, 8]));
    assert_eq!(v["order"], 12);
    assert_eq!(v["generators"][0]["game"], "kayles");
    assert_eq!(v["generators"][0]["heap"], 1);
    let maps = v["heap_elements"].as_array().unwrap();
    assert_eq!(maps.len(), 2);
    assert_eq!(maps[1].as_array().unwrap().len(), 9);
    // Each sum of a Kayles heap and a Dawson's Kayles heap: P exactly when its element is in the P-portion.
    let p: Vec<&str> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    let elems: Vec<&str> = v["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(elems.len(), 12);
    // A heap of either game alone, and a Kayles heap beside a Dawson's Kayles heap whose element is 1: P exactly
    // when the element is in the P-portion (the exact search of 'value --misere' decides).
    let ones: Vec<u64> = (1..=8u64).filter(|&b| maps[0][b as usize] == "1").collect();
    assert!(!ones.is_empty());
    for a in 1..=8u64 {
        let (code, out, err) = run(
            &d,
            &[
                "value",
                "kayles",
                &a.to_string(),
                "+",
                "0.07",
                &ones[0].to_string(),
                "--misere",
                "--json",
            ],
        );
        assert_eq!(code, 0, "{err}");
        let w: serde_json::Value = serde_json::from_str(&out).unwrap();
        let e = maps[1][a as usize].as_str().unwrap();
        assert_eq!(
            w["outcome"] == "P",
            p.contains(&e),
            "kayles {a} + 0.07 {}: element {e}, {out}",
            ones[0]
        );
    }
    for b in 1..=8u64 {
        let (code, out, err) = run(&d, &["value", "0.07", &b.to_string(), "--misere", "--json"]);
        assert_eq!(code, 0, "{err}");
        let w: serde_json::Value = serde_json::from_str(&out).unwrap();
        let e = maps[0][b as usize].as_str().unwrap();
        assert_eq!(
            w["outcome"] == "P",
            p.contains(&e),
            "0.07 heap {b}: element {e}, {out}"
        );
    }
}
