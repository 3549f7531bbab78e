//! The plain mex engine: nim-values of heaps `0..=N`, one heap after the other, by the definition.
//!
//! **What it computes.** `G(n) = mex { G(h1) ⊕ … ⊕ G(hk) : h1 + … + hk an option of n }`, for every `n ≤ N`. It is
//! exact for every heap game whose options are sums of smaller heaps (a move to a heap that is not smaller is an
//! error, as positions could repeat). For a game with a take-and-break code it runs on the code's digits: the
//! one- and two-heap moves of each digit in place, the moves that leave three or more heaps enumerated one
//! partition at a time ([`code_sequence_enumerated`]). The multi-heap engine ([`super::multi`]) is this same loop
//! with those moves' nim-sums from dynamic programming instead ([`code_sequence`] and [`code_extend`] run it, and
//! `--engine plain` names it for such codes). For other games it is the mex over [`Game::options`]
//! ([`sequence`]).
//!
//! **Why it is correct.** It is the definition of the nim-value (the Sprague–Grundy theorem: a sum's value is the
//! nim-sum of its parts'), evaluated bottom-up: every option of a heap of `n` is a sum of heaps below `n`, whose
//! values are known when `n` is reached.
//!
//! **Cost.** For a code that leaves at most two heaps, about `n/2` XORs per digit per heap, so `O(N²)` in all for
//! codes that split (`O(N · k)` for a code of length `k` that does not); the sparse-space engine
//! ([`super::sparse`]) does the same job with far fewer XORs. A move that leaves `k ≥ 3` heaps costs about
//! `n · W/64` word operations per count in the multi-heap engine (`W` a power of two above the values), or one XOR
//! per partition (about `n^(k−1)/(k!(k−1)!)` of them) when enumerated; both are bounded by work limits. Over
//! [`Game::options`], one XOR per heap of every option. Memory: the values, 8 bytes per heap.

use super::code::{partitions, Code, Constraint};
use super::multi::MultiMoves;
use super::{Engine, HeapGame, SequenceEngine, PLAIN_MAX_HEAP, PLAIN_MAX_HEAP_SPLITTING};
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::game::{Game, Options};
use crate::nimber::{MexSet, Nimber};
use crate::solver::Limits;

/// Partitions the plain engine may enumerate for moves that leave three or more heaps, in one run.
pub const PLAIN_MAX_PARTITIONS: u64 = 4_000_000_000;

/// Checks a requested length against the plain engine's limits.
pub fn check_length(name: &str, to: u64, splits: bool) -> Result<()> {
    let limit = if splits {
        PLAIN_MAX_HEAP_SPLITTING
    } else {
        PLAIN_MAX_HEAP
    };
    if to > limit {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the plain engine's limit of {limit} for this game{}",
            if splits {
                " (its cost grows as the square of the heap)"
            } else {
                ""
            }
        )));
    }
    Ok(())
}

/// Whether the plain engine's cost on `game` grows as the square of the heap: a code some move of which splits a
/// heap, whose splits the engine enumerates (`n / 2` per removal). A game of its own rules (a script, a Python
/// function) costs the options its rules list, which they bound themselves (and the deadline ends), so its length
/// is bounded by memory alone. A cost bound, not a theorem.
fn enumerates_splits<G: Game<Position = u64> + ?Sized>(game: &G) -> bool {
    game.code().is_some_and(|c| c.max_heaps() >= 2)
}

