//! The declarations: each subcommand's arguments with their types and value parsers, the groups of flags shared by
//! several subcommands, and the value enums.

use super::Bad;
use clap::{Args as ClapArgs, Subcommand};

/// Limits shared by the commands that search or compute sequences.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct LimitArgs {
    /// End with an error after S seconds of the whole command (fractions allowed: 0.5; 'none' for no limit).
    /// value, seq, table, pattern and plot end at 60 s unless told; play bounds each judgement at 10 s
    #[arg(long, value_name = "S", value_parser = TimeLimit::parse)]
    pub max_seconds: Option<TimeLimit>,
    /// Most memory the command may hold, e.g. 512M, 8G (default 3G, or 3/4 of `ulimit -v` when lower)
    #[arg(long, value_name = "SIZE", value_parser = max_memory)]
    pub max_memory: Option<u64>,
}

/// `--max-seconds`: a number of seconds, or 'none'.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeLimit {
    /// `none`: no limit.
    Unbounded,
    Seconds(f64),
}

impl TimeLimit {
    /// `--max-seconds` (its value parser).
    fn parse(t: &str) -> Result<TimeLimit, Bad> {
        match t {
            "none" => Ok(TimeLimit::Unbounded),
            s => Ok(TimeLimit::Seconds(grundy::solver::parse_seconds(
                s,
                "--max-seconds",
            )?)),
        }
    }
}

/// `--max-memory` in bytes (its value parser).
fn max_memory(t: &str) -> Result<u64, Bad> {
    Ok(grundy::solver::parse_memory(t, "--max-memory")?)
}

// The value parsers of the options and arguments that are numbers or ranges: each reads the value with the library's
// function, whose one-line error names `what`, and checks the bounds that do not depend on the rest of the command.

/// A file's path, given as text (a path that is not UTF-8 is refused as any other argument is: messages show it).
fn path(t: &str) -> Result<std::path::PathBuf, Bad> {
    Ok(t.into())
}

/// A path read by [`path`] as the text it was given as (always UTF-8: [`path`] reads text only).
pub fn as_text(p: &std::path::Path) -> &str {
    p.to_str().unwrap_or_default()
}

/// A non-negative integer (`what` names it in errors).
fn number(what: &'static str) -> impl Fn(&str) -> Result<u64, Bad> + Clone + Send + Sync {
    move |t| Ok(grundy::error::parse_u64(t, what)?)
}

/// A non-negative integer at most `max`.
fn at_most(
    what: &'static str,
    max: u64,
) -> impl Fn(&str) -> Result<u64, Bad> + Clone + Send + Sync {
    move |t| Ok(grundy::error::parse_bounded(t, what, max)?)
}

/// A range `A..B` (or `N`: 0..N) of rows or columns.
fn span(
    what: &'static str,
) -> impl Fn(&str) -> Result<grundy::analysis::table::Span, Bad> + Clone + Send + Sync {
    move |t| Ok(grundy::analysis::table::Span::parse(t, what)?)
}

/// `--threads` of the commands that compute sequences: 1 or more (more than 1024 is 1024).
fn threads(t: &str) -> Result<usize, Bad> {
    match grundy::error::parse_u64(t, "--threads")? {
        0 => Err(Bad::Usage("--threads must be at least 1".into())),
        t => Ok(t.min(1024) as usize),
    }
}

/// `--engine`: plain, fast or auto.
fn engine(t: &str) -> Result<grundy::heap::Engine, Bad> {
    Ok(grundy::heap::Engine::parse(t)?)
}

/// Games stated as rules scripts (docs/rules.md), shared by the commands that take a GAME: each script's game is
/// then a GAME like any in the catalog, found by its name.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct RulesArgs {
    /// A rules script (Rhai) stating a game's moves, e.g. fn moves(n) { [n-1, n-3, n-4] }; its game is named by
    /// const NAME = "..." or the file's name (repeatable)
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub rules: Vec<std::path::PathBuf>,
    /// A game's moves inline, e.g. 'n => [n-1, n-3, n-4]' (moves to negative numbers are dropped); the game is
    /// named 'script'
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A value for a rules script's top-level constant, replacing it or supplying it: k=3, s=[1,3,4]
    /// (repeatable; every top-level const is visible inside the script's functions)
    #[arg(long = "param", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub params: Vec<String>,
}

