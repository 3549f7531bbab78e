//! The rare/common split of a nim-value sequence, as a question about one value: is it rare?
//!
//! The sparse-space engine ([`super::sparse`]) splits values by a bit mask `m`: a value `v` is *rare* when
//! `v & m` has an even number of 1 bits, *common* otherwise, and it picks the mask that makes the fewest heaps
//! rare ([`super::sparse::best_mask`]). For octal games such as Officers (`0.6`) or Grundy's game (`4!.0`) the
//! rare heaps die out while the common ones carry the sequence; pictures that tell the two apart are read as
//! A. Flammenkamp's tables of octal games are. This module only names the split for a caller that draws or counts
//! it (`grundy plot --rare`); it computes nothing the engine does not.

use crate::nimber::Nimber;

/// The split of a sequence: the mask the sparse-space engine would choose for `values` (the heaps `n ≥ 1`
/// counted), with its test for one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareSplit {
    /// Rare values `v` have an even number of 1 bits in `v & mask`.
    pub mask: u64,
}

impl RareSplit {
    /// The split with the fewest rare heaps `n ≥ 1` among the masks the engine tries (linear in the values).
    pub fn of(values: &[Nimber]) -> Self {
        RareSplit {
            mask: super::sparse::best_mask(values),
        }
    }

    /// Whether `v` is rare under this split.
    pub fn is_rare(&self, v: Nimber) -> bool {
        (v & self.mask).count_ones().is_multiple_of(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Officers (0.6) to heap 5000: the heaps the split calls rare are those the sparse engine's statistics count
    /// (`grundy seq 0.6 --to 5000 --stats`: 928 of them, the last at heap 4999), fewer than the common ones.
    #[test]
    fn the_split_agrees_with_the_engine_statistics() {
        let game = crate::heap::TakeAndBreak::parse("0.6").unwrap();
        let values = crate::heap::sequence::values(&game, 5000, &mut |_| {}).unwrap();
        let split = RareSplit::of(&values);
        let stats = crate::heap::sparse::stats(&values, split.mask);
        let rare: Vec<u64> = (1..values.len())
            .filter(|&n| split.is_rare(values[n]))
            .map(|n| n as u64)
            .collect();
        assert_eq!(rare.len() as u64, stats.rare_positions);
        assert_eq!(rare.last().copied(), stats.last_rare);
        assert_eq!(rare.len(), 928);
        assert!(rare.len() * 2 < values.len(), "rare heaps are the fewer");
        assert!(split.is_rare(0));
    }
}