/// The nim-values of heaps `0..=to` of any heap game, from its options ([`Game::options`]) alone, whatever else the
/// game knows: the definition, the reference the other methods are tested against. `progress` is called with the
/// heap reached now and then.
pub fn sequence<G: Game<Position = u64> + ?Sized>(
    game: &G,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Nimber>> {
    sequence_limited(game, to, &Limits::default(), progress)
}

/// [`sequence`] that polls `limits`' deadline every 1024 heaps and ends with an error saying how far it got.
pub fn sequence_limited<G: Game<Position = u64> + ?Sized>(
    game: &G,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Nimber>> {
    let mut g = Vec::new();
    extend_by_options(game, &mut g, to, limits, progress)?;
    Ok(g)
}

/// Extends `g` (the nim-values of heaps `0..g.len()`) to heaps `0..=to` by the mex over each heap's options.
fn extend_by_options<G: Game<Position = u64> + ?Sized>(
    game: &G,
    g: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    let name = game.name();
    check_length(&name, to, enumerates_splits(game))?;
    g.truncate(to as usize + 1);
    g.reserve((to as usize + 1).saturating_sub(g.len()));
    let mut mex = MexSet::new();
    let mut options = Options::new();
    for n in g.len() as u64..=to {
        mex.clear();
        options.clear();
        game.options(&n, &mut options)?;
        for heaps in options.iter() {
            let mut v = 0;
            for &h in heaps {
                if h >= n {
                    return Err(Error::loopy(format!(
                        "{name}: a move from a heap of {n} leaves a heap of {h}, not smaller, so positions can repeat"
                    )));
                }
                v ^= g[h as usize];
            }
            mex.insert(v);
        }
        g.push(mex.mex());
        // Every heap: a game of its own rules costs a call of its rules a heap (a script's, microseconds or far
        // more when its options grow), beside which a look at the clock is free, and a slow script's first heaps
        // then show progress and meet the deadline at once.
        progress(n);
        poll(limits, &name, n, to)?;
    }
    progress(to);
    Ok(())
}

/// The plain mex engine as a [`SequenceEngine`] (see the module docs): exact for every heap game. For a game with a
/// code it runs on the code's digits, one- and two-heap moves in place and every move that leaves three or more
/// heaps enumerated partition by partition ([`code_sequence_enumerated`], the reference of the multi-heap engine);
/// for other games it takes the mex over [`Game::options`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

/// The plain engine.
pub static PLAIN: Plain = Plain;

impl SequenceEngine for Plain {
    fn name(&self) -> &'static str {
        "plain"
    }
    fn engine(&self) -> Engine {
        Engine::Plain
    }
    fn applies(&self, game: &HeapGame) -> bool {
        game.is_heap_game() && game.code().is_none_or(|c| !c.is_loopy())
    }
    fn max_heap(&self, game: &HeapGame) -> u64 {
        if enumerates_splits(game) {
            PLAIN_MAX_HEAP_SPLITTING
        } else {
            PLAIN_MAX_HEAP
        }
    }
    fn bytes_per_heap(&self, _threads: usize) -> u64 {
        16
    }
    fn extend(
        &self,
        game: &HeapGame,
        values: &mut Vec<Nimber>,
        to: u64,
        _threads: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()> {
        match game.code() {
            Some(code) => code_extend_with(code, &game.name(), values, to, limits, progress, None),
            None => extend_by_options(game, values, to, limits, progress),
        }
    }
}

/// The nim-values of heaps `0..=to` of a take-and-break code, with the one- and two-heap moves done in place and
/// moves leaving more heaps answered by the multi-heap engine ([`super::multi`]) where it can, enumerated partition
/// by partition otherwise.
pub fn code_sequence(
    code: &Code,
    name: &str,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Nimber>> {
    let mut g = Vec::new();
    code_extend(code, name, &mut g, to, progress)?;
    Ok(g)
}

/// [`code_sequence`] with every move that leaves three or more heaps enumerated partition by partition: the
/// reference the multi-heap engine is tested and benchmarked against.
pub fn code_sequence_enumerated(
    code: &Code,
    name: &str,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Nimber>> {
    let mut g = Vec::new();
    code_extend_with(code, name, &mut g, to, &Limits::default(), progress, None)?;
    Ok(g)
}

/// Extends `g` (the nim-values of heaps `0..g.len()`, possibly empty) to heaps `0..=to` by the plain engine, as
/// [`code_sequence`] does from scratch (`--resume`, and the doubling of `grundy period`).
pub fn code_extend(
    code: &Code,
    name: &str,
    g: &mut Vec<Nimber>,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    code_extend_limited(code, name, g, to, &Limits::default(), progress)
}

/// [`code_extend`] that polls `limits`' deadline every 1024 heaps and ends with an error saying how far it got (the
/// values computed stay in `g`).
pub fn code_extend_limited(
    code: &Code,
    name: &str,
    g: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    code_extend_with(
        code,
        name,
        g,
        to,
        limits,
        progress,
        MultiMoves::for_code(code, to)?,
    )
}

/// The deadline's error, saying how far a run from heap 0 to `to` got (heaps `0..=n` done).
pub fn poll(limits: &Limits, name: &str, n: u64, to: u64) -> Result<()> {
    limits
        .check_time()
        .map_err(|e| super::stopped_error(name, n, to, Some(&e)))
}

/// The digit loop of the plain engine on a code, with the moves that leave three or more heaps from `multi` when
/// given (the multi-heap engine), enumerated partition by partition otherwise.
pub(super) fn code_extend_with(
    code: &Code,
    name: &str,
    g: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
    multi: Option<MultiMoves>,
) -> Result<()> {
    check_length(name, to, code.max_heaps() >= 2)?;
    code_extend_unbounded(code, name, g, to, limits, progress, multi)
}

/// [`code_extend_with`] past [`check_length`]'s limit: what `auto` runs on a dense code (see
/// [`super::sequence::DenseProbe`]), where the fast engine would cost as much per heap and has no such limit (the
/// memory is checked before, the deadline polled).
///
/// Long: one loop over the heaps whose state (the removals to try, the mex set, the nim-sum cap, two buffers, the work
/// count) every heap reads and writes; cut, the steps would pass them all.
pub(super) fn code_extend_unbounded(
    code: &Code,
    name: &str,
    g: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
    mut multi: Option<MultiMoves>,
) -> Result<()> {
    if code.is_loopy() {
        return Err(Error::loopy(format!(
            "the code {code} has moves that can repeat a position"
        ))
        .with_remedy(crate::error::Remedy::Loopy));
    }
    g.truncate(to as usize + 1);
    g.reserve((to as usize + 1).saturating_sub(g.len()));
    if g.is_empty() {
        g.push(0);
    }
    if let Some(mm) = &mut multi {
        // The engine's sets are built heap by heap from the values known so far.
        for &v in g.iter() {
            mm.push(v)?;
        }
    }
    let start = g.len() as u64;
    let nonzero: Option<Vec<u64>> = code
        .max_removed()
        .map(|t| (0..=t).filter(|&j| !code.digit(j).is_zero()).collect());
    let mut removals: Vec<u64> = Vec::new();
    let mut mex = Seen::default();
    // Every value so far is below `cap` (a power of two), and so is every nim-sum of two of them.
    let mut cap = g
        .iter()
        .max()
        .map_or(1, |&v| v.saturating_add(1).next_power_of_two());
    let mut buf = Vec::new();
    let mut ks = Vec::new();
    let mut work: u64 = 0;
    for n in start..=to {
        mex.next_heap();
        // The removals to try: the non-zero digits of a finite code (a subtraction game with a large amount has
        // few), every removal of a code whose digits repeat.
        removals.clear();
        match &nonzero {
            Some(js) => removals.extend(js.iter().copied().take_while(|&j| j <= n)),
            None => removals.extend(0..=n),
        }
        for &j in &removals {
            let d = code.digit(j);
            if d.is_zero() {
                continue;
            }
            let m = n - j;
            if m == 0 {
                if d.allows(0) {
                    mex.insert(0);
                }
                continue;
            }
            if j > 0 && d.allows(1) {
                mex.insert(g[m as usize]);
            }
            if m >= 2 {
                if let Some(c) = d.constraint(2) {
                    match c {
                        Constraint::Any => mex.splits(g, m as usize, m as usize / 2, cap),
                        Constraint::Unequal | Constraint::NotAllEqual => {
                            mex.splits(g, m as usize, (m as usize - 1) / 2, cap)
                        }
                        Constraint::AllEqual => {
                            if m.is_multiple_of(2) {
                                mex.insert(0);
                            }
                        }
                    }
                }
            }
            let most = d.max_heaps().min(m as usize);
            ks.clear();
            match &multi {
                Some(mm) => mm.for_each_value(j, m, &mut |v| mex.insert(v)),
                None => ks.extend(3..=most),
            }
            for &k in &ks {
                let Some(c) = d.constraint(k) else { continue };
                let mut count = 0u64;
                partitions(m, k, c, &mut buf, &mut |heaps| {
                    count += 1;
                    mex.insert(heaps.iter().fold(0, |v, &h| v ^ g[h as usize]));
                });
                work += count;
                if work > PLAIN_MAX_PARTITIONS {
                    return Err(Error::limit(format!(
                        "{code}: the plain engine enumerated {PLAIN_MAX_PARTITIONS} multi-heap options by heap {n}, its work limit"
                    )));
                }
            }
        }
        let v = mex.mex();
        g.push(v);
        if v >= cap {
            cap = v.saturating_add(1).next_power_of_two();
        }
        if let Some(mm) = &mut multi {
            mm.push(g[n as usize])?;
        }
        if n & 0x3ff == 0 {
            progress(n);
            poll(limits, name, n, to)?;
        }
    }
    progress(to);
    Ok(())
}

/// The option values of one heap: a bit set ([`MexSet`]) for the options found one at a time, and a stamp array
/// for the two-heap splits, which are most of them (about `n/2` per digit). Marking a split is then a plain store
/// (`stamps[v] = stamp`): no read-modify-write of a word that the next split may need again, and nothing to clear
/// between heaps (each heap has its own stamp). `mex` looks at both, from 0 up.
#[derive(Default)]
struct Seen {
    bits: MexSet,
    stamps: Vec<u32>,
    stamp: u32,
}

/// Splits are marked in the stamp array while every nim-sum is below this (4 bytes each: 4 MiB); above it, in the
/// bit set.
const STAMPS_UP_TO: Nimber = 1 << 20;

impl Seen {
    /// Starts the next heap.
    fn next_heap(&mut self) {
        self.bits.clear();
        self.stamp = match self.stamp.checked_add(1) {
            Some(s) => s,
            None => {
                // After 2^32 - 1 heaps every stamp is cleared once.
                self.stamps.fill(0);
                1
            }
        };
    }

    fn insert(&mut self, v: Nimber) {
        self.bits.insert(v);
    }

    /// Marks the values `G(a) ⊕ G(m − a)` of the splits `a + (m − a)`, `1 ≤ a ≤ hi`, every value of `g` (so every
    /// nim-sum) being below `cap`, a power of two.
    fn splits(&mut self, g: &[Nimber], m: usize, hi: usize, cap: Nimber) {
        if hi == 0 {
            return;
        }
        let (small, large) = (&g[1..=hi], &g[m - hi..m]);
        if cap > STAMPS_UP_TO {
            for (x, y) in small.iter().zip(large.iter().rev()) {
                self.bits.insert(x ^ y);
            }
            return;
        }
        let cap = cap as usize;
        if self.stamps.len() < cap {
            self.stamps.resize(cap, 0);
        }
        let (stamps, mask, stamp) = (&mut self.stamps[..cap], cap - 1, self.stamp);
        for (x, y) in small.iter().zip(large.iter().rev()) {
            stamps[(x ^ y) as usize & mask] = stamp;
        }
    }

    /// The smallest value not marked.
    fn mex(&self) -> Nimber {
        (0..)
            .find(|&v: &Nimber| {
                !self.bits.contains(v)
                    && self.stamps.get(v as usize).is_none_or(|&s| s != self.stamp)
            })
            .expect("some value is not marked")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::TakeAndBreak;
    use crate::solver::brute_force_value;

    fn seq(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn small_known_sequences() {
        // Kayles (OEIS A002186 begins 0,1,2,3,1,4,3,2,1,4,2,6).
        assert_eq!(seq("0.77", 11), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // Grundy's game (OEIS A002188 begins 0,0,0,1,0,2,1,0,2,1,0,2,1,3).
        assert_eq!(seq("4!.0", 13), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
        // Nim and Lasker's Nim.
        assert_eq!(seq("0.[3]", 6), [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(seq("4.[3]", 8), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }

    #[test]
    fn code_engine_agrees_with_generic_engine_and_brute_force() {
        for code in [
            "0.77", "0.137", "4!.0", "8.0", "0.{3+}", "0.F", "0.{2,3}?", "4=.3", "0.[7]",
        ] {
            let t = TakeAndBreak::parse(code).unwrap();
            let a = seq(code, 24);
            let b = sequence(&t, 24, &mut |_| {}).unwrap();
            assert_eq!(a, b, "{code}");
            for n in 0..=14 {
                assert_eq!(a[n as usize], brute_force_value(&t, &n), "{code} heap {n}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Random codes (one, two and more heaps, constraints, d0 = 4 or not): the digit loop, whose splits are
        /// marked in the stamp array, equals the mex over the game's options (a bit set).
        #[test]
        fn the_digit_loop_equals_the_options(
            d0 in proptest::sample::select(vec![0u64, 4]),
            digits in proptest::collection::vec((0usize..16, 0usize..4), 1..5),
        ) {
            let hex = "0123456789ABCDEF".as_bytes();
            let text = format!(
                "{d0}.{}",
                digits
                    .iter()
                    .map(|&(d, c)| format!("{}{}", hex[d] as char, ["", "!", "?", "="][c]))
                    .collect::<String>()
            );
            let Ok(t) = TakeAndBreak::parse(&text) else { return Ok(()) };
            let Some(code) = t.code() else { return Ok(()) };
            proptest::prop_assume!(!code.is_loopy());
            let a = code_sequence_enumerated(code, &text, 300, &mut |_| {}).unwrap();
            let b = sequence(&t, 300, &mut |_| {}).unwrap();
            proptest::prop_assert_eq!(a, b, "{}", text);
        }
    }

    #[test]
    fn splits_are_marked_in_either_set() {
        // The same splits marked in the stamp array (values below 2^20) and in the bit set (above): the same mex.
        let g: Vec<Nimber> = (0..200).map(|n| (n * 7 + n / 3) % 61).collect();
        for cap in [64, 1 << 21] {
            let mut seen = Seen::default();
            for _ in 0..3 {
                seen.next_heap();
            }
            seen.insert(0);
            seen.splits(&g, 150, 75, cap);
            let mut want = MexSet::new();
            want.insert(0);
            for a in 1..=75 {
                want.insert(g[a] ^ g[150 - a]);
            }
            assert_eq!(seen.mex(), want.mex(), "cap {cap}");
            // The next heap starts empty.
            seen.next_heap();
            assert_eq!(seen.mex(), 0);
        }
    }

    #[test]
    fn limits_are_errors() {
        let e = code_sequence(
            &Code::parse("0.77").unwrap(),
            "0.77",
            10_000_000,
            &mut |_| {},
        )
        .unwrap_err();
        assert!(e.message().contains("limit of 200000"), "{e}");
        let e = code_sequence(&Code::parse("14.0").unwrap(), "14.0", 10, &mut |_| {}).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Loopy);
    }
}
