//! Saved tables (`grundy::table_file`): a Cram or Chomp search saved and read back gives the same values with no
//! new search, and a damaged, truncated, foreign or mismatched file is refused with a one-line error.

use grundy::games::chomp::ChompGame;
use grundy::games::cram::CramGame;
use grundy::table_file::{decode, encode, load, save};
use grundy::{Game, Solver};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-table-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn cram(word: &str) -> Vec<grundy::games::cram::Board> {
    CramGame.parse(&[word.to_string()]).unwrap()
}

#[test]
fn a_saved_cram_table_answers_without_search() {
    let mut first = Solver::new(CramGame);
    let boards = cram("4x5");
    let want = first.sum_value(&boards).unwrap();
    assert!(first.stored() > 100, "{} entries", first.stored());
    let path = scratch("cram45.table");
    assert_eq!(save(&first, &path).unwrap(), first.stored());

    let mut second = Solver::new(CramGame);
    assert_eq!(load(&mut second, &path).unwrap(), first.stored());
    assert_eq!(second.sum_value(&boards).unwrap(), want);
    assert_eq!(second.expanded(), 0, "the loaded table answered");
    // Every sub-board is answered too, e.g. 3x5 and 4x4 (they are regions met in the 4x5 search or are valued
    // afresh, with the same value a fresh solver gives).
    for w in ["3x5", "4x4", "2x5"] {
        let b = cram(w);
        assert_eq!(
            second.sum_value(&b).unwrap(),
            Solver::new(CramGame).sum_value(&b).unwrap(),
            "{w}"
        );
    }
    // And a resumed search goes on from the table: 5x5 with the 4x5 table loaded equals a fresh 5x5.
    let b = cram("5x5");
    assert_eq!(
        second.sum_value(&b).unwrap(),
        Solver::new(CramGame).sum_value(&b).unwrap()
    );
}

#[test]
fn a_saved_chomp_table_round_trips() {
    let mut first = Solver::new(ChompGame);
    let p = ChompGame.parse(&["4x5".to_string()]).unwrap();
    let want = first.sum_value(&p).unwrap();
    let path = scratch("chomp45.table");
    save(&first, &path).unwrap();
    let mut second = Solver::new(ChompGame);
    load(&mut second, &path).unwrap();
    assert_eq!(second.sum_value(&p).unwrap(), want);
    assert_eq!(second.expanded(), 0);
}

#[test]
fn bad_tables_are_refused_with_one_line_errors() {
    let mut s = Solver::new(CramGame);
    s.sum_value(&cram("3x4")).unwrap();
    let good = encode(s.memo_entries());
    assert!(decode::<grundy::games::cram::Board>(&good, "t").is_ok());

    let one_line = |bytes: &[u8], want: &str| {
        let e = decode::<grundy::games::cram::Board>(bytes, "t").unwrap_err();
        let m = e.message().to_string();
        assert!(m.contains(want), "{m:?} should say {want:?}");
        assert!(!m.contains('\n'), "{m:?}");
        assert_eq!(e.kind(), grundy::ErrorKind::Input);
    };
    // A flipped bit in an entry.
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x10;
    one_line(&flipped, "checksum");
    // Truncated.
    one_line(&good[..good.len() - 5], "checksum");
    one_line(&good[..10], "truncated");
    // Not a table.
    one_line(b"0 1\n1 2\n", "not a grundy table file");
    // Another version.
    let mut v2 = good.clone();
    v2[8] = 2;
    one_line(&v2, "version 2");
    // Another game's table: a Chomp table read as Cram.
    let mut c = Solver::new(ChompGame);
    c.sum_value(&ChompGame.parse(&["3x3".to_string()]).unwrap())
        .unwrap();
    one_line(
        &encode(c.memo_entries()),
        "a table of the game chomp, not of cram",
    );
    // A missing file through `load`.
    let e = load(&mut Solver::new(CramGame), &scratch("missing.table")).unwrap_err();
    assert!(e.message().contains("missing.table"), "{}", e.message());
}