impl RulesArgs {
    /// The flags that load these scripts again, each with a leading space (for a command line to resume with).
    pub fn as_flags(&self) -> String {
        let mut s = String::new();
        for r in &self.rules {
            s += &format!(" --rules {}", as_text(r));
        }
        if let Some(m) = &self.moves {
            s += &format!(" --moves '{m}'");
        }
        for p in &self.params {
            s += &format!(" --param '{p}'");
        }
        s
    }
}

#[derive(ClapArgs, Debug, Clone)]
#[command(allow_negative_numbers = true)]
pub struct ValueArgs {
    /// GAME POSITION... [+ GAME POSITION...]...: a game and its position; '+' starts a part of another game
    #[arg(value_name = "GAME POSITION", num_args = 0.., required = false)]
    pub words: Vec<String>,
    /// Print one JSON object (see the JSON section of --help)
    #[arg(long)]
    pub json: bool,
    /// List every winning move in the text answer (normal play shows the first 20)
    #[arg(long, conflicts_with_all = ["misere", "loopy"])]
    pub all_moves: bool,
    /// Only the outcome and the nim-values: no winning move is searched or listed (faster when the moves cost a
    /// search of their own, as in Cram), e.g. grundy value cram 5x8 --no-moves
    #[arg(long, conflicts_with_all = ["all_moves", "misere", "loopy"])]
    pub no_moves: bool,
    /// Only the outcome is asked (normal play): a position standing alone whose nim-value no formula gives is
    /// settled by a win-loss search that stops at its first move to a P-position, and its nim-value is not printed
    /// (JSON null); a sum is answered from its parts' values as without the flag, e.g. grundy value --rules
    /// fibnim.rhai 300 299 --outcome
    #[arg(long, conflicts_with_all = ["misere", "loopy", "load_table", "save_table"])]
    pub outcome: bool,
    /// Misère play: whoever makes the last move loses
    #[arg(long, conflicts_with = "loopy")]
    pub misere: bool,
    /// Loopy play: positions may repeat, outcomes P, N or D (draw)
    #[arg(long)]
    pub loopy: bool,
    /// Largest heap of a loopy code (moves to larger heaps are not allowed; default 1000)
    #[arg(long, value_name = "B", requires = "loopy", value_parser = at_most("--max-heap", grundy::loopy::heap::MAX_BOUND))]
    pub max_heap: Option<u64>,
    /// Most states the misère or loopy search may store
    // Its bound depends on the play it bounds: checked by the command (`cmd::value`).
    #[arg(long, value_name = "N", value_parser = number("--max-positions"))]
    pub max_positions: Option<u64>,
    /// Cram, Chomp, Node Kayles or Arc Kayles: read a table saved by --save-table before searching (its values are reused, not recomputed)
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub load_table: Option<std::path::PathBuf>,
    /// Cram, Chomp, Node Kayles or Arc Kayles: write every value the search stored to FILE (even when a limit stops it), so later runs answer or resume from it
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub save_table: Option<std::path::PathBuf>,
    /// Cram, Node Kayles, Arc Kayles: threads of the search, sharing one table (1 or more; default 1; Cram on two cores: about 1.5-1.8x the speed of one on boards of 30 cells or more, less on smaller ones, none under 1 ms), e.g. --threads 2
    #[arg(long, value_name = "N", conflicts_with_all = ["misere", "loopy"], value_parser = search_threads)]
    pub threads: Option<usize>,
    /// Read more positions from FILE ('-': standard input), whitespace-separated, after the words given: the
    /// positions of the last GAME (a judge's 10^6 heaps), or whole parts with '+' and their GAMEs
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub positions: Option<std::path::PathBuf>,
    /// A rules script's heaps past what a table reaches are valued from the period observed on heaps 0..=65535
    /// (at least 8 periods past the preperiod), when the script is not recognised as a code, and with --line a
    /// point past x = 4095 from the period observed on x = 0..=4095: an assumption, not a theorem, printed with
    /// every answer it shapes
    #[arg(long, conflicts_with_all = ["misere", "loopy"])]
    pub assume_period: bool,
    /// A game of two or more numbers along one line, every number fixed but x: 'x 5' with the position X values
    /// G(X, 5) (past the values computed, only with --assume-period)
    #[arg(long, value_name = "SPEC", allow_hyphen_values = true, conflicts_with_all = ["misere", "loopy"])]
    pub line: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `value --threads`: 1 to 64 threads of a search.
fn search_threads(t: &str) -> Result<usize, Bad> {
    match grundy::error::parse_u64(t, "--threads")? {
        0 => Err(Bad::Usage("--threads must be at least 1".into())),
        n if n > 64 => Err(Bad::Usage(format!("--threads {n}: at most 64 threads"))),
        n => Ok(n as usize),
    }
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SeqArgs {
    /// A heap game: a name, a take-and-break code, subtraction:S, allbut:S, bash:K, constrained:L,R (may be left
    /// out when one rules script is given)
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    /// The largest heap N
    #[arg(long, value_name = "N", value_parser = number("--to"))]
    pub to: u64,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Misère nim-values instead of nim-values
    #[arg(long, conflicts_with = "genus")]
    pub misere: bool,
    /// Genera g^γ0γ1... in CGSuite's notation, with 'tame' marks
    #[arg(long)]
    pub genus: bool,
    /// Most states the misère search may store (with --misere or --genus)
    #[arg(long, value_name = "N",
          value_parser = at_most("--max-positions", crate::cmd::misere::MAX_POSITIONS))]
    pub max_positions: Option<u64>,
    /// plain, fast or auto (default): the normal-play engine
    #[arg(long, value_name = "E", conflicts_with_all = ["misere", "genus"], value_parser = engine)]
    pub engine: Option<grundy::heap::Engine>,
    /// Threads of the fast engine (1 or more; default all cores)
    #[arg(long, value_name = "N", conflicts_with_all = ["misere", "genus"], value_parser = threads)]
    pub threads: Option<usize>,
    /// Also print statistics of the rare/common split
    #[arg(long, conflicts_with_all = ["misere", "genus"])]
    pub stats: bool,
    /// Write the values to FILE instead of printing them
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub out: Option<std::path::PathBuf>,
    /// Continue the run saved in FILE by --out
    #[arg(long, value_name = "FILE", conflicts_with_all = ["misere", "genus"], value_parser = path)]
    pub resume: Option<std::path::PathBuf>,
    /// A game of two or more numbers along one line, every number fixed but x: 'x 5' prints G(x, 5) for
    /// x = 0..=N
    #[arg(long, value_name = "SPEC", allow_hyphen_values = true)]
    pub line: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PeriodArgs {
    /// A heap game: a name, a take-and-break code, subtraction:S, allbut:S, bash:K, constrained:L,R (may be left
    /// out when one rules script is given)
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    /// Compute at most up to heap N
    #[arg(long, value_name = "N", value_parser = number("--to"))]
    pub to: Option<u64>,
    /// plain, fast or auto (default)
    #[arg(long, value_name = "E", value_parser = engine)]
    pub engine: Option<grundy::heap::Engine>,
    /// Threads of the fast engine (1 or more; default all cores)
    #[arg(long, value_name = "N", value_parser = threads)]
    pub threads: Option<usize>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Save the values computed to FILE (the format of 'seq --out'), appending after each step
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub out: Option<std::path::PathBuf>,
    /// Continue from the values saved in FILE (by 'period --out' or 'seq --out')
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub resume: Option<std::path::PathBuf>,
    /// A game of two or more numbers along one line, every number fixed but x: 'x 5' looks for a period in
    /// G(x, 5) for x = 0..=N (observed only)
    #[arg(long, value_name = "SPEC", allow_hyphen_values = true)]
    pub line: Option<String>,
    /// Print a standalone function sg(n) computing the period found, with a main that checks it: cpp, python or
    /// rust
    #[arg(long, value_name = "LANG", conflicts_with = "json", value_parser = EmitLang::parse)]
    pub emit: Option<EmitLang>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PlayArgs {
    /// GAME POSITION... [+ GAME POSITION...]...: the sum to play, as 'grundy value' reads it
    #[arg(value_name = "GAME POSITION", num_args = 0.., required = false)]
    pub words: Vec<String>,
    /// Misère play: whoever makes the last move loses
    #[arg(long, conflicts_with = "loopy")]
    pub misere: bool,
    /// Loopy play: positions may repeat, outcomes P, N or D (draw)
    #[arg(long)]
    pub loopy: bool,
    /// Who moves first: me (default) or engine
    #[arg(long, value_name = "WHO", value_parser = First::parse)]
    pub first: Option<First>,
    /// Most states the misère or loopy analysis of one position may store
    #[arg(long, value_name = "N", value_parser = at_most("--max-positions", 1 << 40))]
    pub max_positions: Option<u64>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `play --first`: who moves first.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// The person at the terminal
    Me,
    /// The engine
    Engine,
}

impl First {
    /// `--first` (its value parser).
    pub fn parse(t: &str) -> Result<First, Bad> {
        use clap::ValueEnum;
        First::from_str(t, false).map_err(|_| {
            Bad::Usage(format!(
                "--first: '{}' is neither 'me' nor 'engine'",
                grundy::error::escape(t)
            ))
        })
    }
}

#[derive(ClapArgs, Debug)]
pub struct TableArgs {
    /// The rows: A..B (both ends included) or N (0..N); the heaps n of a one-parameter game, the a of G(a, b)
    #[arg(long, value_name = "A..B", value_parser = span("--rows"))]
    pub rows: Option<grundy::analysis::table::Span>,
    /// The columns: C..D (both ends included) or N (0..N); the b of G(a, b) (two-parameter games only)
    #[arg(long, value_name = "C..D", value_parser = span("--cols"))]
    pub cols: Option<grundy::analysis::table::Span>,
    /// One-parameter text layout: values per line (default 10; a period p shows as equal columns with --wrap p)
    #[arg(long, value_name = "K", conflicts_with_all = ["csv", "json"], value_parser = wrap)]
    pub wrap: Option<usize>,
    /// A game of three or more numbers: the slice shown, every number fixed but x (the rows) and y (the columns),
    /// e.g. 'x y 5' for G(x, y, 5)
    #[arg(long, value_name = "SPEC", allow_hyphen_values = true)]
    pub slice: Option<String>,
    /// Print CSV: n,value or a,b,value (x,y,value for a slice), one line per cell
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print one JSON object (the library's Table)
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// A game whose positions are named by one number (a heap game) or two (wythoff, cutting, ed, chomp, ...);
    /// it may be left out when one rules script is given
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    // Declared after the other options, so that `--rules` and `--moves` stay last in the help.
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `--wrap`: 1 or more values per line (more than 10000 is 10000).
fn wrap(t: &str) -> Result<usize, Bad> {
    match grundy::error::parse_u64(t, "--wrap")? {
        0 => Err(Bad::Usage("--wrap must be at least 1".into())),
        w => Ok(w.min(10_000) as usize),
    }
}

#[derive(ClapArgs, Debug)]
pub struct PatternArgs {
    /// One-parameter games: compute at most up to heap N
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = number("--to"))]
    pub to: Option<u64>,
    /// Two-parameter games: the rows A..B (both ends included) or N (0..N)
    #[arg(long, value_name = "A..B", value_parser = span("--rows"))]
    pub rows: Option<grundy::analysis::table::Span>,
    /// Two-parameter games: the columns C..D (both ends included) or N (0..N)
    #[arg(long, value_name = "C..D", value_parser = span("--cols"))]
    pub cols: Option<grundy::analysis::table::Span>,
    /// Print one JSON object (the library's Pattern)
    #[arg(long)]
    pub json: bool,
    /// Print a standalone function sg(n) computing the rule found, with a main that checks it: cpp, python or rust
    #[arg(long, value_name = "LANG", conflicts_with = "json", value_parser = EmitLang::parse)]
    pub emit: Option<EmitLang>,
    /// A game of two or more numbers along one line, every number fixed but x: 'x 5' reads G(x, 5) for x = 0..=N
    /// (--to N) as a sequence of one number
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["rows", "cols", "emit"], allow_hyphen_values = true)]
    pub line: Option<String>,
    /// A game of three or more numbers: the slice read, every number fixed but x (the rows a) and y (the columns
    /// b), e.g. 'x y 5' for G(x, y, 5)
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["to", "line"], allow_hyphen_values = true)]
    pub slice: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// A game whose positions are named by one number (a heap game) or two (wythoff, cutting, ed, chomp, ...);
    /// it may be left out when one rules script is given
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    // Declared after the other options, so that `--rules` and `--moves` stay last in the help.
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The language of `--emit` (`pattern`, `period`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmitLang {
    /// C++17 (g++ -O2 -std=c++17 -Wall)
    Cpp,
    /// Python 3
    Python,
    /// Rust (rustc -O)
    Rust,
}

impl EmitLang {
    /// The language `--emit` names (its value parser).
    pub fn parse(t: &str) -> Result<EmitLang, Bad> {
        use clap::ValueEnum;
        EmitLang::from_str(t, false).map_err(|_| {
            Bad::Usage(format!(
                "--emit: '{}' is not a language of --emit: cpp, python or rust",
                grundy::error::escape(t)
            ))
        })
    }

    /// The library's language.
    pub fn language(self) -> grundy::analysis::emit::Language {
        use grundy::analysis::emit::Language;
        match self {
            EmitLang::Cpp => Language::Cpp,
            EmitLang::Python => Language::Python,
            EmitLang::Rust => Language::Rust,
        }
    }
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PlotArgs {
    /// A heap game (a name, a code, subtraction:S, ...) or a game whose positions are pairs (wythoff, ...)
    /// It may be left out when one rules script is given.
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    /// A board position of cram or chomp to draw (cram 3x4, cram ..#./...., chomp 4 4 2 1), with its nim-value
    #[arg(value_name = "POSITION", num_args = 0..,
          conflicts_with_all = ["to", "rows", "cols", "rare", "misere"])]
    pub position: Vec<String>,
    /// The largest heap N of a heap game's scatter (heaps 0..=N)
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = number("--to"))]
    pub to: Option<u64>,
    /// The picture's file: FILE.png or FILE.svg (the extension chooses the format)
    #[arg(short = 'o', long = "out", value_name = "FILE", value_parser = path)]
    pub out: Option<std::path::PathBuf>,
    /// Colour the rare values of the sparse-space split apart from the common ones
    #[arg(long, conflicts_with = "misere")]
    pub rare: bool,
    /// Misère nim-values of a heap game instead of nim-values
    #[arg(long)]
    pub misere: bool,
    /// Rows of a table: first numbers A..B (both included; default 0..31)
    #[arg(long, value_name = "A..B", value_parser = plot_range("--rows"))]
    pub rows: Option<(u64, u64)>,
    /// Columns of a table: second numbers A..B (both included; default 0..31)
    #[arg(long, value_name = "A..B", value_parser = plot_range("--cols"))]
    pub cols: Option<(u64, u64)>,
    /// Width of the picture in pixels (default 1000; 480 for a board)
    #[arg(long, value_name = "PX", value_parser = at_most("--width", crate::cmd::plot::MAX_SIDE))]
    pub width: Option<u64>,
    /// Height of the picture in pixels (default 600 for a scatter, 800 for a table, 400 for a board)
    #[arg(long, value_name = "PX", value_parser = at_most("--height", crate::cmd::plot::MAX_SIDE))]
    pub height: Option<u64>,
    /// Most states the misère search may store (with --misere)
    #[arg(long, value_name = "N", requires = "misere",
          value_parser = at_most("--max-positions", crate::cmd::misere::MAX_POSITIONS))]
    pub max_positions: Option<u64>,
    /// Print what was drawn as one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `plot --rows`, `--cols`: `A..B` or `B` (from 0).
