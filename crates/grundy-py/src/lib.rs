//! `grundy._grundy`: the native half of the Python package `grundy` (the other half, `python/grundy/__init__.py`,
//! wraps it with keyword arguments, result records and numpy arrays).
//!
//! Everything here calls the library's own entry points: [`grundy::games::lookup`] for catalog games and codes,
//! [`grundy::analysis::analyse`] for a position or a sum under normal, misère or loopy play,
//! [`grundy::heap::sequence`] and [`grundy::heap::period`] for heap games, [`grundy::misere::genus`] for misère
//! values and genera, [`grundy::nimber`] for nimber arithmetic. Results are the library's serde types, converted
//! through `serde_json` to Python dicts, so they have exactly the keys of the command line's `--json` output
//! (`docs/json.md`). Library errors become the exceptions of one family under `grundy.GrundyError`
//! (`python/grundy/_errors.py`), one per [`ErrorKind`], with the same one-line message in the Python API's words
//! (`message`: a limit's remedy worded from its budget): `InputError` (also a `ValueError`), [`LimitError`],
//! `LoopyError`, `UnsupportedError` and `CancelledError`.
//!
//! **Threads and Ctrl-C.** Work on catalog games needs no Python: it runs on a worker thread that keeps the game
//! (`Keeper`) while the calling thread waits with the GIL released, checking for signals every 50 ms; Ctrl-C
//! raises `KeyboardInterrupt` at once (the abandoned computation finishes on its thread, within its limits, and its
//! answer is dropped). Work on
//! games defined in Python calls Python for every position, so it keeps the GIL and checks for signals before
//! each call (see `src/rules.rs`).

mod pictures;
mod rules;

use grundy::analysis::pattern;
use grundy::analysis::table::{Span, Table};
use grundy::analysis::{analyse, Convention, Sum};
use grundy::error::Remedy;
use grundy::game::Game;
use grundy::game::HeapView;
use grundy::games::AnyGame;
use grundy::heap::{period, sequence, Engine, HeapGame};
use grundy::misere::genus::GenusTable;
use grundy::{ErrorKind, Limits, Solver};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rules::{Pos, PyPos, PyRules, Splits};
use std::rc::Rc;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

// The exception family is defined in Python (`python/grundy/_errors.py`), where a class may have two bases
// (`InputError` is also a `ValueError`); these types import it on first use.
pyo3::import_exception!(grundy._errors, GrundyError);
pyo3::import_exception!(grundy._errors, InputError);
pyo3::import_exception!(grundy._errors, LimitError);
pyo3::import_exception!(grundy._errors, LoopyError);
pyo3::import_exception!(grundy._errors, UnsupportedError);
pyo3::import_exception!(grundy._errors, CancelledError);

/// A remedy of a library error ([`Remedy`]) in the Python API's words: the keyword argument (or method) that does
/// it, where the command line names a flag ([`grundy::Error::render`]).
fn python_words(remedy: Remedy) -> String {
    match remedy {
        Remedy::Raise(budget) => format!("raise it with {}=", budget_keyword(budget)),
        Remedy::LiftTimeLimit => "lift it with max_seconds=None".to_string(),
        Remedy::Loopy | Remedy::AnalyseLoopy => "analyse it with loopy=True".to_string(),
        Remedy::OutcomeAlone => "outcome() gives its outcome alone".to_string(),
        Remedy::LeaveOutMisere => "leave out misere=True".to_string(),
        Remedy::RowsAndColumns => "use rows= and cols= for two".to_string(),
        Remedy::RaiseMaxHeap => "raise max_heap=".to_string(),
        Remedy::LowerMaxHeap => "lower max_heap=".to_string(),
        Remedy::SearchFurther => "period(to=N) searches further".to_string(),
        Remedy::AssumePeriod => "period(to=N) shows the period observed on its values".to_string(),
        _ => remedy.plain_words(),
    }
}

/// The keyword argument that raises `budget`.
fn budget_keyword(budget: grundy::error::Budget) -> &'static str {
    use grundy::error::Budget;
    match budget {
        Budget::Time(_) => "max_seconds",
        Budget::Memory(_) => "max_memory",
        Budget::Positions(_) => "max_positions",
    }
}

/// The value of `budget` as a Python number: seconds (a float), bytes or positions (ints).
fn budget_value(py: Python<'_>, budget: grundy::error::Budget) -> Bound<'_, PyAny> {
    use grundy::error::Budget;
    use pyo3::types::{PyFloat, PyInt};
    match budget {
        Budget::Time(d) => PyFloat::new(py, d.as_secs_f64()).into_any(),
        Budget::Memory(bytes) => PyInt::new(py, bytes).into_any(),
        Budget::Positions(n) => PyInt::new(py, n).into_any(),
    }
}

/// The message of a library error in the Python API's words: its remedies ([`Remedy`], data) name keyword
/// arguments ([`python_words`]), and the time limit, which bounds a whole command on the command line, bounds one
/// call here.
fn message(e: &grundy::Error) -> String {
    e.render(python_words)
        .replace("the command took longer", "the call took longer")
}

/// A library error as the Python exception of its kind (all under `grundy.GrundyError`), with the same one-line
/// message in the Python API's words ([`message`]).
fn err(e: grundy::Error) -> PyErr {
    let m = message(&e);
    match e.kind() {
        ErrorKind::Input => InputError::new_err(m),
        ErrorKind::Limit => limit_error(m, e.budget()),
        ErrorKind::Loopy => LoopyError::new_err(m),
        ErrorKind::Unsupported => UnsupportedError::new_err(m),
        // The library's cancellation. Ctrl-C itself never gets here: the waiting thread raises KeyboardInterrupt
        // as soon as the interpreter reports the signal ([`wait`]).
        ErrorKind::Cancelled => CancelledError::new_err(m),
    }
}

/// A `LimitError` with the budget that stopped the work as data: `budget`, the keyword argument that raises it
/// (`"max_seconds"`, `"max_memory"`, `"max_positions"`), and `limit`, its value (seconds, bytes, positions); both
/// `None` for a fixed bound of the library (the largest board an exact search takes), which no argument raises.
pub(crate) fn limit_error(message: String, budget: Option<grundy::error::Budget>) -> PyErr {
    Python::attach(|py| match budget {
        Some(b) => LimitError::new_err((message, budget_keyword(b), budget_value(py, b).unbind())),
        None => LimitError::new_err((message,)),
    })
}

/// An object as a short, one-line text for messages.
pub(crate) fn short_repr(ob: &Bound<'_, PyAny>) -> String {
    let r = ob
        .repr()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "an object".into());
    let r = grundy::error::escape(&r);
    if r.chars().count() > 60 {
        format!("{}...", r.chars().take(57).collect::<String>())
    } else {
        r
    }
}

