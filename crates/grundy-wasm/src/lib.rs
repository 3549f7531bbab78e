//! `grundy-wasm`: the library compiled to WebAssembly for the web explorer (`web/`), through `wasm-bindgen`.
//!
//! A thin front end, like the Python bindings: every export calls the library's own entry points —
//! [`grundy::games::Registry::lookup`] for catalog games, codes and rules scripts, [`grundy::analysis::analyse`] for
//! a position or a sum (normal, misère or loopy play), [`grundy::heap::sequence`] and [`grundy::heap::period`] for
//! heap games, [`Table`] and [`grundy::analysis::pattern`] for tables and their rules, and
//! [`grundy::analysis::play::Session`] for a game against the engine. Requests and results cross as JSON text: a
//! request is an object of named arguments, and a result is the library's serde type, so it has exactly the keys of
//! the command line's `--json` output (`docs/json.md`). A library error is thrown as a JavaScript `Error` whose
//! message is the library's one line.
//!
//! Work runs on the calling thread (the page calls it from a Web Worker) and on one thread: the library's
//! searches that can share work stay at their default of one thread. Long work reports its progress to a
//! JavaScript function given by the caller, at most every 100 ms, and ends at the request's time limit with the
//! library's limit error.

use grundy::analysis::pattern;
use grundy::analysis::play::{Player, Session};
use grundy::analysis::table::{Span, Table};
use grundy::analysis::{analyse, analyse_outcome, Convention, Report, Sum};
use grundy::error::{Budget, Remedy};
use grundy::games::{AnyGame, Registry};
use grundy::heap::{period, sequence, Engine, HeapGame};
use grundy::script::Script;
use grundy::{Context, HeapView, Limits};
use serde::Deserialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The memory a request's tables may hold unless it says otherwise: 1 GiB (a page's WebAssembly memory ends at
/// 4 GiB, and a browser tab may be refused well before).
pub const DEFAULT_MAX_MEMORY: u64 = 1 << 30;

/// The time a request may take unless it says otherwise, in seconds.
pub const DEFAULT_MAX_SECONDS: f64 = 600.0;

/// The seconds of each judgement of a game in play (the command line's `play` has the same bound).
pub const PLAY_SECONDS: f64 = 10.0;

thread_local! {
    /// The rules scripts defined on the page, by [`define_rules`]: their games join the catalog's.
    static SCRIPTS: RefCell<Vec<Script>> = const { RefCell::new(Vec::new()) };
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Says a panic's message on the console before the module stops (a panic is a bug: the library's errors are
/// values). Called once when the module starts.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("grundy: internal error: {info}"));
    }));
}

/// The library's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A remedy of a library error ([`Remedy`], data) in the page's words: the page's name for the bound to raise, where
/// the command line names a flag.
fn web_words(remedy: Remedy) -> String {
    match remedy {
        Remedy::Raise(Budget::Time(_)) => "raise the time limit",
        Remedy::Raise(Budget::Memory(_)) => "raise the memory limit",
        Remedy::Raise(Budget::Positions(_)) => "raise the positions limit",
        Remedy::LiftTimeLimit => "lift the time limit",
        Remedy::RaiseMaxHeap => "raise max_heap",
        Remedy::LowerMaxHeap => "lower max_heap",
        _ => return remedy.plain_words(),
    }
    .to_string()
}

/// A library error's one line in the page's words ([`web_words`]); the time limit, which bounds a whole command on
/// the command line, bounds one request here.
fn said(e: &grundy::Error) -> String {
    e.render(web_words)
        .replace("the command took longer", "the request took longer")
}

/// A library error as a JavaScript `Error` with its one-line message (in the page's words: [`web_words`]), and its
/// kind (`input`, `limit`, `loopy`, `unsupported`, `cancelled`) as the property `kind`.
fn js_err(e: grundy::Error) -> JsValue {
    let kind = match e.kind() {
        grundy::ErrorKind::Input => "input",
        grundy::ErrorKind::Limit => "limit",
        grundy::ErrorKind::Loopy => "loopy",
        grundy::ErrorKind::Unsupported => "unsupported",
        grundy::ErrorKind::Cancelled => "cancelled",
    };
    let err = js_sys::Error::new(&said(&e));
    let value: JsValue = err.into();
    let _ = js_sys::Reflect::set(&value, &"kind".into(), &kind.into());
    value
}

