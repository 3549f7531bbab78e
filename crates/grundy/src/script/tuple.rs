//! A tuple script's nim-values in a dense table: the positions of a game of `k` numbers (`fn moves(a, b)`) valued
//! by a depth-first search whose memo is an array indexed by the numbers (what the solver's hash map of `Vec<u64>`
//! keys does, with a lookup that is an index computed from the numbers), and whose options are read from the
//! interpreter's flat buffer (no array made per option or position).
//!
//! **The answer is the solver's.** The table only answers: any position it cannot value exactly as the solver
//! does hands the whole question back to the solver ([`ListGame::dense_value`] returns `None`), which then values
//! it (and reports any error) as before. It gives up on: an error of the script or a malformed result (the solver
//! reports it), a position met again while its own value is open (a loopy game: the solver reports it), a
//! position whose numbers do not fit a table within the memory bound (the table grows as positions with larger
//! numbers are met: every move need not lower the numbers), the deadline, the positions bound, or a nim-value too
//! large for the table's 32-bit entries. The values it has found stay in the table, so a table of many positions
//! (`grundy table`) reuses them from cell to cell.

use super::games::{ListGame, Seen};
use super::Shape;
use crate::context::Context;
use crate::game::Options;
use crate::Nimber;

/// A position not valued yet.
const UNKNOWN: u32 = u32::MAX;
/// A position whose value is being searched (on the search's stack).
const OPEN: u32 = u32::MAX - 1;

/// The options of one position, flat: the numbers of every position of every option, one after the other.
#[derive(Debug, Clone, Default)]
pub(super) struct Flat {
    /// The numbers of every position.
    pub(super) nums: Vec<u64>,
    /// Where each position's numbers end in `nums`.
    pub(super) pos_ends: Vec<usize>,
    /// Where each option's positions end in `pos_ends` (an option is the sum of its positions).
    pub(super) opt_ends: Vec<usize>,
}

impl Flat {
    pub(super) fn clear(&mut self) {
        self.nums.clear();
        self.pos_ends.clear();
        self.opt_ends.clear();
    }

    /// Ends the position whose numbers were added last.
    pub(super) fn end_position(&mut self) {
        self.pos_ends.push(self.nums.len());
    }

    /// Ends the option whose positions were added last.
    pub(super) fn end_option(&mut self) {
        self.opt_ends.push(self.pos_ends.len());
    }

    /// The numbers of position `i`.
    pub(super) fn position(&self, i: usize) -> &[u64] {
        let start = if i == 0 { 0 } else { self.pos_ends[i - 1] };
        &self.nums[start..self.pos_ends[i]]
    }

    /// The positions `start..end` of option `i`.
    pub(super) fn option(&self, i: usize) -> std::ops::Range<usize> {
        let start = if i == 0 { 0 } else { self.opt_ends[i - 1] };
        start..self.opt_ends[i]
    }
}

/// The table: one entry per position of numbers below `dims` (the numbers as digits of a mixed radix), each its
/// nim-value, [`UNKNOWN`] or [`OPEN`].
#[derive(Debug, Default)]
pub(super) struct Dense {
    dims: Vec<u64>,
    values: Vec<u32>,
    /// Entries valued (for the positions bound).
    valued: usize,
    /// Frames of positions valued, kept for the next search (a table of many cells makes none anew).
    spare: Vec<Frame>,
    /// The options of the position being expanded.
    flat: Flat,
}

impl Dense {
    /// The entry of `q`, when its numbers are within the table.
    fn index(&self, q: &[u64]) -> Option<usize> {
        if q.len() != self.dims.len() {
            return None;
        }
        let mut i: u64 = 0;
        for (&x, &d) in q.iter().zip(&self.dims) {
            if x >= d {
                return None;
            }
            i = i * d + x;
        }
        Some(i as usize)
    }

    /// The entry of every position of `flat` into `idx`, the table grown to hold them (the entries of the `open`
    /// frames and those already in `idx` moved with it); `false` when it would hold more than `cap` entries.
    fn hold(&mut self, flat: &Flat, cap: u64, open: &mut [Frame], idx: &mut Vec<u32>) -> bool {
        idx.clear();
        for p in 0..flat.pos_ends.len() {
            let q = flat.position(p);
            if let Some(j) = self.index(q) {
                idx.push(j as u32);
                continue;
            }
            if q.len() != self.dims.len() {
                return false;
            }
            let old = self.dims.clone();
            let Some(j) = self.index_or_grow(q, cap) else {
                return false;
            };
            for f in open.iter_mut() {
                f.me = reindex(&old, &self.dims, f.me);
                for i in &mut f.idx {
                    *i = reindex(&old, &self.dims, *i);
                }
            }
            for i in idx.iter_mut() {
                *i = reindex(&old, &self.dims, *i);
            }
            idx.push(j as u32);
        }
        true
    }

