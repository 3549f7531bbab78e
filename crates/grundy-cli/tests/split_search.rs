//! `grundy frontier`, `grundy shard` and `grundy merge` (docs/distributed-search.md): a Cram search split into
//! shards gives the direct search's value on every split tried, a merge refuses conflicting, foreign, damaged or
//! other-version files with one line (exit 2), and a shard killed mid-run resumes from its periodic save.

use crate::common;
use common::{fresh_dir, grundy, ok_json};
use std::path::Path;

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Builds the frontier of `board` at `depth` in `dir` and runs its `n` shards; returns the frontier file and the
/// shards' tables.
fn split(dir: &Path, board: &str, depth: u32, n: usize) -> (String, Vec<String>) {
    let fr = s(&dir.join(format!("{board}-{depth}.frontier")));
    let d = depth.to_string();
    let f = ok_json(&[
        "frontier", "cram", board, "--depth", &d, "--out", &fr, "--json",
    ]);
    assert_eq!(f["depth"], depth);
    let mut tables = Vec::new();
    for k in 1..=n {
        let t = s(&dir.join(format!("{board}-{depth}-{k}of{n}.tbl")));
        let shard = format!("{k}/{n}");
        let r = ok_json(&[
            "shard",
            &fr,
            "--shard",
            &shard,
            "--save-table",
            &t,
            "--json",
        ]);
        assert_eq!(r["complete"], true, "{r}");
        assert_eq!(r["loaded"], 0, "{r}");
        tables.push(t);
    }
    (fr, tables)
}

fn merge(fr: &str, tables: &[String]) -> serde_json::Value {
    let mut args = vec!["merge", fr];
    args.extend(tables.iter().map(String::as_str));
    args.push("--json");
    ok_json(&args)
}

#[test]
fn merged_values_equal_the_direct_search() {
    let dir = fresh_dir("split", "direct");
    for board in ["3x5", "4x5", "4x6"] {
        let direct =
            ok_json(&["value", "cram", board, "--no-moves", "--json"])["nim_value"].clone();
        for depth in [0, 1, 2] {
            for n in 1..=4 {
                let (fr, tables) = split(&dir, board, depth, n);
                let m = merge(&fr, &tables);
                assert_eq!(m["nim_value"], direct, "{board} depth {depth}, {n} shards");
                assert_eq!(m["outcome"], if direct == 0 { "P" } else { "N" });
            }
        }
    }
    // Shards dealt by index cover the frontier once: their components add up to it.
    let dir = fresh_dir("split", "direct-saved");
    let (fr, tables) = split(&dir, "4x6", 2, 3);
    let m = merge(&fr, &tables);
    assert!(m["entries_read"].as_u64().unwrap() >= m["entries_distinct"].as_u64().unwrap());
    // The merged table answers 'value --load-table' (the union of facts about literal boards).
    let all = s(&dir.join("all.tbl"));
    let mut args = vec!["merge", &fr];
    args.extend(tables.iter().map(String::as_str));
    args.extend(["--save-table", &all, "--json"]);
    assert!(ok_json(&args)["saved"].as_u64().unwrap() > 0);
    let v = ok_json(&[
        "value",
        "cram",
        "4x6",
        "--no-moves",
        "--load-table",
        &all,
        "--json",
    ]);
    assert_eq!(v["nim_value"], m["nim_value"]);
}

/// The bytes of a table file with its checksum made right again after an edit.
fn resum(bytes: &mut [u8]) {
    let n = bytes.len() - 8;
    let h = bytes[..n].iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    bytes[n..].copy_from_slice(&h.to_le_bytes());
}