fn input(message: impl Into<String>) -> grundy::Error {
    grundy::Error::input(message.into())
}

fn to_json<T: serde::Serialize>(t: &T) -> grundy::Result<String> {
    serde_json::to_string(t).map_err(|e| input(format!("JSON: {e}")))
}

fn read<T: serde::de::DeserializeOwned>(request: &str, what: &str) -> grundy::Result<T> {
    serde_json::from_str(request).map_err(|e| input(format!("{what}: a malformed request: {e}")))
}

/// The bounds of one request, as the page sends them (all optional).
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(default, deny_unknown_fields)]
struct Bounds {
    max_seconds: Option<f64>,
    max_positions: Option<u64>,
    max_memory: Option<u64>,
}

impl Bounds {
    /// The limits for `convention` (misère and loopy analyses have their own positions budgets, as on the command
    /// line). The deadline starts now.
    fn limits(&self, convention: Convention) -> grundy::Result<Limits> {
        let seconds = self.max_seconds.unwrap_or(DEFAULT_MAX_SECONDS);
        if !seconds.is_finite() || seconds <= 0.0 {
            return Err(input(format!(
                "max_seconds: expected a positive number of seconds, found {seconds}"
            )));
        }
        let mut l = Limits {
            deadline: Some(grundy::Deadline::after_seconds(seconds)),
            max_memory: self.max_memory.unwrap_or(DEFAULT_MAX_MEMORY),
            ..Limits::default()
        };
        let positions = self
            .max_positions
            .map(|p| p.min(usize::MAX as u64) as usize);
        Ok(match convention {
            Convention::Normal => {
                if let Some(p) = positions {
                    l.max_positions = p;
                }
                l
            }
            Convention::Misere => grundy::analysis::misere::limits(&l, positions),
            Convention::Loopy { .. } => grundy::analysis::loopy::limits(&l, positions, false),
        })
    }
}

/// The catalog with the page's rules scripts added.
fn registry() -> Registry {
    let mut registry = Registry::builtin();
    SCRIPTS.with(|s| {
        for script in s.borrow().iter() {
            // Every name was checked against the catalog when the script was defined.
            let _ = script.register(&mut registry);
        }
    });
    registry
}

/// A game by its spec: a catalog name (`kayles`, `subtraction:1,3,4`), a take-and-break code (`0.77`), or the
/// name of a rules script defined on the page.
fn lookup(spec: &str) -> grundy::Result<Box<dyn AnyGame>> {
    registry().lookup(spec.trim())
}

fn heap_game(spec: &str) -> grundy::Result<Rc<HeapGame>> {
    let g = lookup(spec)?;
    g.normal_values_only("a sequence")?;
    g.heap_game().ok_or_else(|| {
        grundy::Error::unsupported(format!(
            "{}: positions of this game are not heaps, so it has no sequence",
            g.name()
        ))
    })
}

/// Calls `f` with its arguments at most every 100 ms.
struct Throttle<'a> {
    f: Option<&'a js_sys::Function>,
    last: grundy::clock::Instant,
}

impl<'a> Throttle<'a> {
    fn new(f: Option<&'a js_sys::Function>) -> Self {
        Throttle {
            f,
            last: grundy::clock::Instant::now(),
        }
    }

    fn tell(&mut self, done: u64, of: u64) {
        let Some(f) = self.f else { return };
        if self.last.elapsed().as_millis() < 100 {
            return;
        }
        self.last = grundy::clock::Instant::now();
        let _ = f.call2(
            &JsValue::NULL,
            &JsValue::from_f64(done as f64),
            &JsValue::from_f64(of as f64),
        );
    }
}

