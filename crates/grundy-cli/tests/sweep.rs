//! `grundy sweep` and `grundy sweep-merge`: one record per code, the same records whether the family runs in one
//! process or in shards, resumed runs skip what their file holds, the merge refuses missing or repeated codes, and
//! the survey agrees with published periods (tests/data/octal-periods.txt, each line with its source).

use crate::common;
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
    // 0.127 and 0.167 are left open by their budgets: exit status 3, and the one line that says so.
    let (code, out, err) = with(&["--jsonl", &one, "--published", &p]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.ends_with(
            "grundy: 2 codes left open by their budgets: --retry-open FILE with a larger \
                       --max-seconds, --max-memory or --to runs them again\n"
        ),
        "{err}"
    );
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
    assert_eq!(with(&["--shard", "1/2", "--jsonl", &s1]).0, 3);
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
    // A file given twice holds each code twice: one record of each is kept.
    let (code, out, err) = run(&["sweep-merge", &s1, &s2, &s1]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 codes: 6 certified, 2 open"), "{out}");
}

/// A file that holds some codes is resumed: only the others are computed, and a line cut short is dropped.
#[test]
fn a_sweep_resumes_from_its_file() {
    let f = tmp("resume.jsonl");
    let (code, _, err) = run(&[
        "sweep", "0.d7", "--to", "500", "--shard", "1/4", "--jsonl", &f,
    ]);
    assert_eq!(code, 3, "{err}"); // 0.47 is open
    let first = std::fs::read_to_string(&f).unwrap();
    assert_eq!(first.lines().count(), 2); // 0.07 and 0.47
                                          // A run killed while writing leaves half a line.
    std::fs::write(&f, format!("{first}{{\"code\":\"0.1")).unwrap();
    let (code, out, err) = run(&["sweep", "0.d7", "--to", "500", "--jsonl", &f]);
    assert_eq!(code, 3, "{err}");
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

/// A finished record of `code` in `family`, with `field` set to the JSON text `value` (or left out when `value` is
/// empty; no field changed when `field` is empty).
fn rec(code: &str, family: &str, field: &str, value: &str) -> String {
    let mut v = serde_json::json!({
        "code": code, "family": family, "preperiod": 0, "period": 2, "saltus": 0, "certified": true,
        "certificate": "x", "values_computed": 10, "rare_positions": 0, "last_rare": null, "largest": 1,
        "largest_at": 1, "seconds": 0.001, "stopped": null,
    });
    let o = v.as_object_mut().unwrap();
    if value.is_empty() {
        o.remove(field);
    } else if !field.is_empty() {
        o.insert(field.into(), serde_json::from_str(value).unwrap());
    }
    format!("{v}\n")
}

/// A field of the wrong type (a string for a number, a negative number, a fraction, a number for a flag) is refused
/// in one line naming the file, the line and the field.
#[test]
fn sweep_merge_refuses_fields_of_the_wrong_type() {
    let d = common::fresh_dir("sweep", "types");
    let path = |name: &str| d.join(name).to_string_lossy().into_owned();
    // 0.d: eight codes, the bad line the third.
    let family: Vec<String> = (0..8)
        .map(|i| rec(&format!("0.{i}"), "0.d", "", ""))
        .collect();
    let f = path("good.jsonl");
    std::fs::write(&f, family.concat()).unwrap();
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 codes: 8 certified, 0 open"), "{out}");
    for (field, value) in [
        ("preperiod", r#""12""#),
        ("period", "-2"),
        ("saltus", "1.5"),
        ("values_computed", "true"),
        ("largest", r#""3""#),
        ("largest_at", "-1"),
        ("rare_positions", "[]"),
        ("last_rare", "{}"),
        ("seconds", "-0.5"),
        ("seconds", r#""0.1""#),
        ("certified", r#""yes""#),
        ("certificate", "7"),
        ("stopped", "false"),
        ("code", "7"),
        ("family", "null"),
    ] {
        let mut lines = family.clone();
        lines[2] = rec("0.2", "0.d", field, value);
        let f = path(&format!("bad-{field}.jsonl"));
        std::fs::write(&f, lines.concat()).unwrap();
        let o = common::grundy(&["sweep-merge", &f]);
        common::assert_error(&o, &format!("{f}: line 3: field '{field}'"));
    }
    // The certified flag, the code and the family must be there; the other fields may be left out (or null).
    for field in ["certified", "code", "family"] {
        let f = path(&format!("missing-{field}.jsonl"));
        std::fs::write(&f, rec("0.7", "0.7", field, "")).unwrap();
        let o = common::grundy(&["sweep-merge", &f]);
        common::assert_error(&o, &format!("{f}: line 1: field '{field}'"));
    }
}

/// Every line carries the same keys, null where unknown, whether its code finished or was stopped by a limit (an
/// open one also `stopped_by`); the
/// merge reads lines written before (without largest, largest_at, last_rare and rare_positions) as well.
#[test]
fn every_sweep_line_carries_the_same_keys() {
    let (code, out, err) = run(&["sweep", "0.d7", "--to", "300", "--max-memory", "1K"]);
    assert_eq!(code, 3, "{err}");
    let (code2, fin, err2) = run(&["sweep", "0.7", "--to", "300"]);
    assert_eq!(code2, 0, "{err2}");
    let keys = |l: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(l).unwrap();
        v.as_object().unwrap().keys().cloned().collect()
    };
    let want = keys(fin.lines().next().unwrap());
    assert_eq!(want.len(), 21, "{want:?}");
    let stopped: Vec<&str> = out.lines().collect();
    assert_eq!(stopped.len(), 8, "{out}");
    for l in &stopped {
        // An open line says also what left it open.
        let mine: Vec<String> = keys(l).into_iter().filter(|k| k != "stopped_by").collect();
        assert_eq!(mine, want, "{l}");
        let v: Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["stopped_by"], "budget", "{l}");
        assert!(v["stopped"].is_string(), "{l}");
        assert_eq!(v["certified"], false, "{l}");
        for k in ["largest", "largest_at", "last_rare", "rare_positions"] {
            assert!(v[k].is_null(), "{k}: {l}");
        }
    }
    // A file of the old schema (four keys fewer) merges.
    let mut old: Value = serde_json::from_str(fin.lines().next().unwrap()).unwrap();
    for k in ["largest", "largest_at", "last_rare", "rare_positions"] {
        old.as_object_mut().unwrap().remove(k);
    }
    let f = common::temp_file("sweep", "old.jsonl", &format!("{old}\n"));
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 code: 1 certified, 0 open"), "{out}");
}

/// An empty shard says so on stderr, and no time is printed as -0.0.
#[test]
fn an_empty_shard_says_so_and_no_time_is_negative_zero() {
    let (code, out, err) = run(&["sweep", "0.d7", "--to", "100", "--shard", "9/10"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        err.contains("grundy: note: shard 9/10 holds no codes: the family 0.d7 has 8 codes"),
        "{err}"
    );
    assert!(
        err.contains("0 codes: 0 certified, 0 open; 0.0 s of computing"),
        "{err}"
    );
    assert!(!err.contains("-0.0"), "{err}");
    // A record whose seconds are -0.0 prints as 0.00 in the table.
    let f = common::temp_file(
        "sweep",
        "negzero.jsonl",
        &rec("0.7", "0.7", "seconds", "-0.0"),
    );
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("-0.0"), "{out}");
    assert!(out.contains(" 0.00\n"), "{out}");
    assert!(out.contains("; 0.0 s of computing"), "{out}");
}

#[test]
fn bad_shards_are_one_line_errors() {
    for s in [
        "0/3", "4/3", "1/0", "0/0", "3/2", "-1/2", "1/2/3", "1/", "/2",
    ] {
        let o = common::grundy(&["sweep", "0.d", &format!("--shard={s}")]);
        common::assert_error(&o, &format!("--shard: '{s}' is not K/N with 1 <= K <= N"));
    }
    // A single code is one code, and one missing code is one missing code.
    let (_, _, err) = run(&["sweep", "0.7", "--to", "100"]);
    assert!(err.contains("1 code: 1 certified, 0 open"), "{err}");
    let f = common::temp_file("sweep", "one.jsonl", &rec("0.0", "0.d", "", ""));
    let o = common::grundy(&["sweep-merge", &f]);
    common::assert_error(&o, "7 codes of 0.d are missing");
    let seven: String = (1..8)
        .map(|i| rec(&format!("0.{i}"), "0.d", "", ""))
        .collect();
    let f = common::temp_file("sweep", "seven.jsonl", &seven);
    let o = common::grundy(&["sweep-merge", &f]);
    common::assert_error(&o, "1 code of 0.d is missing: 0.0");
}

/// sweep-merge has a help of its own.
#[test]
fn sweep_merge_has_its_own_help() {
    for args in [&["sweep-merge", "--help"][..], &["help", "sweep-merge"]] {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("Joins the JSON-lines files"), "{out}");
        assert!(out.contains("more than once"), "{out}");
        assert!(out.contains("EXAMPLE"), "{out}");
        assert!(!out.contains("LIMITS (each code)"), "{out}");
    }
}

/// Records are untrusted input: facts that cannot hold, keys given twice, and files that are no records at all
/// are refused in one line, before the whole file is read.
#[test]
fn merge_refuses_records_that_cannot_hold() {
    let f = tmp("facts.jsonl");
    // (Up to heap 300: the records' facts are what is refused below; the default budget took 27 s.)
    let (code, _, err) = run(&["sweep", "0.1d", "--to", "300", "--jsonl", &f]);
    assert!(code == 0 || code == 3, "{err}");
    let first = std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        first.contains("\"period\":1,") && first.contains("\"certified\":true"),
        "{first}"
    );
    for (name, line, needle) in [
        (
            "p0.jsonl",
            first.replace("\"period\":1,", "\"period\":0,"),
            "a period is at least 1",
        ),
        (
            "dup.jsonl",
            first.replace("\"code\":", "\"code\":\"0.99\",\"code\":"),
            "'code' is given twice",
        ),
        (
            "missing.jsonl",
            first.replace("\"period\":1,", ""),
            "'period' is missing",
        ),
    ] {
        let g = tmp(name);
        std::fs::write(&g, format!("{line}\n")).unwrap();
        let (code, out, err) = run(&["sweep-merge", &g]);
        assert_eq!(code, 2, "{name}: {out}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(needle), "{name}: {err}");
    }
    let start = std::time::Instant::now();
    let (code, _, err) = run(&["sweep-merge", "/dev/zero"]);
    assert_eq!(code, 2);
    assert!(err.contains("longer than"), "{err}");
    assert!(start.elapsed().as_secs_f64() < 2.0, "read before refused");
}

/// `--codes FILE` (or `-`, standard input) runs the codes of a list: comments and blank lines skipped, a code
/// given twice run once; a bad code is refused in one line naming the file and the line; with a family, every
/// code must be one of it; the merge of a list's records needs no family.
#[test]
fn a_survey_code_list_runs_its_codes() {
    let list = common::temp_file(
        "sweep",
        "codes.txt",
        "# three codes\n0.07\n\n0.137   # with a comment\n0.07\n0.7\n",
    );
    let f = tmp("list.jsonl");
    let _ = std::fs::remove_file(&f);
    let (code, out, err) = run(&["sweep", "--codes", &list, "--to", "300", "--jsonl", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("3 codes: 3 certified, 0 open"), "{out}");
    let all = records(&f);
    let codes: Vec<&str> = all.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(codes, ["0.07", "0.137", "0.7"]);
    assert!(all.iter().all(|(_, r)| r["family"] == "list"));
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 codes: 3 certified, 0 open"), "{out}");
    // Standard input, and a shard of the list.
    let (code, out, err) = common::run_stdin(
        &["sweep", "--codes", "-", "--to", "300", "--shard", "2/2"],
        b"0.07\n0.137\n0.7\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("\"code\":\"0.137\""), "{out}");
    // With a family: the records are the family's, and a code not of it is refused.
    let (code, out, err) =
        common::run_stdin(&["sweep", "0.d7", "--codes", "-", "--to", "300"], b"0.77\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"family\":\"0.d7\""), "{out}");
    let o = common::grundy_stdin(&["sweep", "0.d7", "--codes", "-"], b"0.37\n\n0.36\n");
    common::assert_error(
        &o,
        "standard input: line 3: '0.36' is not a code of the family 0.d7",
    );
    let bad = common::temp_file("sweep", "bad-codes.txt", "0.7\n# ok\n0.7x\n");
    let o = common::grundy(&["sweep", "--codes", &bad]);
    common::assert_error(
        &o,
        &format!("{bad}: line 3: '0.7x' is not a take-and-break code"),
    );
    let empty = common::temp_file("sweep", "empty-codes.txt", "# none\n");
    let o = common::grundy(&["sweep", "--codes", &empty]);
    common::assert_error(&o, "the code list holds no codes");
    let o = common::grundy(&["sweep", "--codes", "/nonexistent"]);
    common::assert_error(&o, "/nonexistent");
    let o = common::grundy(&["sweep", "--codes", &list, "--retry-open", &f]);
    common::assert_error(&o, "--retry-open");
    let o = common::grundy(&["sweep"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `--retry-open FILE` runs the open codes of FILE again with this run's budgets: a larger budget turns an open
/// record into a certified one, appended to the file; the merge keeps the certified record; a retry stopped
/// half-way goes on where it stopped, and one with no larger budget runs nothing.
#[test]
fn a_retry_with_a_larger_budget_certifies_an_open_code() {
    let f = tmp("retry.jsonl");
    let _ = std::fs::remove_file(&f);
    // 0.07 (preperiod 53, period 34) needs more than 100 heaps; 0.7 does not.
    let (code, _, err) = common::run_stdin(
        &["sweep", "--codes", "-", "--to", "100", "--jsonl", &f],
        b"0.07\n0.7\n",
    );
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("1 code left open by its budget"), "{err}");
    let line = |code: &str, certified: bool| -> Value {
        let text = std::fs::read_to_string(&f).unwrap();
        text.lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .find(|v| v["code"] == code && v["certified"] == certified)
            .unwrap_or(Value::Null)
    };
    let open = line("0.07", false);
    assert_eq!(open["budget_heaps"], 100, "{open}");
    // The same budget: nothing to run again.
    let (code, out, err) = run(&["sweep", "--retry-open", &f, "--to", "100", "--jsonl", &f]);
    assert_eq!(code, 3, "{err}");
    assert!(out.starts_with("1 code: 0 certified, 1 open"), "{out}");
    assert_eq!(std::fs::read_to_string(&f).unwrap().lines().count(), 2);
    // A larger one: certified, appended.
    let (code, out, err) = run(&["sweep", "--retry-open", &f, "--to", "400", "--jsonl", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("1 code: 1 certified, 0 open"), "{out}");
    assert_eq!(std::fs::read_to_string(&f).unwrap().lines().count(), 3);
    let done = line("0.07", true);
    assert_eq!(
        (done["preperiod"].as_u64(), done["period"].as_u64()),
        (Some(53), Some(34))
    );
    assert_eq!(done["budget_heaps"], 400, "{done}");
    // The merge keeps the certified record; no open code is left to retry.
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 codes: 2 certified, 0 open"), "{out}");
    let (code, out, err) = run(&["sweep", "--retry-open", &f, "--to", "900", "--jsonl", &f]);
    assert_eq!((code, out.starts_with("0 codes")), (0, true), "{out}{err}");
    assert!(err.contains("holds no open codes"), "{err}");
    // A retry into another file, and one whose family is not the file's.
    let g = tmp("retry-into.jsonl");
    let _ = std::fs::remove_file(&g);
    let (code, _, err) = run(&["sweep", "--retry-open", &f, "--jsonl", &g]);
    assert_eq!(code, 0, "{err}");
    let o = common::grundy(&["sweep", "0.d", "--retry-open", &f]);
    common::assert_error(&o, "holds a survey of list, not of 0.d");
    // Two certified records that disagree are refused, and say so.
    let mut bad: Value = done.clone();
    bad["period"] = 35.into();
    bad["certificate_version"] = 2.into();
    let h = common::temp_file("sweep", "conflict.jsonl", &format!("{done}\n{bad}\n"));
    let o = common::grundy(&["sweep-merge", &h]);
    common::assert_error(
        &o,
        "code 0.07: two certified records disagree, preperiod 53, period 34, saltus 0 and preperiod 53, period 35",
    );
    assert!(common::stderr(&o).contains("versions of the certificate checks: 1 and 2"));
    let o = common::grundy(&["sweep", "--retry-open", &h]);
    common::assert_error(&o, "two certified records disagree");
}

/// Every new record carries its provenance: the tool's version, its budgets, threads, engine and the version of
/// the certificate checks.
#[test]
fn every_survey_record_carries_its_provenance() {
    let (code, out, err) = run(&[
        "sweep",
        "0.7",
        "--to",
        "200",
        "--max-seconds",
        "7.5",
        "--max-memory",
        "512M",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["budget_heaps"], 200);
    assert_eq!(v["budget_seconds"], 7.5);
    assert_eq!(v["budget_memory"], 512u64 << 20);
    assert_eq!(v["threads"], 1);
    assert_eq!(v["certificate_version"], 1);
    assert!(v["engine"].is_string(), "{v}");
    // Records of two versions of the certificate checks merge (they agree), with a note.
    let mut old = v.clone();
    old.as_object_mut().unwrap().remove("certificate_version");
    let f = common::temp_file("sweep", "versions.jsonl", &format!("{v}\n{old}\n"));
    let (code, out, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 code: 1 certified"), "{out}");
    assert!(
        err.contains("different versions of the certificate checks: unknown, 1"),
        "{err}"
    );
}

/// `--shard slurm` reads the shard of a Slurm job array task (arrays from 0 or from 1); a variable missing or bad
/// is a one-line error.
#[test]
fn a_slurm_array_task_runs_its_shard() {
    use std::ffi::OsStr;
    let env = |id: &'static str, count: &'static str, min: &'static str| {
        let mut v: Vec<(&str, &OsStr)> = vec![("SLURM_ARRAY_TASK_COUNT", OsStr::new(count))];
        if !id.is_empty() {
            v.push(("SLURM_ARRAY_TASK_ID", OsStr::new(id)));
        }
        if !min.is_empty() {
            v.push(("SLURM_ARRAY_TASK_MIN", OsStr::new(min)));
        }
        v
    };
    let args = ["sweep", "0.d7", "--to", "300", "--shard", "slurm"];
    let given = run(&["sweep", "0.d7", "--to", "300", "--shard", "2/4"]).1;
    let codes = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["code"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    assert_eq!(codes(&given), ["0.17", "0.57"]);
    for (id, min) in [("1", "0"), ("1", ""), ("2", "1")] {
        let (code, out, err) = common::run_env(&args, &env(id, "4", min));
        assert_eq!(code, 0, "{id} {min}: {err}");
        assert_eq!(codes(&out), codes(&given), "{id} {min}");
    }
    for (id, count, says) in [
        ("", "4", "--shard slurm: SLURM_ARRAY_TASK_ID is not set"),
        (
            "x",
            "4",
            "--shard slurm: SLURM_ARRAY_TASK_ID is 'x', not a whole number",
        ),
        (
            "4",
            "4",
            "--shard slurm: SLURM_ARRAY_TASK_ID 4 is not a task of an array of 4",
        ),
        ("0", "y", "SLURM_ARRAY_TASK_COUNT is 'y'"),
    ] {
        let (code, out, err) = common::run_env(&args, &env(id, count, ""));
        assert_eq!(
            (code, out.as_str(), err.lines().count()),
            (2, "", 1),
            "{err}"
        );
        assert!(err.contains(says), "{err}");
    }
}

/// The GNU parallel recipe of docs/sweep.md, by hand: chunks of a code list on standard input, each appended to its
/// job slot's file (a chunk run twice, as after an interruption, in another slot too), and the merge of the slots'
/// files is the family's survey, each code once.
#[test]
fn a_survey_balanced_by_chunks_of_a_code_list_merges() {
    let d = common::fresh_dir("sweep", "chunks");
    let slot = |k: usize| {
        d.join(format!("o-{k}.jsonl"))
            .to_string_lossy()
            .into_owned()
    };
    let codes: Vec<String> = (0..8).map(|i| format!("0.{i}7")).collect();
    for (i, chunk) in codes.chunks(3).enumerate() {
        let text = chunk.join("\n") + "\n";
        let file = slot(i % 2 + 1);
        let (code, _, err) = common::run_stdin(
            &[
                "sweep", "0.d7", "--codes", "-", "--to", "500", "--jsonl", &file,
            ],
            text.as_bytes(),
        );
        assert!(code == 0 || code == 3, "{err}");
    }
    // The first chunk again, in slot 2.
    let text = codes[..3].join("\n");
    let (code, _, err) = common::run_stdin(
        &[
            "sweep",
            "0.d7",
            "--codes",
            "-",
            "--to",
            "500",
            "--jsonl",
            &slot(2),
        ],
        text.as_bytes(),
    );
    assert!(code == 0 || code == 3, "{err}");
    let (code, out, err) = run(&["sweep-merge", &slot(1), &slot(2)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 codes: 5 certified, 3 open"), "{out}");
    let whole = tmp("chunks-whole.jsonl");
    let _ = std::fs::remove_file(&whole);
    run(&["sweep", "0.d7", "--to", "500", "--jsonl", &whole]);
    let mut both = records(&slot(1));
    both.extend(records(&slot(2)));
    both.sort_by(|a, b| a.0.cmp(&b.0));
    both.dedup_by(|a, b| a.0 == b.0);
    assert_eq!(both, records(&whole));
}

/// `--csv FILE` writes the records of the run (and `sweep-merge --csv` the joined ones) as CSV, a header first.
#[test]
fn a_survey_writes_a_csv_summary_beside_its_jsonl() {
    let (f, c, m) = (tmp("csv.jsonl"), tmp("run.csv"), tmp("merged.csv"));
    let _ = std::fs::remove_file(&f);
    let (code, _, err) = run(&[
        "sweep", "0.d7", "--to", "300", "--shard", "1/2", "--jsonl", &f, "--csv", &c,
    ]);
    assert!(code == 0 || code == 3, "{err}");
    let text = std::fs::read_to_string(&c).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("code,family,preperiod,period,saltus,certified,"),
        "{text}"
    );
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[1].starts_with("0.07,0.d7,53,34,0,true,"), "{text}");
    let (code, _, err) = run(&[
        "sweep", "0.d7", "--to", "300", "--shard", "2/2", "--jsonl", &f,
    ]);
    assert!(code == 0 || code == 3, "{err}");
    let (code, _, err) = run(&["sweep-merge", &f, "--csv", &m]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&m).unwrap().lines().count(), 9);
    let o = common::grundy(&["sweep-merge", &f, "--csv", "/nonexistent/x.csv"]);
    common::assert_error(&o, "/nonexistent/x.csv");
}

/// A record says what left its code open: `"budget"` (exit 3: a larger budget may certify it) or `"error"` (a code
/// that cannot be searched at all, such as one whose moves add tokens: exit 2, the other codes' records still
/// written); a certified record says neither.
#[test]
fn a_record_says_whether_its_budget_or_an_error_left_it_open() {
    let by = |out: &str| -> Vec<(String, Option<String>)> {
        out.lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (
                    v["code"].as_str().unwrap().to_string(),
                    v.get("stopped_by")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                )
            })
            .collect()
    };
    let (code, out, err) = common::run_stdin(
        &["sweep", "--codes", "-", "--max-seconds", "5"],
        b"0.07\n20.3\n",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        by(&out),
        [
            ("0.07".to_string(), None),
            ("20.3".to_string(), Some("error".to_string()))
        ]
    );
    assert!(err.contains("could not be searched, first 20.3"), "{err}");
    let (code, out, err) = common::run_stdin(&["sweep", "--codes", "-", "--to", "100"], b"0.07\n");
    assert_eq!(code, 3, "{err}");
    assert_eq!(by(&out), [("0.07".to_string(), Some("budget".to_string()))]);
    // A line that says anything else is refused by name.
    let f = tmp("stopped-by.jsonl");
    std::fs::write(&f, out.replace("\"budget\"", "\"later\"")).unwrap();
    let (code, _, err) = run(&["sweep-merge", &f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("stopped_by"), "{err}");
}
