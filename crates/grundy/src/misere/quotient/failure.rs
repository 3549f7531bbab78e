//! The *lexicographically least failure* of a pretension, as Siegel's MisereSolver finds it (CGSuite,
//! `org.cgsuite.core.misere.solver`, `Pretension.lexLeastPFailure` / `lexLeastNFailure`); the construction
//! ([`super::build`]) recalibrates on it.
//!
//! **Words.** A sum of heaps is a *word*: its exponent vector `w[h]` (how many heaps of size `h`). Words are ordered
//! with the largest heap most significant: `w < v` when, at the largest heap where they differ, `w` has fewer
//! copies (so `1+1+1 < 2 < 1+2 < 2+2 < 3`). The walks below visit words in this order: an odometer whose outermost
//! digit is the largest heap.
//!
//! **Failures.** A pretension (monoid `Q`, marked `P`, heap map `Φ`) *fails* on a word `w` when the outcome it gives
//! `w` is not the one the rules give, assuming it right for `w`'s options. There are two kinds:
//! - a *P-failure*: `Φ(w) ∈ P` while some option of `w` has its image in `P`. Every option of `w = x + h` (one heap
//!   `h` moved) has image `Φ(x)·t` with `t` in `T_h` (the images of `h`'s options), so it is enough to look, for each
//!   element `x` and heap `h`, at whether `x·Φ(h) ∈ P` and `x·t ∈ P` for some `t ∈ T_h`; the failing word is then the
//!   least word of image `x` plus `h` ([`p_failure`]).
//! - an *N-failure*: `Φ(w) ∉ P`, `w` has a move, and no option of `w` has its image in `P` ([`n_failure`]). The walk
//!   carries each word's image and the set of its options' images (`O(w + h) = O(w)·Φ(h) ∪ Φ(w)·T_h`) and skips a
//!   word (and every word above it in the same digit, and every extension by smaller heaps) when an earlier word had
//!   the same image and a subset of its option images: sets of options only grow along extensions, so any failure
//!   among the skipped words has an earlier failing counterpart.
//!
//! These find the least failing word among those the walks visit; whether a pretension is consistent is still
//! decided by [`super::build::verify`], which proves it.

use super::monoid::Monoid;
use crate::error::{Error, Result};
use crate::solver::Limits;
use std::cmp::Ordering;

/// A word: `w[h]` copies of heap `h`, for `h` in `0..=n`.
pub(crate) type Word = Vec<u32>;

