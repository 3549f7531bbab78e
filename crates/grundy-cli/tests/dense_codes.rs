//! Codes the sparse split cannot help (0.06: a third of its positions rare, values past 512): `seq` says so on
//! stderr at the start, in `--stats` and in `--json`, with the engine `auto` runs and the expected cost; the values
//! are those of the plain and fast engines.

use crate::common;
use common::{parse_json, run};

#[test]
fn a_dense_code_is_announced_and_computed_by_the_plain_engine() {
    let (code, out, err) = run(&["seq", "0.06", "--to", "40000", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: note: 0.06: a dense code, the sparse split cannot help (33% of heaps 1..=16384"),
        "{err}"
    );
    assert!(
        err.contains("then the plain engine") && err.contains("should take about"),
        "{err}"
    );
    let j = parse_json(&out);
    assert_eq!(j["engine"], "plain");
    assert_eq!(j["dense"]["engine"], "plain");
    assert_eq!(j["dense"]["rare_positions"], 5332);
    assert_eq!(j["dense"]["largest"], 307);
    assert!(j["dense"]["expected_seconds"].as_f64().unwrap() > 0.0);
    assert!(j["dense"]["plain_heaps_per_second"].as_f64().unwrap() > 0.0);
    let values = j["values"].as_array().unwrap();
    let (c, plain, e) = run(&["seq", "0.06", "--to", "40000", "--engine", "plain"]);
    assert_eq!(c, 0, "{e}");
    let (c, fast, e) = run(&["seq", "0.06", "--to", "40000", "--engine", "fast"]);
    assert_eq!(c, 0, "{e}");
    // An explicit engine is not probed and says nothing.
    assert_eq!(e, "");
    assert_eq!(plain, fast);
    let plain: Vec<u64> = plain.lines().map(|l| l.parse().unwrap()).collect();
    let auto: Vec<u64> = values.iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(auto, plain);
    // --stats says it too.
    let (c, out, e) = run(&["seq", "0.06", "--to", "20000", "--stats", "--out", &tmp()]);
    assert_eq!(c, 0, "{e}");
    assert!(out.contains("# dense: 0.06: a dense code"), "{out}");
    // A sparse code says nothing.
    let (c, _, e) = run(&["seq", "0.6", "--to", "40000"]);
    assert_eq!((c, e.as_str()), (0, ""));
    // Nor does 0.106: half its positions are rare under every value mask, but a handful once the split uses the
    // heap's parity, so the fast engine computes it.
    let (c, out, e) = run(&["seq", "0.106", "--to", "40000", "--json"]);
    assert_eq!((c, e.as_str()), (0, ""));
    let j = parse_json(&out);
    assert_eq!(j["engine"], "fast");
    assert!(j["dense"].is_null(), "{j}");
}

fn tmp() -> String {
    common::temp_path("dense", "d.seq")
}