/// An int from 0 to 2^64 − 1, or a `ValueError` naming `what`.
pub(crate) fn u64_arg(ob: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if ob.is_instance_of::<pyo3::types::PyBool>() {
        return Err(InputError::new_err(format!(
            "{what}: expected an int from 0 to 2^64 - 1, found a bool"
        )));
    }
    ob.extract::<u64>().map_err(|_| {
        InputError::new_err(format!(
            "{what}: expected an int from 0 to 2^64 - 1, found {}",
            short_repr(ob)
        ))
    })
}

fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(json_to_py(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

fn to_json<T: serde::Serialize>(t: &T) -> grundy::Result<serde_json::Value> {
    serde_json::to_value(t).map_err(|e| grundy::Error::input(format!("JSON: {e}")))
}

/// An analysis as `grundy value --json` prints it, with why the listing of its winning moves stopped (if a limit
/// stopped it) in the Python API's words ([`message`]).
fn report_json(r: &grundy::analysis::Report) -> grundy::Result<serde_json::Value> {
    let mut j = to_json(r)?;
    if let (grundy::analysis::Report::Normal(a), Some(obj)) = (r, j.as_object_mut()) {
        if let Some(e) = &a.moves_stopped {
            obj.insert("winning_moves_stopped".into(), message(e).into());
        }
    }
    Ok(j)
}

/// The limits of one call: the library's defaults, with the caller's time, positions and memory bounds.
#[derive(Clone, Copy, Default)]
struct Bounds {
    max_seconds: Option<f64>,
    max_positions: Option<u64>,
    max_memory: Option<u64>,
}

impl Bounds {
    fn read(
        max_seconds: Option<&Bound<'_, PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let max_seconds = match max_seconds {
            None => None,
            Some(s) => {
                let v: f64 = s.extract().map_err(|_| {
                    InputError::new_err(format!(
                        "max_seconds: expected a positive number of seconds such as 30 or 0.5, found {}",
                        short_repr(s)
                    ))
                })?;
                if !v.is_finite() || v <= 0.0 || v > 4_294_967_296.0 {
                    return Err(InputError::new_err(format!(
                        "max_seconds: expected a positive number of seconds up to 4294967296, found {v}"
                    )));
                }
                Some(v)
            }
        };
        let positive = |o: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Option<u64>> {
            match o {
                None => Ok(None),
                Some(x) => match u64_arg(x, what)? {
                    0 => Err(InputError::new_err(format!("{what} must be at least 1"))),
                    v => Ok(Some(v)),
                },
            }
        };
        Ok(Bounds {
            max_seconds,
            max_positions: positive(max_positions, "max_positions")?,
            max_memory: positive(max_memory, "max_memory")?,
        })
    }

    /// The limits for `convention` (misère and loopy analyses have their own positions budgets, as on the
    /// command line). The deadline starts now.
    fn limits(&self, convention: Convention, graph: bool) -> Limits {
        let mut l = Limits::default();
        if let Some(s) = self.max_seconds {
            l.deadline = Some(grundy::Deadline::after_seconds(s));
        }
        if let Some(m) = self.max_memory {
            l.max_memory = m;
        }
        let positions = self
            .max_positions
            .map(|p| p.min(usize::MAX as u64) as usize);
        match convention {
            Convention::Normal => {
                if let Some(p) = positions {
                    l.max_positions = p;
                }
                l
            }
            Convention::Misere => grundy::analysis::misere::limits(&l, positions),
            Convention::Loopy { .. } => grundy::analysis::loopy::limits(&l, positions, graph),
        }
    }
}

/// Waits for the answer on `rx` with the GIL released, checking for signals every 50 ms: Ctrl-C raises
/// `KeyboardInterrupt` at once (the abandoned computation finishes on its thread, within its limits, and its answer
/// is dropped). The outer error is the interruption (or a worker that ended without an answer); the inner one the
/// library's.
fn wait<T: Send + 'static>(
    py: Python<'_>,
    rx: Receiver<grundy::Result<T>>,
) -> PyResult<grundy::Result<T>> {
    let mut rx = Some(rx);
    loop {
        let waiting = rx.take().expect("the receiver is put back after each wait");
        let (waiting, r) = py.detach(move || {
            let r = waiting.recv_timeout(Duration::from_millis(50));
            (waiting, r)
        });
        rx = Some(waiting);
        match r {
            Ok(r) => return Ok(r),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation ended without an answer",
                ))
            }
        }
    }
}

/// A thread for native work: a 64 MB stack, for the library's deep recursions.
fn spawn(work: impl FnOnce() + Send + 'static) -> PyResult<()> {
    std::thread::Builder::new()
        .name("grundy".into())
        .stack_size(64 << 20)
        .spawn(work)
        .map(drop)
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))
}

/// The catalog games a worker thread has looked up, each once, by the name it was looked up by: its own game and
/// the other games of the sums it was asked to analyse. A game that holds the graph its position names
/// ([`grundy::games::Caps::holds_its_graph`]) is looked up again for each position instead, kept only until the job
/// ends.
#[derive(Default)]
struct Shelf {
    kept: std::collections::HashMap<String, grundy::Result<Box<dyn AnyGame>>>,
    fresh: Vec<Box<dyn AnyGame>>,
}

impl Shelf {
    /// The game `spec` names; `fresh` for a game that holds the graph its position names.
    fn get(&mut self, spec: &str, fresh: bool) -> grundy::Result<&dyn AnyGame> {
        if fresh {
            self.fresh.push(grundy::games::lookup(spec)?);
            return Ok(&**self.fresh.last().expect("just pushed"));
        }
        self.kept
            .entry(spec.to_string())
            .or_insert_with(|| grundy::games::lookup(spec))
            .as_deref()
            .map_err(Clone::clone)
    }
}

/// A call on a catalog game, run by one of the game's worker threads with the thread's [`Shelf`].
type Job = Box<dyn FnOnce(&mut Shelf) + Send>;

