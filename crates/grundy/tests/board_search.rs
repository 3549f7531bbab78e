//! Cram and Chomp (issue 17, the board half) against brute force written here and against outside truth.
//!
//! - brute force: a plain recursive mex over whole boards (Cram: the board's bitset, no split into regions, no
//!   symmetry; Chomp: the row lengths) equals the value `grundy::analysis` gives, on random small positions;
//! - outside truth: Cram on a `1 × n` strip is Dawson's Kayles (octal `0.07`, heap `n`) to `n = 128` (the most cells a board holds); even × even
//!   Cram boards are P-positions and odd × even ones N-positions (the symmetry strategies); every Chomp rectangle
//!   but `1 × 1` is an N-position, `n × n` is won by the `(1, 1)` bite and `2 × n` by leaving rows `(n, n − 1)`;
//! - bad words are refused by `parse` with one-line errors.

use grundy::analysis::{analyse, Convention, Report, Sum};
use grundy::games::chomp::ChompGame;
use grundy::games::cram::{Board, CramGame};
use grundy::heap::{sequence, TakeAndBreak};
use grundy::Known;
use grundy::NotationView;
use grundy::{Game, Nimber};
use std::collections::HashMap;
use std::rc::Rc;

fn value_of<G: Game + 'static>(game: G, positions: Vec<G::Position>) -> Nimber
where
    G::Position: 'static,
{
    let mut sum = Sum::new();
    sum.add(&Rc::new(game), positions).unwrap();
    match analyse(&mut sum, Convention::Normal, &grundy::Context::default()).unwrap() {
        Report::Normal(a) => a.nim_value.expect("a nim-value"),
        other => panic!("expected a normal-play report, got {other:?}"),
    }
}

fn mex(mut seen: Vec<Nimber>) -> Nimber {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .take_while(|(i, &v)| *i as Nimber == v)
        .count() as Nimber
}

/// A small deterministic generator (xorshift64*), so that the random boards are the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Cram
// ---------------------------------------------------------------------------------------------------------------

/// Cram by the definition on a `rows × cols` board whose empty cells are the set bits of `cells` (bit `r·cols+c`).
fn cram_brute(rows: usize, cols: usize, cells: u64, memo: &mut HashMap<u64, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(&cells) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if cells >> i & 1 == 0 {
                continue;
            }
            if c + 1 < cols && cells >> (i + 1) & 1 == 1 {
                seen.push(cram_brute(rows, cols, cells & !(0b11 << i), memo));
            }
            if r + 1 < rows && cells >> (i + cols) & 1 == 1 {
                seen.push(cram_brute(
                    rows,
                    cols,
                    cells & !(1 << i | 1 << (i + cols)),
                    memo,
                ));
            }
        }
    }
    let v = mex(seen);
    memo.insert(cells, v);
    v
}

fn board_rows(rows: usize, cols: usize, cells: u64) -> Vec<String> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if cells >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect()
}

fn cram_value(words: &[&str]) -> Nimber {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let boards = CramGame.parse(&words).unwrap();
    value_of(CramGame, boards)
}

#[test]
fn cram_equals_brute_force_on_random_boards() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..150 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(4) as usize;
        let n = rows * cols;
        let holes = rng.below(4); // holes with probability 0, 1/8, 2/8 or 3/8
        let mut cells = 0u64;
        for i in 0..n {
            if rng.below(8) >= holes {
                cells |= 1 << i;
            }
        }
        let lines = board_rows(rows, cols, cells);
        let board = Board::from_rows(&lines).unwrap();
        let want = cram_brute(rows, cols, cells, &mut HashMap::new());
        assert_eq!(
            value_of(CramGame, vec![board]),
            want,
            "round {round}: {}",
            lines.join("/")
        );
        // The same board written inline, and as the sum of itself with a 1x2 (value 1).
        let inline = lines.join("/");
        assert_eq!(cram_value(&[&inline, "1x2"]), want ^ 1, "{inline} + 1x2");
    }
}

