//! A heap game of its own rules (a rules script, a Python function) recognised as a take-and-break code on the heaps
//! computed.
//!
//! A script is a black box: its values can be computed and a period observed, but nothing proves that the rule
//! stays the same on heaps never asked. When the options of every heap `0..=N` are *exactly* those of a code (a
//! subtraction set, an all-but set, an octal or hexadecimal code such as Kayles' `0.77` or Lasker's Nim's `4.[3]`),
//! the code's proved results (certified periods: the Guy–Smith theorem) answer for it, under one stated
//! assumption: that the script's rule past heap `N` is the code's. The caller prints that assumption with every
//! answer it shapes.
//!
//! **How.** The options of heaps `0..=N` are listed once (each option as its sorted non-empty heaps). The code's
//! digits are read off the smallest heaps where each kind of move shows: removing `j` and leaving no heap (heap
//! `j`), one heap (`[1]` from heap `j + 1`), two heaps (`[1, 1]` from `j + 2`, `[1, 2]` from `j + 3`, which also tell
//! a constraint `=` or `!`) or three. A digit string whose last non-zero digit is at most `N / 4` is a finite code;
//! otherwise its digits must repeat with a short period from some point (`0.[3]`, the all-but sets). Then the code's
//! options of *every* heap `0..=N` are compared with the script's, as sets: a single difference and the script is
//! not recognised. So recognition never claims a code the options disagree with on the heaps it read; past them it
//! is the assumption it states.

use crate::code::{Code, Constraint, Digit};
use crate::error::Result;
use crate::game::{Game, Options};

/// How many heaps are read by default: heaps `0..=RECOGNISE_TO`.
pub const RECOGNISE_TO: u64 = 1024;

/// The most options (all heaps together) read: a script whose options grow fast is read on fewer heaps.
const MAX_OPTIONS: usize = 2_000_000;

/// The fewest heaps read for a recognition to count.
const MIN_HEAPS: u64 = 64;

/// A game recognised as a code on heaps `0..=to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognised {
    /// The code whose options are the game's on every heap read.
    pub code: Code,
    /// The largest heap read.
    pub to: u64,
}

impl Recognised {
    /// The assumption the answers rest on, in words: `GAME has the moves of CODE on heaps 0..=N; ...`.
    pub fn assumption(&self, name: &str) -> String {
        format!(
            "{name} has the moves of the code {} on heaps 0..={} (checked), and is answered as {} past them: an \
             assumption that its rule does not change",
            self.code, self.to, self.code
        )
    }
}