fn plot_range(
    what: &'static str,
) -> impl Fn(&str) -> Result<(u64, u64), Bad> + Clone + Send + Sync {
    move |t| Ok(crate::cmd::plot::range(t, what)?)
}

#[derive(ClapArgs, Debug)]
pub struct SweepArgs {
    /// The family: 0.ddd (each d a digit 0-7), x.dd (x is 0 or 4), octal:K, subtraction:SIZE,MAX
    #[arg(value_name = "FAMILY", value_parser = family,
          required_unless_present_any = ["codes", "retry_open"])]
    pub family: Option<grundy::analysis::survey::Family>,
    /// Run the codes listed in FILE ('-': standard input), one per line, '#' comments (with FAMILY: codes of it)
    #[arg(long, value_name = "FILE", value_parser = path, conflicts_with = "retry_open")]
    pub codes: Option<std::path::PathBuf>,
    /// Run again the open codes of the records in FILE (a --jsonl file), with this run's budgets
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub retry_open: Option<std::path::PathBuf>,
    /// Compute at most up to heap N for each code (default: as far as the certificate needs, within the budgets)
    #[arg(long, value_name = "N", value_parser = number("--to"))]
    pub to: Option<u64>,
    /// Time budget of each code (default 60; fractions allowed)
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub max_seconds: Option<f64>,
    /// Memory budget of each code, e.g. 512M (default 3G)
    #[arg(long, value_name = "SIZE", value_parser = max_memory)]
    pub max_memory: Option<u64>,
    /// Threads of each code's run (default 1)
    #[arg(long, value_name = "N", value_parser = threads)]
    pub threads: Option<usize>,
    /// Take the codes whose index i has i mod N = K-1 (1 <= K <= N); 'slurm': K and N of a Slurm array task
    #[arg(long, value_name = "K/N", value_parser = shard)]
    pub shard: Option<ShardArg>,
    /// Append the JSON lines to FILE, skipping the codes it already holds (resumable)
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub jsonl: Option<std::path::PathBuf>,
    /// Compare with the published periods in FILE (lines 'CODE PREPERIOD PERIOD')
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub published: Option<std::path::PathBuf>,
    /// Write the records (one per code) as CSV to FILE too, a header line first
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub csv: Option<std::path::PathBuf>,
}

