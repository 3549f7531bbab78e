//! The transposition table of the board searches (Cram, Chomp): what is known of each canonical position, in a
//! fixed-size open-addressing table that **evicts** when full instead of failing.
//!
//! **What an entry holds.** A key of 132 bits (a position's canonical encoding, made by the game) and either its
//! exact nim-value or a set of values it is known *not* to have (bit `v` of a 64-bit mask: "`G(x) ≠ v`", for
//! `v < 64`). Every fact is true of the key forever, so an entry may be dropped at any moment: a search that
//! misses it recomputes it. That is why eviction keeps the results exact.
//!
//! **Layout and cost.** Entries are 32 bytes, in buckets of [`WAYS`] consecutive slots; a key's bucket is a hash
//! of it. A lookup reads one bucket (one or two cache lines). The table starts small and doubles while it is more
//! than half full, up to its capacity (bytes given by the caller, from `--max-memory` or
//! [`crate::Limits`]); at capacity a new key replaces the bucket's entry of least *work* (the caller's estimate of
//! what recomputing it costs: the cells of the board), so small, cheap positions are the ones forgotten.

use crate::nimber::Nimber;

/// Slots a bucket holds.
pub const WAYS: usize = 4;

/// Bytes one entry takes.
pub const ENTRY_BYTES: u64 = std::mem::size_of::<Slot>() as u64;

/// The smallest table (in slots) the searches use, whatever the memory limit: 1024 entries, 34 KiB. (A table
/// much smaller than the positions near the root of a search makes it recompute them again and again: still exact,
/// but exponentially slow.)
pub const MIN_SLOTS: usize = 1024;

/// A canonical position: 128 bits of cells (or row lengths) and a tag (the board's shape), never 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    /// Low 64 bits of the encoding.
    pub lo: u64,
    /// High 64 bits of the encoding.
    pub hi: u64,
    /// The shape, with bit 31 set (so that 0 marks an empty slot).
    pub tag: u32,
}

impl Key {
    /// The key of a 128-bit encoding `bits` of a position of shape `shape` (at most 31 bits).
    pub fn new(bits: u128, shape: u32) -> Key {
        Key {
            lo: bits as u64,
            hi: (bits >> 64) as u64,
            tag: shape | 1 << 31,
        }
    }
    fn hash(&self) -> u64 {
        let mut h = self.lo.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h.rotate_left(29) ^ self.hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= u64::from(self.tag).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 29)
    }
}

/// What the table knows of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Known {
    /// Its nim-value, when known.
    pub exact: Option<Nimber>,
    /// Bit `v` set: its nim-value is not `v`.
    pub not: u64,
}

