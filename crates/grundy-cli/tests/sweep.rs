//! `grundy sweep` and `grundy sweep-merge`: one record per code, the same records whether the family runs in one
//! process or in shards, resumed runs skip what their file holds, the merge refuses missing or repeated codes, and
//! the survey agrees with published periods (tests/data/octal-periods.txt, each line with its source).

mod common;
use common::run;
use serde_json::Value;

fn tmp(name: &str) -> String {
    common::temp_path("sweep", name)
}

fn published() -> String {
    format!(
        "{}/../../tests/data/octal-periods.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The records of a file by code, without the seconds (which differ from run to run).
fn records(file: &str) -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut v: Vec<(String, Value)> = text
        .lines()
        .map(|l| {
            let mut j: Value = serde_json::from_str(l).unwrap();
            j.as_object_mut().unwrap().remove("seconds");
            (j["code"].as_str().unwrap().to_string(), j)
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// The family 0.1d7 (0.107, 0.117, ..., 0.177) up to heap 3000: 0.117, 0.137 and 0.177 are certified with their
/// published periods, 0.127 (published preperiod 46578) is still open, and one process or two shards give the same
/// records.
#[test]
fn a_sweep_agrees_with_published_periods_and_shards_give_the_same_records() {
    let (one, s1, s2) = (tmp("one.jsonl"), tmp("s1.jsonl"), tmp("s2.jsonl"));
    let args = ["sweep", "0.1d7", "--to", "3000", "--max-seconds", "20"];
    let with = |extra: &[&str]| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend_from_slice(extra);
        run(&a)
    };
    let p = published();
    let (code, out, err) = with(&["--jsonl", &one, "--published", &p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("8 codes: "), "{out}");
    assert!(
        out.contains("published figures: 3 agree, 0 disagree, 1 still open"),
        "{out}"
    );
    assert!(out.contains("open: 0.127 (published 46578, 4)"), "{out}");
    let all = records(&one);
    assert_eq!(all.len(), 8);
    let get = |c: &str| &all.iter().find(|(k, _)| k == c).unwrap().1;
    assert_eq!(
        (
            get("0.177")["preperiod"].as_u64(),
            get("0.177")["period"].as_u64()
        ),
        (Some(497), Some(20))
    );
    assert_eq!(get("0.177")["certified"], true);
    assert_eq!(get("0.127")["certified"], false);
    assert!(get("0.127")["stopped"]
        .as_str()
        .unwrap()
        .contains("0..=3000"));
    // Two shards, then the merge: the same records, and the table.
    assert_eq!(with(&["--shard", "1/2", "--jsonl", &s1]).0, 0);
    assert_eq!(with(&["--shard", "2/2", "--jsonl", &s2]).0, 0);
    assert_eq!(records(&s1).len(), 4);
    let mut both = records(&s1);
    both.extend(records(&s2));
    both.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(both, all);
    let (code, out, err) = run(&["sweep-merge", &s1, &s2, "--published", &p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("0.177") && out.contains("497") && out.contains("3 agree, 0 disagree"),
        "{out}"
    );
    // A missing shard and a repeated one are refused, naming the codes.
    let (code, _, err) = run(&["sweep-merge", &s1]);
    assert_eq!((code, err.lines().count()), (2, 1));
    assert!(
        err.contains("4 codes of 0.1d7 are missing: 0.117, 0.137, 0.157, 0.177"),
        "{err}"
    );
    let (code, _, err) = run(&["sweep-merge", &s1, &s2, &s1]);
    assert_eq!(code, 2);
    assert!(err.contains("more than once: 0.107"), "{err}");
}

/// A file that holds some codes is resumed: only the others are computed, and a line cut short is dropped.
#[test]
fn a_sweep_resumes_from_its_file() {
    let f = tmp("resume.jsonl");
    let (code, _, err) = run(&[
        "sweep", "0.d7", "--to", "500", "--shard", "1/4", "--jsonl", &f,
    ]);
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(&f).unwrap();
    assert_eq!(first.lines().count(), 2); // 0.07 and 0.47
                                          // A run killed while writing leaves half a line.
    std::fs::write(&f, format!("{first}{{\"code\":\"0.1")).unwrap();
    let (code, out, err) = run(&["sweep", "0.d7", "--to", "500", "--jsonl", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("8 codes: "), "{out}");
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(text.lines().count(), 8);
    assert!(
        text.starts_with(&first),
        "the records already there are kept as they were"
    );
    // Another family's file is refused.
    let (code, _, err) = run(&["sweep", "0.dd", "--jsonl", &f]);
    assert_eq!((code, err.lines().count()), (2, 1));
    assert!(err.contains("holds a survey of 0.d7, not of 0.dd"), "{err}");
}

#[test]
fn subtraction_families_agree_with_published_periods() {
    let (code, out, err) = run(&["sweep", "subtraction:3,7", "--published", &published()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 35); // C(7, 3) records on stdout
    assert!(err.contains("35 codes: 35 certified, 0 open"), "{err}");
    assert!(
        err.contains("published figures: 3 agree, 0 disagree, 0 still open"),
        "{err}"
    );
}

#[test]
fn bad_sweeps_are_one_line_errors() {
    for (args, says) in [
        (&["sweep", "0.d9"][..], "digits after the point"),
        (&["sweep", "kayles"], "not a family"),
        (&["sweep", "0.dd", "--shard", "3/2"], "--shard"),
        (&["sweep", "0.dd", "--max-seconds", "x"], "--max-seconds"),
        (
            &["sweep", "0.dd", "--published", "/nonexistent"],
            "/nonexistent",
        ),
        (&["sweep-merge", "/nonexistent"], "/nonexistent"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(
            (code, out.as_str(), err.lines().count()),
            (2, "", 1),
            "{args:?}: {err}"
        );
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