/// `sweep FAMILY` (its value parser).
fn family(t: &str) -> Result<grundy::analysis::survey::Family, Bad> {
    Ok(t.parse()?)
}

/// `sweep --max-seconds`: a number of seconds (no 'none': each code has a budget).
fn seconds(t: &str) -> Result<f64, Bad> {
    Ok(grundy::solver::parse_seconds(t, "--max-seconds")?)
}

/// `sweep --shard`: a shard given, or one read from the environment of a Slurm job array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardArg {
    /// `K/N`.
    Given(grundy::analysis::survey::Shard),
    /// `slurm`: from `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT` when the command runs.
    Slurm,
}

/// `sweep --shard K/N` or `--shard slurm`.
fn shard(t: &str) -> Result<ShardArg, Bad> {
    if t == "slurm" {
        return Ok(ShardArg::Slurm);
    }
    t.parse()
        .map(ShardArg::Given)
        .map_err(|e: grundy::Error| Bad::Usage(e.message().to_string()))
}

#[derive(ClapArgs, Debug)]
pub struct SweepMergeArgs {
    /// The JSON-lines files of the shards
    #[arg(value_name = "FILE", required = true, num_args = 1.., value_parser = path)]
    pub files: Vec<std::path::PathBuf>,
    /// Compare with the published periods in FILE (lines 'CODE PREPERIOD PERIOD')
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub published: Option<std::path::PathBuf>,
    /// Write the records (one per code) as CSV to FILE too, a header line first
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub csv: Option<std::path::PathBuf>,
}

