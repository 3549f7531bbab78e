//! The dense Chomp search: every sub-diagram of a position valued once, bottom-up, into an array indexed by a
//! perfect ranking of the sub-diagrams.
//!
//! **The ranking.** Fix the position `x` (rows `x₀ ≥ … ≥ x_{n−1} ≥ 1`). Its sub-diagrams are the sequences
//! `y₀ ≥ … ≥ y_{n−1} ≥ 0` with `yᵢ ≤ xᵢ` (trailing zeros are absent rows; the all-zero one, the empty diagram, is
//! counted but never valued). Let `S_i(b)` be the number of such tails `y_i, …, y_{n−1}` with `y_i ≤ b`; then the
//! rank of `y` among all of them in lexicographic order is
//!
//! `rank(y) = Σᵢ P[i][yᵢ]`, with `P[i][l] = Σ_{u<l} S_{i+1}(u)`:
//!
//! the sequences below `y` that first differ from it in row `i` have a smaller value `u < yᵢ` there and any tail
//! below `u` after it, and `u ≤ y_{i−1}` holds for each. So ranks are `0 … count − 1`, with no gap, and the array
//! of values has exactly one entry per sub-diagram.
//!
//! **Order.** A bite only shortens rows, so every option of `y` is below it row by row, hence lexicographically
//! smaller: valuing the ranks in increasing order (an odometer over the rows) finds every option already valued.
//! No recursion, no hashing, no table misses.
//!
//! **Options in place.** Eating `(r, c)` cuts the rows `r, …, h − 1` to `c`, where `h` is the height of column `c`
//! (the rows longer than `c`), and keeps the others. Since the ranking is a sum over rows, the option's rank is
//! `rank(y) − Σ_{i=r}^{h−1} (P[i][yᵢ] − P[i][c])`: for one column, walking `r` up from `h − 1` adds one term per
//! option. An option costs one table read, one subtraction and one read of its value.
//!
//! **Mirror.** A diagram and its transpose (rows read as columns) are the same game, so have the same nim-value.
//! When the transpose of `y` is also a sub-diagram of `x` (always, if `x` is its own transpose: a square), the
//! value found for `y` is written at both ranks, and the second is skipped when the odometer reaches it: a square's
//! search values about half of its sub-diagrams.
//!
//! **What it computes and why it is exact.** `G(y) = mex { G(o) : o an option of y }` for every sub-diagram `y`
//! of `x`, the definition itself, with every option read (a Chomp position never splits into a sum, and the mex
//! needs every option's value: there is no sound cut short of reading them all); the mirror only copies a value
//! to a position with the same game tree. The tests compare it with the plain memoised search on every position
//! up to 4 × 5 and on random ones up to 6 × 7.
//!
//! **Cost.** `count` sub-diagrams (at most `C(R + C, R)` for `R` rows of `C`), two bytes each; the time is one
//! step per option of each valued sub-diagram, `Σ_y (|y| − 1)` (about `count · R · C / 2` for a rectangle, half
//! that for a square), plus `O(R + C)` per sub-diagram for the odometer and the mirror.

use crate::nimber::Nimber;
use crate::solver::Deadline;

/// An entry of the array of values: one byte when every value fits below 255 (at most 255 squares: a value is at
/// most the number of options), else two; the largest number marks an entry not yet valued.
trait Slot: Copy + Eq {
    const UNKNOWN: Self;
    fn get(self) -> u16;
    fn put(v: u16) -> Self;
}
impl Slot for u8 {
    const UNKNOWN: u8 = u8::MAX;
    #[inline(always)]
    fn get(self) -> u16 {
        u16::from(self)
    }
    #[inline(always)]
    fn put(v: u16) -> u8 {
        v as u8
    }
}
impl Slot for u16 {
    const UNKNOWN: u16 = u16::MAX;
    #[inline(always)]
    fn get(self) -> u16 {
        self
    }
    #[inline(always)]
    fn put(v: u16) -> u16 {
        v
    }
}

