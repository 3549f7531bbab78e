//! Games stated as rules scripts: a few lines of [Rhai](https://rhai.rs) say what a position's moves are, and the
//! game is a [`Game`](crate::Game) like any other (the solver, sums, misère and loopy analysis, the heap engines).
//!
//! # The language of a rules file
//!
//! A rules file is a Rhai script that defines a function `moves`; everything else is optional:
//!
//! ```text
//! const NAME = "s134";                 // the game's name (default: the file's name)
//! fn moves(n) { [n - 1, n - 3, n - 4] } // the options of the position n
//! ```
//!
//! - **Shape of a position**, read from `moves`' parameters: `fn moves(n)` — one whole number (a heap game: every
//!   move must leave smaller numbers, checked as the game is played); `fn moves(a, b)` (two or more parameters) — a
//!   tuple of that many numbers; `fn moves(l)` with `const SHAPE = "list";` — a list of numbers of any length.
//! - **Options**: `moves` returns an array with one element per option. An option is a position (a number, or an
//!   array of numbers for tuples and lists) or a *sum* of positions: an array of numbers for the one-number shape
//!   (`[a, b]`: two heaps; `[]`: nothing left), an array of arrays for tuples and lists (`[[a, h], [w - a, h]]`).
//!   An option holding a negative number is not a move: it is dropped (so `n - 3` needs no `if n >= 3`).
//! - **`splits(m)`**, a helper built in: every way to leave `m` tokens as at most two heaps, `[a, m - a]` for
//!   `0 ≤ a ≤ m / 2` (heaps of 0 vanish), enumerated natively. Kayles is `fn moves(n) { [splits(n - 1),
//!   splits(n - 2)] }`: the script is called once per heap and returns two items, not `n` arrays.
//! - **`fn components(p)`** (optional): the independent parts a position is the sum of (an array of positions), so
//!   that a position that falls apart into pieces is valued as the nim-sum of the pieces.
//! - **`const PLAY = "misere";`** (optional): the game's own rules say whoever moves last loses (Candy Piles).
//!
//! The inline form `n => [n - 1, n - 3, n - 4]` (or `(a, b) => ...` for pairs) is the same as a file holding
//! `fn moves(n) { [n - 1, n - 3, n - 4] }`; the game is named `script`.
//!
//! # The sandbox
//!
//! Rhai has no access to files, the network or processes unless the host gives it; here it is built without its
//! module system (no `import` of files), without floating point (numbers are exact 64-bit integers, and overflow is
//! an error, not a wrap), with `eval` disabled, and `print`/`debug` sent to stderr. Each call of a script function is
//! bounded by [`Settings::max_operations`], a call depth of 64, strings of 10,000 bytes and arrays of 10^6 items,
//! and is stopped when the command's deadline passes. Any error — syntax, types, a move to a bad position, a limit
//! — is an [`Error`] naming the script's line and column.
//!
//! # Errors during a search
//!
//! [`Game::options`](crate::Game::options) and [`Game::components`](crate::Game::components) are fallible: an error
//! of the script while a search lists options ends that search, and the error is the analysis's answer. Nothing is
//! recorded between calls: every analysis of a scripted game either answers from the script as it ran or fails.

mod games;
mod interp;
mod lines;
mod native;
mod pairs;
mod tuple;

pub use games::{ListGame, NumberGame};

use crate::error::{Error, ErrorKind, Result};
use crate::solver::Deadline;
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST};
use std::rc::Rc;

/// The default bound on the operations of one call of a script function (one position's moves).
pub const DEFAULT_MAX_OPERATIONS: u64 = 10_000_000;

/// The longest rules file read (1 MiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A value given to a script from outside (`--param NAME=VALUE`): a number or an array of numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    /// A whole number.
    Number(i64),
    /// An array of whole numbers.
    List(Vec<i64>),
}

