//! Games defined in Python: a [`Game`] whose options come from a Python callable, memoised natively.
//!
//! The callable is called once per position (the solver memoises every value), and returns an iterable whose items
//! are options, each one of:
//! - a position (an `int`, or for games that are not heap games a `tuple` of ints): one component;
//! - a `list` of positions: a sum of components (`[]`: nothing is left);
//! - a `range`: one single-heap option for each number in it, read natively;
//! - a [`Splits`] object: every way to leave its total as a sum of heaps, enumerated natively, so that a heap game
//!   whose options number `n` per heap costs one Python call per heap, not `n` Python objects.
//!
//! A Python exception raised by the callable (or a `KeyboardInterrupt` from the signal check before each call) ends
//! the search in progress: [`Game::options`] returns an error, so no value computed from it is kept. The exception
//! object itself is kept beside the game and raised again by the front end in place of that error
//! ([`PyRules::take_failure`]), with its own type and traceback.

use crate::InputError;
use grundy::game::HeapFacts;
use grundy::game::{Game, Options};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyRange, PyRangeMethods, PyTuple};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The most options one position may have (a `Splits` of a huge total into many heaps would fill memory).
pub const MAX_OPTIONS_PER_POSITION: usize = 50_000_000;

/// A position of a game defined in Python: a Rust value converted from and to a Python object.
pub trait PyPos: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// Reads a position; `what` names it in the error.
    fn read(ob: &Bound<'_, PyAny>) -> PyResult<Self>;
    /// The position as a Python object (the argument of the user's callables).
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    /// A heap of `n` (from a `range` or a `Splits`).
    fn from_heap(n: i128) -> PyResult<Self>;
    /// A heap of `n`, known to be representable (at most a total that [`PyPos::from_heap`] accepted).
    fn from_small(n: u64) -> Self;
    /// The position as a heap size, when it is one.
    fn as_heap(&self) -> Option<u64>;
    /// As written for people: `5`, `(3, 5)`.
    fn show(&self) -> String;
    /// Whether `other` is a position of the same shape (an int beside an int, a tuple beside a tuple): a
    /// component of a position must be.
    fn same_kind(&self, other: &Self) -> bool {
        let _ = other;
        true
    }
}

impl PyPos for u64 {
    fn read(ob: &Bound<'_, PyAny>) -> PyResult<Self> {
        ob.extract::<u64>().map_err(|_| {
            InputError::new_err(format!(
                "a position of a heap game is a heap size, an int from 0 to 2^64 - 1, not {}",
                crate::short_repr(ob)
            ))
        })
    }
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.into_pyobject(py)?.into_any())
    }
    fn from_heap(n: i128) -> PyResult<Self> {
        u64::try_from(n).map_err(|_| {
            InputError::new_err(format!(
                "a position of a heap game is a heap size from 0 to 2^64 - 1, not {n}"
            ))
        })
    }
    fn from_small(n: u64) -> Self {
        n
    }
    fn as_heap(&self) -> Option<u64> {
        Some(*self)
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

/// A position of a game that is not a heap game: an int or a tuple of ints (each from −2^63 to 2^63 − 1).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Pos {
    /// An int.
    Int(i64),
    /// A tuple of ints.
    Tuple(Box<[i64]>),
}

fn bad_position(ob: &Bound<'_, PyAny>) -> PyErr {
    InputError::new_err(format!(
        "a position is an int or a tuple of ints (each from -2^63 to 2^63 - 1), not {}",
        crate::short_repr(ob)
    ))
}