/// The values, one or two bytes each.
#[derive(Debug, Clone)]
enum Vals {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

/// The values of every sub-diagram of one position; see the module docs.
#[derive(Debug, Clone)]
pub struct Dense {
    /// The position's rows.
    x: Vec<u32>,
    /// `P[i][l]` at `l · n + i` (`n` rows; 0 past `x_i`): the column a bite reads is one run.
    p: Vec<u32>,
    /// The value of each rank (`UNKNOWN` for rank 0, the empty diagram).
    vals: Vals,
}

/// The most entries of the ranking table `P` (`rows × (first row + 1)`): 64 MiB. Only diagrams both very long and
/// very tall with few sub-diagrams come near it (an L with a thickened corner), and their sub-diagrams times their
/// squares are far past any search time.
const MAX_TABLE: u64 = 1 << 24;

/// The ranking table of `x` and the number of its sub-diagrams with the empty one, or `None` when there are more
/// than `cap` (at most `u32::MAX`) or the table would be larger than [`MAX_TABLE`].
fn ranking(x: &[u32], cap: u64) -> Option<(Vec<u32>, u64)> {
    let cap = cap.min(u64::from(u32::MAX));
    let n = x.len();
    let size = (n as u64).checked_mul(u64::from(x[0]) + 1)?;
    if size > MAX_TABLE {
        return None;
    }
    let mut p = vec![0u32; size as usize];
    // s[u] = S_{i+1}(u) for u in 0..=x_i, starting below the last row (S_n = 1).
    let mut s: Vec<u64> = vec![1; x[n - 1] as usize + 1];
    for i in (0..n).rev() {
        let xi = x[i] as usize;
        let mut sum = 0u64;
        for l in 0..=xi {
            p[l * n + i] = sum as u32;
            sum = sum.checked_add(s[l.min(s.len() - 1)])?;
            if sum > cap {
                return None;
            }
        }
        // S_i(u) for u in 0..=x_{i-1}: the prefix sums, constant past x_i.
        let above = if i == 0 { xi } else { x[i - 1] as usize };
        let mut next = Vec::with_capacity(above + 1);
        let mut acc = 0u64;
        for u in 0..=above {
            if u <= xi {
                acc += s[u.min(s.len() - 1)];
            }
            next.push(acc);
        }
        s = next;
    }
    let count = s[x[0] as usize];
    (count <= cap).then_some((p, count))
}

/// The number of sub-diagrams of `x` (with the empty one), when at most `cap`.
pub fn count(x: &[u32], cap: u64) -> Option<u64> {
    ranking(x, cap).map(|(_, c)| c)
}

/// Bytes a [`Dense`] search of a position with `count` sub-diagrams, `cells` squares and `rows` rows takes.
pub fn bytes(count: u64, cells: u64, rows: u64) -> u64 {
    count * if cells < 255 { 1 } else { 2 } + (cells + rows) * 4 + cells / 8
}

impl Dense {
    /// Values every sub-diagram of `x` (a valid position with at most `cap` sub-diagrams and at most 65 534
    /// squares); `None` when it has more sub-diagrams, `Some(Err(()))` when `deadline` passed first.
    pub fn solve(
        x: &[u32],
        cap: u64,
        deadline: Option<Deadline>,
    ) -> Option<std::result::Result<Dense, ()>> {
        let (p, count) = ranking(x, cap)?;
        let cells: u64 = x.iter().map(|&l| u64::from(l)).sum();
        if cells >= u64::from(u16::MAX) {
            return None;
        }
        let vals = if cells < 255 {
            let mut v = vec![u8::UNKNOWN; count as usize];
            if fill(x, &p, &mut v, deadline).is_err() {
                return Some(Err(()));
            }
            Vals::Narrow(v)
        } else {
            let mut v = vec![u16::UNKNOWN; count as usize];
            if fill(x, &p, &mut v, deadline).is_err() {
                return Some(Err(()));
            }
            Vals::Wide(v)
        };
        Some(Ok(Dense {
            x: x.to_vec(),
            p,
            vals,
        }))
    }

    /// The position whose sub-diagrams are valued.
    pub fn position(&self) -> &[u32] {
        &self.x
    }

    /// Sub-diagrams valued (with the empty one).
    pub fn len(&self) -> usize {
        match &self.vals {
            Vals::Narrow(v) => v.len(),
            Vals::Wide(v) => v.len(),
        }
    }

    /// Whether nothing is valued (never: the position itself is).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn pr(&self, i: usize, l: u32) -> u32 {
        self.p[l as usize * self.x.len() + i]
    }

    /// The rank of `y` when it is a sub-diagram of the position.
    fn rank(&self, y: &[u32]) -> Option<u32> {
        if y.is_empty() || y.len() > self.x.len() || y.iter().zip(&self.x).any(|(a, b)| a > b) {
            return None;
        }
        Some(y.iter().enumerate().map(|(i, &l)| self.pr(i, l)).sum())
    }

    /// The nim-value of `y` (a valid position) when it or its transpose is a sub-diagram of the position.
    pub fn value(&self, y: &[u32]) -> Option<Nimber> {
        let r = self.rank(y).or_else(|| {
            if y[0] as usize > self.x.len() {
                return None;
            }
            let t: Vec<u32> = (0..y[0])
                .map(|c| y.iter().take_while(|&&l| l > c).count() as u32)
                .collect();
            self.rank(&t)
        })?;
        let v = match &self.vals {
            Vals::Narrow(v) => (v[r as usize] != u8::UNKNOWN).then(|| v[r as usize].get()),
            Vals::Wide(v) => (v[r as usize] != u16::UNKNOWN).then_some(v[r as usize]),
        };
        v.map(Nimber::from)
    }
}

