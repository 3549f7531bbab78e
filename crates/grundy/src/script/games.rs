//! The two game types a script becomes: [`NumberGame`] (a position is one number) and [`ListGame`] (a tuple or a
//! list of numbers). Each implements [`Game`]; the script is called once per position expanded, and what it returns
//! is read into [`Options`] natively (memo, mex and sums are the solver's).

use super::interp::{Emit, Emitted, Val};
use super::native::{Evaluated, Item, Native};
use super::tuple::{Dense, Flat};
use super::{Core, Shape, Splits};
use crate::context::Context;
use crate::error::{parse_u64, Error, Result};
use crate::game::HeapFacts;
use crate::game::{ClosedForm, Game, Notation, Options, Play, Tabular};
use crate::nimber::MexSet;
use crate::Nimber;
use rhai::{Array, Dynamic};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// The nim-values of one heap's options, for its mex: values below 64 in one word (the common case: a bit set in
/// a register), larger ones in a [`MexSet`].
#[derive(Default)]
pub(super) struct Seen {
    low: u64,
    high: MexSet,
    any_high: bool,
}

impl Seen {
    #[inline]
    pub(super) fn insert(&mut self, v: Nimber) {
        if v < 64 {
            self.low |= 1 << v;
        } else {
            self.high.insert(v);
            self.any_high = true;
        }
    }

    /// Inserts every `v < 64` whose bit is set in `bits`.
    #[inline]
    pub(super) fn insert_low(&mut self, bits: u64) {
        self.low |= bits;
    }

    pub(super) fn mex(&mut self) -> Nimber {
        if self.low != u64::MAX {
            return u64::from(self.low.trailing_ones());
        }
        for v in 0..64 {
            self.high.insert(v);
        }
        self.any_high = true;
        self.high.mex()
    }

    pub(super) fn clear(&mut self) {
        self.low = 0;
        if self.any_high {
            self.high.clear();
            self.any_high = false;
        }
    }
}

/// Inserts into `mex` the nim-value of every option of `splits(t)` (the pairs of heaps `(a, t − a)` for `a = 0 ..=
/// t / 2`, heap 0 counting as no heap) from the values `g` of the heaps `0..=t`.
#[inline]
pub(super) fn insert_splits(t: usize, g: &[Nimber], mex: &mut Seen) {
    // The heaps a from the bottom, t − a from the top.
    let (low, high) = (&g[..=t / 2], &g[t - t / 2..=t]);
    // Values below 64 gathered in a register, whether or not this function is inlined (the loop is the whole cost
    // of a splitting script's table: `seq` of Kayles as a script to 2^16 took 4.2 s of CPU with each value written
    // to `mex` in memory, 0.94 s so).
    let mut bits = 0u64;
    for (x, y) in low.iter().zip(high.iter().rev()) {
        let v = x ^ y;
        if v < 64 {
            bits |= 1 << v;
        } else {
            mex.insert(v);
        }
    }
    mex.insert_low(bits);
}

/// The largest number a position may hold: the script's integers are `i64`.
const MAX: u64 = i64::MAX as u64;

fn kind_of(d: &Dynamic) -> std::borrow::Cow<'static, str> {
    match d.type_name() {
        "i64" => "a number".into(),
        "array" => "an array".into(),
        "string" => "a string".into(),
        "bool" => "a boolean".into(),
        "()" => "nothing (the unit value ())".into(),
        t => format!("a value of type {t}").into(),
    }
}

/// The numbers of a Rhai array, or `Err` with what is wrong; `Ok(None)` when one is negative (the option is dropped).
fn numbers(items: &Array) -> std::result::Result<Option<Vec<u64>>, String> {
    let mut out = Vec::with_capacity(items.len());
    let mut negative = false;
    for (j, x) in items.iter().enumerate() {
        match x.as_int() {
            Ok(v) if v < 0 => negative = true,
            Ok(v) => out.push(v as u64),
            Err(_) => return Err(format!("item {} is {}, not a number", j + 1, kind_of(x))),
        }
    }
    Ok((!negative).then_some(out))
}

/// A scripted game whose position is one whole number. Unless the script is loaded for loopy play, it is a heap game
/// ([`crate::HeapView::is_heap_game`]): every move must leave smaller heaps (checked as positions are expanded; a move that
/// does not is an error that points to `--loopy`), heaps of 0 vanish from options, and the sequence engines, periods
/// and heap tables apply.
pub struct NumberGame {
    core: Rc<Core>,
    parts: RefCell<FxHashMap<u64, Vec<u64>>>,
    /// What the native body returned, reused from call to call.
    scratch: RefCell<Evaluated>,
    /// The numbers of one sum, reused from call to call.
    sum: RefCell<Vec<u64>>,
    /// The dense table of nim-values computed so far (heaps `0..len`), see [`NumberGame::tabulate`].
    table: RefCell<Vec<Nimber>>,
}