impl Param {
    /// Reads `NAME=VALUE` (`k=3`, `s=[1, 3, 4]`, `s=1,3,4`), as `--param` takes it.
    pub fn parse(text: &str) -> Result<(String, Param)> {
        let bad = |why: &str| {
            Error::input(format!(
                "--param '{}': {why} (write NAME=NUMBER or NAME=[N, N, ...], e.g. k=3 or s=[1,3,4])",
                crate::error::escape(text)
            ))
        };
        let (name, value) = text.split_once('=').ok_or_else(|| bad("no '='"))?;
        let name = name.trim();
        let ident = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(bad("the name must be a script identifier"));
        }
        let number = |t: &str| -> Result<i64> {
            t.trim().parse::<i64>().map_err(|_| {
                bad(&format!(
                    "'{}' is not a whole number",
                    crate::error::escape(t.trim())
                ))
            })
        };
        let v = value.trim();
        let param = match v.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            Some(inner) if inner.trim().is_empty() => Param::List(Vec::new()),
            Some(inner) => Param::List(inner.split(',').map(number).collect::<Result<_>>()?),
            None if v.contains(',') => {
                Param::List(v.split(',').map(number).collect::<Result<_>>()?)
            }
            None => Param::Number(number(v)?),
        };
        Ok((name.to_string(), param))
    }

    fn to_dynamic(&self) -> Dynamic {
        match self {
            Param::Number(n) => Dynamic::from(*n),
            Param::List(v) => Dynamic::from_array(v.iter().map(|&x| Dynamic::from(x)).collect()),
        }
    }
}

/// What a script may do: its bounds, and whether a one-number game may be loopy.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Operations one call of a script function may make (Rhai counts each evaluation step).
    pub max_operations: u64,
    /// The moment the whole command must end; a script still running then stops with the time-limit error.
    pub deadline: Option<Deadline>,
    /// Whether a one-number game is played as a loopy game (moves to larger or equal numbers allowed, analysed by
    /// the loopy solver) rather than as a heap game (every move to smaller heaps, checked).
    pub loopy: bool,
    /// Whether the script's strings, arrays and maps have size limits (10,000 characters, 1,000,000 items, 10,000
    /// entries). Rhai checks them by measuring the whole value after every change, so a loop of `push` costs the
    /// square of the array's length; a caller whose process has a hard memory bound of its own (the command line's
    /// counting allocator, which ends the command with the one-line limit error) turns them off, and growth is
    /// linear in time.
    pub size_limits: bool,
    /// Values of the script's top-level constants, given from outside (`--param`): each replaces the constant of
    /// that name, or supplies it when the script names it without defining it. Every top-level `const` is visible
    /// inside the script's functions.
    pub params: Vec<(String, Param)>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_operations: DEFAULT_MAX_OPERATIONS,
            deadline: None,
            loopy: false,
            size_limits: true,
            params: Vec::new(),
        }
    }
}

/// The shape of a scripted game's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One whole number: `fn moves(n)`.
    Number,
    /// A tuple of this many numbers (2 or more): `fn moves(a, b, ...)`.
    Tuple(usize),
    /// A list of numbers of any length: `fn moves(l)` with `const SHAPE = "list"`.
    List,
}

/// Where a script came from, for messages: a file, or the inline `--moves` form.
#[derive(Debug, Clone)]
enum Origin {
    File(String),
    /// The inline form, with the number of lines of its text and the length of its last line (an error past the
    /// end of the text, as a missing bracket, is placed just after it).
    Inline(usize, usize),
}

/// A compiled rules script: the rules of one game.
pub struct Script {
    core: Rc<Core>,
}