#[test]
fn cram_strips_are_dawsons_kayles() {
    let dawson = TakeAndBreak::parse("0.07").unwrap();
    // To 128, the most cells a board may have (one u128 bitmask).
    let want = sequence::values(&dawson, 128, &mut |_| {}).unwrap();
    for (n, &g) in want.iter().enumerate().skip(1) {
        if n <= 14 {
            let brute = cram_brute(1, n, (1u64 << n) - 1, &mut HashMap::new());
            assert_eq!(brute, g, "brute force 1x{n}");
        }
        assert_eq!(cram_value(&[&format!("1x{n}")]), g, "cram 1x{n}");
        // A column is the same strip turned.
        assert_eq!(cram_value(&[&format!("{n}x1")]), g, "cram {n}x1");
    }
}

#[test]
fn cram_symmetry_strategies() {
    // Even x even: the second player answers each domino by its image under the half turn (P).
    for (r, c) in [(2, 2), (2, 4), (4, 2), (2, 6), (4, 4), (2, 8), (4, 6)] {
        assert_eq!(cram_value(&[&format!("{r}x{c}")]), 0, "{r}x{c}");
    }
    // Odd x even: the first player covers the two middle cells of the middle row and then mirrors (N).
    for (r, c) in [
        (1, 2),
        (1, 4),
        (3, 2),
        (2, 3),
        (3, 4),
        (5, 2),
        (4, 5),
        (3, 6),
    ] {
        assert_ne!(cram_value(&[&format!("{r}x{c}")]), 0, "{r}x{c}");
    }
    // And on boards small enough, brute force agrees.
    for (r, c) in [(2, 2), (2, 4), (4, 4), (3, 4), (2, 5), (3, 3)] {
        let want = cram_brute(r, c, (1u64 << (r * c)) - 1, &mut HashMap::new());
        assert_eq!(cram_value(&[&format!("{r}x{c}")]), want, "{r}x{c}");
    }
}