impl NumberGame {
    pub(super) fn new(core: Rc<Core>) -> Self {
        NumberGame {
            core,
            parts: RefCell::default(),
            scratch: RefCell::default(),
            sum: RefCell::default(),
            table: RefCell::default(),
        }
    }

    /// Whether the script's numbers are heaps of a short game (not a loopy script, whose positions can repeat).
    fn short_heaps(&self) -> bool {
        !self.core.loopy
    }

    /// The components of `p` by the script's `components` (cached).
    fn split(&self, p: u64) -> Result<Vec<u64>> {
        if let Some(c) = self.parts.borrow().get(&p) {
            return Ok(c.clone());
        }
        let what = || format!("components({p})");
        let d = self
            .core
            .call("components", vec![Dynamic::from(p as i64)], &what)?;
        let arr = d.into_array().map_err(|t| {
            self.core
                .bad_result(&what(), &format!("returned {t}, not an array of numbers"))
        })?;
        let parts = match numbers(&arr) {
            Ok(Some(v)) => v,
            Ok(None) => return Err(self.core.bad_result(&what(), "returned a negative number")),
            Err(e) => return Err(self.core.bad_result(&what(), &e)),
        };
        let parts: Vec<u64> = if self.short_heaps() {
            parts.into_iter().filter(|&c| c != 0).collect()
        } else {
            parts
        };
        self.parts.borrow_mut().insert(p, parts.clone());
        Ok(parts)
    }

    /// Adds the option that is the sum of `comps`, checked against the heap rule and split into components.
    fn push(&self, n: u64, comps: &[u64], out: &mut Options<u64>) -> Result<()> {
        let bad_heap = |c: u64| {
            self.core
                .bad_result(
                    &format!("moves({n})"),
                    &format!(
                        "a move leaves a heap of {c}, not smaller than {n}: a game whose position is one number is played as a heap game, where every move leaves smaller heaps"
                    ),
                )
                .with_remedy(crate::error::Remedy::AnalyseLoopy)
        };
        let too_large = || {
            self.core
                .bad_result(&format!("moves({n})"), "a number is too large")
        };
        let mut all = Vec::new();
        for &c in comps {
            if c > MAX {
                return Err(too_large());
            }
            if self.short_heaps() && c >= n && c != 0 {
                return Err(bad_heap(c));
            }
            // Components are split in order, so that an error in `components` comes before one in a later
            // number, as the numbers are read.
            if self.core.has_components {
                all.extend(self.split(c)?);
            }
        }
        if self.short_heaps() && n == 0 {
            return Err(self.core.bad_result(
                "moves(0)",
                "a heap of 0 has no moves in a heap game (every move leaves smaller heaps)",
            ));
        }
        if self.core.has_components {
            out.push(all);
        } else if self.short_heaps() {
            // Heaps of 0 vanish (no allocation: the numbers go straight into the buffer).
            out.push(comps.iter().copied().filter(|&c| c != 0));
        } else {
            out.push(comps.iter().copied());
        }
        Ok(())
    }

    /// The option that is the number `v` (dropped when negative).
    fn number_option(&self, n: u64, v: i64, out: &mut Options<u64>) -> Result<()> {
        if v >= 0 {
            self.push(n, &[v as u64], out)?;
        }
        Ok(())
    }

    /// The options of `splits(m)`: every way to leave `m` as at most two heaps (none when `m` is negative).
    fn splits_option(&self, n: u64, m: i64, out: &mut Options<u64>) -> Result<()> {
        if m < 0 {
            return Ok(());
        }
        let m = m as u64;
        if self.short_heaps() && m >= n && !self.core.has_components {
            // Checked once for the family: every heap it leaves is at most m.
            return self.push(n, &[m], out);
        }
        for a in 0..=m / 2 {
            let pair = [a, m - a];
            if self.short_heaps() && !self.core.has_components {
                match a {
                    0 if m == 0 => self.push(n, &[], out)?,
                    0 => out.push_one(m),
                    _ => out.push(pair),
                }
            } else {
                self.push(n, &pair, out)?;
            }
        }
        Ok(())
    }

