//! The sparse-space (rare/common) engine: nim-value sequences of take-and-break codes that leave at most two
//! heaps, with about as many XORs per heap as there are rare positions instead of `n/2`.
//!
//! **What it computes.** The same `G(0), G(1), …, G(N)` as the plain engine ([`super::plain`]) for a code with
//! finitely many digits whose moves leave 0, 1 or 2 heaps (any constraint on the two heaps: none, `!`, `?`, `=`;
//! `d0 = 4` as in Grundy's game `4!.0` included).
//!
//! **The split.** Pick a bit mask `M` and call a value `v` *rare* when `popcount(v & M)` is even and *common* when
//! it is odd. Parity of `popcount(· & M)` is linear over XOR, so
//! `rare ⊕ rare = rare`, `rare ⊕ common = common` and **`common ⊕ common = rare`**: a common value is never the
//! nim-sum of two common values. This is the observation behind the sparse-space computations of octal games
//! (Winning Ways, ch. 4, "rare and common values" for Grundy's game; R. Gangolli and T. Plambeck, *A note on
//! periodicity in some octal games*, Int. J. Game Theory 18 (1989); A. Flammenkamp's octal game records, which
//! use the same rare/common split with a mask chosen from the values).
//!
//! **Why the result is exact whatever the mask.** For a heap `n` the engine marks every option value except those
//! of splits `a + b` in which both `a` and `b` are common positions; it keeps the list `R` of all positions
//! `a ≥ 1` with a rare value (under the current mask), so "every split involving a rare position" is enumerated
//! completely from `R`. The unmarked options are common ⊕ common, hence rare. Let `c` be the smallest common
//! value not marked: no option at all has value `c` (marked ones were all seen; unmarked ones are rare), and every
//! common value below `c` is reached. So `G(n) = mex ≤ c`, and `G(n) = c` exactly when every *rare* value below
//! `c` is reached. Rare values below `c` that are already marked are reached; if some are not, the engine scans
//! all split options (common ⊕ common included), marking as it goes, and stops as soon as every rare value below
//! `c` is reached (then `G(n) = c`) or the options are exhausted (then `G(n)` is the smallest unmarked value, a
//! rare value below `c`). Nothing in this argument depends on which mask was chosen: a poor mask only makes `R`
//! long (mask 0 makes every value rare, and the engine becomes the plain one).
//!
//! **Choosing the split.** At heaps 256, 512, 1024, … and whenever the largest value needs a new bit, the engine
//! counts how often each value occurred, picks the mask (over the low 12 bits of the values) that makes the
//! fewest positions rare, and rebuilds `R` — `O(N)` work in all, amortised by the doubling.
//!
//! **Cost.** Per heap: one XOR per (rare position, two-heap digit), plus a full scan of `n/2` XORs per two-heap
//! digit at the heaps whose value is rare (and a short scan while a rare value below the candidate is not yet
//! reached). Values are stored as `u32`; a value that would not fit is an error, never a wrapped number.
//!
//! **One core.** Heap `n` needs the value of every smaller heap, so heaps cannot be computed side by side, and
//! the work per heap (a few thousand XORs at a million heaps of Officers) is too small to split across threads
//! with a hand-off per heap. The engine therefore runs on one core; a second core pays only for independent runs
//! (two games at once). The route to using it within one run would be a pipeline: the rare splits of heap `n + 1`
//! for digits `j ≥ 1` need only heaps below `n`, so they could be marked while heap `n` is finished (not done).
//!
//! **Measured** (`benches/octal.sh`, one core): Officers 0.6 to 10^6 and Treblecross 0.007 to 2^17 in about
//! 0.8× and 0.75× the time of `ogsolve -m rc2`, Kayles 0.77 far faster (it has almost no rare positions under
//! the chosen mask), and about a tenth of the plain engine's time on Officers and Grundy's game at 10^5 heaps.

use super::code::{Code, Constraint};
use crate::error::{Error, Result};
use crate::nimber::Nimber;

/// Heaps at which the split is chosen again (doubling from here).
const FIRST_REBUILD: u64 = 256;
/// The mask is searched over this many low bits of the values.
const MASK_BITS: u32 = 12;

