//! Value widening: values stored as `u16` while they fit in 15 bits, widened to `u32` in the middle of a run.

use super::*;

/// A stored value: `u16` while every value fits in 15 bits (half the memory traffic in the inner loops), `u32`
/// after. The engine widens from one to the other when a value needs it; it never wraps.
pub(super) trait Val:
    Copy + Default + std::ops::BitXor<Output = Self> + Send + Sync
{
    /// Values of this type are below this bound (so is the nim-sum of two of them).
    const LIMIT: u32;
    /// Values of this type can be kept in a mapped file ([`Store::spilled`]): `u16` and `u32`.
    const SPILLS: bool = false;
    /// The first `n` values held in `map` (only for types that spill: a store of another type is never mapped).
    fn view(map: &super::raw::Mapping, n: usize) -> &[Self] {
        let _ = (map, n);
        unreachable!("only u16 and u32 values are kept in a file")
    }
    /// The first `n` values held in `map`, mutable.
    fn view_mut(map: &mut super::raw::Mapping, n: usize) -> &mut [Self] {
        let _ = (map, n);
        unreachable!("only u16 and u32 values are kept in a file")
    }
    fn new(v: u32) -> Self;
    fn get(self) -> usize;
    /// Clears the wanted values (bits of `want`) met among the nim-sums `xs[i] ^ ys[len - 1 - i]`, counting
    /// `left` down; true as soon as it reaches 0 (see [`scan`]). `simd`: the fast kernel may be used.
    #[inline(never)]
    fn reach(xs: &[Self], ys: &[Self], want: &mut scan::Wanted, simd: bool) -> bool {
        let _ = simd;
        scan::reach_scalar(xs, ys, want, |x, y| (x ^ y).get())
    }
    /// The set of nim-sums `xs[i] ^ ys[len - 1 - i]` as a bit mask (every value below 64; see
    /// [`scan::nim_sums`]).
    #[inline(never)]
    fn nim_sums(xs: &[Self], ys: &[Self], simd: bool) -> u64 {
        let _ = simd;
        scan::nim_sums_scalar(xs, ys, |x, y| (x ^ y).get())
    }
    /// Marks the nim-sums of the splits of the rare positions (see [`scan::mark`]). `simd`: the fast kernel may
    /// be used.
    fn mark(splits: &scan::Splits<Self>, stamp: &mut scan::Stamp, simd: bool) {
        let _ = simd;
        scan::mark_scalar(splits, stamp, |x, y| (x ^ y).get());
    }
    /// Marks the far splits of a batch of heaps (see [`scan::mark_batch`]).
    fn mark_batch(splits: &scan::BatchSplits<Self>, stamp: &mut scan::BatchStamp, simd: bool) {
        let _ = simd;
        scan::mark_batch_scalar(splits, stamp, |x, y| (x ^ y).get());
    }
}

impl Val for u16 {
    const LIMIT: u32 = 1 << 15;
    const SPILLS: bool = true;
    #[inline]
    fn view(map: &super::raw::Mapping, n: usize) -> &[u16] {
        map.slice(n)
    }
    #[inline]
    fn view_mut(map: &mut super::raw::Mapping, n: usize) -> &mut [u16] {
        map.slice_mut(n)
    }
    #[inline]
    fn new(v: u32) -> Self {
        v as u16
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn reach(xs: &[u16], ys: &[u16], want: &mut scan::Wanted, simd: bool) -> bool {
        scan::reach(xs, ys, want, simd)
    }
    #[inline]
    fn nim_sums(xs: &[u16], ys: &[u16], simd: bool) -> u64 {
        scan::nim_sums(xs, ys, simd)
    }
    #[inline]
    fn mark(splits: &scan::Splits<u16>, stamp: &mut scan::Stamp, simd: bool) {
        scan::mark(splits, stamp, simd);
    }
    #[inline]
    fn mark_batch(splits: &scan::BatchSplits<u16>, stamp: &mut scan::BatchStamp, simd: bool) {
        scan::mark_batch(splits, stamp, simd);
    }
}

impl Val for u32 {
    const LIMIT: u32 = 1 << 31;
    const SPILLS: bool = true;
    #[inline]
    fn view(map: &super::raw::Mapping, n: usize) -> &[u32] {
        map.slice(n)
    }
    #[inline]
    fn view_mut(map: &mut super::raw::Mapping, n: usize) -> &mut [u32] {
        map.slice_mut(n)
    }
    #[inline]
    fn new(v: u32) -> Self {
        v
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
}

/// Runs with values of type `N` while they fit, then widens to `u32`.
#[allow(clippy::too_many_arguments)]
pub(super) fn widening<N: Val>(
    moves: Vec<Move>,
    prefix: &[u32],
    hist: Hist,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Split> {
    let g: Vec<N> = prefix.iter().map(|&v| N::new(v)).collect();
    let mut e = Engine::<N>::new(moves.clone(), g, hist);
    let mut probe = Probe::new();
    Ok(match drive(&mut e, to, threads, &mut probe, progress) {
        Done::All => finish(&e, values, to),
        Done::Stopped => return Err(stopped(&e, values, name, to)),
        Done::Wider(v) => {
            let g = e
                .g
                .convert(|x| x.get() as u32)
                .map_err(|err| Error::input(format!("{name}: the file for the values: {err}")))?;
            let mut w = Engine::<u32>::new(moves, g, std::mem::take(&mut e.hist));
            drop(e);
            if !w.push(v) {
                return Err(wide(name, w.g.len() as u64));
            }
            match drive(&mut w, to, threads, &mut probe, progress) {
                Done::All => finish(&w, values, to),
                Done::Wider(_) => return Err(wide(name, w.g.len() as u64)),
                Done::Stopped => return Err(stopped(&w, values, name, to)),
            }
        }
    })
}

/// The error for a value that needs more than 31 bits (never a wrapped number).
pub(super) fn wide(name: &str, n: u64) -> Error {
    Error::limit(format!(
        "{name}: the nim-value of heap {n} does not fit the fast engine's 31-bit values"
    ))
}
