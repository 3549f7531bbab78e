//! `grundy quotient` certified for every heap (the periodicity theorem, docs/quotient.md) and `grundy value …
//! --misere` on heaps of any size from it, with the cache in a temporary folder (GRUNDY_CACHE_DIR).

use crate::common;

use std::path::{Path, PathBuf};

/// A fresh cache folder for one test.
fn cache_dir(name: &str) -> PathBuf {
    common::fresh_dir("quotient-periodic", name)
}

fn run(cache: &Path, args: &[&str]) -> (i32, String, String) {
    common::run_env(args, &[("GRUNDY_CACHE_DIR", cache.as_os_str())])
}

fn json(s: &str) -> serde_json::Value {
    common::parse_json(s)
}

/// The misère outcome of a sum of heaps of `game`, by the command.
fn outcome(cache: &Path, game: &str, heaps: &[u64]) -> String {
    let hs: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    let mut a = vec!["value", game];
    a.extend(hs.iter().map(|s| s.as_str()));
    a.extend(["--misere", "--json"]);
    let (code, out, err) = run(cache, &a);
    assert_eq!(code, 0, "{a:?}: {err}");
    json(&out)["outcome"].as_str().unwrap().to_string()
}

/// A heap of the same class as `h` (same image by the certificate) small enough for the exact search.
fn small_class(h: u64, n0: u64, p: u64) -> u64 {
    n0 + (h - n0) % p + 2 * p
}