/// A catalog game kept across calls. The library's games are shared through `Rc` (not `Send`), so the game
/// lives on worker threads that each looked it up once and then run one call after another on it, the GIL
/// released meanwhile. Idle workers wait in `idle`; a call takes one (or starts one when all are busy: calls from
/// several Python threads run in parallel) and gives it back when it answers. A call interrupted by Ctrl-C drops
/// its worker's queue instead, so the abandoned computation ends its thread when it finishes (within its limits)
/// and never delays a later call. A sum of several catalog games runs on the first one's worker, which keeps the
/// other games it looked up for later sums ([`Shelf`]).
struct Keeper {
    spec: String,
    /// The game holds the graph its position names: looked up again for each call ([`Shelf`]).
    fresh: bool,
    idle: Mutex<Vec<Sender<Job>>>,
}

impl Keeper {
    fn new(spec: String) -> Self {
        Keeper {
            fresh: grundy::games::entry(&spec).is_some_and(|e| e.caps.holds_its_graph),
            spec,
            idle: Mutex::new(Vec::new()),
        }
    }

    fn worker(&self) -> PyResult<Sender<Job>> {
        if let Some(tx) = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Ok(tx);
        }
        let (tx, rx) = channel::<Job>();
        spawn(move || {
            let mut shelf = Shelf::default();
            for job in rx {
                job(&mut shelf);
                shelf.fresh.clear();
            }
        })?;
        Ok(tx)
    }

    /// Runs `work` on the game, on a worker thread, while this thread waits with the GIL released ([`wait`]).
    fn run<T: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&dyn AnyGame) -> grundy::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        let (spec, fresh) = (self.spec.clone(), self.fresh);
        self.run_on_shelf(py, move |shelf| work(shelf.get(&spec, fresh)?))
    }

    /// Runs `work` with a worker's [`Shelf`] (for a sum of this game and others), while this thread waits with the
    /// GIL released.
    fn run_on_shelf<T: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut Shelf) -> grundy::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        let tx = self.worker()?;
        let (answer, rx) = channel();
        let job: Job = Box::new(move |shelf| {
            let _ = answer.send(work(shelf));
        });
        tx.send(job).map_err(|_| {
            PyRuntimeError::new_err("the game's worker thread ended without an answer")
        })?;
        let r = wait(py, rx)?;
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(tx);
        r.map_err(err)
    }
}

/// A game defined in Python, with the memo its `nim_value` calls share.
struct Defined<P: PyPos> {
    rules: PyRules<P>,
    solver: Mutex<Solver<PyRules<P>>>,
}

impl<P: PyPos> Defined<P> {
    fn new(rules: PyRules<P>) -> Self {
        Defined {
            solver: Mutex::new(Solver::new(rules.clone())),
            rules,
        }
    }

    /// The result of an analysis that called the game's Python code: the exception it raised, if any, first.
    fn settle<T>(&self, r: grundy::Result<T>) -> PyResult<T> {
        if let Some(e) = self.rules.take_failure() {
            return Err(e);
        }
        r.map_err(err)
    }

    fn nim_value(&self, position: P, limits: Limits) -> PyResult<u64> {
        let mut solver = self.solver.try_lock().map_err(|_| {
            PyRuntimeError::new_err(format!(
                "{}: the game is busy: nim_value was called while another of its nim_value calls runs (from its own options, or another thread)",
                self.rules.inner.name
            ))
        })?;
        solver.set_limits(limits);
        // An exception of the game's code ends the search with an error (nothing wrong enters the memo).
        let r = self.rules.components(&position).and_then(|parts| {
            parts
                .iter()
                .try_fold(0, |t, c| solver.nim_value(c).map(|v| t ^ v))
        });
        drop(solver);
        self.settle(r)
    }
}

enum Kind {
    Catalog(Arc<Keeper>),
    Heap(Arc<Defined<u64>>),
    General(Arc<Defined<Pos>>),
}

/// A game: from the catalog (`lookup`) or defined in Python (`define`). Wrapped by `grundy.Game`.
#[pyclass(frozen, module = "grundy._grundy", name = "NativeGame")]
struct NativeGame {
    name: String,
    heap: bool,
    /// The catalog's kind: `heap`, `board`, `graph` or `scoring` (a game defined in Python: `heap` or `board`).
    family: &'static str,
    /// A position is tokens on the nodes of a digraph the position also names (`graph`, `loopy-graph`).
    tokens: bool,
    graph: bool,
    /// Played misère by its own rules.
    misere: bool,
    /// [`AnyGame::parameters`]: how many whole numbers name a position in a table.
    parameters: usize,
    /// [`AnyGame::position_syntax`]: a position written as on the command line.
    syntax: String,
    kind: Kind,
}

/// One part of a sum, owned and ready to cross to a worker thread.
enum Part {
    /// The game, whether its own rules are misère, and the words of its positions.
    Catalog(Arc<Keeper>, bool, Vec<String>),
    Heap(PyRules<u64>, Vec<u64>),
    General(PyRules<Pos>, Vec<Pos>),
}

fn words(positions: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for p in positions.try_iter()? {
        let p = p?;
        if let Ok(s) = p.extract::<String>() {
            out.push(s);
        } else if p.is_instance_of::<pyo3::types::PyInt>()
            && !p.is_instance_of::<pyo3::types::PyBool>()
        {
            out.push(p.str()?.to_string());
        } else {
            return Err(InputError::new_err(format!(
                "a position of a catalog game is written as on the command line, as ints or strings, not {}",
                short_repr(&p)
            )));
        }
    }
    Ok(out)
}

fn positions<P: PyPos>(positions: &Bound<'_, PyAny>) -> PyResult<Vec<P>> {
    let mut out = Vec::new();
    for p in positions.try_iter()? {
        out.push(P::read(&p?)?);
    }
    Ok(out)
}

impl NativeGame {
    fn part(&self, ps: &Bound<'_, PyAny>) -> PyResult<Part> {
        Ok(match &self.kind {
            Kind::Catalog(keeper) => Part::Catalog(keeper.clone(), self.misere, words(ps)?),
            Kind::Heap(d) => Part::Heap(d.rules.clone(), positions(ps)?),
            Kind::General(d) => Part::General(d.rules.clone(), positions(ps)?),
        })
    }

