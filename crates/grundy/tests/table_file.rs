//! Saved tables (`grundy::table_file`): a Cram, Chomp, Node Kayles or Arc Kayles search saved and read back gives the same values with no
//! new search, and a damaged, truncated, foreign or mismatched file is refused with a one-line error.

use grundy::games::arc_kayles::ArcKayles;
use grundy::games::chomp::ChompGame;
use grundy::games::cram::CramGame;
use grundy::games::node_kayles::NodeKayles;
use grundy::games::ugraph::{graph_components, Component};
use grundy::table_file::{decode, encode, load, save};
use grundy::NotationView;
use grundy::{Game, Limits, Solver};
use std::path::PathBuf;

/// The context of a load in these tests: default limits, no progress shown.
fn quiet() -> grundy::Context {
    grundy::Context::default()
}

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
    assert_eq!(load(&mut second, &path, &quiet()).unwrap(), first.stored());
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
    load(&mut second, &path, &quiet()).unwrap();
    assert_eq!(second.sum_value(&p).unwrap(), want);
    assert_eq!(second.expanded(), 0);
}

#[test]
fn bad_tables_are_refused_with_one_line_errors() {
    let mut s = Solver::new(CramGame);
    s.sum_value(&cram("3x4")).unwrap();
    let good = encode("cram", s.memo_entries());
    assert!(decode::<grundy::games::cram::Board>(&good, "cram", "t").is_ok());

    let one_line = |bytes: &[u8], want: &str| {
        let e = decode::<grundy::games::cram::Board>(bytes, "cram", "t").unwrap_err();
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
    let mut v4 = good.clone();
    v4[8] = 4;
    one_line(&v4, "version 4");
    // A set of excluded values is read back; version 1 (read as well) has nim-values only, so an entry with bit 63
    // (version 2's set of excluded values) is refused there and read in version 2.
    let b34 = cram("3x4")[0];
    let sets = encode("cram", [(&b34, 1u64 << 63 | 0b101)].into_iter());
    assert_eq!(
        decode::<grundy::games::cram::Board>(&sets, "cram", "t").unwrap(),
        [(b34, 1u64 << 63 | 0b101)]
    );
    let set_v2 = older_cram_file(2, &[(b34, 1u64 << 63 | 0b101)]);
    assert_eq!(
        decode::<grundy::games::cram::Board>(&set_v2, "cram", "t").unwrap(),
        [(b34, 1u64 << 63 | 0b101)]
    );
    one_line(
        &older_cram_file(1, &[(b34, 1u64 << 63 | 0b101)]),
        "entry 0 has no nim-value",
    );
    // A value word of more than 64 bits (eleven bytes with their high bit set but the last), checksum and all.
    let mut long = encode("cram", [(&b34, 1u64)].into_iter());
    long.truncate(long.len() - 9);
    long.extend_from_slice(&[0xff; 10]);
    long.push(0x01);
    long.extend_from_slice(&fnv(&long).to_le_bytes());
    one_line(&long, "entry 0 has a value word of more than 64 bits");
    // A well-formed file, checksum and all, whose facts cannot hold: 4x5 has 31 domino placements, so no nim-value
    // above 31 (the file was made to deceive, not damaged); 3x4 has 17, and 17 passes this check.
    let b45 = cram("4x5")[0];
    one_line(
        &encode("cram", [(&b45, 56u64)].into_iter()),
        "entry 0 gives the nim-value 56 to a position with at most 31 options",
    );
    assert!(decode::<grundy::games::cram::Board>(
        &encode("cram", [(&b34, 17u64)].into_iter()),
        "cram",
        "t"
    )
    .is_ok());
    let p = ChompGame.parse(&["2x2".to_string()]).unwrap()[0].clone();
    assert!(
        decode::<Vec<u32>>(&encode("chomp", [(&p, 9u64)].into_iter()), "chomp", "t")
            .unwrap_err()
            .message()
            .contains("impossible")
    );
    // Another game's table: a Chomp table read as Cram.
    let mut c = Solver::new(ChompGame);
    c.sum_value(&ChompGame.parse(&["3x3".to_string()]).unwrap())
        .unwrap();
    one_line(
        &encode("chomp", c.memo_entries()),
        "a table of the game chomp, not of cram",
    );
    // A missing file through `load`.
    let e = load(
        &mut Solver::new(CramGame),
        &scratch("missing.table"),
        &quiet(),
    )
    .unwrap_err();
    assert!(e.message().contains("missing.table"), "{}", e.message());
}

/// FNV-1a 64 of `b`: a table file's checksum, for files made by hand.
fn fnv(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ x as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A Cram table file of format version 1 or 2, made by hand as those versions wrote it: each board as its rows,
/// columns and 16 bytes of cells, each value as a `u64` (bit 63 for a set of excluded values).
fn older_cram_file(version: u32, entries: &[(grundy::games::cram::Board, u64)]) -> Vec<u8> {
    let mut b = b"GRUNDYTB".to_vec();
    b.extend_from_slice(&version.to_le_bytes());
    b.extend_from_slice(&4u16.to_le_bytes());
    b.extend_from_slice(b"cram");
    b.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for (board, v) in entries {
        b.push(board.rows);
        b.push(board.cols);
        b.extend_from_slice(&board.cells.to_le_bytes());
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&fnv(&b).to_le_bytes());
    b
}

#[test]
fn version_2_tables_are_read_and_saved_again_in_version_3_at_less_than_half_the_size() {
    // A 4x5 search's table (values and all) written as version 2 did, read, and written again: the same entries in
    // 2 + 3 + 1 bytes each where version 2 took 18 + 8; the values served answer the board with no search.
    let mut first = Solver::new(CramGame);
    let boards = cram("4x5");
    let want = first.sum_value(&boards).unwrap();
    let entries: Vec<_> = first.memo_entries().map(|(b, v)| (*b, v)).collect();
    let old = older_cram_file(2, &entries);
    let read = decode::<grundy::games::cram::Board>(&old, "cram", "t").unwrap();
    assert_eq!(read, entries);
    let path = scratch("cram45-v2.table");
    std::fs::write(&path, &old).unwrap();
    let mut second = Solver::new(CramGame);
    assert_eq!(load(&mut second, &path, &quiet()).unwrap(), entries.len());
    assert_eq!(second.sum_value(&boards).unwrap(), want);
    assert_eq!(second.expanded(), 0);
    save(&second, &path).unwrap();
    let new = std::fs::read(&path).unwrap();
    assert_eq!(new[8], 3);
    assert!(
        new.len() * 4 < old.len(),
        "{} vs {} bytes",
        new.len(),
        old.len()
    );
    let mut again = decode::<grundy::games::cram::Board>(&new, "cram", "t").unwrap();
    let mut entries = entries;
    again.sort();
    entries.sort();
    assert_eq!(again, entries);
}

#[test]
fn a_boards_option_bound_counts_its_domino_placements() {
    // Against a count cell by cell, on boards of every shape up to 128 cells with pseudo-random empty cells.
    use grundy::games::cram::Board;
    use grundy::table_file::TableKey;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for rows in 1..=16u8 {
        for cols in 1..=16u8 {
            let n = rows as u32 * cols as u32;
            if n > 128 {
                continue;
            }
            for _ in 0..20 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let y = x.rotate_left(29).wrapping_mul(0x2545_f491_4f6c_dd1d);
                let all = if n == 128 {
                    u128::MAX
                } else {
                    (1u128 << n) - 1
                };
                let cells = (u128::from(x) << 64 | u128::from(y)) & all;
                let b = Board { rows, cols, cells };
                let empty = |r: u8, c: u8| cells >> (r as u32 * cols as u32 + c as u32) & 1 == 1;
                let mut pairs = 0;
                for r in 0..rows {
                    for c in 0..cols {
                        if empty(r, c) {
                            pairs += u64::from(c + 1 < cols && empty(r, c + 1));
                            pairs += u64::from(r + 1 < rows && empty(r + 1, c));
                        }
                    }
                }
                assert_eq!(b.option_bound(), pairs, "{rows}x{cols} {cells:#x}");
            }
        }
    }
}

#[test]
fn value_words_round_trip_from_one_byte_to_ten() {
    // Nim-values and sets of excluded values at every width of the word, a 7x8 board's key 9 bytes.
    let b = grundy::games::cram::Board {
        rows: 7,
        cols: 8,
        cells: (1u128 << 56) - 1,
    };
    for v in [0u64, 1, 63, 64, 97] {
        let bytes = encode("cram", [(&b, v)].into_iter());
        let words = if v < 64 { 1 } else { 2 };
        assert_eq!(bytes.len(), 8 + 4 + 2 + 4 + 8 + 9 + words + 8, "{v}");
        assert_eq!(
            decode::<grundy::games::cram::Board>(&bytes, "cram", "t").unwrap(),
            [(b, v)]
        );
    }
    for set in [1u64, 1 << 20, 1 << 62 | 1, (1 << 63) - 1] {
        let v = 1 << 63 | set;
        let bytes = encode("cram", [(&b, v)].into_iter());
        assert_eq!(
            decode::<grundy::games::cram::Board>(&bytes, "cram", "t").unwrap(),
            [(b, v)]
        );
    }
}

fn graph(n: usize, edges: &[(u32, u32)]) -> Vec<Component> {
    graph_components(n, edges).unwrap()
}

/// Node Kayles and Arc Kayles: a saved table answers with no search, the two games' tables (same key type) are not
/// mixed, and an interrupted search (a positions limit) saves what it stored, from which a second solver finishes
/// with the value a fresh search gives, expanding fewer positions.
#[test]
fn graph_tables_round_trip_resume_and_keep_their_games_apart() {
    let grid = |r, c| graph(r * c, &grundy::games::ugraph::grid_edges(r, c));
    for (game, name) in [
        (
            Box::new(NodeKayles) as Box<dyn Game<Position = Component>>,
            "node-kayles",
        ),
        (Box::new(ArcKayles), "arc-kayles"),
    ] {
        let p = grid(4, 5);
        let mut fresh = Solver::new(&*game);
        let want = fresh.sum_value(&p).unwrap();
        let path = scratch(&format!("{name}.table"));
        // The values, and the "G != v" facts of the search by tests for positions it did not value.
        let nots: std::collections::HashMap<Component, u64> =
            fresh.not_entries().map(|(c, n)| (c.clone(), n)).collect();
        assert!(!nots.is_empty(), "{name}: tests that failed leave facts");
        assert_eq!(save(&fresh, &path).unwrap(), fresh.stored() + nots.len());
        let mut second = Solver::new(&*game);
        assert_eq!(
            load(&mut second, &path, &quiet()).unwrap(),
            fresh.stored() + nots.len()
        );
        assert_eq!(second.stored(), fresh.stored());
        let loaded: std::collections::HashMap<Component, u64> =
            second.not_entries().map(|(c, n)| (c.clone(), n)).collect();
        assert_eq!(loaded, nots, "{name}: the facts round-trip");
        assert_eq!(second.sum_value(&p).unwrap(), want, "{name}");
        assert_eq!(second.expanded(), 0, "{name}: the loaded table answered");

        // Interrupted after a third of the positions, saved, resumed by another solver.
        let mut stopped = Solver::with_limits(
            &*game,
            Limits {
                max_positions: fresh.stored() / 3,
                ..Limits::default()
            },
        );
        let e = stopped.sum_value(&p).unwrap_err();
        assert_eq!(e.kind(), grundy::ErrorKind::Limit, "{name}: {e}");
        let part = scratch(&format!("{name}-part.table"));
        let kept = save(&stopped, &part).unwrap();
        assert!(
            kept > 0 && stopped.stored() < fresh.stored(),
            "{name}: {kept}"
        );
        let mut resumed = Solver::new(&*game);
        assert_eq!(load(&mut resumed, &part, &quiet()).unwrap(), kept);
        assert_eq!(resumed.sum_value(&p).unwrap(), want, "{name}");
        assert!(resumed.expanded() < fresh.expanded(), "{name}");
        // The same values without the facts: the resumed search expands more.
        let values_only = scratch(&format!("{name}-values.table"));
        std::fs::write(&values_only, encode(name, stopped.memo_entries())).unwrap();
        let mut without = Solver::new(&*game);
        load(&mut without, &values_only, &quiet()).unwrap();
        assert_eq!(without.sum_value(&p).unwrap(), want, "{name}");
        assert!(
            resumed.expanded() < without.expanded(),
            "{name}: {} with the facts, {} without",
            resumed.expanded(),
            without.expanded()
        );
    }
    // The two games share their key type but not their tables.
    let mut node = Solver::new(NodeKayles);
    node.sum_value(&grid(3, 3)).unwrap();
    let path = scratch("node33.table");
    save(&node, &path).unwrap();
    let e = load(&mut Solver::new(ArcKayles), &path, &quiet()).unwrap_err();
    assert!(
        e.message()
            .contains("a table of the game node-kayles, not of arc-kayles"),
        "{e}"
    );
    // A key that is not a graph (vertex 0 lists 1 as a neighbour, vertex 1 does not list 0) is refused.
    let mut bytes = Vec::new();
    let triangle = graph(3, &[(0, 1), (1, 2), (2, 0)]);
    let good = encode("node-kayles", triangle.iter().map(|c| (c, 1u64)));
    assert_eq!(
        decode::<Component>(&good, "node-kayles", "t").unwrap()[0].0,
        triangle[0]
    );
    bytes.extend_from_slice(&good[..good.len() - 8]);
    let at = bytes.len() - 1 - 3; // the first of the three one-byte rows (before the value's one byte)
    bytes[at] = 0b010; // vertex 0: neighbour 1 only
    bytes[at + 1] = 0b100; // vertex 1: neighbour 2 only
    let sum = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    bytes.extend_from_slice(&sum.to_le_bytes());
    let e = decode::<Component>(&bytes, "node-kayles", "t").unwrap_err();
    assert!(e.message().contains("entry 0 is not a valid key"), "{e}");
}

/// Cram's saved table is its engine's: every entry, read as the literal board it names (a region of the 8 x 8
/// square as an `8x8` board), is a fact the plain search confirms: its nim-value, or values it does not have.
#[test]
fn every_entry_of_a_saved_cram_engine_table_is_a_fact_about_its_board() {
    let boards = cram("4x5");
    let want = Solver::new(CramGame).sum_value(&boards).unwrap();
    assert_eq!(
        grundy::games::cram::search_value(&boards, &grundy::Context::default()).unwrap(),
        want
    );
    let table = grundy::games::Registry::builtin()
        .saved_table("cram")
        .unwrap();
    let path = scratch("cram-engine45.table");
    let n = table.save(&path).unwrap();
    assert!(n > 100, "{n} entries");
    let entries =
        decode::<grundy::games::cram::Board>(&std::fs::read(&path).unwrap(), "cram", "t").unwrap();
    assert_eq!(entries.len(), n);
    let (mut exact, mut sets) = (0, 0);
    let mut plain = Solver::new(CramGame);
    for (board, v) in entries {
        let g = plain.sum_value(&[board]).unwrap();
        if v >> 63 == 0 {
            assert_eq!(g, v, "{board:?}");
            exact += 1;
        } else {
            let not = v & !(1 << 63);
            assert_ne!(not, 0);
            assert!(g >= 63 || not >> g & 1 == 0, "{board:?}: {g} is in {not:b}");
            sets += 1;
        }
    }
    assert!(exact > 10 && sets > 10, "{exact} values, {sets} sets");
}

#[test]
fn tables_of_megabytes_are_read_in_chunks_and_checked_whole() {
    // 300,000 Cram boards (12 bytes an entry: about 3.6 MB, past the reader's chunks of 1-2 MiB) and graphs of 1
    // to 128 vertices (keys of 2 to 2,049 bytes, so that keys straddle the chunks' ends), written and read back.
    use grundy::games::cram::Board;
    let boards: Vec<(Board, u64)> = (0..300_000u64)
        .map(|i| {
            let b = Board {
                rows: 8,
                cols: 9,
                cells: u128::from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) & ((1 << 72) - 1),
            };
            // (A nim-value no larger than the board's domino placements: a larger one is refused as impossible.)
            let v = if i % 3 == 0 {
                (i % 7) | 1 << 63
            } else {
                (i % 7).min(grundy::table_file::TableKey::option_bound(&b))
            };
            (b, v)
        })
        .collect();
    let bytes = encode("cram", boards.iter().map(|(b, v)| (b, *v)));
    assert!(bytes.len() > 3_000_000);
    assert_eq!(decode::<Board>(&bytes, "cram", "t").unwrap(), boards);
    let graphs: Vec<(Component, u64)> = (1..=128u32)
        .cycle()
        .take(6000)
        .enumerate()
        .map(|(i, k)| {
            let edges: Vec<(u32, u32)> = (1..k).map(|v| (v - 1, v)).collect();
            let path = graph_components(k as usize, &edges).unwrap().remove(0);
            let v = (i as u64).min(grundy::table_file::TableKey::option_bound(&path));
            (path, v)
        })
        .collect();
    let gbytes = encode("node-kayles", graphs.iter().map(|(g, v)| (g, *v)));
    assert!(gbytes.len() > 4_000_000, "{}", gbytes.len());
    assert_eq!(
        decode::<Component>(&gbytes, "node-kayles", "t").unwrap(),
        graphs
    );
    // Damage anywhere, and truncation at any point, are found (the checksum covers every byte).
    for at in [20, 1 << 20, (1 << 21) + 5, bytes.len() - 9, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        let e = decode::<Board>(&bad, "cram", "t").unwrap_err();
        assert!(e.message().contains("checksum mismatch"), "{at}: {e}");
        let e = decode::<Board>(&bytes[..at], "cram", "t").unwrap_err();
        assert!(
            e.message().contains("truncated") || e.message().contains("checksum"),
            "{at}: {e}"
        );
    }
}