/// The catalog: one object per game (`name`, `display_name`, `aliases`, `param`, `kind`, `spec`, `summary`), the
/// page's rules scripts last (with `kind` "script").
#[wasm_bindgen]
pub fn catalog() -> Result<String, JsValue> {
    let mut entries: Vec<serde_json::Value> = Registry::builtin()
        .entries()
        .iter()
        .map(|e| serde_json::json!(e.row()))
        .collect();
    SCRIPTS.with(|s| {
        for script in s.borrow().iter() {
            entries.push(serde_json::json!({
                "name": script.name(), "display_name": script.name(), "aliases": [], "param": null,
                "kind": "script", "spec": script.name(), "summary": script.summary(),
            }));
        }
    });
    to_json(&entries).map_err(js_err)
}

/// What the page needs to know of a game to draw and ask about it: `name`, `parameters` (how many numbers name a
/// position in a table: 0, 1 or 2), `heap` (positions are heaps: it has a sequence and a period), `syntax` (how a
/// position is written), `misere` (played misère by its own rules).
#[wasm_bindgen]
pub fn game_info(spec: &str) -> Result<String, JsValue> {
    let g = lookup(spec).map_err(js_err)?;
    to_json(&serde_json::json!({
        "name": g.name(),
        "parameters": g.parameters(),
        "heap": g.heap_game().is_some(),
        "syntax": g.position_syntax(),
        "misere": g.play() == grundy::Play::Misere,
    }))
    .map_err(js_err)
}

/// Compiles a rules script (`docs/rules.md`) and adds its game to the page's catalog, replacing a script of the
/// same name. Returns `{name, summary, heap, parameters}`. An error names the script's line and column, as
/// `rules.rhai:LINE:COLUMN: ...`.
#[wasm_bindgen]
pub fn define_rules(text: &str) -> Result<String, JsValue> {
    let settings = grundy::script::Settings::default();
    let script = Script::from_file_text("rules.rhai", text, settings).map_err(js_err)?;
    let name = script.name().to_string();
    // The name must not be a catalog game's (another script of that name is replaced).
    let mut check = Registry::builtin();
    script.register(&mut check).map_err(|e| {
        js_err(input(format!(
            "{} (a rules script's game; rename it with const NAME = \"...\";)",
            e.message()
        )))
    })?;
    let summary = script.summary();
    SCRIPTS.with(|s| {
        let mut s = s.borrow_mut();
        s.retain(|x| x.name() != name);
        s.push(script);
    });
    let g = lookup(&name).map_err(js_err)?;
    to_json(&serde_json::json!({
        "name": name,
        "summary": summary,
        "heap": g.heap_game().is_some(),
        "parameters": g.parameters(),
    }))
    .map_err(js_err)
}

/// One part of a sum: a game and its positions, written as on the command line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Part {
    game: String,
    positions: Vec<String>,
}

fn convention(play: &str, max_heap: Option<u64>) -> grundy::Result<Convention> {
    match play {
        "normal" | "" => Ok(Convention::Normal),
        "misere" => Ok(Convention::Misere),
        "loopy" => Convention::loopy(max_heap),
        other => Err(input(format!(
            "play must be 'normal', 'misere' or 'loopy', not '{}'",
            grundy::error::escape(other)
        ))),
    }
}