    /// The heap game behind a catalog game (on the worker thread).
    fn catalog_heap(g: &dyn AnyGame) -> grundy::Result<Rc<HeapGame>> {
        g.heap_game().ok_or_else(|| {
            grundy::Error::unsupported(format!(
                "{}: positions of this game are not heaps, so it has no sequence",
                g.name()
            ))
        })
    }

    /// Runs `f` on this heap game: on a worker thread for a catalog game, here for one defined in Python.
    /// Runs `f` on the game as the catalog sees it (`AnyGame`): catalog games on a worker thread without the GIL,
    /// games defined in Python here, with the failure of their callable (if any) as the error.
    fn with_any_game<T: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&dyn AnyGame) -> grundy::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        match &self.kind {
            Kind::Catalog(keeper) => keeper.run(py, f),
            Kind::Heap(d) => {
                let r = f(&*grundy::games::erase_heap(Rc::new(d.rules.clone())));
                d.settle(r)
            }
            Kind::General(d) => {
                let r = f(&*grundy::games::erase(d.rules.clone()));
                d.settle(r)
            }
        }
    }

    fn with_heap_game<T: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(Rc<HeapGame>) -> grundy::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        match &self.kind {
            Kind::Catalog(keeper) => keeper.run(py, move |g| f(Self::catalog_heap(g)?)),
            Kind::Heap(d) => {
                let r = f(Rc::new(d.rules.clone()));
                d.settle(r)
            }
            Kind::General(_) => Err(UnsupportedError::new_err(format!(
                "{}: positions of this game are not heaps, so it has no sequence (define it with heap=True)",
                self.name
            ))),
        }
    }
}

fn convention(play: &str, max_heap: Option<u64>) -> PyResult<Convention> {
    match (play, max_heap) {
        ("normal", None) => Ok(Convention::Normal),
        ("misere", None) => Ok(Convention::Misere),
        ("loopy", m) => Convention::loopy(m).map_err(err),
        ("normal" | "misere", Some(_)) => Err(InputError::new_err(
            "max_heap bounds the heaps of a loopy code: it applies only with loopy=True",
        )),
        (other, _) => Err(InputError::new_err(format!(
            "play must be 'normal', 'misere' or 'loopy', not '{}'",
            grundy::error::escape(other)
        ))),
    }
}

/// The library's analysis of `sum`: [`analyse`], or [`grundy::analysis::analyse_outcome`] when only the outcome is
/// asked (`Game.outcome`: a position alone settled by a win-loss search, its nim-value None).
fn answer(
    sum: &mut Sum,
    convention: Convention,
    limits: Limits,
    outcome_only: bool,
) -> grundy::Result<serde_json::Value> {
    let cx = grundy::Context::new(limits);
    report_json(&if outcome_only {
        grundy::analysis::analyse_outcome(sum, convention, &cx, true)?
    } else {
        analyse(sum, convention, &cx)?
    })
}

fn analyse_parts(
    parts: &[Part],
    shelf: &mut Shelf,
    convention: Convention,
    limits: Limits,
    outcome_only: bool,
) -> grundy::Result<serde_json::Value> {
    let mut sum = Sum::new();
    for p in parts {
        match p {
            Part::Catalog(keeper, _, words) => shelf
                .get(&keeper.spec, keeper.fresh)?
                .add_to(&mut sum, words)?,
            Part::Heap(rules, heaps) => {
                let g: Rc<HeapGame> = Rc::new(rules.clone());
                sum.add_heaps(&g, heaps.clone())?;
            }
            Part::General(rules, ps) => {
                sum.add(&Rc::new(rules.clone()), ps.clone())?;
            }
        }
    }
    answer(&mut sum, convention, limits, outcome_only)
}

/// Analyses a sum of parts: on a worker thread when every part is a catalog game, else here (the games defined in
/// Python are called with the GIL held), and the first exception their code raised replaces the answer.
fn run_parts(
    py: Python<'_>,
    parts: Vec<Part>,
    convention: Convention,
    bounds: Bounds,
    graph: bool,
    outcome_only: bool,
) -> PyResult<Bound<'_, PyAny>> {
    // A sum of games played misère by their own rules is searched (and bounded) as misère play is.
    let own_misere = !parts.is_empty()
        && parts.iter().all(|p| match p {
            Part::Catalog(_, misere, _) => *misere,
            Part::Heap(rules, _) => rules.inner.misere,
            Part::General(rules, _) => rules.inner.misere,
        });
    let limits = match convention {
        Convention::Normal if own_misere => bounds.limits(Convention::Misere, graph),
        c => bounds.limits(c, graph),
    };
    let native = parts.iter().all(|p| matches!(p, Part::Catalog(..)));
    let j = if let [Part::Catalog(keeper, _, words)] = &parts[..] {
        // One catalog game: on its kept game.
        let words = words.clone();
        keeper.run(py, move |g| {
            let mut sum = Sum::new();
            g.add_to(&mut sum, &words)?;
            answer(&mut sum, convention, limits, outcome_only)
        })?
    } else if let (true, Some(Part::Catalog(first, ..))) = (native, parts.first()) {
        // Several catalog games: on the first one's worker, which keeps the others too.
        let first = first.clone();
        first.run_on_shelf(py, move |shelf| {
            analyse_parts(&parts, shelf, convention, limits, outcome_only)
        })?
    } else {
        // Games defined in Python among the parts: here, with the GIL (the catalog games looked up for this call).
        let r = analyse_parts(
            &parts,
            &mut Shelf::default(),
            convention,
            limits,
            outcome_only,
        );
        for p in &parts {
            let failure = match p {
                Part::Catalog(..) => None,
                Part::Heap(rules, _) => rules.take_failure(),
                Part::General(rules, _) => rules.take_failure(),
            };
            if let Some(e) = failure {
                return Err(e);
            }
        }
        r.map_err(err)?
    };
    json_to_py(py, &j)
}

#[pymethods]
impl NativeGame {
    /// The game's name, as in results (`kayles`, `0.77`, or the name a Python game was given).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// True when positions are heap sizes: the game has a nim-value sequence and a period.
    #[getter]
    fn is_heap(&self) -> bool {
        self.heap
    }

    /// How many whole numbers name a position in a table: 1 for a heap game, 2 for a game of pairs or
    /// rectangles (Wythoff, E&D, cutting, Chomp, Cram), 0 otherwise.
    #[getter]
    fn parameters(&self) -> usize {
        self.parameters
    }