#[derive(ClapArgs, Debug)]
pub struct QuotientArgs {
    /// A heap game: a name, a take-and-break code, subtraction:S, allbut:S, bash:K, constrained:L,R
    /// It may be left out when one rules script is given.
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<String>,
    /// More games, each after '+': the quotient of sums mixing heaps of every game given, as 'grundy value' names a sum
    #[arg(value_name = "+ GAME", num_args = 0.., required = false)]
    pub more: Vec<String>,
    /// The largest heap the quotient covers (default: grown until certified for every heap; 40 when it cannot be)
    #[arg(long, value_name = "N", value_parser = at_most("--heaps", grundy::misere::quotient::MAX_HEAP))]
    pub heaps: Option<u64>,
    /// Stop when the quotient passes this many elements (default: as many as the memory limit allows; at most 400000)
    #[arg(long, value_name = "K", value_parser = max_order)]
    pub max_order: Option<usize>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `--max-order`: 2 to [`grundy::misere::quotient::MAX_CANDIDATE`] elements (no quotient is larger).
fn max_order(t: &str) -> Result<usize, Bad> {
    match grundy::error::parse_bounded(
        t,
        "--max-order",
        grundy::misere::quotient::MAX_CANDIDATE as u64,
    )? {
        0 | 1 => Err(Bad::Usage(
            "--max-order: every misère quotient of a game with a move has at least 2 elements; give 2 or more".into(),
        )),
        k => Ok(k as usize),
    }
}

#[derive(ClapArgs, Debug)]
pub struct GamesArgs {
    /// Print the catalog as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(ClapArgs, Debug)]
pub struct OjArgs {
    /// The problem ID (see --list)
    #[arg(
        value_name = "ID",
        required_unless_present_any = ["list", "game", "rules", "moves"],
        conflicts_with_all = ["list", "game", "rules", "moves"]
    )]
    pub id: Option<String>,
    /// Name every supported problem
    #[arg(long)]
    pub list: bool,
    /// With --list: the list as JSON
    #[arg(long, requires = "list")]
    pub json: bool,
    /// Any game instead of a problem ID (a catalog name, a code; left out with one rules script): stdin holds T,
    /// then T test cases, each a count K and K positions (a heap is one number, a pair game's position two)
    #[arg(long, value_name = "GAME", conflicts_with = "list")]
    pub game: Option<String>,
    /// With --game or a rules script: the words printed for a first-player win and for a second-player win
    #[arg(long, value_name = "FIRST,SECOND", default_value = "First,Second")]
    pub say: String,
    // Declared last, so that `--rules` and `--moves` stay last in the help.
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct NimberArgs {
    #[command(subcommand)]
    pub op: NimberOp,
}

/// A nimber operation.
#[derive(Subcommand, Debug)]
#[command(allow_negative_numbers = true)]
pub enum NimberOp {
    /// The nim-product A ⊗ B
    Mul {
        #[arg(value_name = "A", value_parser = number("nimber: A"))]
        a: u64,
        #[arg(value_name = "B", value_parser = number("nimber: B"))]
        b: u64,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
    /// The nim-inverse of A (A ≠ 0)
    Inv {
        #[arg(value_name = "A", value_parser = number("nimber: A"))]
        a: u64,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
    /// A nim-multiplied by itself K times
    Pow {
        #[arg(value_name = "A", value_parser = number("nimber: A"))]
        a: u64,
        #[arg(value_name = "K", value_parser = number("nimber: K"))]
        k: u64,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
}

#[derive(ClapArgs, Debug)]
pub struct HelpArgs {
    /// The command to explain
    #[arg(value_name = "COMMAND")]
    pub topic: Option<String>,
}

#[derive(ClapArgs, Debug)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, elvish or powershell
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(ClapArgs, Debug)]
pub struct FrontierArgs {
    /// The game: cram (the one game whose searches are split)
    #[arg(value_name = "GAME")]
    pub game: String,
    /// The root: a board (RxC, rows like ..#/..., or a file) or a sum of boards
    #[arg(value_name = "POSITION", required = true, num_args = 1..)]
    pub position: Vec<String>,
    /// Levels expanded above the frontier (0 to 3; default 2)
    #[arg(long, value_name = "D", value_parser = at_most("--depth", grundy::analysis::split::MAX_DEPTH as u64))]
    pub depth: Option<u64>,
    /// Write the frontier to FILE (default: standard output)
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub out: Option<std::path::PathBuf>,
    /// Print one JSON object (the components and the header's fields) instead of the file's text
    #[arg(long)]
    pub json: bool,
}

#[derive(ClapArgs, Debug)]
pub struct ShardRunArgs {
    /// The frontier file (written by 'grundy frontier')
    #[arg(value_name = "FRONTIER", value_parser = path)]
    pub frontier: std::path::PathBuf,
    /// Value the components whose index i has i mod N = K-1 (default 1/1); 'slurm': K and N of a Slurm array task
    #[arg(long, value_name = "K/N", value_parser = shard)]
    pub shard: Option<ShardArg>,
    /// The shard's table file: read back first when it exists (a resumed run), saved periodically and at the end
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub save_table: std::path::PathBuf,
    /// Seconds between saves of the table (default 300; fractions allowed)
    #[arg(long, value_name = "S", value_parser = save_every)]
    pub save_every: Option<f64>,
    /// Threads of the Cram engine (default 1)
    #[arg(long, value_name = "N", value_parser = threads)]
    pub threads: Option<usize>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `shard --save-every`: a number of seconds.
fn save_every(t: &str) -> Result<f64, Bad> {
    Ok(grundy::solver::parse_seconds(t, "--save-every")?)
}

#[derive(ClapArgs, Debug)]
pub struct MergeArgs {
    /// The frontier file the shards valued
    #[arg(value_name = "FRONTIER", value_parser = path)]
    pub frontier: std::path::PathBuf,
    /// The shards' table files
    #[arg(value_name = "TABLE", required = true, num_args = 1.., value_parser = path)]
    pub tables: Vec<std::path::PathBuf>,
    /// Write the merged table (the union and the top levels' values) to FILE
    #[arg(long, value_name = "FILE", value_parser = path)]
    pub save_table: Option<std::path::PathBuf>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
}