    /// The options of `moves(n)` by the natively compiled body: `Ok(false)` when Rhai must evaluate this position
    /// (the body is not compiled, or its arithmetic failed: the error is then Rhai's).
    fn native_options(&self, n: u64, out: &mut Options<u64>) -> Result<bool> {
        let mut ev = self.scratch.borrow_mut();
        if !self.body_eval(n, &mut ev) {
            return Ok(false);
        }
        for item in ev.items.iter() {
            match *item {
                Item::Num(v) => self.number_option(n, v, out)?,
                Item::Splits(m) => self.splits_option(n, m, out)?,
                Item::Sum(start, end) => {
                    let v = ev.sum(start, end);
                    if v.iter().all(|&x| x >= 0) {
                        let mut sum = self.sum.borrow_mut();
                        sum.clear();
                        sum.extend(v.iter().map(|&x| x as u64));
                        self.push(n, &sum, out)?;
                    }
                }
            }
        }
        Ok(true)
    }

    /// The native body, when the nim-values of heaps may be tabulated from it directly ([`crate::HeapFacts::extend_sequence`]): a heap
    /// game (not loopy play) with no `components` and normal play by its own rules.
    fn dense(&self) -> bool {
        (self.core.native.is_some() || self.core.program.is_some())
            && self.core.use_native.get()
            && self.short_heaps()
            && !self.core.has_components
            && !self.core.misere
    }

    /// `moves(n)` by the native body or the interpreter, into `ev`; `false` when Rhai must evaluate it (neither
    /// is there or turned on, the evaluation gave up, or what it returned is not a well-formed array of options).
    fn body_eval(&self, n: u64, ev: &mut Evaluated) -> bool {
        if !self.core.use_native.get() {
            return false;
        }
        if let Some(native) = &self.core.native {
            return native.eval(n as i64, ev);
        }
        let mut stack = std::mem::take(&mut ev.stack);
        let mut emitted = std::mem::take(&mut ev.emitted);
        let array = self
            .core
            .interpret(&[Val::Int(n as i64)], &mut stack, &mut emitted);
        let read = array == Some(true) && ev.read(&emitted);
        ev.stack = stack;
        ev.emitted = emitted;
        read
    }

    /// Inserts into `mex` the nim-value of every option of the heap `n` by the native body or the interpreter, from
    /// the values `g` of the heaps below `n`: a `splits(m)` is `m / 2 + 1` XORs in place, a sum the XOR of its heaps'
    /// values, with nothing allocated. `Some(items)`, the number of the body's items, or `None` when this heap needs
    /// the general path ([`Game::options`]): the body's arithmetic failed, or an option breaks the heap rule (a heap
    /// not smaller than `n`, a move from a heap of 0), whose error the general path reports as it always does.
    fn dense_options(
        &self,
        n: u64,
        g: &[Nimber],
        ev: &mut Evaluated,
        mex: &mut Seen,
    ) -> Option<usize> {
        if let (Some(native), true) = (&self.core.native, self.core.use_native.get()) {
            // The compiled body's items go straight to the mex (its items built and read back cost half of an
            // S(1, 3, 4) table's time).
            return native.dense_mex(n as i64, g, mex);
        }
        if !self.body_eval(n, ev) {
            return None;
        }
        let m = n as i64;
        for item in &ev.items {
            match *item {
                Item::Num(v) if v < 0 => {}
                // (At n = 0 every option that is not dropped breaks the heap rule: v ≥ 0 = n.)
                Item::Num(v) if v >= m => return None,
                Item::Num(v) => mex.insert(g[v as usize]),
                Item::Splits(t) if t < 0 => {}
                Item::Splits(t) if t >= m => return None,
                Item::Splits(t) => insert_splits(t as usize, g, mex),
                Item::Sum(start, end) => {
                    let xs = ev.sum(start, end);
                    if xs.iter().any(|&x| x < 0) {
                        continue;
                    }
                    if n == 0 || xs.iter().any(|&x| x >= m) {
                        return None;
                    }
                    mex.insert(xs.iter().fold(0, |v, &x| v ^ g[x as usize]));
                }
            }
        }
        Some(ev.items.len())
    }

