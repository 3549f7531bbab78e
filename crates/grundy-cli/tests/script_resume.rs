//! A one-number rules script tabulated by its own method (the dense table of `HeapFacts::extend_sequence`) and stopped by
//! `--max-seconds` hands back the heaps it computed: the error names the last one, `--out` keeps them, and
//! `--resume` continues from them to the same values as one run.

use crate::common;
use common::run;

fn tmp(name: &str) -> String {
    common::temp_path("script-resume", name)
}

fn kayles_rules() -> String {
    format!(
        "{}/../../examples/rules/kayles.rhai",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The values of a `grundy-seq 1` file (after its header line).
fn file_values(file: &str) -> Vec<u32> {
    let bytes = std::fs::read(file).unwrap();
    let body = &bytes[bytes.iter().position(|&b| b == b'\n').unwrap() + 1..];
    assert_eq!(body.len() % 4, 0, "{file}: a partial value");
    body.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The last heap of "stopped after heaps 0..=LAST of".
fn stopped_at(err: &str) -> u64 {
    let tail = err
        .split("stopped after heaps 0..=")
        .nth(1)
        .unwrap_or_else(|| panic!("no 'stopped after heaps' in: {err}"));
    tail.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_stopped_script_hands_back_its_heaps_and_resumes_to_the_same_values() {
    let rules = kayles_rules();
    let f = tmp("kayles.seq");
    let _ = std::fs::remove_file(&f);
    // Kayles by its script to heap 200000 costs about 10^10 XORs: far more than a second, so the deadline stops it.
    let (code, _, err) = run(&[
        "seq",
        "--rules",
        &rules,
        "--to",
        "200000",
        "--max-seconds",
        "1",
        "--out",
        &f,
    ]);
    assert_eq!((code, err.lines().count()), (3, 1), "{err}");
    let last = stopped_at(&err);
    // The deadline is polled every 1024 heaps: the run got past heap 0 (it used to say 0..=0 and keep nothing).
    assert!(last >= 1024, "{err}");
    assert!(
        err.contains(&format!("saved in {f}: heaps 0..={last};")),
        "{err}"
    );
    let kept = file_values(&f);
    assert_eq!(kept.len() as u64, last + 1, "{err}");
    // The catalog's Kayles (the fast engine) agrees on every heap kept.
    let to = last + 1500;
    let (code, fresh, e) = run(&["seq", "kayles", "--to", &to.to_string()]);
    assert_eq!(code, 0, "{e}");
    let fresh: Vec<u32> = fresh.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(kept[..], fresh[..kept.len()]);
    // Resumed to 1500 heaps past where it stopped: the same values as one run.
    let (code, _, e) = run(&[
        "seq",
        "--rules",
        &rules,
        "--to",
        &to.to_string(),
        "--resume",
        &f,
    ]);
    assert_eq!(code, 0, "{e}");
    assert_eq!(file_values(&f), fresh);
    // Without --out the message still names the heap reached.
    let (code, _, err) = run(&[
        "seq",
        "--rules",
        &rules,
        "--to",
        "200000",
        "--max-seconds",
        "1",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(stopped_at(&err) >= 1024, "{err}");
    assert!(err.contains("nothing was saved"), "{err}");
    let _ = std::fs::remove_file(&f);
}