/// True when the sparse engine computes this code: finitely many digits, no move leaving three or more heaps,
/// and no move that can repeat a position.
pub fn covers(code: &Code) -> bool {
    code.max_removed().is_some() && code.max_heaps() <= 2 && !code.is_loopy()
}

/// What a sequence computation found, for `--stats`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// The bit mask of the rare/common split (rare: even popcount of `v & mask`).
    pub mask: u64,
    /// The distinct rare values that occur, ascending.
    pub rare_values: Vec<Nimber>,
    /// How many positions `n ≥ 1` have a rare value.
    pub rare_positions: u64,
    /// The last position with a rare value.
    pub last_rare: Option<u64>,
    /// The largest value and the first heap where it occurs.
    pub largest: Nimber,
    pub largest_at: u64,
    /// How many heaps (0 included) are P-positions (value 0).
    pub p_positions: u64,
}

#[inline]
fn is_rare(v: Nimber, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The statistics of a sequence under a mask (use [`best_mask`] for the engine's choice).
pub fn stats(values: &[Nimber], mask: u64) -> Stats {
    let mut rare_values: Vec<Nimber> = Vec::new();
    let mut rare_positions = 0;
    let mut last_rare = None;
    let (mut largest, mut largest_at, mut p_positions) = (0, 0, 0);
    for (n, &v) in values.iter().enumerate() {
        if v == 0 {
            p_positions += 1;
        }
        if v > largest {
            largest = v;
            largest_at = n as u64;
        }
        if n >= 1 && is_rare(v, mask) {
            rare_positions += 1;
            last_rare = Some(n as u64);
            if !rare_values.contains(&v) {
                rare_values.push(v);
            }
        }
    }
    rare_values.sort_unstable();
    Stats {
        mask,
        rare_values,
        rare_positions,
        last_rare,
        largest,
        largest_at,
        p_positions,
    }
}

/// The mask (over the low 12 bits) that makes the fewest positions `n ≥ 1` of `values` rare.
pub fn best_mask(values: &[Nimber]) -> u64 {
    let mut hist: Vec<u64> = Vec::new();
    for &v in values.iter().skip(1) {
        let v = v as usize;
        if v >= hist.len() {
            hist.resize(v + 1, 0);
        }
        hist[v] += 1;
    }
    choose_mask(&hist)
}

fn choose_mask(hist: &[u64]) -> u64 {
    let bits = (usize::BITS - hist.len().saturating_sub(1).leading_zeros()).min(MASK_BITS);
    let mut best = (u64::MAX, 0u64);
    for mask in 1..(1u64 << bits) {
        let rare: u64 = hist
            .iter()
            .enumerate()
            .filter(|&(v, _)| is_rare(v as u64, mask))
            .map(|(_, &c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    best.1
}

/// One digit of the code, as the engine uses it.
#[derive(Clone, Copy)]
struct Move {
    j: u64,
    zero: bool,
    one: bool,
    two: Option<Constraint>,
}

/// A stored value: `u16` while every value fits in 15 bits (half the memory traffic in the inner loops), `u32`
/// after. The engine widens from one to the other when a value needs it; it never wraps.
trait Val: Copy + Default + std::ops::BitXor<Output = Self> + Send + Sync {
    /// Values of this type are below this bound (so is the nim-sum of two of them).
    const LIMIT: u32;
    fn new(v: u32) -> Self;
    fn get(self) -> usize;
}

impl Val for u16 {
    const LIMIT: u32 = 1 << 15;
    #[inline]
    fn new(v: u32) -> Self {
        v as u16
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
}

impl Val for u32 {
    const LIMIT: u32 = 1 << 31;
    #[inline]
    fn new(v: u32) -> Self {
        v
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
}

/// The engine's state: values so far, the split, the rare positions, the marks of the current heap.
struct Engine<T: Val> {
    moves: Vec<Move>,
    /// `(m offset j, unequal)` of the digits with a two-heap option other than `=`.
    g: Vec<T>,
    hist: Vec<u64>,
    mask: u64,
    /// The rare positions `a ≥ 1`, ascending, and their values (side by side, so the marking loop reads one
    /// scattered value per option instead of two).
    rare: Vec<u32>,
    rare_g: Vec<T>,
    /// `marks[v] == stamp` when value `v` is an option of the current heap (stamps: no clearing per heap).
    marks: Vec<u32>,
    /// `wanted[v] == stamp` when the rare value `v` below the candidate is still to be reached.
    wanted: Vec<u32>,
    /// The common values `0..cap`, ascending, then `cap` itself as a sentinel.
    commons: Vec<u32>,
    /// The rare values `0..cap`, ascending.
    rares: Vec<u32>,
    /// Every value so far is below this power of two, and so is every nim-sum of two of them.
    cap: usize,
    /// Split options `(m, largest smaller part)` of the current heap's full scan (reused buffer).
    splits: Vec<(usize, usize)>,
}

impl<T: Val> Engine<T> {
    fn new(moves: Vec<Move>, g: Vec<T>, hist: Vec<u64>) -> Self {
        let mut e = Engine {
            moves,
            g,
            hist,
            mask: 0,
            rare: Vec::new(),
            rare_g: Vec::new(),
            marks: Vec::new(),
            wanted: Vec::new(),
            commons: Vec::new(),
            rares: Vec::new(),
            cap: 0,
            splits: Vec::new(),
        };
        e.rebuild();
        e
    }

    fn rebuild(&mut self) {
        self.mask = choose_mask(&self.hist);
        self.cap = self.hist.len().next_power_of_two();
        // Every nim-sum of two values is below cap, and the mex is at most cap.
        self.marks = vec![0; self.cap + 1];
        self.wanted = vec![0; self.cap + 1];
        let mask = self.mask;
        self.commons = (0..self.cap as u32)
            .filter(|&v| !is_rare(v as u64, mask))
            .chain([self.cap as u32])
            .collect();
        self.rares = (0..self.cap as u32)
            .filter(|&v| is_rare(v as u64, mask))
            .collect();
        self.rare = (1..self.g.len())
            .filter(|&a| is_rare(self.g[a].get() as u64, mask))
            .map(|a| a as u32)
            .collect();
        self.rare_g = self.rare.iter().map(|&a| self.g[a as usize]).collect();
    }

    /// Appends the value `v` of heap `g.len()`; false when it does not fit `T` (the caller widens).
    fn push(&mut self, v: u32) -> bool {
        if v >= T::LIMIT {
            return false;
        }
        let n = self.g.len();
        self.g.push(T::new(v));
        bump(&mut self.hist, v);
        if v as usize >= self.cap {
            self.rebuild();
        } else if is_rare(v as u64, self.mask) {
            self.rare.push(n as u32);
            self.rare_g.push(T::new(v));
        }
        true
    }

    /// The value of heap `n = g.len()` (at least 1).
    fn next(&mut self) -> u32 {
        let n = self.g.len() as u64;
        let stamp = n as u32;
        let g = &self.g[..];
        let marks = &mut self.marks[..];
        self.splits.clear();
        for mv in &self.moves {
            if mv.j > n {
                break;
            }
            let m = n - mv.j;
            if m == 0 {
                if mv.zero {
                    marks[0] = stamp;
                }
                continue;
            }
            if mv.j > 0 && mv.one {
                marks[g[m as usize].get()] = stamp;
            }
            if m < 2 {
                continue;
            }
            let unequal = match mv.two {
                None => continue,
                Some(Constraint::AllEqual) => {
                    if m % 2 == 0 {
                        marks[0] = stamp;
                    }
                    continue;
                }
                Some(c) => c != Constraint::Any,
            };
            let half = if unequal { (m - 1) / 2 } else { m / 2 };
            self.splits.push((m as usize, half as usize));
            // Every split with a rare part: the rare positions r < m (r and m - r both run over all splits).
            let m32 = m as u32;
            let hi = self.rare.partition_point(|&r| r < m32);
            let (rare, rare_g) = (&self.rare[..hi], &self.rare_g[..hi]);
            let skip = if unequal && m32 % 2 == 0 {
                rare.binary_search(&(m32 / 2)).ok()
            } else {
                None
            };
            let m = m as usize;
            let mut mark_range = |lo: usize, hi: usize| {
                for (&r, &v) in rare[lo..hi].iter().zip(&rare_g[lo..hi]) {
                    marks[(v ^ g[m - r as usize]).get()] = stamp;
                }
            };
            match skip {
                Some(k) => {
                    mark_range(0, k);
                    mark_range(k + 1, hi);
                }
                None => mark_range(0, hi),
            }
        }
        // The smallest unmarked common value (cap, the sentinel, when every common value below cap is marked).
        let c = *self
            .commons
            .iter()
            .find(|&&v| v as usize == self.cap || marks[v as usize] != stamp)
            .expect("the sentinel ends the list");
        // The rare values below c not yet reached.
        let mut left = 0usize;
        for &w in self.rares.iter().take_while(|&&w| w < c) {
            if marks[w as usize] != stamp {
                self.wanted[w as usize] = stamp;
                left += 1;
            }
        }
        if left == 0 {
            return c;
        }
        // Scan every split (common ⊕ common included), the digits side by side in blocks so that a value some
        // digit reaches early is found early, and stop once every wanted value is reached.
        let wanted = &mut self.wanted[..];
        let longest = self.splits.iter().map(|s| s.1).max().unwrap_or(0);
        const BLOCK: usize = 256;
        let mut a0 = 1;
        while a0 <= longest {
            for &(m, half) in &self.splits {
                let end = (a0 + BLOCK).min(half + 1);
                if a0 >= end {
                    continue;
                }
                for (x, y) in g[a0..end].iter().zip(g[m + 1 - end..=m - a0].iter().rev()) {
                    let v = (*x ^ *y).get();
                    if wanted[v] == stamp {
                        wanted[v] = 0;
                        left -= 1;
                        if left == 0 {
                            return c;
                        }
                    }
                }
            }
            a0 += BLOCK;
        }
        // Every option is seen: the mex is the smallest wanted value not reached.
        *self
            .rares
            .iter()
            .find(|&&w| w < c && wanted[w as usize] == stamp)
            .expect("a rare value below c is unreached")
    }
}

/// Extends `values` (the nim-values of heaps `0..values.len()`, possibly empty) to heaps `0..=to`, and returns
/// the mask of the final split. `progress` is called with the heap reached now and then.
pub fn extend(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    if !covers(code) {
        return Err(Error::unsupported(format!(
            "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps (use --engine plain)"
        )));
    }
    if to >= u32::MAX as u64 {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the fast engine's limit of {} heaps",
            u32::MAX - 1
        )));
    }
    let t = code.max_removed().expect("covered codes are finite");
    let moves: Vec<Move> = (0..=t)
        .map(|j| {
            let d = code.digit(j);
            Move {
                j,
                zero: d.allows(0),
                one: d.allows(1),
                two: d.constraint(2),
            }
        })
        .filter(|m| m.zero || m.one || m.two.is_some())
        .collect();
    let mut prefix: Vec<u32> = Vec::with_capacity(values.len().max(1));
    for (n, &v) in values.iter().enumerate() {
        prefix.push(
            u32::try_from(v)
                .ok()
                .filter(|&x| x < u32::LIMIT)
                .ok_or_else(|| wide(name, n as u64))?,
        );
    }
    if prefix.is_empty() {
        prefix.push(0);
    }
    let mut hist = Vec::new();
    for &v in &prefix[1..] {
        bump(&mut hist, v);
    }
    let mask = if prefix.iter().all(|&v| v < u16::LIMIT) {
        let g: Vec<u16> = prefix.iter().map(|&v| v as u16).collect();
        let mut e = Engine::new(moves.clone(), g, hist);
        match run(&mut e, name, to, progress)? {
            Done::All => finish(&e, values, to),
            Done::Wider(v) => {
                let g: Vec<u32> = e.g.iter().map(|&x| x as u32).collect();
                let mut w = Engine::new(moves, g, std::mem::take(&mut e.hist));
                drop(e);
                if !w.push(v) {
                    return Err(wide(name, w.g.len() as u64));
                }
                match run(&mut w, name, to, progress)? {
                    Done::All => finish(&w, values, to),
                    Done::Wider(_) => return Err(wide(name, w.g.len() as u64)),
                }
            }
        }
    } else {
        let mut e = Engine::new(moves, prefix, hist);
        match run(&mut e, name, to, progress)? {
            Done::All => finish(&e, values, to),
            Done::Wider(_) => return Err(wide(name, e.g.len() as u64)),
        }
    };
    progress(to);
    Ok(mask)
}

enum Done {
    All,
    /// The next value does not fit the engine's value type.
    Wider(u32),
}

fn run<T: Val>(
    e: &mut Engine<T>,
    name: &str,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Done> {
    let _ = name;
    let mut next_rebuild = (e.g.len() as u64).next_power_of_two().max(FIRST_REBUILD);
    while (e.g.len() as u64) <= to {
        let n = e.g.len() as u64;
        if n == next_rebuild {
            e.rebuild();
            next_rebuild *= 2;
        }
        let v = e.next();
        if !e.push(v) {
            return Ok(Done::Wider(v));
        }
        if n & 0xffff == 0 {
            progress(n);
        }
    }
    Ok(Done::All)
}

fn finish<T: Val>(e: &Engine<T>, values: &mut Vec<Nimber>, to: u64) -> u64 {
    values.clear();
    values.extend(e.g.iter().take(to as usize + 1).map(|&v| v.get() as Nimber));
    e.mask
}

fn wide(name: &str, n: u64) -> Error {
    Error::limit(format!(
        "{name}: the nim-value of heap {n} does not fit the fast engine's 31-bit values"
    ))
}

/// Counts one more occurrence of `v`.
fn bump(hist: &mut Vec<u64>, v: u32) {
    let v = v as usize;
    if v >= hist.len() {
        hist.resize(v + 1, 0);
    }
    hist[v] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;

    fn both(code: &str, to: u64) -> (Vec<Nimber>, Vec<Nimber>) {
        let c = Code::parse(code).unwrap();
        let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
        let mut fast = Vec::new();
        extend(&c, code, &mut fast, to, &mut |_| {}).unwrap();
        (plain, fast)
    }

    #[test]
    fn agrees_with_plain_on_named_games() {
        for code in [
            "0.77", "0.07", "0.137", "4!.0", "0.6", "0.007", "4.7", "4=.3", "0.4!", "0.4=", "0.3",
        ] {
            let (p, f) = both(code, 3000);
            assert_eq!(p, f, "{code}");
        }
    }

    #[test]
    fn resuming_gives_the_same_sequence() {
        let c = Code::parse("0.6").unwrap();
        let mut whole = Vec::new();
        extend(&c, "0.6", &mut whole, 5000, &mut |_| {}).unwrap();
        let mut part = whole[..1234].to_vec();
        extend(&c, "0.6", &mut part, 5000, &mut |_| {}).unwrap();
        assert_eq!(whole, part);
    }

    #[test]
    fn kayles_split_is_sensible_and_stats_are_right() {
        let c = Code::parse("0.77").unwrap();
        let mut v = Vec::new();
        let mask = extend(&c, "kayles", &mut v, 1000, &mut |_| {}).unwrap();
        let s = stats(&v, mask);
        // The only P-position of Kayles is the empty row: from a row of n ≥ 1 pins the first player knocks down
        // the middle one or two and then copies the opponent's moves on the other side.
        assert_eq!(s.p_positions, 1);
        assert_eq!(s.largest, *v.iter().max().unwrap());
        assert_eq!(v[s.largest_at as usize], s.largest);
        assert!(v[..s.largest_at as usize].iter().all(|&x| x < s.largest));
        assert_ne!(mask, 0);
        let rare: Vec<u64> = (1..=1000)
            .filter(|&n| is_rare(v[n as usize], mask))
            .collect();
        assert_eq!(s.rare_positions, rare.len() as u64);
        assert_eq!(s.last_rare, rare.last().copied());
    }

    #[test]
    fn codes_it_does_not_cover_are_refused() {
        for code in ["0.F", "0.[7]", "0.{3}"] {
            let c = Code::parse(code).unwrap();
            let e = extend(&c, code, &mut Vec::new(), 10, &mut |_| {}).unwrap_err();
            assert!(e.message().contains("plain"), "{e}");
        }
    }
}