    /// The nim-values of heaps `0..=to` from the native body, bottom-up in a dense table (what the plain engine
    /// computes over [`Game::options`], without building the options): see [`crate::HeapFacts::extend_sequence`] below.
    ///
    /// `values` (heaps `0..values.len()`, a resumed run's, trusted as given) seed the table when it holds fewer. On
    /// return, `values` holds what the table holds up to heap `to`, also when the deadline stopped the run: the
    /// heaps computed so far are handed back, so the error says how far the run got and `--resume` continues.
    fn tabulate(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()> {
        let r = self.tabulate_table(values, to, progress);
        let g = self.table.borrow();
        let keep = g
            .len()
            .min(to.saturating_add(1).try_into().unwrap_or(usize::MAX));
        if values.len() < keep || r.is_ok() {
            // Copied: the table is kept for the next call, whose caller may not hand these values back (a
            // table grown by doubling asks for heaps 0..=2n with a new vector; handing the table over instead made
            // Kayles' table to 2^16 through a script 1.1 s -> 1.5 s, each doubling computed from heap 0).
            values.clear();
            values.extend_from_slice(&g[..keep]);
        }
        r
    }

    /// The table's part of [`Self::tabulate`]: extends the kept table to heap `to` (from `values` when they reach
    /// further than it).
    fn tabulate_table(
        &self,
        values: &[Nimber],
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()> {
        let name = self.core.name.clone();
        let several = self
            .core
            .native
            .as_ref()
            .is_some_and(Native::leaves_several);
        crate::heap::plain::check_length(&name, to, several)?;
        let len = usize::try_from(to)
            .ok()
            .and_then(|t| t.checked_add(1))
            .ok_or_else(|| Error::limit(format!("{name}: heap {to} is too large to tabulate")))?;
        let limits = crate::Limits {
            deadline: self.core.deadline,
            ..crate::Limits::default()
        };
        // The table is kept between calls: a longer run (the chunks of `seq --out`, a table asked for again)
        // extends it rather than starting again; a run stopped by the deadline keeps what it computed.
        let mut g = self.table.borrow_mut();
        if g.len() < values.len().min(len) {
            // A resumed run's values reach further than the table: they are the table from now on.
            g.clear();
            g.extend_from_slice(&values[..values.len().min(len)]);
        }
        if g.len() >= len {
            return Ok(());
        }
        let have = g.len();
        g.reserve(len - have);
        let mut mex = Seen::default();
        let mut ev = Evaluated::default();
        let mut opts = Options::new();
        // Options read since the clock was last looked at: progress and the deadline every 1,024 heaps, or sooner
        // when the heaps have many options (a script whose options grow as the square of the heap is at heap 700
        // after seconds).
        let mut work = 0usize;
        for n in g.len() as u64..=to {
            mex.clear();
            if let Some(items) = self.dense_options(n, &g, &mut ev, &mut mex) {
                work += items;
            } else {
                // The general path for this heap: the same options, and the same error when there is one.
                mex.clear();
                opts.clear();
                self.options(&n, &mut opts)?;
                for o in opts.iter() {
                    // Every heap of an option is below n (checked as the options were read).
                    mex.insert(o.iter().fold(0, |v, &h| v ^ g[h as usize]));
                }
                work += opts.len();
            }
            g.push(mex.mex());
            if n & 0x3ff == 0 || work >= 1 << 16 {
                work = 0;
                progress(n);
                crate::heap::plain::poll(&limits, &name, n, to)?;
            }
        }
        progress(to);
        Ok(())
    }

    fn try_options(&self, n: u64, out: &mut Options<u64>) -> Result<()> {
        if self.native_options(n, out)? {
            return Ok(());
        }
        let what = || format!("moves({n})");
        let d = self.core.call("moves", (n as i64,), &what)?;
        let t = kind_of(&d);
        let items = d.into_array().map_err(|_| {
            self.core.bad_result(
                &what(),
                &format!("returned {t}, not an array of options (e.g. [n - 1, n - 2])"),
            )
        })?;
        for (i, item) in items.into_iter().enumerate() {
            if let Ok(v) = item.as_int() {
                self.number_option(n, v, out)?;
            } else if item.is::<Splits>() {
                self.splits_option(n, item.cast::<Splits>().total, out)?;
            } else if item.is_array() {
                let arr = item.into_array().expect("checked to be an array");
                match numbers(&arr) {
                    Ok(Some(v)) => self.push(n, &v, out)?,
                    Ok(None) => {}
                    Err(e) => {
                        return Err(self.core.bad_result(
                            &what(),
                            &format!(
                                "option {} (a sum of heaps) is not an array of numbers: {e}",
                                i + 1
                            ),
                        ))
                    }
                }
            } else {
                return Err(self.core.bad_result(
                    &what(),
                    &format!(
                        "option {} is {}, not a number, an array of numbers (a sum) or splits(m)",
                        i + 1,
                        kind_of(&item)
                    ),
                ));
            }
        }
        Ok(())
    }
}

impl Game for NumberGame {
    type Position = u64;

    fn name(&self) -> String {
        self.core.name.clone()
    }

    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        self.try_options(*n, out)
    }

    fn validate(&self, n: &u64) -> Result<()> {
        if *n > MAX {
            return Err(Error::input(format!(
                "{}: {n} is larger than a script's numbers may be ({MAX})",
                self.core.name
            )));
        }
        Ok(())
    }

    fn components(&self, p: &u64) -> crate::Result<Vec<u64>> {
        if !self.core.has_components {
            return Ok(vec![*p]);
        }
        self.split(*p)
    }

    fn play(&self) -> Play {
        if self.core.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    fn heap(&self) -> Option<&dyn HeapFacts> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        Some(self)
    }
}

impl Notation<u64> for NumberGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<u64>>> {
        Some(crate::heap::parse_heaps(&self.core.name, words))
    }
    fn position_syntax(&self) -> &'static str {
        "N..."
    }
    fn show(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        if self.short_heaps() {
            crate::heap::describe_heap_move(*from, to)
        } else {
            format!("move from {from} to {}", self.show_sum(to))
        }
    }
}