/// Values every sub-diagram of `x` in increasing rank, into `vals` (all `UNKNOWN`); see the module docs.
fn fill<V: Slot>(
    x: &[u32],
    p: &[u32],
    vals: &mut [V],
    deadline: Option<Deadline>,
) -> std::result::Result<(), ()> {
    let n = x.len();
    let cells: usize = x.iter().map(|&l| l as usize).sum();
    let mut seen = vec![0u64; cells / 64 + 1];
    let mut y = vec![0u32; n];
    // a[i] = P[i][y_i] for the rows present.
    let mut a = vec![0u32; n];
    let mut heights = vec![0u32; x[0] as usize];
    // k: rows present in y.
    let mut k = 0usize;
    for idx in 1..vals.len() {
        // The odometer: the next sequence in lexicographic order. The last row that may grow is at most k.
        // (Written as plain loops: `y[i + 1..k].fill(0)` here gave wrong counts in release builds with rustc 1.95.)
        let mut i = k.min(n - 1);
        loop {
            let bound = if i == 0 { x[0] } else { x[i].min(y[i - 1]) };
            if y[i] < bound {
                break;
            }
            i -= 1;
        }
        y[i] += 1;
        a[i] = p[y[i] as usize * n + i];
        #[allow(clippy::needless_range_loop)]
        for j in i + 1..k {
            y[j] = 0;
        }
        k = i + 1;
        if vals[idx] != V::UNKNOWN {
            continue;
        }
        if idx & 0xfff == 0 && deadline.is_some_and(|d| d.passed()) {
            return Err(());
        }
        let options = y[..k].iter().map(|&l| l as usize).sum::<usize>() - 1;
        let words = options / 64 + 1;
        let idx32 = idx as u32;
        let mut r = k;
        // Values below 64 (nearly all of them) are marked in a register: marking them in memory would make
        // each option wait for the store of the one before.
        let mut low = 0u64;
        for c in 0..y[0] {
            while y[r - 1] <= c {
                r -= 1;
            }
            heights[c as usize] = r as u32;
            let lo = usize::from(c == 0);
            let mut acc = 0u32;
            let col = &p[c as usize * n..c as usize * n + r];
            for (&ai, &pi) in a[lo..r].iter().zip(&col[lo..]).rev() {
                acc += ai - pi;
                let v = vals[(idx32 - acc) as usize].get();
                if v < 64 {
                    low |= 1 << v;
                } else {
                    seen[usize::from(v >> 6)] |= 1 << (v & 63);
                }
            }
        }
        let mut v = low.trailing_ones() as u16;
        if v == 64 {
            for w in seen[1..words].iter() {
                if *w != u64::MAX {
                    v += w.trailing_ones() as u16;
                    break;
                }
                v += 64;
            }
            seen[1..words].fill(0);
        } else if words > 1 {
            seen[1..words].fill(0);
        }
        vals[idx] = V::put(v);
        // The mirror: the transpose has y_0 rows, the column heights.
        let cols = y[0] as usize;
        if cols <= n && heights[..cols].iter().zip(x).all(|(&h, &xj)| h <= xj) {
            let t: u32 = heights[..cols]
                .iter()
                .enumerate()
                .map(|(j, &h)| p[h as usize * n + j])
                .sum();
            vals[t as usize] = V::put(v);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_the_lexicographic_order_without_gaps() {
        for x in [
            vec![3u32, 3],
            vec![4, 2, 2, 1],
            vec![1],
            vec![5],
            vec![2, 2, 2, 2],
            vec![6, 3, 1],
        ] {
            let d = Dense::solve(&x, u64::MAX, None).unwrap().unwrap();
            // Every sequence, in lexicographic order, padded with zeros.
            let mut all: Vec<Vec<u32>> = vec![];
            fn go(x: &[u32], cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
                if cur.len() == x.len() {
                    out.push(cur.clone());
                    return;
                }
                let i = cur.len();
                let b = if i == 0 { x[0] } else { x[i].min(cur[i - 1]) };
                for l in 0..=b {
                    cur.push(l);
                    go(x, cur, out);
                    cur.pop();
                }
            }
            go(&x, &mut vec![], &mut all);
            assert_eq!(all.len(), d.len(), "{x:?}");
            assert_eq!(count(&x, u64::MAX), Some(all.len() as u64));
            for (r, y) in all.iter().enumerate().skip(1) {
                let y: Vec<u32> = y.iter().copied().filter(|&l| l > 0).collect();
                assert_eq!(d.rank(&y), Some(r as u32), "{x:?} {y:?}");
            }
        }
    }

    #[test]
    fn the_count_of_a_rectangle_is_a_binomial_and_the_cap_is_kept() {
        // Sub-diagrams of R x C with the empty one: C(R + C, R).
        assert_eq!(count(&[7; 6], u64::MAX), Some(1716));
        assert_eq!(count(&[16; 16], u64::MAX), Some(601_080_390));
        assert_eq!(count(&[7; 6], 1715), None);
        assert_eq!(count(&[255; 255], u64::MAX), None);
    }

    #[test]
    fn a_passed_deadline_stops_the_search() {
        let gone = Deadline::after_seconds(1e-9);
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_eq!(
            Dense::solve(&[12; 12], u64::MAX, Some(gone)).unwrap().err(),
            Some(())
        );
    }
}
