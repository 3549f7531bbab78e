//! Nimbers: nim-sum, mex, and (in [`field`]) the field operations of nimbers below 2^64.
//!
//! A nim-value is a non-negative integer; the nim-value of a sum of games is the nim-sum (bitwise XOR) of the
//! nim-values of its parts (the Sprague–Grundy theorem: Sprague 1935, Grundy 1939; Winning Ways, ch. 4).

pub mod field;

/// A nim-value (a nimber `*n` is written `n`).
pub type Nimber = u64;

/// The nim-sum (XOR) of some nim-values.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// A set of small nim-values kept as a bit set, for mex computations in hot loops: inserting is a shift and an
/// OR, the mex is a scan for the first zero bit, and clearing touches only the words that were used.
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    words: Vec<u64>,
    used: usize,
}

impl MexSet {
    /// The empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `v` to the set. Values are stored densely, so the set grows to `v / 64 + 1` words.
    #[inline]
    pub fn insert(&mut self, v: Nimber) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if w >= self.used {
            self.used = w + 1;
        }
        self.words[w] |= 1u64 << (v & 63);
    }

    /// Whether `v` was inserted since the set was made or last cleared.
    #[inline]
    pub fn contains(&self, v: Nimber) -> bool {
        let w = (v >> 6) as usize;
        w < self.used && self.words[w] >> (v & 63) & 1 == 1
    }

    /// The minimal excluded value: the least non-negative integer not in the set.
    #[inline]
    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words[..self.used].iter().enumerate() {
            if w != u64::MAX {
                return (i as u64) * 64 + (!w).trailing_zeros() as u64;
            }
        }
        (self.used as u64) * 64
    }

    /// Empties the set, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        for w in &mut self.words[..self.used] {
            *w = 0;
        }
        self.used = 0;
    }
}

/// The mex of a collection of nim-values. Values that are too large to matter are skipped cheaply: the mex of `k`
/// values is at most `k`.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let values: Vec<Nimber> = values.into_iter().collect();
    let n = values.len() as u64;
    let mut set = MexSet::new();
    for v in values {
        if v <= n {
            set.insert(v);
        }
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn mex_examples() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([0, 1, 2, 3]), 4);
        assert_eq!(mex([5, 0, u64::MAX]), 1);
        assert_eq!(nim_sum([1, 2, 3]), 0);
        assert_eq!(nim_sum([2, 5, 8]), 15);
    }

    proptest! {
        #[test]
        fn mexset_agrees_with_definition(vals in proptest::collection::vec(0u64..300, 0..200)) {
            let mut s = MexSet::new();
            for &v in &vals { s.insert(v); }
            let expected = (0..).find(|x| !vals.contains(x)).unwrap();
            prop_assert_eq!(s.mex(), expected);
            prop_assert_eq!(mex(vals.iter().copied()), expected);
            for v in 0..310 { prop_assert_eq!(s.contains(v), vals.contains(&v)); }
            s.clear();
            prop_assert_eq!(s.mex(), 0);
        }
    }
}