impl Tabular<u64> for NumberGame {
    fn parameters(&self) -> usize {
        1
    }
    fn position_at(&self, params: &[u64]) -> Option<u64> {
        match params {
            [n] => Some(*n),
            _ => None,
        }
    }
}

// `splits` is not stated: whether a move splits a heap is known only by playing, so the theorems that need "no move
// splits" read it off the options of the heaps they use (`heap::facts`), and the plain engine keeps its bound for
// splitting games.
impl HeapFacts for NumberGame {
    fn short(&self) -> bool {
        self.short_heaps()
    }

    /// A script's moves are stated by nothing but its code.
    fn black_box(&self) -> bool {
        true
    }

    /// A one-number script whose `moves` is compiled natively (see the [`crate::script`] docs, "Speed" in
    /// docs/rules.md) is tabulated from its body in a dense table: heap `n`'s options are evaluated natively and
    /// their nim-values XORed straight from the table, `splits(m)` without building its `m / 2 + 1` options (the
    /// plain engine's loop, less the options buffer and the calls through the game). The table is kept, so a longer
    /// run extends it. Any heap the body cannot answer natively (its arithmetic fails, or it breaks the heap rule)
    /// goes through [`Game::options`] as before, so the values and errors are those of the plain engine (tests check
    /// both against it). `None` for other scripts, and at heap 0 when heap 0 is not simply terminal (the plain
    /// engine then reports it). Extends the values given (a resumed run's): a run stopped by the deadline hands
    /// back the heaps it computed (the table kept so far).
    fn extend_sequence(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        if !self.dense() {
            return None;
        }
        if to == 0 {
            // Asked whether the game has a method of its own: answer without side effects.
            let mut mex = Seen::default();
            return self
                .dense_options(0, &[], &mut Evaluated::default(), &mut mex)
                .map(|_| *values = vec![mex.mex()])
                .map(Ok);
        }
        Some(self.tabulate(values, to, progress))
    }
}

/// A scripted game whose position is a tuple of a fixed number of numbers (`fn moves(a, b)`) or a list of numbers
/// (`fn moves(l)` with `const SHAPE = "list"`).
pub struct ListGame {
    pub(super) core: Rc<Core>,
    parts: RefCell<FxHashMap<Vec<u64>, Vec<Vec<u64>>>>,
    /// The interpreter's buffers, reused from call to call.
    scratch: RefCell<Scratch>,
    /// The options the interpreter gave for [`Game::options`], reused from call to call.
    flat: RefCell<Flat>,
    /// The nim-values found by [`ListGame::dense_value`], kept from call to call.
    pub(super) dense: RefCell<Dense>,
    /// The lines read for positions far out, and the codes they were recognised as ([`super::lines`]).
    pub(super) lines: RefCell<super::lines::Lines>,
    /// The catalog game of two numbers the script was recognised as, if looked at ([`super::pairs`]).
    pub(super) pairs: RefCell<super::pairs::Pairs>,
}

/// The interpreter's buffers: its arguments, its stack and what it returned.
#[derive(Default)]
struct Scratch {
    args: Vec<Val>,
    stack: Vec<Val>,
    emitted: Emitted,
}

impl ListGame {
    pub(super) fn new(core: Rc<Core>) -> Self {
        ListGame {
            core,
            parts: RefCell::default(),
            scratch: RefCell::default(),
            flat: RefCell::default(),
            dense: RefCell::default(),
            lines: RefCell::default(),
            pairs: RefCell::default(),
        }
    }

    fn args(&self, p: &[u64]) -> Vec<Dynamic> {
        let xs = p.iter().map(|&x| Dynamic::from(x as i64));
        match self.core.shape {
            Shape::List => vec![Dynamic::from_array(xs.collect())],
            _ => xs.collect(),
        }
    }

    fn call_text(&self, f: &str, p: &[u64]) -> String {
        let xs: Vec<String> = p.iter().map(u64::to_string).collect();
        match self.core.shape {
            Shape::List => format!("{f}([{}])", xs.join(", ")),
            _ => format!("{f}({})", xs.join(", ")),
        }
    }

    /// Checks that `p` has the shape's length.
    fn check_len(&self, p: &[u64]) -> std::result::Result<(), String> {
        self.check_len_of(p.len())
    }