#[test]
fn g075_certified_and_huge_heaps_answered() {
    let d = cache_dir("075");
    let (code, out, err) = run(&d, &["quotient", "0.75"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère quotient of 0.75 for every heap\n"),
        "{out}"
    );
    assert!(out.contains("order 8,"), "{out}");
    assert!(
        out.contains("certified for every heap: Φ(n+2) = Φ(n) for n ≥ 8 (an octal game with 2 digits after the point, built to heap 20 ≥ 2·8 + 2·2 + 2 − 2 = 20;"),
        "{out}"
    );
    let (code, out, err) = run(&d, &["quotient", "0.75", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["scope"], "for every heap");
    assert_eq!(v["periodic"]["preperiod"], 8);
    assert_eq!(v["periodic"]["period"], 2);
    assert_eq!(v["periodic"]["needs_heaps"], 20);
    assert_eq!(v["heaps"], 20);
    assert!(v["no_certificate"].is_null());
    // The cache file (version 2) holds the certificate.
    let file = std::fs::read_dir(&d)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("grundy-misere-quotient 2\n"), "{text}");
    assert!(text.contains("\nperiodic 8 2\n"), "{text}");

    // Huge heaps: the outcome equals that of heaps of the same class small enough for the exact search (a
    // fresh cache, so no quotient is involved there).
    let fresh = cache_dir("075-exact");
    for heaps in [
        vec![1_000_000_000_000u64, 5],
        vec![1_000_000_000_001, 5],
        vec![999_999_999_999_999_999, 3, 2],
        vec![10_000_000_000_000, 7, 7],
    ] {
        let (code, out, err) = run(
            &d,
            &[
                &["value", "0.75"][..],
                &heaps
                    .iter()
                    .map(|h| h.to_string())
                    .collect::<Vec<_>>()
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()[..],
                &["--misere", "--json"][..],
            ]
            .concat(),
        );
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        let method = v["method"].as_str().unwrap();
        assert!(
            method.contains("for every heap") && method.contains("certified"),
            "{method}"
        );
        let small: Vec<u64> = heaps
            .iter()
            .map(|&h| if h > 20 { small_class(h, 8, 2) } else { h })
            .collect();
        assert_eq!(
            v["outcome"].as_str().unwrap(),
            outcome(&fresh, "0.75", &small),
            "{heaps:?}"
        );
        // Every winning move: explicit ones and every family's ends lead to a sum of the P class (checked on
        // heaps of the same classes by the exact search).
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(v["outcome"] == "N", !moves.is_empty(), "{v}");
        for m in moves {
            let i = m["component"].as_u64().unwrap() as usize;
            let mut rest: Vec<u64> = heaps.clone();
            rest.remove(i);
            let result = m["result"].as_str().unwrap();
            let afters: Vec<Vec<u64>> = if let Some((_, tail)) = result.split_once(" values a = ") {
                let (r, _) = result
                    .strip_prefix("a + (")
                    .unwrap()
                    .split_once(" − a)")
                    .unwrap();
                let r: u64 = r.parse().unwrap();
                let list = tail.split(" (step").next().unwrap();
                let nums: Vec<u64> = list
                    .split(", ")
                    .filter(|x| *x != "…")
                    .map(|x| x.parse().unwrap())
                    .collect();
                nums.iter().map(|&a| vec![a, r - a]).collect()
            } else {
                vec![result
                    .split(" + ")
                    .filter(|x| *x != "0")
                    .map(|x| x.parse().unwrap())
                    .collect()]
            };
            for after in afters {
                let mut sum = rest.clone();
                sum.extend(after);
                let small: Vec<u64> = sum
                    .iter()
                    .map(|&h| if h > 20 { small_class(h, 8, 2) } else { h })
                    .collect();
                assert_eq!(outcome(&fresh, "0.75", &small), "P", "{m} {sum:?}");
            }
        }
    }
    // A heap of 10^12 + 1 alone: its splits come as families of the smaller part, one per class modulo 2.
    let (code, out, err) = run(&d, &["value", "0.75", "1000000000001", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("for each of the") && out.contains("(step 2)"),
        "{out}"
    );
}

/// A tampered certificate line (checksum recomputed) is refused and the quotient rebuilt with the right one.
#[test]
fn tampered_certificate_is_never_trusted() {
    let d = cache_dir("tamper");
    let (code, first, err) = run(&d, &["quotient", "0.7", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&first)["periodic"]["period"], 2);
    let file = std::fs::read_dir(&d)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    let body_end = text.rfind("checksum ").unwrap();
    let body = text[..body_end].replace("\nperiodic 1 2\n", "\nperiodic 1 4\n");
    assert_ne!(body, text[..body_end]);
    let mut h: u64 = 0xcbf29ce484222325;
    for b in body.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    std::fs::write(&file, format!("{body}checksum {h:016x}\n")).unwrap();
    let (code, again, err) = run(&d, &["quotient", "0.7", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&again), json(&first));
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("\nperiodic 1 2\n"));
    // A version-1 file under the old name is not read (a different file name and first line).
    let old = d.join("quotient-v1-0000000000000000.txt");
    std::fs::write(&old, "grundy-misere-quotient 1\n").unwrap();
    let (code, again, err) = run(&d, &["quotient", "0.7", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&again), json(&first));
}

/// Games outside the theorem: no certificate, the scope stays "for heaps up to N", and huge heaps are refused
/// with the exact search's one-line limit error.
#[test]
fn non_octal_games_are_not_certified() {
    let d = cache_dir("nonoctal");
    for game in ["0.[3]", "0.F"] {
        let (code, out, err) = run(&d, &["quotient", game, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        assert!(v["periodic"].is_null(), "{game}");
        assert_eq!(v["heaps"], 40, "{game}");
        assert_eq!(v["scope"], "for heaps up to 40");
    }
    let (code, out, err) = run(&d, &["quotient", "0.F", "--heaps", "12"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(nothing is claimed for larger heaps)"),
        "{out}"
    );
    let (code, _, err) = run(&d, &["value", "0.F", "1000000000000", "3", "--misere"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("too large"), "{err}");
}

/// With --heaps below the theorem's bound nothing is certified, and the output says what holds.
#[test]
fn below_the_bound_nothing_is_claimed() {
    let d = cache_dir("below");
    let (code, out, err) = run(&d, &["quotient", "0.75", "--heaps", "19"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère quotient of 0.75 for heaps up to 19\n"),
        "{out}"
    );
    assert!(!out.contains("certified"), "{out}");
    let (code, out, err) = run(&d, &["quotient", "0.75", "--heaps", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("certified for every heap"), "{out}");
}

/// Kayles: Φ is periodic with period 12 from heap 71, so the quotient (order 40) is certified at heap
/// 2·71 + 2·12 + 2 − 2 = 166 (our computation); heaps of 10^12 are then answered, and agree with heaps of the
/// same class (checked by a direct build to heap 250 through the command's --heaps).
#[test]
fn kayles_certified_at_166() {
    let d = cache_dir("kayles");
    let (code, out, err) = run(&d, &["quotient", "kayles", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["order"], 40);
    assert_eq!(v["heaps"], 166);
    assert_eq!(v["periodic"]["preperiod"], 71);
    assert_eq!(v["periodic"]["period"], 12);
    let elements: Vec<String> = v["heap_elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().to_string())
        .collect();
    // A direct build to 250 (its own cache folder): the same element names for heaps 0..=166, and each heap
    // above 166 has the element of its class.
    let d2 = cache_dir("kayles-direct");
    let (code, out, err) = run(&d2, &["quotient", "kayles", "--heaps", "250", "--json"]);
    assert_eq!(code, 0, "{err}");
    let w = json(&out);
    assert_eq!(w["order"], 40);
    assert_eq!(w["p_portion"], v["p_portion"]);
    assert_eq!(w["relations"], v["relations"]);
    let direct: Vec<&str> = w["heap_elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    for h in 0..=250usize {
        let want = if h <= 166 {
            elements[h].as_str()
        } else {
            elements[71 + (h - 71) % 12].as_str()
        };
        assert_eq!(direct[h], want, "heap {h}");
    }
    // A smaller --heaps does not throw the certified file away.
    let (code, out, err) = run(&d, &["quotient", "kayles", "--heaps", "40"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère quotient of kayles for heaps up to 40\n"),
        "{out}"
    );
    let (code, out, err) = run(&d, &["value", "kayles", "1000000000000", "5", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("certified: built to heap 166 with Φ(n + 12) = Φ(n) for every n ≥ 71"),
        "{out}"
    );
    let small = small_class(1_000_000_000_000, 71, 12);
    let want = outcome(&d2, "kayles", &[small, 5]);
    assert!(out.contains(&format!("outcome: {want} ")), "{out}");
}
