//! One heap valued from the heaps reachable from it, not from the whole table below it.
//!
//! The table engines of [`super::sequence`] value every heap `0..=n` to answer heap `n`. When the moves of `n` jump
//! far down (to its divisors, to half of it), the heaps reachable from `n` are few, and valuing only those (a
//! memoised search from `n`, depth first) is much cheaper: a divisor game's heap of 10^12 has a few thousand
//! reachable heaps. Which is cheaper is not known in advance, so it is *measured as it goes*: the search runs under a
//! budget of heaps (a fraction of the table's size) and gives up when the reachable heaps pass it, wasting at most
//! that fraction of the table's work, and the caller ([`super::table::HeapTable::value`]) then computes the table.
//!
//! The values are the same by definition: a heap's nim-value is the mex of its options' values, each option the
//! nim-sum of its heaps' values, whichever order the heaps are valued in. Every heap of an option must be smaller
//! than the heap it is an option of (a heap game's rule; otherwise positions can repeat): the search checks it, as
//! the plain engine does, so it cannot loop.

use super::HeapGame;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Options;
use crate::nimber::MexSet;
use crate::nimber::Nimber;
use rustc_hash::FxHashMap;

/// The most heaps one reachable search values before it gives up: bounds its memory (a heap on the stack holds
/// its options) whatever the heap asked for.
pub const MAX_REACHABLE: usize = 1 << 20;

/// After this many heaps opened, a search whose heaps opened fill half or more of the heaps between the lowest of
/// them and `n` gives up (looked at every 1,024 heaps): its reachable set is as dense as the table there, which
/// values the same heaps without a hash map. (Halving or taking one token from 10^6 tokens: the search opened the
/// budget's 125,000 heaps, a tenth of that game's time, before giving up; a divisor game's heaps are a few
/// thousand spread over the whole range.)
pub const DENSE_AFTER: usize = 1 << 12;

/// A heap being valued: where its options start in the search's arena ([`Arena`]), and how many of their heaps
/// (in flat order) have values.
struct Frame {
    heap: u64,
    items: usize,
    ends: usize,
    next: usize,
}

/// The options of every heap on the search's stack, one after the other: `items` the heaps of the options (flat),
/// `ends` where each option ends in `items`. A frame's options are the arena's tail from its starts, so pushing and
/// popping a frame allocate nothing once the arena has grown (a search along a chain of 10^5 heaps made as many
/// small allocations before, and a third of its time went to the kernel's page faults).
#[derive(Default)]
struct Arena {
    items: Vec<u64>,
    ends: Vec<usize>,
    /// The value of each heap of `items` once a frame's scan has found it (the mex reads them from here, not
    /// from the table and the hash map again).
    vals: Vec<Nimber>,
}

/// Heaps valued by reachable search, kept between questions ([`value`] reads and extends it).
#[derive(Debug, Default, Clone)]
pub struct Reached {
    values: FxHashMap<u64, Nimber>,
}