    /// Checks that a position of `len` numbers has the shape's length.
    fn check_len_of(&self, len: usize) -> std::result::Result<(), String> {
        match self.core.shape {
            Shape::Tuple(k) if len != k => {
                Err(format!("a position of this game is {k} numbers, not {len}"))
            }
            _ => Ok(()),
        }
    }

    /// A position or a sum of positions as the script wrote it: `Ok(None)` when it holds a negative number.
    fn read_sum(&self, arr: Array) -> std::result::Result<Option<Vec<Vec<u64>>>, String> {
        if !arr.is_empty() && arr.iter().all(Dynamic::is_array) {
            let mut sum = Vec::with_capacity(arr.len());
            for (j, x) in arr.into_iter().enumerate() {
                let inner = x.into_array().expect("checked to be an array");
                match numbers(&inner).map_err(|e| format!("position {} of the sum: {e}", j + 1))? {
                    Some(p) => {
                        self.check_len(&p)
                            .map_err(|e| format!("position {} of the sum: {e}", j + 1))?;
                        sum.push(p)
                    }
                    None => return Ok(None),
                }
            }
            return Ok(Some(sum));
        }
        if arr.is_empty() && self.core.shape != Shape::List {
            return Ok(Some(Vec::new()));
        }
        match numbers(&arr)? {
            Some(p) => {
                self.check_len(&p)?;
                Ok(Some(vec![p]))
            }
            None => Ok(None),
        }
    }

    fn split(&self, p: &[u64]) -> Result<Vec<Vec<u64>>> {
        if let Some(c) = self.parts.borrow().get(p) {
            return Ok(c.clone());
        }
        let what = || self.call_text("components", p);
        let d = self.core.call("components", self.args(p), &what)?;
        let t = kind_of(&d);
        let arr = d.into_array().map_err(|_| {
            self.core
                .bad_result(&what(), &format!("returned {t}, not an array of positions"))
        })?;
        let mut parts = Vec::with_capacity(arr.len());
        for (j, x) in arr.into_iter().enumerate() {
            let t = kind_of(&x);
            let inner = x.into_array().map_err(|_| {
                self.core.bad_result(
                    &what(),
                    &format!(
                        "part {} is {t}, not a position (an array of numbers)",
                        j + 1
                    ),
                )
            })?;
            match numbers(&inner) {
                Ok(Some(q)) => {
                    self.check_len(&q).map_err(|e| {
                        self.core
                            .bad_result(&what(), &format!("part {}: {e}", j + 1))
                    })?;
                    parts.push(q)
                }
                Ok(None) => {
                    return Err(self
                        .core
                        .bad_result(&what(), &format!("part {} holds a negative number", j + 1)))
                }
                Err(e) => {
                    return Err(self
                        .core
                        .bad_result(&what(), &format!("part {}: {e}", j + 1)))
                }
            }
        }
        self.parts.borrow_mut().insert(p.to_vec(), parts.clone());
        Ok(parts)
    }

    /// The options of `p` by the interpreter, read as [`Self::try_options`] reads Rhai's result when it is well
    /// formed: `Ok(false)`, with nothing added to `out`, when Rhai must evaluate it (the interpreter gave up, or
    /// the result is not well formed and Rhai's reading of it names the problem).
    fn program_options(&self, p: &[u64], out: &mut Options<Vec<u64>>) -> Result<bool> {
        let mut flat = self.flat.borrow_mut();
        if !self.interpret_flat(p, &mut flat) {
            return Ok(false);
        }
        let start = out.len();
        for o in 0..flat.opt_ends.len() {
            let positions = flat.option(o);
            if !self.core.has_components {
                // Straight into the buffer, one position at a time (no sum made first).
                out.push(positions.map(|q| flat.position(q).to_vec()));
                continue;
            }
            let mut all = Vec::new();
            for q in positions {
                match self.split(flat.position(q)) {
                    Ok(parts) => all.extend(parts),
                    Err(e) => {
                        out.truncate(start);
                        return Err(e);
                    }
                }
            }
            out.push(all);
        }
        Ok(true)
    }

    /// `moves(p)` by the interpreter, its options into `flat`; `false` when Rhai must evaluate it (no program, the
    /// interpreter gave up, or the result is not well formed: see [`Self::read_emitted`]).
    pub(super) fn interpret_flat(&self, p: &[u64], flat: &mut Flat) -> bool {
        self.interpret_then(p, false, |em| self.read_emitted(em, flat)) == Some(true)
    }