impl PyPos for Pos {
    fn read(ob: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(t) = ob.cast::<PyTuple>() {
            let mut v = Vec::with_capacity(t.len());
            for x in t.iter() {
                v.push(x.extract::<i64>().map_err(|_| bad_position(ob))?);
            }
            return Ok(Pos::Tuple(v.into_boxed_slice()));
        }
        ob.extract::<i64>()
            .map(Pos::Int)
            .map_err(|_| bad_position(ob))
    }
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Pos::Int(n) => n.into_pyobject(py)?.into_any(),
            Pos::Tuple(t) => PyTuple::new(py, t.iter())?.into_any(),
        })
    }
    fn from_heap(n: i128) -> PyResult<Self> {
        i64::try_from(n)
            .map(Pos::Int)
            .map_err(|_| InputError::new_err(format!("{n} is not an int from -2^63 to 2^63 - 1")))
    }
    fn from_small(n: u64) -> Self {
        Pos::Int(n as i64)
    }
    fn as_heap(&self) -> Option<u64> {
        match self {
            Pos::Int(n) => u64::try_from(*n).ok(),
            Pos::Tuple(_) => None,
        }
    }
    fn same_kind(&self, other: &Self) -> bool {
        matches!(
            (self, other),
            (Pos::Int(_), Pos::Int(_)) | (Pos::Tuple(_), Pos::Tuple(_))
        )
    }
    fn show(&self) -> String {
        match self {
            Pos::Int(n) => n.to_string(),
            Pos::Tuple(t) if t.len() == 1 => format!("({},)", t[0]),
            Pos::Tuple(t) => format!(
                "({})",
                t.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// `grundy.splits(total, max_parts=2, min_parts=0, distinct=False)`: as an item of a game's options, every way
/// to leave `total` tokens as a sum of between `min_parts` and `max_parts` non-empty heaps (pairwise unequal when
/// `distinct`), each way once (heaps in non-increasing order). A total of 0 leaves nothing (zero heaps), which
/// counts when `min_parts` is 0.
#[pyclass(frozen, module = "grundy._grundy", name = "Splits")]
#[derive(Clone, Debug)]
pub struct Splits {
    #[pyo3(get)]
    total: u64,
    #[pyo3(get)]
    max_parts: u32,
    #[pyo3(get)]
    min_parts: u32,
    #[pyo3(get)]
    distinct: bool,
}

#[pymethods]
impl Splits {
    #[new]
    #[pyo3(signature = (total, max_parts = None, min_parts = None, distinct = false))]
    fn new(
        total: &Bound<'_, PyAny>,
        max_parts: Option<&Bound<'_, PyAny>>,
        min_parts: Option<&Bound<'_, PyAny>>,
        distinct: bool,
    ) -> PyResult<Self> {
        let total = crate::u64_arg(total, "splits: total")?;
        let max_parts = max_parts.map_or(Ok(2), |m| crate::u64_arg(m, "splits: max_parts"))?;
        let min_parts = min_parts.map_or(Ok(0), |m| crate::u64_arg(m, "splits: min_parts"))?;
        if max_parts > 64 {
            return Err(InputError::new_err(format!(
                "splits: max_parts is {max_parts}, more than the 64 heaps one move may leave here"
            )));
        }
        if min_parts > max_parts {
            return Err(InputError::new_err(format!(
                "splits: min_parts ({min_parts}) is more than max_parts ({max_parts})"
            )));
        }
        Ok(Splits {
            total,
            max_parts: max_parts as u32,
            min_parts: min_parts as u32,
            distinct,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "splits({}, max_parts={}, min_parts={}, distinct={})",
            self.total,
            self.max_parts,
            self.min_parts,
            if self.distinct { "True" } else { "False" }
        )
    }

    /// Every way, as a list of lists of heaps (for inspection and tests; games read them natively).
    fn ways(&self) -> PyResult<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        self.for_each(|parts| {
            out.push(parts.to_vec());
            Ok(())
        })?;
        Ok(out)
    }
}

impl Splits {
    /// Calls `f` with each way (heaps in non-increasing order), stopping at the first error or at
    /// [`MAX_OPTIONS_PER_POSITION`] ways. One and two heaps (the moves of most games) are plain loops; three or
    /// more are enumerated recursively.
    pub fn for_each<F: FnMut(&[u64]) -> PyResult<()>>(&self, mut f: F) -> PyResult<()> {
        let t = self.total;
        if t == 0 {
            return if self.min_parts == 0 { f(&[]) } else { Ok(()) };
        }
        // Refused before any work when the ways are known to be too many (a total of 10^18 has 5·10^17 ways
        // into two heaps): counted exactly for one and two heaps, and from below by the ways into three.
        if self.fewest_ways() > MAX_OPTIONS_PER_POSITION as u128 {
            return Err(self.too_many());
        }
        let mut count = 0usize;
        for k in self.min_parts.max(1)..=self.max_parts {
            match k {
                1 => {
                    count += 1;
                    f(&[t])?;
                }
                2 => {
                    // a ≥ b ≥ 1, a + b = t: a from t − 1 down to ⌈t/2⌉ (a > b when distinct).
                    let lo = if self.distinct {
                        t / 2 + 1
                    } else {
                        t.div_ceil(2)
                    };
                    for a in (lo..t).rev() {
                        count += 1;
                        if count > MAX_OPTIONS_PER_POSITION {
                            return Err(self.too_many());
                        }
                        f(&[a, t - a])?;
                    }
                }
                _ => {
                    let mut buf = Vec::with_capacity(k as usize);
                    self.parts(t, k, t, &mut buf, &mut count, &mut f)?;
                }
            }
        }
        Ok(())
    }

    /// A lower bound on the number of ways (exact when at most two heaps are allowed): one heap, `t − ⌈t/2⌉`
    /// pairs (`t − ⌊t/2⌋ − 1` distinct), and for three or more parts the partitions of `t` into exactly three
    /// (`round(t²/12)`, or of `t − 3` for distinct parts), every one of which is a way.
    fn fewest_ways(&self) -> u128 {
        let t = u128::from(self.total);
        let (lo, hi) = (self.min_parts.max(1), self.max_parts);
        let mut ways = 0u128;
        if lo <= 1 && hi >= 1 {
            ways += 1;
        }
        if lo <= 2 && hi >= 2 && t >= 2 {
            ways += if self.distinct {
                t - t / 2 - 1
            } else {
                t - t.div_ceil(2)
            };
        }
        if lo <= 3 && hi >= 3 {
            let u = if self.distinct {
                t.saturating_sub(3)
            } else {
                t
            };
            ways += (u * u + 6) / 12;
        }
        ways
    }

    fn too_many(&self) -> PyErr {
        crate::limit_error(
            format!(
                "{} has more than {MAX_OPTIONS_PER_POSITION} ways, the most one position may have",
                self.__repr__()
            ),
            None,
        )
    }

    /// Partitions of `rest` into exactly `k` parts, each at most `bound` (the caller lowers `bound` below the
    /// previous part when the parts are distinct), appended to `buf`.
    fn parts<F: FnMut(&[u64]) -> PyResult<()>>(
        &self,
        rest: u64,
        k: u32,
        bound: u64,
        buf: &mut Vec<u64>,
        count: &mut usize,
        f: &mut F,
    ) -> PyResult<()> {
        if k == 0 {
            if rest == 0 {
                *count += 1;
                if *count > MAX_OPTIONS_PER_POSITION {
                    return Err(self.too_many());
                }
                f(buf)?;
            }
            return Ok(());
        }
        let k64 = u64::from(k);
        // The largest part `a` is at most `bound` and `rest − (k − 1)` (the others are at least 1), and at least
        // ⌈rest / k⌉ (it is the largest). With distinct parts the others are at least 1, 2, …, k − 1.
        let others_min = if self.distinct {
            (k64 - 1) * k64 / 2
        } else {
            k64 - 1
        };
        if rest < others_min + 1 {
            return Ok(());
        }
        let hi = bound.min(rest - others_min);
        let lo = rest.div_ceil(k64).max(1);
        if lo > hi {
            return Ok(());
        }
        for a in (lo..=hi).rev() {
            buf.push(a);
            let next_bound = if self.distinct { a - 1 } else { a };
            self.parts(rest - a, k - 1, next_bound, buf, count, f)?;
            buf.pop();
        }
        Ok(())
    }
}

/// What the Python side of a game is: its callables and what it says about itself.
pub struct RulesInner {
    pub name: String,
    pub heap: bool,
    /// The game's own convention: true when its rules say the last mover loses (`define(..., play="misere")`).
    pub misere: bool,
    options: Py<PyAny>,
    components: Option<Py<PyAny>>,
    /// The first exception raised (or signal caught) during the current analysis.
    failure: Mutex<Option<PyErr>>,
    failed: AtomicBool,
}

/// A game defined in Python, over positions `P` (`u64` for heap games, [`Pos`] otherwise): cheap to clone.
pub struct PyRules<P> {
    pub inner: Arc<RulesInner>,
    _p: std::marker::PhantomData<fn() -> P>,
}

impl<P> Clone for PyRules<P> {
    fn clone(&self) -> Self {
        PyRules {
            inner: self.inner.clone(),
            _p: std::marker::PhantomData,
        }
    }
}

impl<P: PyPos> PyRules<P> {
    pub fn new(
        name: String,
        heap: bool,
        misere: bool,
        options: Py<PyAny>,
        components: Option<Py<PyAny>>,
    ) -> Self {
        PyRules {
            inner: Arc::new(RulesInner {
                name,
                heap,
                misere,
                options,
                components,
                failure: Mutex::new(None),
                failed: AtomicBool::new(false),
            }),
            _p: std::marker::PhantomData,
        }
    }

    /// The error that ends the search in progress when the game's Python code raised `e`; `e` itself is kept
    /// for the front end to raise again ([`PyRules::take_failure`]), with its own type and traceback.
    fn raised(&self, e: PyErr) -> grundy::Error {
        let message = format!("{}: {e}", self.inner.name);
        self.fail(e);
        grundy::Error::input(message)
    }

    fn fail(&self, e: PyErr) {
        let mut slot = self.inner.failure.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.inner.failed.store(true, Ordering::SeqCst);
    }

    /// The exception raised during the analysis that just ended, if any (and the game is ready for the next).
    pub fn take_failure(&self) -> Option<PyErr> {
        if !self.inner.failed.swap(false, Ordering::SeqCst) {
            return None;
        }
        self.inner
            .failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }

    fn fill(&self, py: Python<'_>, p: &P, out: &mut Options<P>) -> PyResult<()> {
        // A flag test in CPython (signals are handled on the main thread only): cheap enough for every call.
        py.check_signals()?;
        let result = self.inner.options.bind(py).call1((p.to_py(py)?,))?;
        let heap = if self.inner.heap { p.as_heap() } else { None };
        let check = |c: &P| -> PyResult<()> {
            if let (Some(n), Some(h)) = (heap, c.as_heap()) {
                if h >= n {
                    return Err(InputError::new_err(format!(
                        "{}: an option of the heap {n} leaves a heap of {h}; a heap game's options are sums of smaller heaps",
                        self.inner.name
                    )));
                }
            }
            Ok(())
        };
        let push_one = |out: &mut Options<P>, c: P| -> PyResult<()> {
            check(&c)?;
            if out.len() >= MAX_OPTIONS_PER_POSITION {
                return Err(crate::limit_error(format!(
                    "{}: the position {} has more than {MAX_OPTIONS_PER_POSITION} options, the most one position may have",
                    self.inner.name,
                    p.show()
                ), None));
            }
            out.push_one(c);
            Ok(())
        };
        let iter = result.try_iter().map_err(|_| {
            InputError::new_err(format!(
                "{}: options({}) returned {}, not an iterable of options",
                self.inner.name,
                p.show(),
                crate::short_repr(&result)
            ))
        })?;
        let mut comps: Vec<P> = Vec::new();
        for item in iter {
            let item = item?;
            if let Ok(list) = item.cast::<PyList>() {
                comps.clear();
                for c in list.iter() {
                    let c = P::read(&c)?;
                    check(&c)?;
                    comps.push(c);
                }
                out.push(comps.drain(..));
            } else if let Ok(r) = item.cast::<PyRange>() {
                let (start, stop, step) =
                    (r.start()? as i128, r.stop()? as i128, r.step()? as i128);
                let mut v = start;
                while (step > 0 && v < stop) || (step < 0 && v > stop) {
                    push_one(out, P::from_heap(v)?)?;
                    v += step;
                }
            } else if let Ok(s) = item.cast::<Splits>() {
                let s = s.get();
                // Every heap left is at most the total: one conversion and one comparison check them all.
                P::from_heap(s.total as i128)?;
                let (name, n) = (&self.inner.name, heap);
                s.for_each(|parts| {
                    if let (Some(n), Some(&h)) = (n, parts.first()) {
                        if h >= n {
                            return Err(InputError::new_err(format!(
                                "{name}: an option of the heap {n} leaves a heap of {h}; a heap game's options are sums of smaller heaps"
                            )));
                        }
                    }
                    if out.len() >= MAX_OPTIONS_PER_POSITION {
                        return Err(crate::limit_error(format!(
                            "{name}: the position {} has more than {MAX_OPTIONS_PER_POSITION} options, the most one position may have",
                            p.show()
                        ), None));
                    }
                    out.push(parts.iter().map(|&h| P::from_small(h)));
                    Ok(())
                })?;
            } else {
                push_one(out, P::read(&item)?)?;
            }
        }
        Ok(())
    }
}

impl<P: PyPos> Game for PyRules<P> {
    type Position = P;

    fn name(&self) -> String {
        self.inner.name.clone()
    }

    fn options(&self, position: &P, out: &mut Options<P>) -> grundy::Result<()> {
        Python::attach(|py| self.fill(py, position, out)).map_err(|e| self.raised(e))
    }

    fn components(&self, position: &P) -> grundy::Result<Vec<P>> {
        let Some(f) = &self.inner.components else {
            return Ok(vec![position.clone()]);
        };
        Python::attach(|py| {
            let r = (|| -> PyResult<Vec<P>> {
                let result = f.bind(py).call1((position.to_py(py)?,))?;
                // A list, and nothing else: a tuple position returned as it is would otherwise read as a sum of
                // its numbers, and be valued wrongly.
                let call = || format!("components({})", position.show());
                let list = result.cast::<PyList>().map_err(|_| {
                    InputError::new_err(format!(
                        "{} returned {}, not a list of positions (return [p] for a position that does not split)",
                        call(),
                        crate::short_repr(&result)
                    ))
                })?;
                let mut v = Vec::with_capacity(list.len());
                for c in list.iter() {
                    let q = P::read(&c)?;
                    if !position.same_kind(&q) {
                        return Err(InputError::new_err(format!(
                            "{} returned the part {}, not a position of the same kind as {} (an int for an int, a \
                             tuple for a tuple)",
                            call(),
                            q.show(),
                            position.show()
                        )));
                    }
                    if list.len() > 1 && q == *position {
                        return Err(InputError::new_err(format!(
                            "{} returned the position itself beside other parts: a position is not a part of itself",
                            call()
                        )));
                    }
                    v.push(q);
                }
                Ok(v)
            })();
            r.map_err(|e| self.raised(e))
        })
    }

    fn play(&self) -> grundy::Play {
        if self.inner.misere {
            grundy::Play::Misere
        } else {
            grundy::Play::Normal
        }
    }

    fn heap(&self) -> Option<&dyn HeapFacts> {
        self.inner.heap.then_some(self as &dyn HeapFacts)
    }
    fn notation(&self) -> Option<&dyn grundy::Notation<Self::Position>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn grundy::Tabular<Self::Position>> {
        Some(self)
    }
}

impl<P: PyPos> grundy::Notation<P> for PyRules<P> {
    fn show(&self, position: &P) -> String {
        position.show()
    }
    fn describe_move(&self, from: &P, to: &[P]) -> String {
        if self.inner.heap {
            if let (Some(n), Some(hs)) = (
                from.as_heap(),
                to.iter().map(P::as_heap).collect::<Option<Vec<u64>>>(),
            ) {
                return grundy::heap::describe_heap_move(n, &hs);
            }
        }
        format!("move to {}", self.show_sum(to))
    }
}

impl<P: PyPos> grundy::Tabular<P> for PyRules<P> {
    fn parameters(&self) -> usize {
        usize::from(self.inner.heap)
    }
    fn position_at(&self, params: &[u64]) -> Option<P> {
        match params {
            [n] if self.inner.heap => P::from_heap(*n as i128).ok(),
            _ => None,
        }
    }
}

/// A Python game whose positions are heaps states no facts beyond being one: whether a move splits a heap is read
/// off its options wherever a theorem needs it.
impl<P: PyPos> HeapFacts for PyRules<P> {
    /// A Python function's moves are stated by nothing but its code.
    fn black_box(&self) -> bool {
        true
    }
}