/// The options of one heap: each option's non-empty heaps sorted, the options sorted and without repeats; `None`
/// when some option is not a take-and-break move (it adds tokens, or leaves the heap as it was, or more than three
/// heaps).
fn canonical(n: u64, options: &Options<u64>) -> Option<Vec<Vec<u64>>> {
    let mut out = Vec::with_capacity(options.len());
    for o in options.iter() {
        let mut heaps: Vec<u64> = o.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        let left = heaps.iter().try_fold(0u64, |s, &h| s.checked_add(h))?;
        if left > n || heaps.len() > 3 || (left == n && heaps.len() == 1) {
            return None;
        }
        out.push(heaps);
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// The digit for removing `j` tokens, read off the options `seen` of the smallest heaps that show each move.
fn digit(j: usize, seen: &[Vec<Vec<u64>>]) -> Digit {
    let has = |heap: usize, option: &[u64]| {
        seen.get(heap)
            .is_some_and(|o| o.binary_search_by(|x| x.as_slice().cmp(option)).is_ok())
    };
    let mut counts: Vec<Option<Constraint>> = vec![None; 4];
    if j > 0 && has(j, &[]) {
        counts[0] = Some(Constraint::Any);
    }
    if j > 0 && has(j + 1, &[1]) {
        counts[1] = Some(Constraint::Any);
    }
    counts[2] = match (has(j + 2, &[1, 1]), has(j + 3, &[1, 2])) {
        (true, true) => Some(Constraint::Any),
        (true, false) => Some(Constraint::AllEqual),
        (false, true) => Some(Constraint::Unequal),
        (false, false) => None,
    };
    counts[3] = match (
        has(j + 3, &[1, 1, 1]),
        has(j + 4, &[1, 1, 2]),
        has(j + 6, &[1, 2, 3]),
    ) {
        (true, true, _) => Some(Constraint::Any),
        (true, false, _) => Some(Constraint::AllEqual),
        (false, true, _) => Some(Constraint::NotAllEqual),
        (false, false, true) => Some(Constraint::Unequal),
        (false, false, false) => None,
    };
    Digit::build(counts, None)
}

/// The code `digits` (read on removals `0..digits.len()`) stand for: finite when the last non-zero digit is in the
/// first quarter, else the shortest period (at most 8 digits) that the digits repeat with from some point in the
/// first half to the end.
fn code_of(digits: &[Digit]) -> Option<Code> {
    let len = digits.len();
    let last = digits.iter().rposition(|d| !d.is_zero()).unwrap_or(0);
    if last <= len / 4 {
        return Code::new(digits[..=last].to_vec(), 0, Vec::new()).ok();
    }
    for p in 1..=8usize {
        let repeats = |s: usize| (s..len - p).all(|i| digits[i] == digits[i + p]);
        if let Some(s) = (1..=len / 2).find(|&s| repeats(s)) {
            return Code::new(digits[..s + p].to_vec(), p, Vec::new()).ok();
        }
    }
    None
}

/// Whether `game`'s options on heaps `0..=to` (at most) are exactly a code's: the code and the heaps read, or
/// `None`. An error of the rules (a script's) is returned as it is.
pub fn recognise<G: Game<Position = u64> + ?Sized>(
    game: &G,
    to: u64,
) -> Result<Option<Recognised>> {
    let mut seen: Vec<Vec<Vec<u64>>> = Vec::new();
    let mut options = Options::new();
    let mut total = 0usize;
    for n in 0..=to {
        options.clear();
        game.options(&n, &mut options)?;
        let Some(c) = canonical(n, &options) else {
            return Ok(None);
        };
        total += c.iter().map(|o| o.len().max(1)).sum::<usize>();
        seen.push(c);
        if total > MAX_OPTIONS {
            break;
        }
    }
    let read = seen.len() as u64 - 1;
    if read < MIN_HEAPS {
        return Ok(None);
    }
    // Digits are read where a removal of j still shows its three-heap moves (heap j + 6).
    let digits: Vec<Digit> = (0..=(read as usize).saturating_sub(6) / 2)
        .map(|j| digit(j, &seen))
        .collect();
    let Some(code) = code_of(&digits) else {
        return Ok(None);
    };
    if code.is_loopy() || code.digits().iter().all(Digit::is_zero) {
        return Ok(None);
    }
    let mut buf = Vec::new();
    for (n, want) in seen.iter().enumerate() {
        let mut got: Vec<Vec<u64>> = Vec::with_capacity(want.len());
        let mut over = false;
        code.for_each_option(n as u64, &mut buf, |_, h| {
            if got.len() <= want.len() * 2 + 8 {
                got.push(h.to_vec());
            } else {
                over = true;
            }
        });
        got.sort_unstable();
        got.dedup();
        if over || &got != want {
            return Ok(None);
        }
    }
    Ok(Some(Recognised { code, to: read }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::heap::TakeAndBreak;
    use proptest::prelude::*;

    /// A game stated by a code's options but without saying so: what a script is to the recogniser.
    struct Hidden(TakeAndBreak);

    impl Game for Hidden {
        type Position = u64;
        fn name(&self) -> String {
            "hidden".into()
        }
        fn options(&self, n: &u64, out: &mut Options<u64>) -> Result<()> {
            self.0.options(n, out)
        }
    }

    fn hidden(code: &str) -> Hidden {
        Hidden(TakeAndBreak::new(Code::parse(code).unwrap()).unwrap())
    }

    #[test]
    fn classic_codes_are_recognised_as_themselves() {
        for code in [
            "0.77",
            "0.137",
            "0.07",
            "0.6",
            "0.3033",
            "4.[3]",
            "0.[3]",
            "0.[03]",
            "0.{2!}",
            "0.{3=}",
            "0.{2,3?}",
            "0.7777",
            "0.[33330]",
        ] {
            let r = recognise(&hidden(code), 300).unwrap();
            let want = Code::parse(code).unwrap();
            assert_eq!(r.map(|r| r.code), Some(want), "{code}");
        }
    }

    /// Rules that are not a code: halving, a move that changes past some heap, a split into unequal thirds.
    struct Odd(u8);

    impl Game for Odd {
        type Position = u64;
        fn name(&self) -> String {
            "odd".into()
        }
        fn options(&self, &n: &u64, out: &mut Options<u64>) -> Result<()> {
            match self.0 {
                0 => {
                    if n > 0 {
                        out.push_one(n / 2);
                        crate::heap::leave(out, n - 1);
                    }
                }
                1 => {
                    for s in [1, 2, if n > 200 { 5 } else { 4 }] {
                        if s <= n {
                            crate::heap::leave(out, n - s);
                        }
                    }
                }
                _ => {
                    if n >= 3 {
                        out.push([n / 3, n - n / 3 - 1]);
                    }
                    if n >= 1 {
                        crate::heap::leave(out, n - 1);
                    }
                }
            }
            Ok(())
        }
    }

    #[test]
    fn rules_that_are_no_code_are_not_recognised() {
        for k in 0..3 {
            assert_eq!(recognise(&Odd(k), 300).unwrap(), None, "rule {k}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Random codes (digits 0-7, up to five of them, some repeating): a recognised code has the same options
        /// as the game on every heap read (never a code the options disagree with), and a finite code is always
        /// recognised as itself.
        #[test]
        fn recognition_never_claims_a_code_the_options_disagree_with(
            digits in proptest::collection::vec(0u64..8, 1..6),
            period in 0usize..3,
        ) {
            let mut ds: Vec<Digit> = vec![Digit::zero()];
            ds.extend(digits.iter().map(|&m| Digit::from_mask(m, Constraint::Any)));
            let period = period.min(ds.len() - 1);
            let code = Code::new(ds, period, Vec::new()).unwrap();
            prop_assume!(!code.is_loopy());
            let Ok(game) = TakeAndBreak::new(code.clone()) else { return Ok(()) };
            let hidden = Hidden(game);
            let r = recognise(&hidden, 200).unwrap();
            if let Some(r) = &r {
                let mut buf = Vec::new();
                for n in 0..=r.to {
                    let mut a = Vec::new();
                    code.for_each_option(n, &mut buf, |_, h| a.push(h.to_vec()));
                    let mut b = Vec::new();
                    r.code.for_each_option(n, &mut buf, |_, h| b.push(h.to_vec()));
                    a.sort(); a.dedup(); b.sort(); b.dedup();
                    prop_assert_eq!(a, b, "heap {}", n);
                }
            }
            if code.period() == 0 && code.digits().iter().any(|d| !d.is_zero()) {
                prop_assert_eq!(r.map(|r| r.code), Some(code));
            }
        }
    }
}