fn refused(args: &[&str], needle: &str) {
    let o = grundy(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: {err:?} should say {needle:?}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn bad_merges_are_refused_with_one_line() {
    let dir = fresh_dir("split", "refused");
    let (fr, tables) = split(&dir, "4x5", 2, 2);
    let (t1, t2) = (tables[0].as_str(), tables[1].as_str());
    // A missing shard: the first component it holds is named.
    refused(&["merge", &fr, t1], "has no value in the tables given");
    // A conflict: the first entry of t1 that is a nim-value, changed (checksum and all), merged beside t1. (Format
    // version 3: a board is its rows, columns and a byte for each 8 cells; a value below 64 is one byte, `2v`.)
    let mut bytes = std::fs::read(t1).unwrap();
    let header = 8 + 4 + 2 + "cram".len() + 8;
    let mut at = header;
    loop {
        let cells = bytes[at] as usize * bytes[at + 1] as usize;
        at += 2 + cells.div_ceil(8);
        let word = bytes[at];
        if word & 1 == 0 {
            assert!(word < 0x80, "a one-byte nim-value");
            bytes[at] = if word == 0 { 2 } else { 0 };
            break;
        }
        while bytes[at] & 0x80 != 0 {
            at += 1;
        }
        at += 1;
    }
    resum(&mut bytes);
    let bad = s(&dir.join("conflict.tbl"));
    std::fs::write(&bad, &bytes).unwrap();
    refused(
        &["merge", &fr, t1, t2, &bad],
        "tables that disagree are not merged",
    );
    // A damaged table (a flipped bit): its checksum.
    let mut bytes = std::fs::read(t2).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 4;
    let damaged = s(&dir.join("damaged.tbl"));
    std::fs::write(&damaged, &bytes).unwrap();
    refused(&["merge", &fr, t1, &damaged], "checksum mismatch");
    // Another format version of the table file.
    let mut bytes = std::fs::read(t2).unwrap();
    bytes[8] = 9;
    resum(&mut bytes);
    let v9 = s(&dir.join("v9.tbl"));
    std::fs::write(&v9, &bytes).unwrap();
    refused(&["merge", &fr, t1, &v9], "format version 9");
    // A foreign game's table (Chomp's).
    let chomp = s(&dir.join("chomp.tbl"));
    ok_json(&["value", "chomp", "3x3", "--save-table", &chomp, "--json"]);
    refused(
        &["merge", &fr, t1, t2, &chomp],
        "a table of the game chomp, not of cram",
    );
    // A frontier of another canonical-form version, checksum made right: refused by shard and merge alike.
    let text = std::fs::read_to_string(&fr).unwrap();
    let body = text
        .replacen("canonical-form 1", "canonical-form 2", 1)
        .rsplit_once("checksum")
        .unwrap()
        .0
        .to_string();
    let h = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    let other = s(&dir.join("form2.frontier"));
    std::fs::write(&other, format!("{body}checksum {h:016x}\n")).unwrap();
    refused(&["merge", &other, t1, t2], "canonical-form version 2");
    let t3 = s(&dir.join("t3.tbl"));
    refused(
        &["shard", &other, "--save-table", &t3],
        "canonical-form version 2",
    );
    // A frontier edited without its checksum.
    let edited = s(&dir.join("edited.frontier"));
    std::fs::write(&edited, text.replacen("depth 2", "depth 1", 1)).unwrap();
    refused(&["merge", &edited, t1, t2], "checksum mismatch");
    // A frontier of another game.
    refused(
        &["frontier", "chomp", "3x3"],
        "only cram searches are split",
    );
    // And the good tables still merge.
    let direct = ok_json(&["value", "cram", "4x5", "--no-moves", "--json"])["nim_value"].clone();
    assert_eq!(merge(&fr, &tables)["nim_value"], direct);
}

/// A shard killed after its first periodic save resumes from it when run again, and the merged value is the
/// direct search's.
#[test]
fn a_killed_shard_resumes_from_its_last_save() {
    let dir = fresh_dir("split", "killed");
    let fr = s(&dir.join("56.frontier"));
    ok_json(&[
        "frontier", "cram", "5x6", "--depth", "1", "--out", &fr, "--json",
    ]);
    let t = s(&dir.join("56.tbl"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["shard", &fr, "--save-table", &t, "--save-every", "0.05"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !Path::new(&t).exists() {
        assert!(start.elapsed().as_secs() < 60, "no save after 60 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let killed_mid_run = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        killed_mid_run,
        "the shard ended before its first periodic save was seen"
    );
    let r = ok_json(&["shard", &fr, "--save-table", &t, "--json"]);
    assert!(r["loaded"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(r["complete"], true);
    let m = merge(&fr, std::slice::from_ref(&t));
    let direct = ok_json(&["value", "cram", "5x6", "--no-moves", "--json"]);
    assert_eq!(m["nim_value"], direct["nim_value"]);
    // Run once more: every component is valued in the file, nothing is searched.
    let again = ok_json(&["shard", &fr, "--save-table", &t, "--json"]);
    assert_eq!(again["valued"], 0, "{again}");
    assert_eq!(again["resumed"], again["parts"]);
}

/// A shard stopped by its time budget saves its table, says so in one line and exits 3 (a budget the user may
/// raise); the table it saved is a whole table file.
#[test]
fn a_shard_stopped_by_its_budget_saves_its_table_and_exits_3() {
    let dir = fresh_dir("split", "budget");
    let fr = s(&dir.join("57.frontier"));
    ok_json(&[
        "frontier", "cram", "5x7", "--depth", "1", "--out", &fr, "--json",
    ]);
    let t = s(&dir.join("57.tbl"));
    let o = grundy(&["shard", &fr, "--save-table", &t, "--max-seconds", "0.5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        last.contains("time limit of 0.5 s")
            && last.contains("saved in")
            && last.contains("run the same command again"),
        "{last}"
    );
    let v = ok_json(&["value", "cram", "2x2", "--load-table", &t, "--json"]);
    assert!(v["table"]["loaded"].as_u64().unwrap() > 0, "{v}");
}

/// Runs `grundy ARGS`, sends it `signal` once `ready` holds (or after `wait_ms`), and returns its status and stderr.
fn signalled(args: &[&str], signal: &str, ready: impl Fn() -> bool, wait_ms: u64) -> (i32, String) {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !ready() || start.elapsed().as_millis() < u128::from(wait_ms) {
        assert!(start.elapsed().as_secs() < 60, "not ready after 60 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let sig = match signal {
        "TERM" => libc::SIGTERM,
        _ => libc::SIGUSR1,
    };
    // SAFETY: `kill` on the child's own process id (it has not been waited for, so the id is still its).
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
    let o = child.wait_with_output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// SIGTERM (a scheduler's time limit or preemption) and SIGUSR1 (`sbatch --signal`) stop a search that saves its
/// table as a limit does: the table is saved, the one-line message names the signal and how to resume, the status
/// is 3; the rerun loads what was saved and gives the board's value.
#[test]
fn a_signal_stops_a_saving_search_which_saves_and_exits_3() {
    let dir = fresh_dir("split", "signal");
    // `value --save-table`: Cram 5x8 takes about a second and a half of search, stopped after 0.4 s.
    let t = s(&dir.join("58.tbl"));
    let args = [
        "value",
        "cram",
        "5x8",
        "--no-moves",
        "--threads",
        "1",
        "--save-table",
        &t,
    ];
    let (code, err) = signalled(&args, "TERM", || true, 400);
    assert_eq!(code, 3, "{err}");
    assert_eq!(
        err.lines().filter(|l| !l.contains("progress")).count(),
        1,
        "{err}"
    );
    assert!(err.contains("the search was stopped by SIGTERM"), "{err}");
    assert!(
        err.contains(&format!(
            "saved in {t} (run again with --load-table {t} to resume)"
        )),
        "{err}"
    );
    let mut again = args.to_vec();
    again.extend(["--load-table", &t, "--json"]);
    let resumed = ok_json(&again);
    assert!(
        resumed["table"]["loaded"].as_u64().unwrap() > 0,
        "{resumed}"
    );
    // 5x8's value: P. Beling's published table (github.com/beling/impartial-games) and the direct search alike.
    assert_eq!(resumed["nim_value"], 1);
    // `shard`: stopped by SIGUSR1 after its first periodic save, it saves again, and its rerun completes it.
    let fr = s(&dir.join("57.frontier"));
    ok_json(&[
        "frontier", "cram", "5x7", "--depth", "1", "--out", &fr, "--json",
    ]);
    let t = s(&dir.join("57.tbl"));
    let shard = ["shard", &fr, "--save-table", &t, "--save-every", "0.05"];
    let (code, err) = signalled(&shard, "USR1", || Path::new(&t).exists(), 100);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("the search was stopped by SIGUSR1"), "{err}");
    assert!(
        err.contains("run the same command again to resume"),
        "{err}"
    );
    let r = ok_json(&["shard", &fr, "--save-table", &t, "--json"]);
    assert!(r["loaded"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(r["complete"], true);
    let direct = ok_json(&["value", "cram", "5x7", "--no-moves", "--json"]);
    assert_eq!(
        merge(&fr, std::slice::from_ref(&t))["nim_value"],
        direct["nim_value"]
    );
}