    /// A position written as command-line words, as `grundy games` shows it (`HEAP...`, `A B [A B]...`).
    #[getter]
    fn position_syntax(&self) -> &str {
        &self.syntax
    }

    /// The catalog's kind of game: `heap`, `board` (anything named by other words), `graph` or `scoring`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.family
    }

    /// True when a position is tokens on the nodes of a digraph that the position also names (`graph`,
    /// `loopy-graph`); an undirected graph game (`node-kayles`) takes the graph alone.
    #[getter]
    fn tokens_on_graph(&self) -> bool {
        self.tokens
    }

    /// True for a game defined in Python.
    #[getter]
    fn is_python(&self) -> bool {
        !matches!(self.kind, Kind::Catalog(_))
    }

    fn __repr__(&self) -> String {
        match &self.kind {
            Kind::Catalog(_) => format!("grundy.game({:?})", self.name),
            _ => format!("<grundy game {:?} defined in Python>", self.name),
        }
    }

    /// The analysis of a sum of this game's positions under `play` ('normal', 'misere' or 'loopy'); with
    /// `outcome_only`, a position alone whose nim-value no formula gives is settled by a win-loss search (its
    /// nim-value None).
    #[pyo3(signature = (positions, play = "normal", max_heap = None, max_seconds = None, max_positions = None, max_memory = None, outcome_only = false))]
    #[allow(clippy::too_many_arguments)]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
        play: &str,
        max_heap: Option<u64>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_positions: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
        outcome_only: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let conv = convention(play, max_heap)?;
        let bounds = Bounds::read(max_seconds, max_positions, max_memory)?;
        let part = self.part(positions)?;
        run_parts(py, vec![part], conv, bounds, self.graph, outcome_only)
    }

    /// The answer of a scoring game (not impartial, `fox-cards`): as `grundy value ... --json` prints it, the keys
    /// `game`, `impartial` (false) and the game's named integers, with `text`, the answer in lines for people.
    fn scoring<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let not_scoring = || {
            UnsupportedError::new_err(format!(
                "{} is impartial, not a scoring game: use analyse",
                self.name
            ))
        };
        let Kind::Catalog(keeper) = &self.kind else {
            return Err(not_scoring());
        };
        let words = words(positions)?;
        let report = keeper
            .run(py, move |g| {
                g.scoring(&words)
                    .transpose()
                    .map(|r| r.map(|r| (r.text, r.fields)))
            })?
            .ok_or_else(not_scoring)?;
        let mut obj = serde_json::Map::new();
        obj.insert("game".into(), self.name.clone().into());
        obj.insert("impartial".into(), false.into());
        for (k, v) in report.1 {
            obj.insert(k, v.into());
        }
        obj.insert("text".into(), report.0.into());
        json_to_py(py, &serde_json::Value::Object(obj))
    }

    /// The normal-play nim-value of one position of a game defined in Python, from the game's shared memo.
    #[pyo3(signature = (position, max_seconds = None, max_positions = None, max_memory = None))]
    fn memo_nim_value(
        &self,
        position: &Bound<'_, PyAny>,
        max_seconds: Option<&Bound<'_, PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<u64>> {
        let limits =
            Bounds::read(max_seconds, max_positions, max_memory)?.limits(Convention::Normal, false);
        match &self.kind {
            Kind::Catalog(_) => Ok(None),
            Kind::Heap(d) => d
                .nim_value(<u64 as PyPos>::read(position)?, limits)
                .map(Some),
            Kind::General(d) => d.nim_value(Pos::read(position)?, limits).map(Some),
        }
    }

    /// The nim-values of heaps 0..=to, by the cheapest exact method (`grundy::heap::sequence`): a list, or with
    /// `numpy=True` a numpy `uint64` array that takes over the library's vector (no copy, no Python int per
    /// value).
    #[pyo3(signature = (to, max_seconds = None, max_memory = None, numpy = false))]
    fn sequence<'py>(
        &self,
        py: Python<'py>,
        to: &Bound<'py, PyAny>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
        numpy: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let to = u64_arg(to, "to")?;
        let limits = Bounds::read(max_seconds, None, max_memory)?.limits(Convention::Normal, false);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let values = self.with_heap_game(py, move |g| {
            let method = sequence::choose(&*g, Engine::Auto);
            sequence::check(&*g, method, to, threads, &limits)?;
            Ok(sequence::nim_values(&*g, to, Engine::Auto, threads, &limits, &mut |_| {})?.0)
        })?;
        if numpy {
            Ok(numpy::PyArray1::from_vec(py, values).into_any())
        } else {
            Ok(values.into_pyobject(py)?.into_any())
        }
    }

    /// The nim-values over a range, as `grundy table --json` prints them (the library's `Table`): `rows` is
    /// `(first, last)`, both included (the heaps of a heap game, the `a` of `G(a, b)`); `cols` likewise for a game
    /// whose positions are named by two numbers.
    ///
    /// With `numpy=True`, `values` is a 2-D numpy `uint64` array made here (one row per row, one column per column,
    /// or one for a one-parameter game), masked (`numpy.ma`) where the numbers name no position.
    #[pyo3(signature = (rows, cols = None, max_seconds = None, max_memory = None, numpy = false))]
    #[allow(clippy::too_many_arguments)]
    fn table<'py>(
        &self,
        py: Python<'py>,
        rows: (u64, u64),
        cols: Option<(u64, u64)>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
        numpy: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = Span::new(rows.0, rows.1).map_err(err)?;
        let cols = cols
            .map(|(a, b)| Span::new(a, b))
            .transpose()
            .map_err(err)?;
        let limits = Bounds::read(max_seconds, None, max_memory)?.limits(Convention::Normal, false);
        let (j, grid) = self.with_any_game(py, move |g| {
            let t = Table::compute(g, rows, cols, &grundy::Context::new(limits), &mut |_| {})?;
            // With numpy=True the values as one flat vector, row by row, and which cells name no position.
            let grid = numpy.then(|| {
                let width = t.values.first().map_or(0, Vec::len);
                let cells = t.values.iter().flatten();
                let flat: Vec<u64> = cells.clone().map(|v| v.unwrap_or(0)).collect();
                let missing: Vec<bool> = cells.map(Option::is_none).collect();
                (t.values.len(), width, flat, missing)
            });
            Ok((to_json(&t)?, grid))
        })?;
        let table = json_to_py(py, &j)?;
        if let Some((height, width, flat, missing)) = grid {
            use numpy::PyArrayMethods;
            let values = numpy::PyArray1::from_vec(py, flat).reshape([height, width])?;
            let values = if missing.contains(&true) {
                let mask = numpy::PyArray1::from_vec(py, missing).reshape([height, width])?;
                py.import("numpy.ma")?
                    .getattr("masked_array")?
                    .call1((values, mask))?
            } else {
                values.into_any()
            };
            table.set_item("values", values)?;
        }
        Ok(table)
    }

    /// The rule read off the game's table, as `grundy pattern --json` prints it (the library's `Pattern`): each
    /// rule "certified" only where a theorem proves it, else "observed" on the range checked. A one-parameter game
    /// takes `to` (default: as far as the period module goes); a two-parameter game takes `rows` and `cols`
    /// (default `(0, 19)` each, or less for a search game: Cram `(0, 6)`).
    #[pyo3(signature = (to = None, rows = None, cols = None, max_seconds = None, max_memory = None))]
    #[allow(clippy::too_many_arguments)]
    fn pattern<'py>(
        &self,
        py: Python<'py>,
        to: Option<u64>,
        rows: Option<(u64, u64)>,
        cols: Option<(u64, u64)>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let span = |r: Option<(u64, u64)>| r.map(|(a, b)| Span::new(a, b)).transpose();
        let rows = span(rows).map_err(err)?;
        let cols = span(cols).map_err(err)?;
        let limits = Bounds::read(max_seconds, None, max_memory)?.limits(Convention::Normal, false);
        let j = self.with_any_game(py, move |g| {
            let found = match g.parameters() {
                1 => {
                    if rows.is_some() || cols.is_some() {
                        return Err(grundy::Error::input(format!(
                            "{}: a position of this game is one number: give to=N, not rows/cols",
                            g.name()
                        )));
                    }
                    pattern::one_parameter(g, to, &grundy::Context::new(limits), &mut |_, _| {})?
                }
                2 => {
                    if to.is_some() {
                        return Err(grundy::Error::input(format!(
                            "{}: a position of this game is two numbers: give rows and cols, not to",
                            g.name()
                        )));
                    }
                    let d = Span::default_for(g, 19);
                    let defaulted = rows.is_none() && cols.is_none();
                    let mut t = Table::compute(g, rows.unwrap_or(d), Some(cols.unwrap_or(d)), &grundy::Context::new(limits), &mut |_| {})?;
                    if defaulted {
                        t = t.trim_leading();
                    }
                    pattern::two_parameters(&t)
                }
                _ => {
                    return Err(grundy::Error::input(format!(
                        "{}: positions of this game are not named by one or two numbers, so it has no table to read",
                        g.name()
                    )))
                }
            };
            to_json(&found)
        })?;
        json_to_py(py, &j)
    }

    /// The periodicity of the nim-values (`grundy::heap::period`), as `grundy period --json` prints it.
    #[pyo3(signature = (to = None, max_seconds = None, max_memory = None))]
    fn period<'py>(
        &self,
        py: Python<'py>,
        to: Option<&Bound<'py, PyAny>>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let to = to.map(|t| u64_arg(t, "to")).transpose()?;
        let limits = Bounds::read(max_seconds, None, max_memory)?.limits(Convention::Normal, false);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let j = self.with_heap_game(py, move |g| period_json(&*g, to, threads, &limits))?;
        json_to_py(py, &j)
    }

    /// A picture of the game, as `grundy plot` draws it: `what` is `sequence` (heaps 0..=to, with the period marked;
    /// `misere` or `rare` as there), `table` (the heatmap over `rows` and `cols`) or `board` (the position
    /// `position`, command-line words, of Cram or Chomp).
    #[pyo3(signature = (what, to = None, rows = None, cols = None, position = None, misere = false, rare = false, width = None, height = None, max_seconds = None, max_positions = None, max_memory = None))]
    #[allow(clippy::too_many_arguments)]
    fn plot(
        &self,
        py: Python<'_>,
        what: &str,
        to: Option<u64>,
        rows: Option<(u64, u64)>,
        cols: Option<(u64, u64)>,
        position: Option<Vec<String>>,
        misere: bool,
        rare: bool,
        width: Option<u32>,
        height: Option<u32>,
        max_seconds: Option<&Bound<'_, PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<pictures::NativePicture> {
        use grundy::analysis::picture::{self, SequenceRequest, Size};
        let bounds = Bounds::read(max_seconds, max_positions, max_memory)?;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let limits = bounds.limits(convention, false);
        let span = |r: Option<(u64, u64)>| r.map(|(a, b)| Span::new(a, b)).transpose();
        let plot = match what {
            "sequence" => {
                let to =
                    to.ok_or_else(|| InputError::new_err("a sequence's picture needs to=N"))?;
                let mut req = SequenceRequest::new(to);
                req.misere = misere;
                req.rare = rare;
                req.max_positions = bounds.max_positions.map(|n| n as usize);
                req.size = pictures::size(width, height, Size::SEQUENCE)?;
                self.with_any_game(py, move |g| {
                    picture::plot_sequence(g, &req, &grundy::Context::new(limits))
                })?
            }
            "table" => {
                let (rows, cols) = (span(rows).map_err(err)?, span(cols).map_err(err)?);
                let size = pictures::size(width, height, Size::TABLE)?;
                self.with_any_game(py, move |g| {
                    picture::plot_table(g, rows, cols, size, &grundy::Context::new(limits))
                        .map(|(plot, _)| plot)
                })?
            }
            "board" => {
                let words = position
                    .ok_or_else(|| InputError::new_err("a board's picture needs a position"))?;
                let size = pictures::size(width, height, Size::BOARD)?;
                self.with_any_game(py, move |g| {
                    picture::plot_board(g, &words, size, true, &grundy::Context::new(limits))
                })?
            }
            other => {
                return Err(InputError::new_err(format!(
                    "a picture is of a 'sequence', a 'table' or a 'board', not '{}'",
                    grundy::error::escape(other)
                )))
            }
        };
        pictures::native(plot)
    }

    /// The misère quotient of a heap game, as `grundy quotient --json` prints it (the library's `Quotient`): built
    /// to `heaps`, or, without, grown until certified for an octal code (to heap 40 for another game); read from
    /// and written to the same cache as the command line's.
    #[pyo3(signature = (heaps = None, max_order = None, max_seconds = None, max_memory = None))]
    fn quotient<'py>(
        &self,
        py: Python<'py>,
        heaps: Option<u64>,
        max_order: Option<usize>,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        use grundy::misere::quotient::{self, Goal};
        let limits = Bounds::read(max_seconds, None, max_memory)?.limits(Convention::Misere, false);
        let max_order = max_order.unwrap_or(quotient::DEFAULT_MAX_ORDER);
        let j = self.with_heap_game(py, move |g| {
            let goal = Goal::of(&g, heaps);
            to_json(&quotient::answer(
                &g,
                goal,
                max_order,
                &limits,
                &mut |_| {},
            )?)
        })?;
        json_to_py(py, &j)
    }

    /// Misère nim-values of heaps 0..=to (`genus=False`; with `numpy=True` a numpy `uint64` array that takes over
    /// the library's vector), or each heap's genus record (`genus=True`).
    #[pyo3(signature = (to, genus = false, max_seconds = None, max_positions = None, max_memory = None, numpy = false))]
    #[allow(clippy::too_many_arguments)]
    fn misere<'py>(
        &self,
        py: Python<'py>,
        to: &Bound<'py, PyAny>,
        genus: bool,
        max_seconds: Option<&Bound<'py, PyAny>>,
        max_positions: Option<&Bound<'py, PyAny>>,
        max_memory: Option<&Bound<'py, PyAny>>,
        numpy: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let to = u64_arg(to, "to")?;
        let limits =
            Bounds::read(max_seconds, max_positions, max_memory)?.limits(Convention::Misere, false);
        let j = self.with_heap_game(py, move |g| {
            let normal = sequence::nim_values(&*g, to, Engine::Auto, 1, &limits, &mut |_| {})?.0;
            limits.check_time()?;
            let mut table = GenusTable::new(g, normal, limits);
            if genus {
                let all = table.sequence(to, &mut |_| {})?;
                Ok(Misere::Genus(all
                    .iter()
                    .map(|h| {
                        serde_json::json!({
                            "heap": h.heap, "genus": h.genus.to_string(), "nim_value": h.genus.g,
                            "misere_nim_value": h.genus.misere_value(), "tame": h.tame,
                        })
                    })
                    .collect::<Vec<_>>()
                    .into()))
            } else {
                let mut values = Vec::with_capacity(to.min(1 << 24) as usize + 1);
                for n in 0..=to {
                    values.push(table.misere_value(n)?);
                }
                Ok(Misere::Values(values))
            }
        })?;
        match j {
            Misere::Values(values) if numpy => Ok(numpy::PyArray1::from_vec(py, values).into_any()),
            Misere::Values(values) => Ok(values.into_pyobject(py)?.into_any()),
            Misere::Genus(j) => json_to_py(py, &j),
        }
    }
}