    /// Runs `moves(p)` by the interpreter and hands what it returned to `f`; `None` when the script has no program
    /// for it or the interpreter gave up (Rhai then runs it). With `symbolic`, loops of affine pushes may come as
    /// [`Emit::Family`] items.
    pub(super) fn interpret_then<R>(
        &self,
        p: &[u64],
        symbolic: bool,
        f: impl FnOnce(&mut Emitted) -> R,
    ) -> Option<R> {
        self.core.program.as_ref()?;
        let mut scratch = self.scratch.borrow_mut();
        let Scratch {
            args,
            stack,
            emitted,
        } = &mut *scratch;
        args.clear();
        let ints = p.iter().map(|&x| Val::Int(x as i64));
        match self.core.shape {
            Shape::List => args.push(Val::Arr(ints.collect())),
            _ => args.extend(ints),
        }
        emitted.symbolic = symbolic;
        (self.core.interpret(args, stack, emitted) == Some(true)).then(|| f(emitted))
    }

    /// The options the interpreter returned, read as [`Self::read_sum`] and [`Self::try_options`] read Rhai's
    /// result, into `flat`: `false` when that reading fails (Rhai's reading then names the problem) or an option is
    /// not an array of numbers or of arrays of numbers (Rhai reads it). An option holding a negative number is
    /// dropped; `[]` is the empty sum (the empty list, for a list game).
    pub(super) fn read_emitted(&self, em: &Emitted, flat: &mut Flat) -> bool {
        flat.clear();
        for item in &em.items {
            match *item {
                Emit::Flat(start, end) => {
                    let xs = &em.nums[start..end];
                    if xs.is_empty() && self.core.shape != Shape::List {
                        flat.end_option();
                        continue;
                    }
                    if xs.iter().any(|&x| x < 0) {
                        continue;
                    }
                    if self.check_len_of(xs.len()).is_err() {
                        return false;
                    }
                    flat.nums.extend(xs.iter().map(|&x| x as u64));
                    flat.end_position();
                    flat.end_option();
                }
                Emit::Nested(first, end) => {
                    // In order, as Rhai's result is read: a position holding a negative number drops the option
                    // (the positions before it written are taken back), one of another length before it is an
                    // error.
                    let (nums, positions) = (flat.nums.len(), flat.pos_ends.len());
                    let (rows, dropped) = em.rows_before_negative(first, end);
                    for xs in rows {
                        if self.check_len_of(xs.len()).is_err() {
                            return false;
                        }
                        flat.nums.extend(xs.iter().map(|&x| x as u64));
                        flat.end_position();
                    }
                    if dropped {
                        flat.nums.truncate(nums);
                        flat.pos_ends.truncate(positions);
                        continue;
                    }
                    flat.end_option();
                }
                Emit::Num(_) | Emit::Splits(_) | Emit::Other | Emit::Family(_) => return false,
            }
        }
        true
    }

    pub(super) fn try_options(&self, p: &[u64], out: &mut Options<Vec<u64>>) -> Result<()> {
        if self.program_options(p, out)? {
            return Ok(());
        }
        let what = || self.call_text("moves", p);
        let d = self.core.call("moves", self.args(p), &what)?;
        let t = kind_of(&d);
        let items = d.into_array().map_err(|_| {
            self.core
                .bad_result(&what(), &format!("returned {t}, not an array of options"))
        })?;
        for (i, item) in items.into_iter().enumerate() {
            let t = kind_of(&item);
            let arr = item.into_array().map_err(|_| {
                self.core.bad_result(
                    &what(),
                    &format!(
                        "option {} is {t}, not a position (an array of numbers) or a sum (an array of positions)",
                        i + 1
                    ),
                )
            })?;
            let sum = match self.read_sum(arr) {
                Ok(Some(s)) => s,
                Ok(None) => continue,
                Err(e) => {
                    return Err(self
                        .core
                        .bad_result(&what(), &format!("option {}: {e}", i + 1)))
                }
            };
            if sum.iter().flatten().any(|&x| x > MAX) {
                return Err(self.core.bad_result(&what(), "a number is too large"));
            }
            if self.core.has_components {
                let mut all = Vec::new();
                for q in &sum {
                    all.extend(self.split(q)?);
                }
                out.push(all);
            } else {
                out.push(sum);
            }
        }
        Ok(())
    }
}

impl Game for ListGame {
    type Position = Vec<u64>;

    fn name(&self) -> String {
        self.core.name.clone()
    }

    fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
        self.try_options(p, out)
    }

    fn validate(&self, p: &Vec<u64>) -> Result<()> {
        self.check_len(p)
            .map_err(|e| Error::input(format!("{}: {e}", self.core.name)))?;
        if let Some(x) = p.iter().find(|&&x| x > MAX) {
            return Err(Error::input(format!(
                "{}: {x} is larger than a script's numbers may be ({MAX})",
                self.core.name
            )));
        }
        Ok(())
    }

    fn components(&self, p: &Vec<u64>) -> crate::Result<Vec<Vec<u64>>> {
        if !self.core.has_components {
            return Ok(vec![p.clone()]);
        }
        self.split(p)
    }

    fn play(&self) -> Play {
        if self.core.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        Some(self)
    }
}

/// A tuple script's own engine (`ListGame::dense_value`): asked outside a solver (not kept to formulas), it values a
/// position in a dense table indexed by its numbers, or leaves it to the solver. Inside a solver (formulas only), a
/// position on a line recognised as a code is valued as that code (the module `script::lines`), the formula of that
/// line.
impl ClosedForm<Vec<u64>> for ListGame {
    fn nim_value(&self, p: &Vec<u64>, cx: &Context) -> Option<Nimber> {
        if cx.formulas_only() {
            return self.line_value(p, cx).or_else(|| self.pair_value(p, cx));
        }
        self.dense_value(p, cx).or_else(|| self.pair_value(p, cx))
    }
    /// A position far out of a script recognised as a catalog game of two numbers (the module `script::pairs`):
    /// that game's outcome, where its rules give one.
    fn outcome(&self, p: &Vec<u64>, play: Play, cx: &Context) -> Option<crate::Outcome> {
        self.pair_outcome(p, play, cx)
    }
    /// The winning moves of such a position, by that game's rule, written as the positions it holds equal are
    /// written by it (see the module `script::pairs`).
    fn winning_options(
        &self,
        p: &Vec<u64>,
        play: Play,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        self.pair_winning_options(p, play, cx)
    }
    /// The dense table values every position of a box to answer one: when only the outcome is asked, the
    /// win-loss search is preferred.
    fn outcome_by_search(&self) -> bool {
        true
    }
    /// The options of such a position of a given nim-value, by that game's rule (where it has one).
    fn options_with_value(
        &self,
        p: &Vec<u64>,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        self.pair_options_with_value(p, target, cx)
    }
}

impl Notation<Vec<u64>> for ListGame {
    /// A tuple game reads its numbers in groups (`3 4 5 6` is the two pairs (3, 4) and (5, 6)); a list game reads
    /// every word as one list (`1 2 3`; `[]` is the empty list). A number may also be written with commas
    /// (`3,4`).
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        match self.core.shape {
            Shape::Tuple(2) => "A B [A B]...",
            Shape::Tuple(_) => "X1 X2 ... (one number per parameter of moves) [...]",
            _ => "X1 X2 ... (one list)",
        }
    }
    fn show(&self, p: &Vec<u64>) -> String {
        if p.is_empty() {
            return "[]".into();
        }
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }
    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        format!("move from {} to {}", self.show(from), self.show_sum(to))
    }
    /// The assumption of each line recognised as a code that an answer was taken from.
    fn note(&self) -> Option<String> {
        let mut notes = self.lines.borrow().assumptions(&self.name());
        notes.extend(self.pairs.borrow().assumption(&self.name()));
        (!notes.is_empty()).then(|| notes.join("; "))
    }
}

impl ListGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Vec<u64>>> {
        let name = &self.core.name;
        if words.len() == 1 && words[0].trim() == "[]" && self.core.shape == Shape::List {
            return Ok(vec![Vec::new()]);
        }
        let mut xs = Vec::new();
        for w in words {
            for part in w.split(',').filter(|s| !s.trim().is_empty()) {
                xs.push(parse_u64(
                    part,
                    &format!("{name}: a number of the position"),
                )?);
            }
        }
        if xs.is_empty() {
            return Err(Error::input(format!(
                "{name}: give a position ({})",
                self.position_syntax()
            )));
        }
        match self.core.shape {
            Shape::Tuple(k) => {
                if xs.len() % k != 0 {
                    return Err(Error::input(format!(
                        "{name}: a position is {k} numbers, but {} were given",
                        xs.len()
                    )));
                }
                Ok(xs.chunks(k).map(<[u64]>::to_vec).collect())
            }
            _ => Ok(vec![xs]),
        }
    }
}

impl Tabular<Vec<u64>> for ListGame {
    /// A tuple script's positions are named by its `k` numbers (tables take two; a line of any `k`,
    /// [`crate::games::line`]); a list's are not numbered.
    fn parameters(&self) -> usize {
        match self.core.shape {
            Shape::Tuple(k) => k,
            _ => 0,
        }
    }
    fn position_at(&self, params: &[u64]) -> Option<Vec<u64>> {
        match self.core.shape {
            Shape::Tuple(k) if params.len() == k => Some(params.to_vec()),
            _ => None,
        }
    }
}