/// What every game made from one script shares: the engine and the compiled script.
pub(crate) struct Core {
    engine: Engine,
    ast: AST,
    pub(crate) name: String,
    pub(crate) shape: Shape,
    pub(crate) misere: bool,
    pub(crate) has_components: bool,
    pub(crate) loopy: bool,
    pub(crate) deadline: Option<Deadline>,
    origin: Origin,
    /// Where `fn moves` is defined (line, column), for errors in what it returned.
    moves_at: (usize, usize),
    /// `moves` compiled natively, when its body is in the subset of [`native`] (one-number scripts only).
    pub(crate) native: Option<native::Native>,
    /// `moves` and the functions it calls read by the interpreter of [`interp`], when they are in its subset and
    /// `moves` is not in the smaller subset of [`native`].
    pub(crate) program: Option<interp::Program>,
    /// Calls the interpreter gave to Rhai, and whether it ever answered one: a program that never answers (it
    /// adds arrays with `+`, say) is not tried again after [`INTERP_TRIES`] calls.
    interp_misses: std::cell::Cell<u32>,
    interp_answered: std::cell::Cell<bool>,
    /// The bound on the operations of one call ([`Settings::max_operations`]).
    max_operations: u64,
    /// Whether Rhai bounds the size of arrays ([`Settings::size_limits`]): the interpreter then bounds the items
    /// one call makes.
    size_limits: bool,
    /// Whether the native body and the interpreter are used (tests turn them off to compare with Rhai).
    pub(crate) use_native: std::cell::Cell<bool>,
    /// The names of the `--param` values the script names.
    params_used: Vec<String>,
}

/// A family of options enumerated natively (the value `splits(m)` returns to a script).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Splits {
    pub(crate) total: i64,
}

fn engine(settings: &Settings) -> Engine {
    let mut e = Engine::new();
    e.set_max_operations(settings.max_operations.max(1));
    e.set_max_call_levels(64);
    e.set_max_expr_depths(64, 32);
    if settings.size_limits {
        e.set_max_string_size(10_000);
        e.set_max_array_size(1_000_000);
        e.set_max_map_size(10_000);
    }
    e.set_max_variables(1_000);
    e.set_max_functions(1_000);
    e.set_strict_variables(true);
    e.disable_symbol("eval");
    e.on_print(|s| eprintln!("script: {s}"));
    e.on_debug(|s, _, pos| eprintln!("script (line {}): {s}", pos.line().unwrap_or(0)));
    if let Some(d) = settings.deadline {
        e.on_progress(move |ops| {
            if ops % 4096 == 0 && d.passed() {
                Some(Dynamic::from(d.error().message().to_string()))
            } else {
                None
            }
        });
    }
    e.register_type_with_name::<Splits>("Splits");
    e.register_fn("splits", |m: i64| Splits { total: m });
    e
}