/// The sum of `parts`, and whether every part is played misère by its own rules.
fn sum_of(parts: &[Part]) -> grundy::Result<(Sum, bool)> {
    if parts.is_empty() {
        return Err(input("give at least one game and position"));
    }
    let mut sum = Sum::new();
    let mut own_misere = true;
    for p in parts {
        let g = lookup(&p.game)?;
        own_misere &= g.play() == grundy::Play::Misere;
        g.add_to(&mut sum, &p.positions)?;
    }
    Ok((sum, own_misere))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseRequest {
    parts: Vec<Part>,
    #[serde(default)]
    play: String,
    max_heap: Option<u64>,
    /// Only who wins is asked (`grundy value --outcome`): a position standing alone whose nim-value no formula
    /// gives is settled by a win-loss search, its nim-value `null`.
    #[serde(default)]
    outcome_only: bool,
    #[serde(flatten)]
    bounds: Bounds,
}

/// The analysis of a sum, as `grundy value --json` prints it: the request is
/// `{"parts": [{"game": "kayles", "positions": ["5", "7"]}], "play": "normal" | "misere" | "loopy"}` with optional
/// `max_heap` (loopy play), `outcome_only` (as `grundy value --outcome --json`) and bounds (`max_seconds`,
/// `max_positions`, `max_memory`).
#[wasm_bindgen]
pub fn analyse_sum(request: &str) -> Result<String, JsValue> {
    let r: AnalyseRequest = read(request, "analyse").map_err(js_err)?;
    let run = || {
        let conv = convention(&r.play, r.max_heap)?;
        let (mut sum, own_misere) = sum_of(&r.parts)?;
        let limits = match conv {
            Convention::Normal if own_misere => r.bounds.limits(Convention::Misere)?,
            c => r.bounds.limits(c)?,
        };
        let cx = Context::new(limits);
        let report = if r.outcome_only {
            analyse_outcome(&mut sum, conv, &cx, true)?
        } else {
            analyse(&mut sum, conv, &cx)?
        };
        let mut j = serde_json::to_value(&report).map_err(|e| input(format!("JSON: {e}")))?;
        // Why the listing of the winning moves stopped, if a limit stopped it, in the page's words.
        if let (Report::Normal(a), Some(obj)) = (&report, j.as_object_mut()) {
            if let Some(e) = &a.moves_stopped {
                obj.insert("winning_moves_stopped".into(), said(e).into());
            }
        }
        to_json(&j)
    };
    run().map_err(js_err)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SequenceRequest {
    game: String,
    to: u64,
    #[serde(flatten)]
    bounds: Bounds,
}

/// The nim-values of heaps `0..=to` of a heap game (`grundy seq --json`'s values): `{"game", "to", "values"}`.
/// `progress(done, of)` is called as heaps are valued.
#[wasm_bindgen]
pub fn sequence(request: &str, progress: Option<js_sys::Function>) -> Result<String, JsValue> {
    let r: SequenceRequest = read(request, "sequence").map_err(js_err)?;
    let mut t = Throttle::new(progress.as_ref());
    let mut run = || {
        let g = heap_game(&r.game)?;
        let limits = r.bounds.limits(Convention::Normal)?;
        let method = sequence::choose(&*g, Engine::Auto);
        sequence::check(&*g, method, r.to, 1, &limits)?;
        let to = r.to;
        let (values, _) =
            sequence::nim_values(&*g, to, Engine::Auto, 1, &limits, &mut |n| t.tell(n, to))?;
        to_json(&serde_json::json!({ "game": g.name(), "to": to, "values": values }))
    };
    run().map_err(js_err)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodRequest {
    game: String,
    to: Option<u64>,
    #[serde(flatten)]
    bounds: Bounds,
}

/// The periodicity of a heap game's nim-values, as `grundy period --json` prints it ([`period::PeriodReport`]).
#[wasm_bindgen]
pub fn find_period(request: &str, progress: Option<js_sys::Function>) -> Result<String, JsValue> {
    let r: PeriodRequest = read(request, "period").map_err(js_err)?;
    let mut t = Throttle::new(progress.as_ref());
    let mut run = || {
        let g = heap_game(&r.game)?;
        let limits = r.bounds.limits(Convention::Normal)?;
        let certifiable = g.code().is_some_and(period::certifiable);
        let limit = match r.to {
            Some(t) => t,
            None if certifiable => period::DEFAULT_LIMIT,
            None => period::DEFAULT_LIMIT_UNCERTIFIABLE,
        };
        let a = period::analyse_limited(&g, limit, Engine::Auto, 1, &limits, &mut |n, of| {
            t.tell(n, of)
        })?;
        to_json(&period::PeriodReport::worded(&g, &a, web_words))
    };
    run().map_err(js_err)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRequest {
    game: String,
    rows: Option<(u64, u64)>,
    cols: Option<(u64, u64)>,
    #[serde(flatten)]
    bounds: Bounds,
}

/// The nim-values over a range, as `grundy table --json` prints them ([`Table`]): `rows` and `cols` are
/// `[first, last]`, both included (default: the command line's, 0..19 or less for a search game).
#[wasm_bindgen]
pub fn table(request: &str, progress: Option<js_sys::Function>) -> Result<String, JsValue> {
    let r: TableRequest = read(request, "table").map_err(js_err)?;
    let mut t = Throttle::new(progress.as_ref());
    let mut run = || {
        let g = lookup(&r.game)?;
        g.normal_values_only("a table")?;
        let limits = r.bounds.limits(Convention::Normal)?;
        let span = |s: Option<(u64, u64)>| s.map(|(a, b)| Span::new(a, b)).transpose();
        let d = Span::default_for(&*g, 19);
        let rows = span(r.rows)?.unwrap_or(d);
        let cols = match g.parameters() {
            2 => Some(span(r.cols)?.unwrap_or(d)),
            _ => span(r.cols)?,
        };
        let cells = rows.len().saturating_mul(cols.map_or(1, |c| c.len()));
        let table = Table::compute(&*g, rows, cols, &Context::new(limits), &mut |n| {
            t.tell(n, cells)
        })?;
        to_json(&table)
    };
    run().map_err(js_err)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatternRequest {
    game: String,
    to: Option<u64>,
    rows: Option<(u64, u64)>,
    cols: Option<(u64, u64)>,
    #[serde(flatten)]
    bounds: Bounds,
}

/// The rule read off a game's table, as `grundy pattern --json` prints it ([`pattern::Pattern`]).
#[wasm_bindgen]
pub fn find_pattern(request: &str, progress: Option<js_sys::Function>) -> Result<String, JsValue> {
    let r: PatternRequest = read(request, "pattern").map_err(js_err)?;
    let mut t = Throttle::new(progress.as_ref());
    let mut run = || {
        let g = lookup(&r.game)?;
        g.normal_values_only("a pattern")?;
        let limits = r.bounds.limits(Convention::Normal)?;
        let found = match g.parameters() {
            1 => {
                if r.rows.is_some() || r.cols.is_some() {
                    return Err(input(format!(
                        "{}: a position of this game is one number: give to, not rows and cols",
                        g.name()
                    )));
                }
                pattern::one_parameter(&*g, r.to, &Context::new(limits), &mut |n, of| {
                    t.tell(n, of)
                })?
            }
            2 => {
                if r.to.is_some() {
                    return Err(input(format!(
                        "{}: a position of this game is two numbers: give rows and cols, not to",
                        g.name()
                    )));
                }
                let span = |s: Option<(u64, u64)>| s.map(|(a, b)| Span::new(a, b)).transpose();
                let d = Span::default_for(&*g, 19);
                let defaulted = r.rows.is_none() && r.cols.is_none();
                let rows = span(r.rows)?.unwrap_or(d);
                let cols = span(r.cols)?.unwrap_or(d);
                let cells = rows.len().saturating_mul(cols.len());
                let mut table =
                    Table::compute(
                    &*g,
                    rows,
                    Some(cols),
                    &Context::new(limits),
                    &mut |n| t.tell(n, cells),
                )?;
                if defaulted {
                    table = table.trim_leading();
                }
                pattern::two_parameters(&table)
            }
            _ => {
                return Err(input(format!(
                    "{}: positions of this game are not named by one or two numbers, so it has no table to read",
                    g.name()
                )))
            }
        };
        to_json(&found)
    };
    run().map_err(js_err)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    parts: Vec<Part>,
    #[serde(default)]
    play: String,
    max_heap: Option<u64>,
    #[serde(default)]
    engine_first: bool,
    #[serde(flatten)]
    bounds: Bounds,
}

/// A game against the perfect opponent ([`Session`], what `grundy play` runs). Every method returns JSON text.
#[wasm_bindgen]
pub struct Game {
    session: Session,
    /// The graph of a graph game played on a family (`node-kayles grid:2x3`), for the page to draw ([`graph_of`]).
    graph: Option<serde_json::Value>,
}

/// The graph a one-part game of Node Kayles or Arc Kayles is played on, when its position is a family
/// (`path:N`, `cycle:N`, `grid:RxC`, see [`grundy::games::ugraph::family`]): `game` (the catalog's name), `nodes`
/// (the vertex count; vertices are numbered from 0 as positions show them), `edges` (pairs of vertices) and
/// `layout` (`{"kind": "path" | "cycle" | "grid", "rows", "cols"}`), for the page to draw. `None` for any other game.
fn graph_of(parts: &[Part]) -> grundy::Result<Option<serde_json::Value>> {
    let [part] = parts else { return Ok(None) };
    let game = lookup(&part.game)?.name();
    if game != "node-kayles" && game != "arc-kayles" {
        return Ok(None);
    }
    let Some(word) = part.positions.first() else {
        return Ok(None);
    };
    let Some(named) = grundy::games::ugraph::family(word) else {
        return Ok(None);
    };
    let (nodes, edges) = named?;
    let kind = word
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let (rows, cols) = match kind.as_str() {
        "grid" => {
            let (_, rc) = word.split_once(':').unwrap_or_default();
            let (r, c) = rc.split_once(['x', 'X']).unwrap_or_default();
            (
                r.trim().parse().unwrap_or(1),
                c.trim().parse().unwrap_or(nodes),
            )
        }
        _ => (1usize, nodes),
    };
    Ok(Some(serde_json::json!({
        "game": game,
        "nodes": nodes,
        "edges": edges,
        "layout": { "kind": kind, "rows": rows, "cols": cols },
    })))
}

#[wasm_bindgen]
impl Game {
    /// A game on a sum (the request of [`analyse_sum`], with `engine_first`: whether the engine moves first).
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> Result<Game, JsValue> {
        let r: PlayRequest = read(request, "play").map_err(js_err)?;
        let run = || {
            let conv = convention(&r.play, r.max_heap)?;
            let (sum, _) = sum_of(&r.parts)?;
            // Positions and memory bound each judgement; the time, PLAY_SECONDS of its own.
            let mut limits = r.bounds.limits(conv)?;
            limits.deadline = None;
            let first = if r.engine_first {
                Player::Engine
            } else {
                Player::Person
            };
            let seconds = r.bounds.max_seconds.unwrap_or(PLAY_SECONDS);
            Ok((
                Session::new(sum, conv, first, limits, seconds)?,
                graph_of(&r.parts)?,
            ))
        };
        let (session, graph) = run().map_err(js_err)?;
        Ok(Game { session, graph })
    }

    /// The state of the game: `position` (as text), `components` (each `GAME POSITION`), `to_move` ("person" or
    /// "engine"), `moves` (the legal moves, numbered from 1), `judgement` (outcome, winning moves by number, why,
    /// each component's value), `turns` (every move made), `verdict` (once over: who won, and the first missed
    /// win), `misere`, and `graph` (the graph a graph game is played on, drawn from its family word; `null` otherwise).
    pub fn state(&mut self) -> Result<String, JsValue> {
        let graph = &self.graph;
        let s = &mut self.session;
        let mut run = || -> grundy::Result<String> {
            let moves = s.moves()?;
            let judgement = s.judge_now()?;
            let verdict = s.verdict()?;
            to_json(&serde_json::json!({
                "position": s.position(),
                "components": s.components(),
                "to_move": s.to_move(),
                "moves": moves,
                "judgement": &*judgement,
                "turns": s.turns(),
                "verdict": verdict,
                "misere": s.convention() == Convention::Misere,
                "graph": graph,
            }))
        };
        run().map_err(js_err)
    }

    /// The person plays move number `n` of the list: the turn recorded.
    pub fn play(&mut self, n: usize) -> Result<String, JsValue> {
        let t = self.session.play(n).map_err(js_err)?;
        to_json(&t).map_err(js_err)
    }

    /// The number of the move typed as text: a number, the move's text, or its short form (`kayles 7 -> 5`).
    pub fn parse_move(&mut self, text: &str) -> Result<usize, JsValue> {
        self.session.parse_move(text).map_err(js_err)
    }

    /// The engine moves: the move, the rule that chose it, and why.
    pub fn engine_move(&mut self) -> Result<String, JsValue> {
        let m = self.session.engine_move().map_err(js_err)?;
        to_json(&m).map_err(js_err)
    }

    /// A winning move now (`null` when there is none).
    pub fn hint(&mut self) -> Result<String, JsValue> {
        let h = self.session.hint().map_err(js_err)?;
        to_json(&h).map_err(js_err)
    }

    /// Takes back the person's last move and the engine's replies: how many moves were taken back.
    pub fn undo(&mut self) -> Result<usize, JsValue> {
        self.session.undo().map_err(js_err)
    }
}