impl Reached {
    /// The value of heap `n` if a search has found it.
    pub fn get(&self, n: u64) -> Option<Nimber> {
        self.values.get(&n).copied()
    }
    /// Keeps the value `v` of heap `n`, found another way (the caller vouches for it).
    pub fn insert(&mut self, n: u64, v: Nimber) {
        self.values.insert(n, v);
    }
    /// How many heaps have values.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Whether no heap has a value yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The nim-value of heap `n` of `game` by a memoised search over the heaps reachable from it, or `None` when more
/// than `budget` new heaps would need values, or the options of the heaps on the search's stack would hold more
/// than four heaps per heap of the budget, or the heaps opened are dense below `n` (see [`DENSE_AFTER`]): the
/// caller then computes the table. `known` gives the values at
/// hand (a table below some heap, heap 0); values found are kept in `reached` for later questions, also when the
/// search gives up. The context's cancellation and deadline end the search with their error.
pub fn value(
    game: &HeapGame,
    n: u64,
    known: &dyn Fn(u64) -> Option<Nimber>,
    reached: &mut Reached,
    budget: usize,
    cx: &Context,
) -> Result<Option<Nimber>> {
    let look = |reached: &Reached, h: u64| known(h).or_else(|| reached.get(h));
    if let Some(v) = look(reached, n) {
        return Ok(Some(v));
    }
    let name = game.name();
    let mut scratch = Options::<u64>::new();
    let mut arena = Arena::default();
    // Reads the options of heap `h` into the arena's tail.
    let mut open = |h: u64, arena: &mut Arena| -> Result<Frame> {
        scratch.clear();
        game.options(&h, &mut scratch)?;
        if let Some(&bad) = scratch.flat().iter().find(|&&x| x >= h) {
            return Err(Error::loopy(format!(
                "{name}: a move from a heap of {h} leaves a heap of {bad}, not smaller, so positions can repeat"
            )));
        }
        let frame = Frame {
            heap: h,
            items: arena.items.len(),
            ends: arena.ends.len(),
            next: 0,
        };
        arena.items.extend_from_slice(scratch.flat());
        arena.vals.resize(arena.items.len(), 0);
        arena.ends.extend(scratch.iter().map(|o| o.len()));
        Ok(frame)
    };
    let mut stack = vec![open(n, &mut arena)?];
    let mut opened = 1usize;
    let mut lowest = n;
    // The heaps of the options on the stack, bounded too: a heap with many options (Kayles' n / 2 splits) on a
    // deep stack would hold the square of the heap; past four per heap of the budget the table is cheaper.
    let max_held = budget.saturating_mul(4).max(1 << 12);
    let mut mex = MexSet::new();
    while let Some(top) = stack.last_mut() {
        let flat = &arena.items[top.items..];
        let vals = &mut arena.vals[top.items..];
        while let Some(v) = flat.get(top.next).and_then(|&h| look(reached, h)) {
            vals[top.next] = v;
            top.next += 1;
        }
        if let Some(&h) = flat.get(top.next) {
            if opened >= budget {
                return Ok(None);
            }
            opened += 1;
            lowest = lowest.min(h);
            if opened & 0x3ff == 0 {
                cx.check()?;
                cx.limits.check_time()?;
                if opened >= DENSE_AFTER && n - lowest < 2 * opened as u64 {
                    return Ok(None);
                }
            }
            let frame = open(h, &mut arena)?;
            if arena.items.len() > max_held {
                return Ok(None);
            }
            stack.push(frame);
            continue;
        }
        mex.clear();
        let mut at = top.items;
        for &len in &arena.ends[top.ends..] {
            let option = &arena.vals[at..at + len];
            at += len;
            mex.insert(option.iter().fold(0, |v, &w| v ^ w));
        }
        let (heap, v) = (top.heap, mex.mex());
        reached.values.insert(heap, v);
        arena.items.truncate(top.items);
        arena.vals.truncate(top.items);
        arena.ends.truncate(top.ends);
        stack.pop();
    }
    Ok(look(reached, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::heap::plain;
    use proptest::prelude::*;

    /// Take `subtract` tokens, divide by `divide`, or (with `split`) take 1 and split the rest into 1 and the others.
    struct Rule {
        subtract: Vec<u64>,
        divide: Vec<u64>,
        split: bool,
        up: bool,
    }

    impl Game for Rule {
        type Position = u64;
        fn name(&self) -> String {
            "rule".into()
        }
        fn options(&self, &n: &u64, out: &mut Options<u64>) -> Result<()> {
            for &s in self.subtract.iter().filter(|&&s| s <= n) {
                crate::heap::leave(out, n - s);
            }
            for &d in self.divide.iter().filter(|&&d| n > 0 && n % d == 0) {
                crate::heap::leave(out, n / d);
            }
            if self.split && n >= 3 {
                out.push([1, n - 2]);
            }
            if self.up {
                out.push_one(n + 1);
            }
            Ok(())
        }
    }

    fn values_by_reach(game: &HeapGame, to: u64) -> Vec<Nimber> {
        let mut reached = Reached::default();
        let cx = Context::default();
        let known = |h: u64| (h == 0).then_some(0);
        (0..=to)
            .map(|n| {
                value(game, n, &known, &mut reached, usize::MAX, &cx)
                    .unwrap()
                    .unwrap()
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// Random subtraction-and-division rules: the reachable search gives the plain engine's values.
        #[test]
        fn reachable_values_are_the_plain_engines(
            subtract in proptest::collection::vec(1u64..6, 0..3),
            divide in proptest::collection::vec(2u64..5, 0..3),
            split in any::<bool>(),
        ) {
            let game = Rule { subtract, divide, split, up: false };
            let plain = plain::sequence(&game, 300, &mut |_| {}).unwrap();
            prop_assert_eq!(values_by_reach(&game, 300), plain);
        }
    }

    #[test]
    fn a_search_past_its_budget_gives_up_and_the_next_question_is_answered() {
        let game = Rule {
            subtract: vec![1],
            divide: vec![],
            split: false,
            up: false,
        };
        let mut reached = Reached::default();
        let known = |h: u64| (h == 0).then_some(0);
        let cx = Context::default();
        assert_eq!(
            value(&game, 1000, &known, &mut reached, 100, &cx).unwrap(),
            None
        );
        // Depth first along the chain 1000, 999, …: the budget ran out before any heap was valued.
        assert!(reached.is_empty());
        assert_eq!(
            value(&game, 11, &known, &mut reached, 100, &cx).unwrap(),
            Some(1)
        );
    }

    #[test]
    fn a_divisor_jump_values_few_heaps() {
        let game = Rule {
            subtract: vec![],
            divide: vec![2, 3],
            split: false,
            up: false,
        };
        let mut reached = Reached::default();
        let n = 1u64 << 40;
        let v = value(
            &game,
            n,
            &|h| (h == 0).then_some(0),
            &mut reached,
            1000,
            &Context::default(),
        );
        assert!(v.unwrap().is_some());
        assert!(reached.len() <= 41, "{}", reached.len());
    }

    #[test]
    fn a_dense_search_gives_up_early_and_a_sparse_one_does_not() {
        // Take one or halve (the judge's halving game): every heap below n is reachable, and the search gives up
        // after DENSE_AFTER heaps whatever its budget; dividing by 2 or 3 from 2^40 never looks dense.
        let dense = Rule {
            subtract: vec![1],
            divide: vec![2],
            split: false,
            up: false,
        };
        let known = |h: u64| (h == 0).then_some(0);
        let cx = Context::default();
        let mut reached = Reached::default();
        assert_eq!(
            value(&dense, 1_000_000, &known, &mut reached, usize::MAX, &cx).unwrap(),
            None
        );
        assert!(reached.is_empty());
        let sparse = Rule {
            subtract: vec![],
            divide: vec![2, 3],
            split: false,
            up: false,
        };
        let v = value(&sparse, 1 << 40, &known, &mut reached, usize::MAX, &cx).unwrap();
        assert!(v.is_some());
    }

    #[test]
    fn a_move_to_a_larger_heap_is_an_error_not_a_loop() {
        let game = Rule {
            subtract: vec![],
            divide: vec![],
            split: false,
            up: true,
        };
        let mut reached = Reached::default();
        let e = value(&game, 5, &|_| None, &mut reached, 100, &Context::default()).unwrap_err();
        assert!(e.to_string().contains("not smaller"), "{e}");
    }
}