    /// The numbers of the entry `j` into `q`.
    fn numbers(&self, j: u32, q: &mut [u64]) {
        let mut r = u64::from(j);
        for (x, &d) in q.iter_mut().zip(&self.dims).rev() {
            *x = r % d;
            r /= d;
        }
    }

    /// The entry of `q`, the table grown to hold it when it is not within it; `None` when the table would hold
    /// more than `cap` entries.
    fn index_or_grow(&mut self, q: &[u64], cap: u64) -> Option<usize> {
        if let Some(i) = self.index(q) {
            return Some(i);
        }
        // Each number's bound at least the position's, and half as large again as before (a table extended cell
        // by cell grows a few times, not once a cell).
        let dims: Vec<u64> = if self.dims.is_empty() {
            q.iter().map(|&x| x.checked_add(1)).collect::<Option<_>>()?
        } else {
            self.dims
                .iter()
                .zip(q)
                .map(|(&d, &x)| {
                    if x < d {
                        Some(d)
                    } else {
                        Some(x.checked_add(1)?.max(d.saturating_add(d / 2)))
                    }
                })
                .collect::<Option<_>>()?
        };
        let size = dims
            .iter()
            .try_fold(1u64, |s, &d| s.checked_mul(d))
            .filter(|&s| s <= cap)?;
        let mut values = vec![UNKNOWN; usize::try_from(size).ok()?];
        let old = std::mem::replace(&mut self.dims, dims);
        let mut digits = vec![0u64; old.len()];
        for (j, &v) in self.values.iter().enumerate() {
            if v != UNKNOWN {
                let mut r = j as u64;
                for (digit, &d) in digits.iter_mut().zip(&old).rev() {
                    *digit = r % d;
                    r /= d;
                }
                let i = self.index(&digits).expect("the new bounds hold the old");
                values[i] = v;
            }
        }
        self.values = values;
        self.index(q)
    }
}

/// A position on the search's stack: its entry, the entries of its options' positions, and the next of them to
/// look at.
#[derive(Debug, Default)]
struct Frame {
    /// The position's own entry.
    me: u32,
    /// The entry of every position of every option, one option after the other.
    idx: Vec<u32>,
    /// Where each option's entries end in `idx` (an option is the sum of its positions).
    ends: Vec<u32>,
    next: usize,
}

impl Frame {
    /// The bytes it holds.
    fn bytes(&self) -> usize {
        (self.idx.capacity() + self.ends.capacity()) * 4 + 64
    }
}

/// The entry `i` of a table of bounds `old` in the table of bounds `new` (each at least as large).
fn reindex(old: &[u64], new: &[u64], i: u32) -> u32 {
    let (mut r, mut out, mut scale) = (u64::from(i), 0u64, 1u64);
    for (&o, &n) in old.iter().zip(new).rev() {
        out += (r % o) * scale;
        r /= o;
        scale *= n;
    }
    out as u32
}