/// `body` with the braces of one block around all of it written as spaces (`{ let o = []; o }` is
/// ` let o = []; o `), or `body` as it is when it is not one block (`{ a } + { b }`, `[n - 1]`). Braces in strings
/// and comments count as text.
fn unbraced(body: &str) -> std::borrow::Cow<'_, str> {
    let b = body.as_bytes();
    if b.first() != Some(&b'{') || b.last() != Some(&b'}') {
        return body.into();
    }
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' | b'`' | b'\'' => {
                // To the closing quote, past escaped characters.
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => return body.into(),
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 && i + 1 != b.len() {
                    return body.into();
                }
            }
            _ => {}
        }
        i += 1;
    }
    if depth != 0 {
        return body.into();
    }
    format!(" {} ", &body[1..body.len() - 1]).into()
}

impl Script {
    /// Compiles the rules in `text`, read from the file `path` (named in messages; the game's default name is its
    /// stem).
    pub fn from_file_text(path: &str, text: &str, settings: Settings) -> Result<Script> {
        let stem = std::path::Path::new(path)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("script")
            .to_string();
        Script::compile(
            crate::error::without_bom(text).to_string(),
            Origin::File(path.to_string()),
            &stem,
            settings,
        )
    }

    /// Reads and compiles the rules file at `path`.
    /// A rules file longer than [`MAX_FILE_BYTES`] is refused before it is read further (`--rules /dev/zero`).
    pub fn from_file(path: &str, settings: Settings) -> Result<Script> {
        use std::io::Read;
        let cannot = |e: std::io::Error| {
            Error::input(format!(
                "--rules {}: cannot read the file: {e}",
                crate::error::escape(path)
            ))
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .map_err(cannot)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Error::input(format!(
                "--rules {}: the file is longer than {MAX_FILE_BYTES} bytes; a rules script is a few lines",
                crate::error::escape(path)
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::input(format!(
                "--rules {}: the file is not UTF-8 text",
                crate::error::escape(path)
            ))
        })?;
        Script::from_file_text(path, &text, settings)
    }

    /// Compiles the inline form `PARAMS => EXPRESSION`: `n => [n - 1, n - 3]`, or `(a, b) => [[a - 1, b]]`.
    pub fn inline(rule: &str, settings: Settings) -> Result<Script> {
        let Some((params, body)) = rule.split_once("=>") else {
            return Err(Error::input(format!(
                "--moves '{}': write PARAMETER => MOVES, e.g. 'n => [n - 1, n - 3, n - 4]'",
                crate::error::escape(rule)
            )));
        };
        let params = params.trim();
        let inner = params
            .strip_prefix('(')
            .and_then(|p| p.strip_suffix(')'))
            .unwrap_or(params);
        let names: Vec<&str> = inner.split(',').map(str::trim).collect();
        let ident = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        if names.iter().any(|n| !ident(n)) {
            return Err(Error::input(format!(
                "--moves: '{}' before '=>' must name the position: one name (n) or several in parentheses ((a, b))",
                crate::error::escape(params)
            )));
        }
        // The user's text starts on line 2, at column 1: messages take one from the line. A body that is one block
        // `{ ... }` is the function's body itself (the same scope and value), its braces written as spaces so that
        // every place in it keeps its line and column.
        let text = format!(
            "fn moves({}) {{\n{}\n}}",
            names.join(", "),
            unbraced(body.trim())
        );
        let lines = body.trim().lines().count().max(1);
        let last = body.trim().lines().last().map_or(0, |l| l.chars().count());
        Script::compile(text, Origin::Inline(lines, last), "script", settings)
    }

    /// Compiles the script `text` read from `origin` (named `default_name` unless it sets NAME) under `settings`.
    ///
    /// Long: the checks of one script in order (its constants made global, the arity of `moves`, NAME, SHAPE, PLAY,
    /// `components`, the native forms), each naming its place in the script through the same `place` closure and
    /// origin.
    fn compile(
        text: String,
        origin: Origin,
        default_name: &str,
        settings: Settings,
    ) -> Result<Script> {
        let mut engine = engine(&settings);
        let place = |pos: Position| locate(&origin, pos);
        let syntax = |e: rhai::ParseError| {
            let msg = format!("{}: syntax error: {}", place(e.position()), e.0);
            Error::input(crate::error::escape(&msg.replace('\n', " ")))
        };
        // The top-level constants (and the --param values) are made visible inside every function: read them off a
        // first compilation without strict variables (a function may name a constant it does not define), then
        // register them as a global module of the engine and compile again, strictly.
        let (globals, params_used) = top_level_constants(&text, &settings, &origin)?;
        if !globals.is_empty() {
            let mut module = rhai::Module::new();
            for (name, value) in &globals {
                module.set_var(name.as_str(), value.clone());
            }
            engine.register_global_module(module.into());
            // (Strict variables would refuse a constant read inside a function at compilation: a name the script
            // does not define is then an error when it is read, with its line and column.)
            engine.set_strict_variables(false);
        }
        let ast = engine.compile(&text).map_err(syntax)?;
        let moves: Vec<usize> = ast
            .iter_functions()
            .filter(|f| f.name == "moves")
            .map(|f| f.params.len())
            .collect();
        let arity = match moves.as_slice() {
            [k] => *k,
            [] => {
                return Err(Error::input(format!(
                    "{}: the rules define no function moves(position) (e.g. fn moves(n) {{ [n - 1, n - 2] }})",
                    where_file(&origin)
                )))
            }
            _ => {
                return Err(Error::input(format!(
                    "{}: define moves once (found {} definitions with different numbers of parameters)",
                    where_file(&origin),
                    moves.len()
                )))
            }
        };
        // Run the top level once, for its constants (NAME, SHAPE, PLAY).
        let mut scope = Scope::new();
        engine.run_ast_with_scope(&mut scope, &ast).map_err(|e| {
            rhai_error(
                &origin,
                &e,
                "the top level of the rules",
                (1, 1),
                settings.deadline,
            )
        })?;
        let text_const = |key: &str| -> Result<Option<String>> {
            match scope.get(key) {
                None => Ok(None),
                Some(v) => match v.clone().into_string() {
                    Ok(s) => Ok(Some(s)),
                    Err(t) => Err(Error::input(format!(
                        "{}: {key} must be a string, found {t}",
                        where_file(&origin)
                    ))),
                },
            }
        };
        let name = text_const("NAME")?.unwrap_or_else(|| default_name.to_string());
        // As written (MyGame is shown as MyGame); the catalog finds it in any case, as every name.
        let name = name.trim().to_string();
        if name.is_empty()
            || !name.starts_with(|c: char| c.is_ascii_alphabetic())
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(Error::input(format!(
                "{}: the game's name '{}' must start with a letter and hold only letters, digits, '-' and '_' (set it with const NAME = \"...\";)",
                where_file(&origin),
                crate::error::escape(&name)
            )));
        }
        let shape = match (text_const("SHAPE")?.as_deref(), arity) {
            (None | Some("number" | "integer"), 1) => Shape::Number,
            (Some("list"), 1) => Shape::List,
            (None | Some("tuple"), k) if k >= 2 => Shape::Tuple(k),
            (_, 0) => {
                return Err(Error::input(format!(
                    "{}: moves must take the position as its parameter (fn moves(n), fn moves(a, b), ...)",
                    where_file(&origin)
                )))
            }
            (Some(s), k) => {
                return Err(Error::input(format!(
                    "{}: SHAPE \"{}\" does not fit moves with {k} parameter(s) (use \"number\" or \"list\" with one parameter, \"tuple\" with two or more)",
                    where_file(&origin),
                    crate::error::escape(s)
                )))
            }
            (None, _) => unreachable!("arity 0 and 1 and >= 2 are matched above"),
        };
        let misere = match text_const("PLAY")?.as_deref() {
            None | Some("normal") => false,
            Some("misere") => true,
            Some(p) => {
                return Err(Error::input(format!(
                    "{}: PLAY must be \"normal\" or \"misere\", found \"{}\"",
                    where_file(&origin),
                    crate::error::escape(p)
                )))
            }
        };
        let comps: Vec<usize> = ast
            .iter_functions()
            .filter(|f| f.name == "components")
            .map(|f| f.params.len())
            .collect();
        let want = match shape {
            Shape::Tuple(k) => k,
            _ => 1,
        };
        let has_components = match comps.as_slice() {
            [] => false,
            [k] if *k == want => true,
            _ => {
                return Err(Error::input(format!(
                    "{}: components must take the same parameters as moves ({want})",
                    where_file(&origin)
                )))
            }
        };
        let moves_at = find_fn(&text, "moves");
        let moves_at = match origin {
            Origin::Inline(..) => (1, 1),
            Origin::File(_) => moves_at,
        };
        let native = if shape == Shape::Number
            && settings.max_operations >= native::MIN_OPERATIONS
            && !ast.iter_functions().any(|f| f.name == "splits")
        {
            native::Native::compile(&text)
        } else {
            None
        };
        let program = if native.is_none() {
            interp::Program::compile(&text, "moves", arity, &globals)
        } else {
            None
        };
        Ok(Script {
            core: Rc::new(Core {
                engine,
                ast,
                name,
                shape,
                misere,
                has_components,
                loopy: settings.loopy,
                deadline: settings.deadline,
                origin,
                moves_at,
                use_native: std::cell::Cell::new(native.is_some() || program.is_some()),
                native,
                program,
                interp_misses: std::cell::Cell::new(0),
                interp_answered: std::cell::Cell::new(false),
                max_operations: settings.max_operations,
                size_limits: settings.size_limits,
                params_used,
            }),
        })
    }

    /// Whether the script names the parameter `name` of [`Settings::params`] (a parameter no script names changes
    /// nothing, and the command line refuses it).
    pub fn uses_param(&self, name: &str) -> bool {
        self.core.params_used.iter().any(|n| n == name)
    }

    /// Whether `moves` is evaluated natively (its body is one array literal of integer arithmetic on its parameter,
    /// see the module's docs), rather than by Rhai.
    pub fn is_native(&self) -> bool {
        self.core.native.is_some()
    }

    /// Whether `moves` (and every function it calls) is run by the script interpreter of this library rather than
    /// by Rhai ("Speed" in docs/rules.md), Rhai answering only where the interpreter gives up.
    pub fn is_interpreted(&self) -> bool {
        self.core.program.is_some()
    }

    /// The game's name (`const NAME`, else the file's stem, else `script`).
    pub fn name(&self) -> &str {
        &self.core.name
    }

    /// The shape of its positions.
    pub fn shape(&self) -> Shape {
        self.core.shape
    }

    /// Whether the one-number game is played as a heap game (not under `--loopy`): then [`Script::number_game`]
    /// is a [`crate::heap::HeapGame`] with a nim-value sequence.
    pub fn is_heap_game(&self) -> bool {
        self.core.shape == Shape::Number && !self.core.loopy
    }

    /// The game of a one-number script (`None` for tuples and lists).
    pub fn number_game(&self) -> Option<NumberGame> {
        (self.core.shape == Shape::Number).then(|| NumberGame::new(self.core.clone()))
    }

    /// The game of a tuple or list script (`None` for one number).
    pub fn list_game(&self) -> Option<ListGame> {
        (self.core.shape != Shape::Number).then(|| ListGame::new(self.core.clone()))
    }

    /// The game as the catalog sees it ([`crate::games::AnyGame`]): a heap game (valued from its nim-value sequence)
    /// for one number, unless loaded for loopy play; else a game valued by search. The analyses are compiled once
    /// for each kind: a loopy one-number game shares them with the loopy codes
    /// ([`crate::games::registry::erase_rules`]), a tuple or list game with the closed-form games
    /// ([`crate::games::erased::DynGame`], which holds a list of numbers as it is: measured as fast,
    /// `benches/RESULTS.md`).
    pub fn any_game(&self) -> Box<dyn crate::games::AnyGame> {
        match self.core.shape {
            Shape::Number if self.is_heap_game() => {
                let g: Rc<crate::heap::HeapGame> = Rc::new(NumberGame::new(self.core.clone()));
                crate::games::erase_heap(g)
            }
            Shape::Number => {
                let g: Rc<crate::heap::HeapGame> = Rc::new(NumberGame::new(self.core.clone()));
                crate::games::erase_rules(g)
            }
            _ => crate::games::erase_dyn(ListGame::new(self.core.clone())),
        }
    }

    /// A line on the game for listings: its shape and where it came from.
    pub fn summary(&self) -> String {
        let shape = match self.core.shape {
            Shape::Number if self.is_heap_game() => "a heap game".to_string(),
            Shape::Number => "one number (loopy play)".to_string(),
            Shape::Tuple(k) => format!("positions of {k} numbers"),
            Shape::List => "positions that are lists of numbers".to_string(),
        };
        format!("rules script {}: {shape}", where_file(&self.core.origin))
    }

    /// Adds the game to `registry` under its name: every lookup of the name makes a game of this script.
    pub fn register(&self, registry: &mut crate::games::Registry) -> Result<()> {
        let core = self.core.clone();
        registry.register_game(&self.core.name, &self.summary(), move || {
            Ok(Script { core: core.clone() }.any_game())
        })
    }
}

/// Calls of a program the interpreter gives to Rhai before it is no longer tried, when it has answered none.
const INTERP_TRIES: u32 = 32;

impl Core {
    /// `moves(args)` by the interpreter, written into `out` ([`interp::Program::call_emit`]): `Some(true)` when it
    /// returned an array (its items in `out`), `Some(false)` when it returned another value, `None` when Rhai must
    /// evaluate it (no program, turned off, or the interpreter gave up on this call).
    pub(crate) fn interpret(
        &self,
        args: &[interp::Val],
        stack: &mut Vec<interp::Val>,
        out: &mut interp::Emitted,
    ) -> Option<bool> {
        let program = self.program.as_ref().filter(|_| self.use_native.get())?;
        if !self.interp_answered.get() && self.interp_misses.get() >= INTERP_TRIES {
            return None;
        }
        let bounds = interp::Bounds {
            max_operations: self.max_operations,
            max_items: if self.size_limits {
                interp::MAX_ITEMS
            } else {
                u64::MAX
            },
            deadline: self.deadline.as_ref(),
        };
        match program.call_emit(args, stack, out, &bounds) {
            Some(array) => {
                self.interp_answered.set(true);
                Some(array)
            }
            None => {
                self.interp_misses
                    .set(self.interp_misses.get().saturating_add(1));
                None
            }
        }
    }

    /// Calls the script function `f` with `args`; `what` says which call, for the message.
    pub(crate) fn call(
        &self,
        f: &str,
        args: impl rhai::FuncArgs,
        what: &dyn Fn() -> String,
    ) -> Result<Dynamic> {
        let mut scope = Scope::new();
        let opts = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(opts, &mut scope, &self.ast, f, args)
            .map_err(|e| rhai_error(&self.origin, &e, &what(), self.moves_at, self.deadline))
    }

    /// An error in what `moves` (or `components`) returned: named at the function's definition.
    pub(crate) fn bad_result(&self, what: &str, problem: &str) -> Error {
        let (l, c) = self.moves_at;
        let place = match &self.origin {
            Origin::File(p) => format!("{}:{l}:{c}", crate::error::escape(p)),
            Origin::Inline(..) => "--moves:1:1".to_string(),
        };
        Error::input(format!("{place}: {what}: {problem}"))
    }
}

/// Constants by name, as the script's global module holds them.
type Globals = Vec<(String, Dynamic)>;

/// The constants the top level of the script `text` defines, with those of `settings.params` that the script names
/// put over them, and the names of those parameters.
fn top_level_constants(
    text: &str,
    settings: &Settings,
    origin: &Origin,
) -> Result<(Globals, Vec<String>)> {
    let mut loose = engine(settings);
    loose.set_strict_variables(false);
    let Ok(ast) = loose.compile(text) else {
        // (The strict compilation names the syntax error.)
        return Ok((Vec::new(), Vec::new()));
    };
    let mut scope = Scope::new();
    loose
        .run_ast_with_scope(&mut scope, &ast)
        .map_err(|e| rhai_error(origin, &e, "the top level of the rules", (1, 1), None))?;
    // (NAME, SHAPE and PLAY configure the game; functions read the others.)
    let mut out: Vec<(String, Dynamic)> = scope
        .iter()
        .filter(|(n, constant, _)| *constant && !matches!(*n, "NAME" | "SHAPE" | "PLAY"))
        .map(|(n, _, v)| (n.to_string(), v))
        .collect();
    let mut used = Vec::new();
    for (name, param) in &settings.params {
        let named = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == name);
        if !named {
            continue;
        }
        used.push(name.clone());
        match out.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = param.to_dynamic(),
            None => out.push((name.clone(), param.to_dynamic())),
        }
    }
    Ok((out, used))
}

/// `FILE:LINE:COLUMN` of a position in a script (`--moves:LINE:COLUMN` for the inline form, whose text starts on
/// line 2 of the wrapper).
fn locate(origin: &Origin, pos: Position) -> String {
    let line = pos.line().unwrap_or(0);
    let col = pos.position().unwrap_or(0);
    match origin {
        Origin::File(p) => format!("{}:{line}:{col}", crate::error::escape(p)),
        Origin::Inline(lines, last) => {
            let l = line.saturating_sub(1).max(1);
            if l > *lines {
                format!("--moves:{lines}:{}", last + 1)
            } else {
                format!("--moves:{l}:{col}")
            }
        }
    }
}

fn where_file(origin: &Origin) -> String {
    match origin {
        Origin::File(p) => crate::error::escape(p),
        Origin::Inline(..) => "--moves".to_string(),
    }
}

/// The line and column of `fn NAME` in `text` (1, 1 when not found).
fn find_fn(text: &str, name: &str) -> (usize, usize) {
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        let mut offset = 0;
        while let Some(at) = rest.find("fn") {
            let after = rest[at + 2..].trim_start();
            if after.starts_with(name)
                && !after[name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            {
                return (i + 1, offset + at + 1);
            }
            offset += at + 2;
            rest = &rest[at + 2..];
        }
    }
    (1, 1)
}

/// A Rhai error as one line naming the place in the script where it happened.
/// An error with no position of its own is placed at `fallback` (the definition of `moves`), so every message names
/// a line and a column. A call stopped by `deadline` (the only thing that terminates a call) is an error of that
/// budget.
fn rhai_error(
    origin: &Origin,
    e: &EvalAltResult,
    what: &str,
    fallback: (usize, usize),
    deadline: Option<Deadline>,
) -> Error {
    let inner = e.unwrap_inner();
    let pos = inner.position();
    let full = inner.to_string();
    let suffix = format!(" ({pos})");
    let bare = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    let (kind, text) = match inner {
        EvalAltResult::ErrorTerminated(token, _) => (
            ErrorKind::Limit,
            token
                .clone()
                .into_string()
                .unwrap_or_else(|_| "stopped".into()),
        ),
        EvalAltResult::ErrorTooManyOperations(_) => (
            ErrorKind::Limit,
            "the script made more operations than one call may (a loop that never ends?)"
                .to_string(),
        ),
        EvalAltResult::ErrorStackOverflow(_) => (
            ErrorKind::Limit,
            "the script's calls nest too deeply (more than 64)".to_string(),
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => (
            ErrorKind::Limit,
            format!("{what} is larger than a script may hold"),
        ),
        _ => (ErrorKind::Input, bare),
    };
    let place = if pos.is_none() {
        match origin {
            Origin::File(p) => format!("{}:{}:{}", crate::error::escape(p), fallback.0, fallback.1),
            Origin::Inline(..) => format!("--moves:{}:{}", fallback.0, fallback.1),
        }
    } else {
        locate(origin, pos)
    };
    let message = crate::error::escape(&format!("{place}: {text} (in {what})").replace('\n', " "));
    match (inner, deadline) {
        (EvalAltResult::ErrorTerminated(..), Some(d)) => Error::over_budget(
            crate::error::Budget::Time(std::time::Duration::from_secs_f64(
                d.seconds().clamp(0.0, 1e9),
            )),
            message,
        ),
        _ => Error::new(kind, message),
    }
}

#[cfg(test)]
mod tests;