/// Compares two words of the same length with the largest heap most significant.
pub(crate) fn cmp_words(a: &[u32], b: &[u32]) -> Ordering {
    debug_assert_eq!(a.len(), b.len());
    for h in (0..a.len()).rev() {
        match a[h].cmp(&b[h]) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

/// For each element of the submonoid the heaps generate, the least word with that image (MisereSolver's
/// `lexLeastGames`); `None` for elements no word reaches.
pub(crate) fn least_words<M: Monoid>(table: &M, phi: &[u32], gens: &[usize]) -> Vec<Option<Word>> {
    let n = phi.len();
    let mut out: Vec<Option<Word>> = vec![None; table.size()];
    let mut word: Word = vec![0; n];
    fn go<M: Monoid>(
        table: &M,
        phi: &[u32],
        gens: &[usize],
        depth: usize,
        mut elem: u32,
        word: &mut Word,
        out: &mut [Option<Word>],
    ) {
        if depth == 0 {
            // Every element reached here is new: a run stops as soon as its element has a word.
            out[elem as usize] = Some(word.clone());
            return;
        }
        let h = gens[depth - 1];
        let start = word[h];
        loop {
            go(table, phi, gens, depth - 1, elem, word, out);
            elem = table.mul(elem, phi[h]);
            word[h] += 1;
            if out[elem as usize].is_some() {
                break;
            }
        }
        word[h] = start;
    }
    go(table, phi, gens, gens.len(), 0, &mut word, &mut out);
    out
}

/// The least P-failure (see the module documentation), from the least words of the elements.
pub(crate) fn p_failure<M: Monoid>(
    table: &M,
    p: &[bool],
    phi: &[u32],
    gens: &[usize],
    trans: &[Vec<u32>],
    least: &[Option<Word>],
) -> Option<Word> {
    let mut best: Option<Word> = None;
    for (x, w) in least.iter().enumerate() {
        let Some(w) = w else { continue };
        for &h in gens {
            if !p[table.mul(x as u32, phi[h]) as usize] {
                continue;
            }
            if trans[h].iter().any(|&t| p[table.mul(x as u32, t) as usize]) {
                let mut f = w.clone();
                f[h] += 1;
                if best
                    .as_ref()
                    .is_none_or(|b| cmp_words(&f, b) == Ordering::Less)
                {
                    best = Some(f);
                }
            }
        }
    }
    best
}

/// A set of elements, sorted and without repeats: the option images of a sum are a few elements of a monoid that
/// may have tens of thousands, so a list costs far less than a bitset over the monoid.
/// `mask` has the bit `hash(x) mod 64` of each element `x`: a set is contained in another only if its mask is, so
/// most containment tests end on one word.
#[derive(Clone, PartialEq, Eq)]
struct Set {
    items: Vec<u32>,
    mask: u64,
}

/// The bit of element `x` in a set's mask.
fn mask_bit(x: u32) -> u64 {
    1 << (x.wrapping_mul(0x9E37_79B1) >> 26)
}

impl Set {
    fn empty() -> Set {
        Set {
            items: Vec::new(),
            mask: 0,
        }
    }
    /// The set of `items` (any order, repeats allowed).
    fn of(mut items: Vec<u32>) -> Set {
        items.sort_unstable();
        items.dedup();
        let mask = items.iter().fold(0, |m, &x| m | mask_bit(x));
        Set { items, mask }
    }
    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    fn subset_of(&self, other: &Set) -> bool {
        if self.mask & !other.mask != 0 || self.items.len() > other.items.len() {
            return false;
        }
        // Both sorted: one pass over `other`, ending at the first element of `self` it passes.
        let mut j = 0;
        for &a in &self.items {
            while j < other.items.len() && other.items[j] < a {
                j += 1;
            }
            if j == other.items.len() || other.items[j] != a {
                return false;
            }
            j += 1;
        }
        true
    }
    fn len(&self) -> usize {
        self.items.len()
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.items.iter().copied()
    }
    /// The bytes it holds.
    fn bytes(&self) -> u64 {
        self.items.capacity() as u64 * 4 + 32
    }
}

/// Adds `tr` to the minimal sets of option images known for one element: false (and nothing added) when a known
/// set is contained in `tr` (the word is dominated); otherwise the known supersets of `tr` are dropped. `held`
/// counts the bytes of the sets kept.
fn incorporate(list: &mut Vec<Set>, tr: &Set, held: &mut u64) -> bool {
    if list.iter().any(|old| old.subset_of(tr)) {
        return false;
    }
    list.retain(|old| {
        let drop = tr.subset_of(old);
        if drop {
            *held -= old.bytes();
        }
        !drop
    });
    *held += tr.bytes();
    list.push(tr.clone());
    true
}

/// The most words the N-failure walk visits before it gives up with a limit error.
pub const MAX_WALK: usize = 50_000_000;

/// The walk of [`n_failure`]: the pretension's parts, the bound and the limits it was given, the transition sets
/// met at each element, the word at hand and the steps taken.
struct Walk<'a, M: Monoid> {
    table: &'a M,
    p: &'a [bool],
    phi: &'a [u32],
    gens: &'a [usize],
    trans: &'a [Vec<u32>],
    bound: Option<&'a Word>,
    known: Vec<Vec<Set>>,
    /// The bytes of the sets in `known`.
    held: u64,
    word: Word,
    steps: usize,
    max_steps: usize,
    limits: &'a Limits,
}

/// Why the walk stopped before its end.
enum Stop {
    Found(Word),
    Bound,
    Limit(Error),
}

impl<M: Monoid> Walk<'_, M> {
    fn go(&mut self, depth: usize, mut elem: u32, mut tr: Set) -> Result<(), Stop> {
        if depth == 0 {
            if let Some(b) = self.bound {
                if cmp_words(&self.word, b) != Ordering::Less {
                    return Err(Stop::Bound);
                }
            }
            if !tr.is_empty() && !self.p[elem as usize] && tr.iter().all(|t| !self.p[t as usize]) {
                return Err(Stop::Found(self.word.clone()));
            }
            return Ok(());
        }
        let h = self.gens[depth - 1];
        let g = self.phi[h];
        let start = self.word[h];
        loop {
            self.go(depth - 1, elem, tr.clone())?;
            self.steps += 1;
            if self.steps > self.max_steps {
                return Err(Stop::Limit(Error::limit(format!(
                    "checking a candidate misère quotient visited more than {} sums",
                    self.max_steps
                ))));
            }
            if self.steps.is_multiple_of(65_536) {
                self.limits.check_time().map_err(Stop::Limit)?;
                // The option sets kept, and their lists.
                let lists = self.known.len() as u64 * 24;
                self.limits
                    .check_memory(
                        self.held + lists,
                        "the search for the least failing sum of a misère quotient",
                    )
                    .map_err(Stop::Limit)?;
            }
            self.word[h] += 1;
            if let Some(b) = self.bound {
                // Every word left in this digit's run is at least the bound once its part from heap h up is.
                if cmp_words(&self.word[h..], &b[h..]) == Ordering::Greater {
                    return Err(Stop::Bound);
                }
            }
            let mut next: Vec<u32> = Vec::with_capacity(tr.len() + self.trans[h].len());
            next.extend(tr.iter().map(|t| self.table.mul(t, g)));
            next.extend(self.trans[h].iter().map(|&t| self.table.mul(elem, t)));
            elem = self.table.mul(elem, g);
            tr = Set::of(next);
            if !incorporate(&mut self.known[elem as usize], &tr, &mut self.held) {
                break;
            }
        }
        self.word[h] = start;
        Ok(())
    }
}