impl ListGame {
    /// The nim-value of the tuple `root` by the dense table (see the module's docs); `None` when the solver must
    /// value it: not a tuple game of normal play without `components`, or the table gave up.
    ///
    /// Long: the search's one loop over an explicit stack, as the solver's ([`crate::Solver::nim_value`]), with the
    /// give-ups of the module's docs at the places they arise.
    pub(crate) fn dense_value(&self, root: &[u64], cx: &Context) -> Option<Nimber> {
        let Shape::Tuple(k) = self.core.shape else {
            return None;
        };
        if self.core.has_components || self.core.misere || root.len() != k {
            return None;
        }
        let mut d = self.dense.try_borrow_mut().ok()?;
        // At most an eighth of the memory bound for the table (4 bytes an entry) and as much for the open
        // positions (their options' entries).
        let cap = (cx.limits.max_memory / 32).min(1 << 30);
        let max_held = usize::try_from(cx.limits.max_memory / 8).unwrap_or(usize::MAX);
        let i = d.index_or_grow(root, cap)?;
        if d.values[i] < OPEN {
            return Some(Nimber::from(d.values[i]));
        }
        if let Some(v) = self.line_value(root, cx) {
            return Some(v);
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut spare = std::mem::take(&mut d.spare);
        let mut flat = std::mem::take(&mut d.flat);
        let mut opts = Options::new();
        let mut mex = Seen::default();
        let mut held = 0usize;
        let mut expanded = 0u64;
        let mut child = root.to_vec();
        let found = 'search: {
            loop {
                // `child` is a position to value, not valued and not open: its options' positions, each in the
                // table, on the stack.
                let mut frame = spare.pop().unwrap_or_default();
                if !self.expand(&child, &mut flat, &mut opts)
                    || !d.hold(&flat, cap, &mut stack, &mut frame.idx)
                {
                    spare.push(frame);
                    break 'search None;
                }
                frame.ends.clear();
                frame.ends.extend(flat.opt_ends.iter().map(|&e| e as u32));
                frame.next = 0;
                frame.me = d.index(&child).expect("in the table") as u32;
                d.values[frame.me as usize] = OPEN;
                held += frame.bytes();
                stack.push(frame);
                // Down to the next position to value, valuing each position whose options all have values.
                loop {
                    let Some(top) = stack.last_mut() else {
                        let j = d.index(root).expect("indexed above");
                        break 'search Some(Nimber::from(d.values[j]));
                    };
                    let mut unknown = false;
                    while let Some(&j) = top.idx.get(top.next) {
                        match d.values[j as usize] {
                            UNKNOWN => {
                                d.numbers(j, &mut child);
                                // Far along a line recognised as a code: that code's value (an assumption the
                                // game's note states).
                                if let Some(v) = self.line_value(&child, cx) {
                                    let Some(v32) = u32::try_from(v).ok().filter(|&v| v < OPEN)
                                    else {
                                        break 'search None;
                                    };
                                    d.values[j as usize] = v32;
                                    d.valued += 1;
                                    top.next += 1;
                                    continue;
                                }
                                unknown = true;
                                break;
                            }
                            // Met again while open: a loop, the solver's to report.
                            OPEN => break 'search None,
                            _ => top.next += 1,
                        }
                    }
                    if unknown {
                        // `child` holds its numbers.
                        expanded += 1;
                        if d.valued + stack.len() >= cx.limits.max_positions
                            || held > max_held
                            || (expanded & 0xff == 0 && cx.check().is_err())
                        {
                            break 'search None;
                        }
                        break;
                    }
                    let frame = stack.pop().expect("the stack is not empty");
                    mex.clear();
                    let mut start = 0;
                    for &end in &frame.ends {
                        let mut v = 0u64;
                        for &j in &frame.idx[start..end as usize] {
                            v ^= Nimber::from(d.values[j as usize]);
                        }
                        mex.insert(v);
                        start = end as usize;
                    }
                    let Some(v32) = u32::try_from(mex.mex()).ok().filter(|&v| v < OPEN) else {
                        stack.push(frame);
                        break 'search None;
                    };
                    d.values[frame.me as usize] = v32;
                    d.valued += 1;
                    held -= frame.bytes();
                    spare.push(frame);
                }
            }
        };
        if found.is_none() {
            // The positions left open are not valued: unmark them (the values found stay: they are exact).
            for f in &stack {
                d.values[f.me as usize] = UNKNOWN;
            }
        }
        spare.extend(stack);
        d.spare = spare;
        d.flat = flat;
        found
    }

    /// The options of `q` into `flat`: by the interpreter, else by the general path ([`crate::Game::options`], Rhai);
    /// `false` when that fails or a position is not of `k` numbers.
    pub(super) fn expand(&self, q: &[u64], flat: &mut Flat, opts: &mut Options<Vec<u64>>) -> bool {
        if self.interpret_flat(q, flat) {
            return true;
        }
        opts.clear();
        if self.try_options(q, opts).is_err() {
            return false;
        }
        flat.clear();
        for o in opts.iter() {
            for p in o {
                if p.len() != q.len() {
                    return false;
                }
                flat.nums.extend_from_slice(p);
                flat.end_position();
            }
            flat.end_option();
        }
        true
    }
}