/// What [`NativeGame::misere`] computed: the misère nim-values, or each heap's genus as JSON.
enum Misere {
    Values(Vec<u64>),
    Genus(serde_json::Value),
}

/// `grundy period --json`'s object ([`period::PeriodReport`], the one schema): game, preperiod, period, saltus,
/// certified, certificate, values_computed, needed, stopped (its budget named by its keyword argument).
fn period_json(
    g: &HeapGame,
    to: Option<u64>,
    threads: usize,
    limits: &Limits,
) -> grundy::Result<serde_json::Value> {
    let certifiable = g.code().is_some_and(period::certifiable);
    let limit = match to {
        Some(t) => t,
        None if certifiable => period::DEFAULT_LIMIT,
        None => period::DEFAULT_LIMIT_UNCERTIFIABLE,
    };
    let a = period::analyse_limited(g, limit, Engine::Auto, threads, limits, &mut |_, _| {})?;
    // Why the search stopped names the budget to raise: in the Python API's words, as its errors do.
    let report = period::PeriodReport::worded(g, &a, python_words);
    serde_json::to_value(report).map_err(|e| grundy::Error::input(e.to_string()))
}

/// A survey of the periods of a family's codes or of a list of codes (`grundy sweep`): one record per code, as
/// `grundy sweep` writes each line (the library's `survey::Record`), each code searched within `seconds` and up to
/// heap `to`. Runs on a worker thread with the GIL released; Ctrl-C stops it between codes.
#[pyfunction]
#[pyo3(signature = (family = None, codes = None, to = None, seconds = 60.0, max_memory = None, threads = 1))]
fn survey<'py>(
    py: Python<'py>,
    family: Option<String>,
    codes: Option<Vec<String>>,
    to: Option<u64>,
    seconds: f64,
    max_memory: Option<&Bound<'py, PyAny>>,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    use grundy::analysis::survey::{self, Family};
    let family = family
        .map(|f| f.parse::<Family>())
        .transpose()
        .map_err(err)?;
    let family = match (family, codes) {
        (f, Some(codes)) => {
            let listed = survey::parse_code_list(&codes.join("\n"), f.as_ref()).map_err(err)?;
            Family::from_list(f.as_ref().map_or(survey::LIST, Family::name), listed)
        }
        (Some(f), None) => f,
        (None, None) => {
            return Err(InputError::new_err(
                "survey: give a family ('0.dd') or codes=[...]",
            ))
        }
    };
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(InputError::new_err(format!(
            "survey: seconds is a positive number of seconds for each code, not {seconds}"
        )));
    }
    if threads == 0 {
        return Err(InputError::new_err("survey: threads is at least 1"));
    }
    let limits = Bounds::read(None, None, max_memory)?.limits(Convention::Normal, false);
    let per_code = survey::PerCode { to, seconds };
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let cx = grundy::Context::new(Limits {
        max_memory: limits.max_memory,
        ..Limits::default()
    })
    .with_threads(threads)
    .with_cancel(stop.clone());
    let (tx, rx) = channel();
    spawn(move || {
        let registry = grundy::games::Registry::builtin();
        let mut records = Vec::new();
        for code in family.codes() {
            if let Err(e) = cx.check() {
                let _ = tx.send(Err(e));
                return;
            }
            records.push(survey::survey_code(
                &registry,
                code,
                family.name(),
                per_code,
                &cx,
            ));
        }
        let _ = tx.send(to_json(&records));
    })?;
    let r = wait(py, rx);
    if r.is_err() {
        // Ctrl-C: the worker stops before its next code.
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    json_to_py(py, &r?.map_err(err)?)
}