/// The least N-failure below `bound` (see the module documentation), or `None`. A limit error when the walk passes
/// `max_steps` words or the caller's time.
// The pretension's parts, the walk's bound and its limits: kept apart, as p_failure takes them.
#[allow(clippy::too_many_arguments)]
pub(crate) fn n_failure<M: Monoid>(
    table: &M,
    p: &[bool],
    phi: &[u32],
    gens: &[usize],
    trans: &[Vec<u32>],
    bound: Option<&Word>,
    max_steps: usize,
    limits: &Limits,
) -> Result<Option<Word>> {
    let mut walk = Walk {
        table,
        p,
        phi,
        gens,
        trans,
        bound,
        known: vec![Vec::new(); table.size()],
        held: 0,
        word: vec![0; phi.len()],
        steps: 0,
        max_steps,
        limits,
    };
    match walk.go(gens.len(), 0, Set::empty()) {
        Ok(()) | Err(Stop::Bound) => Ok(None),
        Err(Stop::Found(w)) => Ok(Some(w)),
        Err(Stop::Limit(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::quotient::monoid::Table;

    #[test]
    fn words_are_ordered_largest_heap_first() {
        // 1+1+1 < 2 < 1+2 < 2+2 < 3
        let words = [
            vec![0, 3, 0, 0],
            vec![0, 0, 1, 0],
            vec![0, 1, 1, 0],
            vec![0, 0, 2, 0],
            vec![0, 0, 0, 1],
        ];
        for i in 0..words.len() {
            for j in 0..words.len() {
                assert_eq!(cmp_words(&words[i], &words[j]), i.cmp(&j));
            }
        }
    }

    #[test]
    fn least_words_of_misere_nim_t2() {
        // Z2 × C(2,2)-ish check on a small monoid: C(0,2) = {1, a}, heap 1 -> a, heap 2 -> a: least word of a is
        // a single heap of 1 (1 < 2 in the order).
        let t = Table::cyclic(0, 2);
        let least = least_words(&t, &[0, 1, 1], &[1, 2]);
        assert_eq!(least[0], Some(vec![0, 0, 0]));
        assert_eq!(least[1], Some(vec![0, 1, 0]));
    }

    #[test]
    fn failures_of_a_wrong_pretension() {
        // Heaps 0 and 1 of Nim, Q = C(0,2) = {1, a}, heap 1 -> a. With P = {1} (the normal-play marks) every
        // word with a move is consistent (the empty sum marked P is verify's business, not these walks').
        let l = Limits::default();
        let t = Table::cyclic(0, 2);
        let gens = [1usize];
        let phi = [0, 1];
        let trans = vec![vec![], vec![0]];
        let p = [true, false];
        let least = least_words(&t, &phi, &gens);
        assert_eq!(p_failure(&t, &p, &phi, &gens, &trans, &least), None);
        assert_eq!(
            n_failure(&t, &p, &phi, &gens, &trans, None, 1000, &l).unwrap(),
            None
        );
        // With P = {} every word with a move is an N-failure (no option in P): the least is "1".
        let p = [false, false];
        assert_eq!(
            n_failure(&t, &p, &phi, &gens, &trans, None, 1000, &l).unwrap(),
            Some(vec![0, 1])
        );
        // And a bound at or below it hides it.
        assert_eq!(
            n_failure(&t, &p, &phi, &gens, &trans, Some(&vec![0, 1]), 1000, &l).unwrap(),
            None
        );
        // With P = {1, a} the word "1" (image a, in P) has the option 0 (image 1, in P): a P-failure.
        let p = [true, true];
        assert_eq!(
            p_failure(&t, &p, &phi, &gens, &trans, &least),
            Some(vec![0, 1])
        );
    }
}