#[test]
fn cram_bad_words_are_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("grundy-board-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let good = file("good.txt", "..#.\n....\n\n");
    let holes = file("holes.txt", "..o.\n....\n");
    let ragged = file("ragged.txt", "....\n...\n");
    let empty = file("empty.txt", "\n\n");
    let big = file("big.txt", &format!("{}\n", ".".repeat(129)));
    assert_eq!(
        CramGame.parse(&[good]).unwrap(),
        vec![Board::from_rows(&["..#.", "...."]).unwrap()]
    );
    for (word, needle) in [
        ("0x3", "at least one row"),
        ("3x0", "at least one row"),
        ("3x", "'3x'"),
        ("x3", "'x3'"),
        ("3x4x5", "'3x4x5'"),
        ("12x12", "144 cells"),
        ("99999999999999999999x2", "too large"),
        ("../.", "row 2 has 1 cells"),
        (holes.as_str(), "'o' is not a cell"),
        (ragged.as_str(), "row 2 has 3 cells but row 1 has 4"),
        (empty.as_str(), "no rows"),
        (big.as_str(), "129 cells"),
        ("/no/such/board", "cannot read"),
        ("", "empty word"),
    ] {
        let e = CramGame
            .parse(&[word.to_string()])
            .expect_err(word)
            .to_string();
        assert!(e.contains(needle), "{word}: expected '{needle}' in: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    assert!(CramGame.parse(&[]).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------------------------
// Chomp
// ---------------------------------------------------------------------------------------------------------------

/// Chomp by the definition: a move eats `(r, c) ≠ (0, 0)` and everything below-right of it.
fn chomp_brute(rows: &[u32], memo: &mut HashMap<Vec<u32>, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if (r, c) == (0, 0) {
                continue;
            }
            let next: Vec<u32> = rows
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .filter(|&l| l > 0)
                .collect();
            seen.push(chomp_brute(&next, memo));
        }
    }
    let v = mex(seen);
    memo.insert(rows.to_vec(), v);
    v
}

fn chomp_value(rows: Vec<u32>) -> Nimber {
    value_of(ChompGame, vec![rows])
}

fn chomp_words(words: &str) -> grundy::Result<Vec<Vec<u32>>> {
    let words: Vec<String> = words.split_whitespace().map(String::from).collect();
    ChompGame.parse(&words)
}

#[test]
fn chomp_equals_brute_force_on_random_diagrams() {
    let mut rng = Rng(12345);
    let mut memo = HashMap::new();
    for _ in 0..150 {
        let n = 1 + rng.below(6) as usize;
        let mut rows: Vec<u32> = (0..n).map(|_| 1 + rng.below(7) as u32).collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(
            chomp_value(rows.clone()),
            chomp_brute(&rows, &mut memo),
            "{rows:?}"
        );
    }
    // The L closed form (Nim on the two arms) against brute force.
    for a in 0..8u32 {
        for b in 0..8usize {
            let mut rows = vec![a + 1];
            rows.extend(std::iter::repeat_n(1, b));
            assert_eq!(
                ChompGame.known_value(&rows, &grundy::Context::default()),
                Some(u64::from(a) ^ b as u64),
                "{rows:?}"
            );
            assert_eq!(chomp_brute(&rows, &mut memo), u64::from(a) ^ b as u64);
        }
    }
}

#[test]
fn chomp_outside_truth() {
    // Only the poisoned square: the player to move must eat it and loses.
    assert_eq!(chomp_value(vec![1]), 0);
    // Strategy stealing: every rectangle but 1x1 is an N-position.
    for r in 1..=7usize {
        for c in 1..=7u32 {
            if (r, c) != (1, 1) {
                assert_ne!(chomp_value(vec![c; r]), 0, "{r}x{c}");
            }
        }
    }
    // n x n: the (1, 1) bite leaves an L with equal arms, a P-position.
    for n in 2..=8u32 {
        let mut l = vec![n];
        l.extend(std::iter::repeat_n(1, n as usize - 1));
        assert_eq!(chomp_value(l), 0, "the L of {n}x{n}");
    }
    // 2 x n: leaving rows (n, n - 1) wins, and is the only winning move (P-positions of two rows: (a, a - 1)).
    let mut memo = HashMap::new();
    for n in 1..=30u32 {
        assert_eq!(
            chomp_value(vec![n, n - 1].into_iter().filter(|&l| l > 0).collect()),
            0
        );
        for a in 1..=n {
            for b in 0..=a.min(8) {
                let rows: Vec<u32> = [a, b].into_iter().filter(|&l| l > 0).collect();
                if a <= 10 {
                    assert_eq!(chomp_brute(&rows, &mut memo) == 0, b + 1 == a, "{rows:?}");
                }
            }
        }
    }
}

#[test]
fn chomp_words_and_bad_input() {
    assert_eq!(chomp_words("4 4 2 1").unwrap(), vec![vec![4, 4, 2, 1]]);
    assert_eq!(chomp_words("3x4").unwrap(), vec![vec![4, 4, 4]]);
    assert_eq!(ChompGame.show(&vec![4, 4, 4]), "3x4");
    assert_eq!(ChompGame.show(&vec![4, 4, 2, 1]), "4 4 2 1");
    for (words, needle) in [
        ("", "give the row lengths"),
        ("3 4", "row 2 (4) is longer than row 1 (3)"),
        ("4 2 3", "row 3 (3) is longer than row 2 (2)"),
        ("3 0", "row 2 has length 0"),
        ("0x3", "at least one row"),
        ("3x", "'3x'"),
        ("x", "'x'"),
        ("3 -1", "'-1'"),
        ("4x4 2", "'4x4'"),
        ("100001", "too large"),
    ] {
        let e = chomp_words(words).expect_err(words).to_string();
        assert!(e.contains(needle), "{words:?}: expected '{needle}' in: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // Too large to search: refused at once, in one line.
    let e = ChompGame
        .check_searchable(&vec![200; 200], &grundy::Limits::default())
        .unwrap_err();
    assert_eq!(e.to_string().lines().count(), 1);
    assert!(ChompGame
        .check_searchable(&vec![8; 8], &grundy::Limits::default())
        .is_ok());
}