/// A catalog game or take-and-break code by name (`kayles`, `subtraction:1,3,4`, `0.77`).
#[pyfunction]
fn lookup(spec: &str) -> PyResult<NativeGame> {
    let g = grundy::games::lookup(spec).map_err(err)?;
    let name = g.name();
    let heap = g.heap_game().is_some();
    let entry = grundy::games::entry(spec);
    let family = match entry.as_ref().map(|e| e.kind) {
        _ if heap => "heap",
        Some(grundy::games::Kind::Graph) => "graph",
        Some(grundy::games::Kind::Scoring) => "scoring",
        _ => "board",
    };
    Ok(NativeGame {
        heap,
        family,
        tokens: entry.is_some_and(|e| e.caps.holds_its_graph),
        graph: name == "loopy-graph",
        misere: g.play() == grundy::Play::Misere,
        parameters: g.parameters(),
        syntax: g.position_syntax().to_string(),
        name,
        kind: Kind::Catalog(Arc::new(Keeper::new(spec.to_string()))),
    })
}

/// A game defined in Python by its options callable (and optionally a components callable).
#[pyfunction]
#[pyo3(signature = (options, name, heap = false, components = None, misere = false))]
fn define(
    options: Py<PyAny>,
    name: String,
    heap: bool,
    components: Option<Py<PyAny>>,
    misere: bool,
) -> PyResult<NativeGame> {
    let name = grundy::error::escape(&name);
    let kind = if heap {
        Kind::Heap(Arc::new(Defined::new(PyRules::new(
            name.clone(),
            true,
            misere,
            options,
            components,
        ))))
    } else {
        Kind::General(Arc::new(Defined::new(PyRules::new(
            name.clone(),
            false,
            misere,
            options,
            components,
        ))))
    };
    Ok(NativeGame {
        name,
        heap,
        family: if heap { "heap" } else { "board" },
        tokens: false,
        graph: false,
        misere,
        parameters: if heap { 1 } else { 0 },
        syntax: if heap { "HEAP..." } else { "POSITION..." }.to_string(),
        kind,
    })
}