impl Known {
    /// Whether the position is known to have nim-value `v` (`Some(true)`), known not to (`Some(false)`), or
    /// neither.
    pub fn is(&self, v: Nimber) -> Option<bool> {
        match self.exact {
            Some(e) => Some(e == v),
            None if v < 64 && self.not >> v & 1 == 1 => Some(false),
            None => None,
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    lo: u64,
    hi: u64,
    tag: u32,
    /// Exact value, or [`NONE`].
    exact: u32,
    not: u64,
}

/// A transposition table with a capacity; see the module docs.
#[derive(Debug)]
pub struct BoardTable {
    slots: Vec<Slot>,
    work: Vec<u16>,
    len: usize,
    max_slots: usize,
    evicted: u64,
}

impl BoardTable {
    /// A table that may hold at most `max_bytes` of entries (at least [`MIN_SLOTS`] entries).
    pub fn with_max_bytes(max_bytes: u64) -> BoardTable {
        let want = (max_bytes / (ENTRY_BYTES + 2)).max(MIN_SLOTS as u64);
        // The largest power of two not above `want` (and not above 2^40).
        let max_slots = 1usize << (63 - want.min(1 << 40).leading_zeros());
        let start = max_slots.min(1 << 12);
        BoardTable {
            slots: vec![Slot::default(); start],
            work: vec![0; start],
            len: 0,
            max_slots,
            evicted: 0,
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most entries the table may hold.
    pub fn capacity(&self) -> usize {
        self.max_slots
    }

    /// Entries dropped to make room so far.
    pub fn evicted(&self) -> u64 {
        self.evicted
    }

    fn bucket(&self, k: &Key) -> usize {
        (k.hash() as usize & (self.slots.len() / WAYS - 1)) * WAYS
    }

    /// What is known of `k` (nothing when it is not held).
    pub fn get(&self, k: &Key) -> Known {
        let b = self.bucket(k);
        for s in &self.slots[b..b + WAYS] {
            if s.tag == k.tag && s.lo == k.lo && s.hi == k.hi {
                return Known {
                    exact: (s.exact != NONE).then_some(Nimber::from(s.exact)),
                    not: s.not,
                };
            }
        }
        Known::default()
    }

    /// Records that `k` has nim-value `v`; `work` estimates what recomputing it would cost.
    pub fn set_exact(&mut self, k: &Key, v: Nimber, work: u16) {
        // Values past u32 cannot occur on a board of 128 cells (at most 256 options); they are simply not stored.
        if let Ok(v) = u32::try_from(v) {
            if v != NONE {
                self.update(k, work, |s| s.exact = v);
            }
        }
    }

    /// Records that the nim-value of `k` is not `v` (kept for `v < 64` only).
    pub fn set_not(&mut self, k: &Key, v: Nimber, work: u16) {
        if v < 64 {
            self.update(k, work, |s| s.not |= 1 << v);
        }
    }

    fn update(&mut self, k: &Key, work: u16, f: impl FnOnce(&mut Slot)) {
        if self.len * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        let b = self.bucket(k);
        let mut victim = b;
        for i in b..b + WAYS {
            let s = &mut self.slots[i];
            if s.tag == k.tag && s.lo == k.lo && s.hi == k.hi {
                f(s);
                self.work[i] = self.work[i].max(work);
                return;
            }
            if s.tag == 0 {
                victim = i;
                break;
            }
            if self.work[i] < self.work[victim] {
                victim = i;
            }
        }
        if self.slots[victim].tag == 0 {
            self.len += 1;
        } else {
            self.evicted += 1;
        }
        let mut s = Slot {
            lo: k.lo,
            hi: k.hi,
            tag: k.tag,
            exact: NONE,
            not: 0,
        };
        f(&mut s);
        self.slots[victim] = s;
        self.work[victim] = work;
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let old_work = std::mem::take(&mut self.work);
        let n = (old.len() * 2).min(self.max_slots);
        self.slots = vec![Slot::default(); n];
        self.work = vec![0; n];
        self.len = 0;
        for (s, w) in old.into_iter().zip(old_work) {
            if s.tag != 0 {
                let k = Key {
                    lo: s.lo,
                    hi: s.hi,
                    tag: s.tag,
                };
                self.update(&k, w, |t| {
                    t.exact = s.exact;
                    t.not = s.not;
                });
            }
        }
    }

    /// Every key with an exact value, and the value.
    pub fn exact_entries(&self) -> impl Iterator<Item = (Key, Nimber)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.tag != 0 && s.exact != NONE)
            .map(|s| {
                (
                    Key {
                        lo: s.lo,
                        hi: s.hi,
                        tag: s.tag,
                    },
                    Nimber::from(s.exact),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_are_kept_and_combined() {
        let mut t = BoardTable::with_max_bytes(1 << 20);
        let k = Key::new(0b1011, 7);
        assert_eq!(t.get(&k), Known::default());
        t.set_not(&k, 0, 3);
        t.set_not(&k, 2, 3);
        assert_eq!(t.get(&k).is(0), Some(false));
        assert_eq!(t.get(&k).is(1), None);
        t.set_exact(&k, 1, 3);
        assert_eq!(t.get(&k).is(1), Some(true));
        assert_eq!(t.get(&k).is(5), Some(false));
        assert_eq!(t.len(), 1);
        // Another shape with the same bits is another key.
        assert_eq!(t.get(&Key::new(0b1011, 8)), Known::default());
    }

    #[test]
    fn a_full_table_evicts_the_cheapest_and_never_grows_past_its_capacity() {
        let mut t = BoardTable::with_max_bytes(0);
        assert_eq!(t.capacity(), MIN_SLOTS);
        for i in 0..100_000u64 {
            t.set_exact(&Key::new(u128::from(i), 1), i % 5, (i % 100) as u16);
        }
        assert!(t.len() <= MIN_SLOTS);
        assert!(t.evicted() >= 100_000 - MIN_SLOTS as u64);
        // Whatever is still held is held with its true value.
        let mut held = 0;
        for (k, v) in t.exact_entries() {
            assert_eq!(u64::from(k.lo as u32) % 5, v);
            held += 1;
        }
        assert_eq!(held, t.len());
    }

    #[test]
    fn growing_keeps_almost_every_entry() {
        let mut t = BoardTable::with_max_bytes(1 << 24);
        for i in 0..20_000u64 {
            t.set_exact(&Key::new(u128::from(i) << 70 | 5, 2), i % 7, 1);
        }
        // A full bucket may drop an entry before the table doubles (at half load, a few per cent of them): what is
        // held is right, and almost all is held.
        let mut held = 0;
        for i in 0..20_000u64 {
            if let Some(v) = t.get(&Key::new(u128::from(i) << 70 | 5, 2)).exact {
                assert_eq!(v, i % 7);
                held += 1;
            }
        }
        assert!(held > 18_000, "{held}");
        assert_eq!(held, t.len());
    }
}
