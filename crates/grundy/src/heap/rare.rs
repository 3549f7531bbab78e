//! The rare/common split of a nim-value sequence, as a question about one position: is it rare?
//!
//! The sparse-space engine ([`super::sparse`]) splits positions by a bit mask `m`: a value `v` is *rare* when
//! `v & m` has an even number of 1 bits, *common* otherwise, and it picks the mask that makes the fewest heaps
//! rare ([`super::sparse::best_split`]). When the code's two-heap digits share a parity `j0` the split may also
//! use the heap's parity (as `ogsolve`'s does): the classes of the heaps `n` with `n + j0` odd are then swapped,
//! and it does so when that makes strictly fewer heaps rare (0.106: 15 rare heaps of its first 10^6 instead of
//! half of them). For octal games such as Officers (`0.6`) or Grundy's game (`4!.0`) the rare heaps die out while
//! the common ones carry the sequence; pictures that tell the two apart are read as A. Flammenkamp's tables of
//! octal games are. This module only names the split for a caller that draws or counts it (`grundy plot
//! --rare`); it computes nothing the engine does not.

use super::sparse::{best_split, phase_of, Split};
use super::Code;
use crate::nimber::Nimber;

/// The split of a sequence: the one the sparse-space engine would choose for `values` (the heaps `n ≥ 1`
/// counted), with its test for one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareSplit {
    /// Rare values `v` have an even number of 1 bits in `v & mask` (at the heaps whose classes are not swapped).
    pub mask: u64,
    /// `Some(j0)` when the heap's parity takes part: the classes of the heaps `n` with `n + j0` odd are swapped.
    pub phase: Option<u64>,
}

impl RareSplit {
    /// The split with the fewest rare heaps `n ≥ 1` among those the engine tries (linear in the values): the
    /// heap's parity is tried when `code` (the code the values are of, if any) allows it ([`phase_of`]).
    pub fn of(values: &[Nimber], code: Option<&Code>) -> Self {
        let s = best_split(values, code.and_then(phase_of));
        RareSplit {
            mask: s.mask,
            phase: s.phase,
        }
    }

    /// As the engine's [`Split`].
    pub fn split(&self) -> Split {
        Split {
            mask: self.mask,
            phase: self.phase,
        }
    }

    /// Whether heap `n` with the value `v` is rare under this split.
    pub fn is_rare(&self, n: u64, v: Nimber) -> bool {
        self.split().is_rare(n, v)
    }

    /// In words: `mask 0b1101`, or `mask 0b1101 and the heap's parity`.
    pub fn describe(&self) -> String {
        self.split().describe()
    }

    /// Which heaps are rare, in words (for a legend).
    pub fn rule(&self) -> String {
        self.split().rule()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Officers (0.6) to heap 5000: the heaps the split calls rare are those the sparse engine's statistics count
    /// (`grundy seq 0.6 --to 5000 --stats`: 928 of them, the last at heap 4999), fewer than the common ones; its
    /// one two-heap digit allows the heap's parity, which does not help it.
    #[test]
    fn the_split_agrees_with_the_engine_statistics() {
        let game = crate::heap::TakeAndBreak::parse("0.6").unwrap();
        let values = crate::heap::sequence::values(&game, 5000, &mut |_| {}).unwrap();
        let split = RareSplit::of(&values, Some(&game.code));
        assert_eq!(split.phase, None);
        let stats = crate::heap::sparse::stats(&values, split.split());
        let rare: Vec<u64> = (1..values.len() as u64)
            .filter(|&n| split.is_rare(n, values[n as usize]))
            .collect();
        assert_eq!(rare.len() as u64, stats.rare_positions);
        assert_eq!(rare.last().copied(), stats.last_rare);
        assert_eq!(rare.len(), 928);
        assert!(rare.len() * 2 < values.len(), "rare heaps are the fewer");
        assert!(split.is_rare(1, 0) && split.is_rare(2, 0));
    }

    /// 0.106 to heap 5000: half its heaps are rare under every value mask, a handful once the heap's parity
    /// takes part (its one two-heap digit, 3, is odd); without the code the split is the value mask's.
    #[test]
    fn the_heap_parity_splits_0_106() {
        let game = crate::heap::TakeAndBreak::parse("0.106").unwrap();
        let values = crate::heap::sequence::values(&game, 5000, &mut |_| {}).unwrap();
        let split = RareSplit::of(&values, Some(&game.code));
        assert_eq!(split.phase, Some(1));
        assert!(split.describe().ends_with("and the heap's parity"));
        let rare = (1..values.len() as u64)
            .filter(|&n| split.is_rare(n, values[n as usize]))
            .count();
        assert!(rare < 50, "{rare} rare heaps");
        let by_value = RareSplit::of(&values, None);
        assert_eq!(by_value.phase, None);
        let rare = (1..values.len() as u64)
            .filter(|&n| by_value.is_rare(n, values[n as usize]))
            .count();
        assert!(
            rare * 3 > values.len(),
            "{rare} rare heaps by the value alone"
        );
    }
}