/// The analysis of a sum of positions of several games: `parts` is a list of `(NativeGame, positions)`.
#[pyfunction]
#[pyo3(signature = (parts, play = "normal", max_heap = None, max_seconds = None, max_positions = None, max_memory = None))]
fn analyse_sum<'py>(
    py: Python<'py>,
    parts: &Bound<'py, PyAny>,
    play: &str,
    max_heap: Option<u64>,
    max_seconds: Option<&Bound<'py, PyAny>>,
    max_positions: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let conv = convention(play, max_heap)?;
    let bounds = Bounds::read(max_seconds, max_positions, max_memory)?;
    let mut out = Vec::new();
    let mut graph = false;
    for item in parts.try_iter()? {
        let item = item?;
        let (game, ps): (Bound<'py, NativeGame>, Bound<'py, PyAny>) =
            item.extract().map_err(|_| {
                InputError::new_err(format!(
                    "a part of a sum is a game and its positions, not {}",
                    short_repr(&item)
                ))
            })?;
        let game = game.get();
        graph |= game.graph;
        out.push(game.part(&ps)?);
    }
    run_parts(py, out, conv, bounds, graph, false)
}

/// The catalog: one dict per game (name, display_name, aliases, param, kind, spec, summary).
#[pyfunction]
fn catalog(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let rows: Vec<_> = grundy::games::Registry::builtin()
        .entries()
        .iter()
        .map(|e| e.row())
        .collect();
    json_to_py(py, &serde_json::json!(rows))
}

/// The nim-product of `a` and `b` in the field of nimbers below 2^64 (Conway, ONAG ch. 6).
#[pyfunction]
fn nim_mul(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(grundy::nimber::field::mul(
        u64_arg(a, "nim_mul: a")?,
        u64_arg(b, "nim_mul: b")?,
    ))
}

/// The nim-inverse of `a` (`a != 0`): `nim_mul(a, nim_inv(a)) == 1`.
#[pyfunction]
fn nim_inv(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    grundy::nimber::field::inv(u64_arg(a, "nim_inv: a")?)
        .ok_or_else(|| InputError::new_err("nimber: 0 has no inverse"))
}

/// `a` nim-multiplied by itself `k` times (`a^0 = 1`).
#[pyfunction]
fn nim_pow(a: &Bound<'_, PyAny>, k: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(grundy::nimber::field::pow(
        u64_arg(a, "nim_pow: a")?,
        u64_arg(k, "nim_pow: k")?,
    ))
}

/// The nim-sum (XOR) of nimbers.
#[pyfunction]
#[pyo3(signature = (*values))]
fn nim_sum(values: Vec<Bound<'_, PyAny>>) -> PyResult<u64> {
    let mut s = 0;
    for v in &values {
        s ^= u64_arg(v, "nim_sum")?;
    }
    Ok(s)
}

/// The minimum excludant: the least nimber not among `values`.
#[pyfunction]
fn mex(values: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut v = Vec::new();
    for x in values.try_iter()? {
        v.push(u64_arg(&x?, "mex")?);
    }
    Ok(grundy::nimber::mex(v))
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The exception family (python/grundy/_errors.py), also reachable from here under the old names.
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("LoopyError", py.get_type::<LoopyError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    m.add("CancelledError", py.get_type::<CancelledError>())?;
    m.add_class::<NativeGame>()?;
    m.add_class::<Splits>()?;
    m.add_function(wrap_pyfunction!(lookup, m)?)?;
    m.add_function(wrap_pyfunction!(define, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_sum, m)?)?;
    m.add_function(wrap_pyfunction!(catalog, m)?)?;
    m.add_function(wrap_pyfunction!(survey, m)?)?;
    m.add_function(wrap_pyfunction!(pictures::table_picture, m)?)?;
    m.add_class::<pictures::NativePicture>()?;
    m.add_function(wrap_pyfunction!(nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nim_inv, m)?)?;
    m.add_function(wrap_pyfunction!(nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(nim_sum, m)?)?;
    m.add_function(wrap_pyfunction!(mex, m)?)?;
    Ok(())
}
