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
use super::interp::{Emit, Emitted};
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

    /// The entry of the position of numbers `xs`, when it has the table's length and is within it.
    #[inline]
    fn index_signed(&self, xs: &[i64]) -> Option<u32> {
        if xs.len() != self.dims.len() {
            return None;
        }
        let mut i: u64 = 0;
        for (&x, &d) in xs.iter().zip(&self.dims) {
            // (A negative number was dropped before: `x as u64` is its value.)
            if x as u64 >= d {
                return None;
            }
            i = i * d + x as u64;
        }
        Some(i as u32)
    }

    /// The entries of the options the interpreter returned (`em`), read as [`ListGame::read_emitted`] reads them
    /// for a tuple game, straight into `idx` (every position's entry) and `ends` (where each option's end in
    /// `idx`): the common case once the table has grown, with no [`Flat`] in between (reading it and indexing it
    /// again were half of a circle of 2,000 coins' time). `false` when a position is not within the table, is of
    /// another length or is malformed: the caller then reads them the general way, which grows the table or
    /// reports what is wrong.
    fn index_emitted(&self, em: &Emitted, frame: &mut Frame) -> bool {
        frame.clear();
        let Frame {
            idx,
            ends,
            heads,
            lines,
            ..
        } = frame;
        for item in &em.items {
            match *item {
                Emit::Flat(start, end) => {
                    let xs = &em.nums[start..end];
                    if !xs.is_empty() {
                        if xs.iter().any(|&x| x < 0) {
                            continue;
                        }
                        let Some(j) = self.index_signed(xs) else {
                            return false;
                        };
                        idx.push(j);
                    }
                    // (`[]` is the empty sum: an option of nim-value 0.)
                    ends.push(idx.len() as u32);
                }
                Emit::Nested(first, end) => {
                    // In order: a position holding a negative number drops the option (its entries taken back).
                    let at = idx.len();
                    let (rows, dropped) = em.rows_before_negative(first, end);
                    for xs in rows {
                        let Some(j) = self.index_signed(xs) else {
                            return false;
                        };
                        idx.push(j);
                    }
                    if dropped {
                        idx.truncate(at);
                    } else {
                        ends.push(idx.len() as u32);
                    }
                }
                Emit::Family(k) => {
                    if !self.index_family(em, k, heads, lines) {
                        return false;
                    }
                }
                Emit::Num(_) | Emit::Splits(_) | Emit::Other => return false,
            }
        }
        true
    }

    /// The family `em.families[k]` ([`Emit::Family`]) as a [`FamilyHead`] and its [`Line`]s: a position's numbers
    /// are affine in the loop variable, and so is its entry (`Σ number × stride`). `false` (nothing written) when a
    /// position is of another length, or is outside the table or holds a negative number at either end of the
    /// loop: an affine number is monotone, so within those bounds at both ends is within them at every step, and
    /// otherwise the caller reads the items one by one.
    fn index_family(
        &self,
        em: &Emitted,
        k: usize,
        heads: &mut Vec<FamilyHead>,
        lines: &mut Vec<Line>,
    ) -> bool {
        let f = em.families[k];
        let forms = &em.forms[f.forms.0..f.forms.1];
        let one = [forms.len()];
        let rows: &[usize] = match f.rows {
            Some((r0, r1)) => &em.ends[r0..r1],
            None if forms.is_empty() => &[],
            None => &one,
        };
        let first = lines.len();
        let mut from = 0;
        for &to in rows {
            let row = &forms[from..to];
            from = to;
            if row.len() != self.dims.len() {
                lines.truncate(first);
                return false;
            }
            // The entry at the loop's first value, and its change from one value to the next.
            let (mut base, mut step) = (0i128, 0i128);
            for (&(b, c), &d) in row.iter().zip(&self.dims) {
                let (lo, hi) = (b + c * i128::from(f.from), b + c * i128::from(f.to));
                if lo.min(hi) < 0 || lo.max(hi) >= i128::from(d) {
                    lines.truncate(first);
                    return false;
                }
                base = base * i128::from(d) + lo;
                step = step * i128::from(d) + c;
            }
            // (Both fit: the entries at both ends are within the table, of at most 2^30 entries.)
            lines.push(Line {
                base: base as i64,
                step: step as i64,
            });
        }
        heads.push(FamilyHead {
            first: first as u32,
            rows: rows.len() as u32,
            steps: (f.to - f.from + 1) as u64,
        });
        true
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
                f.list_families();
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
/// look at. Options come two ways: listed (`idx`, `ends`), and as families of a loop ([`Emit::Family`]), each
/// position's entry stepped along the loop (`heads`, `lines`), which a circle of 2,000 coins' frames (2,000 deep,
/// a thousand options each) would otherwise hold as 24 MB of entries. The order the options are looked at in does
/// not change a value (the mex is of a set).
#[derive(Debug, Default)]
struct Frame {
    /// The position's own entry.
    me: u32,
    /// The entry of every position of every listed option, one option after the other.
    idx: Vec<u32>,
    /// Where each listed option's entries end in `idx` (an option is the sum of its positions).
    ends: Vec<u32>,
    /// The families of options, after the listed ones.
    heads: Vec<FamilyHead>,
    /// The entry lines of every family's positions (a family of sums of two positions has two).
    lines: Vec<Line>,
    /// How many listed entries have been passed (their values known).
    next: usize,
    /// Where the walk is within the families once the listed entries are passed: the family, its step and the
    /// line.
    at: (usize, u64, u32),
    /// The bytes counted for it when it was put on the stack (its families may be listed while it is there).
    counted: usize,
}

/// A family of options: `steps` options, each the sum of the positions of `lines[first..first + rows]` at that
/// step (no position: the empty sum, nim-value 0).
#[derive(Debug, Clone, Copy)]
struct FamilyHead {
    first: u32,
    rows: u32,
    steps: u64,
}

/// A position's entry along a loop: `base + step * s` at step `s` (within the table at every step).
#[derive(Debug, Clone, Copy)]
struct Line {
    base: i64,
    step: i64,
}

impl Line {
    #[inline]
    fn at(self, s: u64) -> usize {
        (self.base + self.step * s as i64) as usize
    }
}

impl Frame {
    /// The bytes it holds.
    fn bytes(&self) -> usize {
        (self.idx.capacity() + self.ends.capacity()) * 4
            + self.heads.capacity() * std::mem::size_of::<FamilyHead>()
            + self.lines.capacity() * std::mem::size_of::<Line>()
            + 64
    }

    /// Empties it for a new position.
    fn clear(&mut self) {
        self.idx.clear();
        self.ends.clear();
        self.heads.clear();
        self.lines.clear();
        self.next = 0;
        self.at = (0, 0, 0);
    }

    /// The next entry whose value is not known (at least [`OPEN`] in `values`), every entry before it passed;
    /// `None` when every entry has a value. The cursor stays on it: [`Frame::advance`] moves past it.
    #[inline]
    fn unvalued(&mut self, values: &[u32]) -> Option<u32> {
        while let Some(&j) = self.idx.get(self.next) {
            if values[j as usize] >= OPEN {
                return Some(j);
            }
            self.next += 1;
        }
        loop {
            let (f, mut s, mut r) = self.at;
            let h = *self.heads.get(f)?;
            let lines = &self.lines[h.first as usize..(h.first + h.rows) as usize];
            while s < h.steps {
                while let Some(l) = lines.get(r as usize) {
                    let j = l.at(s);
                    if values[j] >= OPEN {
                        self.at = (f, s, r);
                        return Some(j as u32);
                    }
                    r += 1;
                }
                r = 0;
                s += 1;
            }
            self.at = (f + 1, 0, 0);
        }
    }

    /// Moves past the entry [`Frame::unvalued`] gave.
    #[inline]
    fn advance(&mut self) {
        if self.next < self.idx.len() {
            self.next += 1;
            return;
        }
        let (f, s, r) = self.at;
        let h = self.heads[f];
        self.at = if r + 1 < h.rows {
            (f, s, r + 1)
        } else if s + 1 < h.steps {
            (f, s + 1, 0)
        } else {
            (f + 1, 0, 0)
        };
    }

    /// Writes its families out as listed options, in the order [`Frame::unvalued`] walks them (the cursor keeps
    /// its place): before the table's entries are renumbered, which is not affine.
    fn list_families(&mut self) {
        if self.next >= self.idx.len() {
            // Within the families: the entries passed in them count as listed ones passed.
            let (f, s, r) = self.at;
            let before: u64 = self.heads[..f.min(self.heads.len())]
                .iter()
                .map(|h| h.steps * u64::from(h.rows))
                .sum();
            let within = self
                .heads
                .get(f)
                .map_or(0, |h| s * u64::from(h.rows) + u64::from(r));
            self.next = self.idx.len() + (before + within) as usize;
        }
        for h in std::mem::take(&mut self.heads) {
            let lines = &self.lines[h.first as usize..(h.first + h.rows) as usize];
            for s in 0..h.steps {
                self.idx.extend(lines.iter().map(|l| l.at(s) as u32));
                self.ends.push(self.idx.len() as u32);
            }
        }
        self.lines.clear();
        self.at = (0, 0, 0);
    }

    /// Inserts the nim-value of every option into `mex`, from the table's `values` (every entry valued).
    fn mex_into(&self, values: &[u32], mex: &mut Seen) {
        let mut start = 0;
        for &end in &self.ends {
            let mut v = 0u64;
            for &j in &self.idx[start..end as usize] {
                v ^= Nimber::from(values[j as usize]);
            }
            mex.insert(v);
            start = end as usize;
        }
        for h in &self.heads {
            let lines = &self.lines[h.first as usize..(h.first + h.rows) as usize];
            match *lines {
                _ if h.steps == 0 => {}
                [] => mex.insert(0),
                [a] => (0..h.steps).for_each(|s| mex.insert(Nimber::from(values[a.at(s)]))),
                [a, b] => (0..h.steps)
                    .for_each(|s| mex.insert(Nimber::from(values[a.at(s)] ^ values[b.at(s)]))),
                _ => {
                    for s in 0..h.steps {
                        let v = lines.iter().fold(0, |v, l| v ^ values[l.at(s)]);
                        mex.insert(Nimber::from(v));
                    }
                }
            }
        }
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
                // The interpreter's options indexed straight into the frame, or read into `flat` when a
                // position is outside the table (then held, the table grown); else the general path.
                let read = self.interpret_then(&child, true, |em| {
                    if d.index_emitted(em, &mut frame) {
                        Some(true)
                    } else {
                        em.materialize();
                        self.read_emitted(em, &mut flat).then_some(false)
                    }
                });
                let indexed = match read {
                    Some(Some(true)) => true,
                    Some(Some(false)) => false,
                    _ => {
                        if !self.expand_general(&child, &mut flat, &mut opts) {
                            spare.push(frame);
                            break 'search None;
                        }
                        false
                    }
                };
                if !indexed {
                    frame.clear();
                    if !d.hold(&flat, cap, &mut stack, &mut frame.idx) {
                        spare.push(frame);
                        break 'search None;
                    }
                    frame.ends.extend(flat.opt_ends.iter().map(|&e| e as u32));
                }
                frame.me = d.index(&child).expect("in the table") as u32;
                d.values[frame.me as usize] = OPEN;
                frame.counted = frame.bytes();
                held += frame.counted;
                stack.push(frame);
                // Down to the next position to value, valuing each position whose options all have values.
                loop {
                    let Some(top) = stack.last_mut() else {
                        let j = d.index(root).expect("indexed above");
                        break 'search Some(Nimber::from(d.values[j]));
                    };
                    let mut unknown = false;
                    while let Some(j) = top.unvalued(&d.values) {
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
                                    top.advance();
                                    continue;
                                }
                                unknown = true;
                                break;
                            }
                            // Met again while open: a loop, the solver's to report.
                            OPEN => break 'search None,
                            _ => top.advance(),
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
                    frame.mex_into(&d.values, &mut mex);
                    let Some(v32) = u32::try_from(mex.mex()).ok().filter(|&v| v < OPEN) else {
                        stack.push(frame);
                        break 'search None;
                    };
                    d.values[frame.me as usize] = v32;
                    d.valued += 1;
                    held -= frame.counted;
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
        self.interpret_flat(q, flat) || self.expand_general(q, flat, opts)
    }

    /// [`ListGame::expand`] by the general path alone.
    fn expand_general(&self, q: &[u64], flat: &mut Flat, opts: &mut Options<Vec<u64>>) -> bool {
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
