//! The command line, declared once with clap: every subcommand, its arguments, which flags belong to it and which
//! exclude each other. Help, the man page, shell completions and the flag-combination test all read these
//! declarations.
//!
//! Arguments are read as OS strings and turned into text here, by [`text`] alone, so a byte sequence that is not
//! UTF-8 is a one-line error, never a panic. Each subcommand's arguments as clap gives them (`ValueArgs`, ...)
//! become the same fields as text by their `checked` method (`ValueCmd`, ...), which the subcommand module reads;
//! the limits (`--max-seconds`, `--max-memory`) are read by `main` before the command runs ([`LimitArgs`]).

use crate::output::{CliError, CliResult};
use clap::{Args as ClapArgs, CommandFactory, Parser, Subcommand};
use std::ffi::{OsStr, OsString};

/// `grundy`: solve impartial combinatorial games exactly.
#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Solve impartial combinatorial games exactly: nim-values, outcomes, every winning move",
    disable_help_subcommand = true,
    arg_required_else_help = false
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Outcome, nim-value and every winning move of a position or a sum of positions of different games
    Value(ValueArgs),
    /// Nim-values (or misère values, or genera) of heaps 0..=N of a heap game
    Seq(SeqArgs),
    /// Preperiod, period and saltus of a heap game's nim-values, certified where a theorem allows
    Period(PeriodArgs),
    /// The misère quotient of a heap game for heaps up to N: order, presentation, P-portion, heap -> element
    Quotient(QuotientArgs),
    /// The named games: names, codes, a line on each
    Games(GamesArgs),
    /// The periods of every code of a family (0.ddd, x.dd, subtraction:SIZE,MAX), one JSON line per code
    Sweep(SweepArgs),
    /// Join the files of a sharded sweep, check that no code is missing or repeated, print the table
    SweepMerge(SweepMergeArgs),
    /// Answer a judge problem: read its input on stdin, print exactly the judge's output
    Oj(OjArgs),
    /// Arithmetic in the field of nimbers below 2^64
    Nimber(NimberArgs),
    /// Play a sum of games in the terminal against a perfect opponent that explains its moves
    Play(PlayArgs),
    /// Nim-values of a one- or two-parameter game over a range, P-positions marked (text, CSV or JSON)
    Table(TableArgs),
    /// The rule read off a game's table: periods, P-position classes, keys, Beatty pairs; certified or observed
    Pattern(PatternArgs),
    /// Draw nim-values as a picture (PNG or SVG): a scatter of a heap game's sequence, a heatmap of a table
    Plot(PlotArgs),
    /// What each command does, with examples (grundy help COMMAND)
    Help(HelpArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions(CompletionsArgs),
    /// Print the man page (roff) of grundy
    Man,
}

/// Limits shared by the commands that search or compute sequences.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct LimitArgs {
    /// End with an error after S seconds of the whole command (fractions allowed: 0.5; 'none' for no limit).
    /// value, seq, table, pattern and plot end at 60 s unless told; play bounds each judgement at 10 s
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<OsString>,
    /// Most memory the command may hold, e.g. 512M, 8G (default 3G, or 3/4 of `ulimit -v` when lower)
    #[arg(long, value_name = "SIZE")]
    pub max_memory: Option<OsString>,
}

/// Games stated as rules scripts (docs/rules.md), shared by the commands that take a GAME: each script's game is
/// then a GAME like any in the catalog, found by its name.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct RulesArgs {
    /// A rules script (Rhai) stating a game's moves, e.g. fn moves(n) { [n-1, n-3, n-4] }; its game is named by
    /// const NAME = "..." or the file's name (repeatable)
    #[arg(long, value_name = "FILE")]
    pub rules: Vec<OsString>,
    /// A game's moves inline, e.g. 'n => [n-1, n-3, n-4]' (moves to negative numbers are dropped); the game is
    /// named 'script'
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    pub moves: Option<OsString>,
    /// A value for a rules script's top-level constant, replacing it or supplying it: k=3, s=[1,3,4]
    /// (repeatable; every top-level const is visible inside the script's functions)
    #[arg(long, value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub param: Vec<OsString>,
}

/// [`RulesArgs`] as text.
#[derive(Debug, Clone, Default)]
pub struct RulesCmd {
    pub rules: Vec<String>,
    pub moves: Option<String>,
    pub params: Vec<String>,
}

impl RulesCmd {
    /// The flags that load these scripts again, each with a leading space (for a command line to resume with).
    pub fn as_flags(&self) -> String {
        let mut s = String::new();
        for r in &self.rules {
            s += &format!(" --rules {r}");
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

impl RulesArgs {
    pub fn checked(&self) -> CliResult<RulesCmd> {
        Ok(RulesCmd {
            rules: self
                .rules
                .iter()
                .map(|r| text(r, "--rules"))
                .collect::<CliResult<_>>()?,
            moves: opt_text(self.moves.as_deref(), "--moves")?,
            params: self
                .param
                .iter()
                .map(|p| text(p, "--param"))
                .collect::<CliResult<_>>()?,
        })
    }
}

/// The rule of play of a sum, shared by `value` and `play`: normal play unless one of these is given.
#[derive(ClapArgs, Debug, Clone, Copy, Default)]
pub struct PlayRuleArgs {
    /// Misère play: whoever makes the last move loses
    #[arg(long, conflicts_with = "loopy")]
    pub misere: bool,
    /// Loopy play: positions may repeat, outcomes P, N or D (draw)
    #[arg(long)]
    pub loopy: bool,
}

/// The game of `table` and `pattern` (one or two numbers name its positions), and the rules scripts that may state
/// it. Declared after the commands' other options, so that `--rules` and `--moves` stay last in their help.
#[derive(ClapArgs, Debug)]
pub struct TableGameArgs {
    /// A game whose positions are named by one number (a heap game) or two (wythoff, cutting, ed, chomp, ...);
    /// it may be left out when one rules script is given
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<OsString>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

impl TableGameArgs {
    /// The game (`None` when left out) and the rules scripts, as text: the game first.
    pub fn checked(&self) -> CliResult<(Option<String>, RulesCmd)> {
        Ok((
            opt_text(self.game.as_deref(), POSITIONAL)?,
            self.rules.checked()?,
        ))
    }
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct ValueArgs {
    /// GAME POSITION... [+ GAME POSITION...]...: a game and its position; '+' starts a part of another game
    #[arg(value_name = "GAME POSITION", num_args = 0.., required = false)]
    pub words: Vec<OsString>,
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
    #[command(flatten)]
    pub rule: PlayRuleArgs,
    /// Largest heap of a loopy code (moves to larger heaps are not allowed; default 1000)
    #[arg(long, value_name = "B", requires = "loopy")]
    pub max_heap: Option<OsString>,
    /// Most states the misère or loopy search may store
    #[arg(long, value_name = "N")]
    pub max_positions: Option<OsString>,
    /// Cram, Chomp, Node Kayles or Arc Kayles: read a table saved by --save-table before searching (its values are reused, not recomputed)
    #[arg(long, value_name = "FILE")]
    pub load_table: Option<OsString>,
    /// Cram, Chomp, Node Kayles or Arc Kayles: write every value the search stored to FILE (even when a limit stops it), so later runs answer or resume from it
    #[arg(long, value_name = "FILE")]
    pub save_table: Option<OsString>,
    /// Cram, Node Kayles, Arc Kayles: threads of the search, sharing one table (1 or more; default 1; Cram on two cores: about 1.5-1.8x the speed of one on boards of 30 cells or more, less on smaller ones, none under 1 ms), e.g. --threads 2
    #[arg(long, value_name = "N", conflicts_with_all = ["misere", "loopy"])]
    pub threads: Option<OsString>,
    /// Read more positions from FILE ('-': standard input), whitespace-separated, after the words given: the
    /// positions of the last GAME (a judge's 10^6 heaps), or whole parts with '+' and their GAMEs
    #[arg(long, value_name = "FILE")]
    pub positions: Option<OsString>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SeqArgs {
    /// A heap game: a name, a take-and-break code, subtraction:S, allbut:S, bash:K, constrained:L,R (may be left
    /// out when one rules script is given)
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<OsString>,
    /// The largest heap N
    #[arg(long, value_name = "N")]
    pub to: OsString,
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
    #[arg(long, value_name = "N")]
    pub max_positions: Option<OsString>,
    /// plain, fast or auto (default): the normal-play engine
    #[arg(long, value_name = "E", conflicts_with_all = ["misere", "genus"])]
    pub engine: Option<OsString>,
    /// Threads of the fast engine (1 or more; default all cores)
    #[arg(long, value_name = "N", conflicts_with_all = ["misere", "genus"])]
    pub threads: Option<OsString>,
    /// Also print statistics of the rare/common split
    #[arg(long, conflicts_with_all = ["misere", "genus"])]
    pub stats: bool,
    /// Write the values to FILE instead of printing them
    #[arg(long, value_name = "FILE")]
    pub out: Option<OsString>,
    /// Continue the run saved in FILE by --out
    #[arg(long, value_name = "FILE", conflicts_with_all = ["misere", "genus"])]
    pub resume: Option<OsString>,
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
    pub game: Option<OsString>,
    /// Compute at most up to heap N
    #[arg(long, value_name = "N")]
    pub to: Option<OsString>,
    /// plain, fast or auto (default)
    #[arg(long, value_name = "E")]
    pub engine: Option<OsString>,
    /// Threads of the fast engine (1 or more; default all cores)
    #[arg(long, value_name = "N")]
    pub threads: Option<OsString>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Save the values computed to FILE (the format of 'seq --out'), appending after each step
    #[arg(long, value_name = "FILE")]
    pub out: Option<OsString>,
    /// Continue from the values saved in FILE (by 'period --out' or 'seq --out')
    #[arg(long, value_name = "FILE")]
    pub resume: Option<OsString>,
    /// Print a standalone function sg(n) computing the period found, with a main that checks it: cpp, python or
    /// rust
    #[arg(long, value_name = "LANG", conflicts_with = "json")]
    pub emit: Option<OsString>,
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
    pub words: Vec<OsString>,
    #[command(flatten)]
    pub rule: PlayRuleArgs,
    /// Who moves first: me (default) or engine
    #[arg(long, value_name = "WHO")]
    pub first: Option<OsString>,
    /// Most states the misère or loopy analysis of one position may store
    #[arg(long, value_name = "N")]
    pub max_positions: Option<OsString>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
pub struct TableArgs {
    /// The rows: A..B (both ends included) or N (0..N); the heaps n of a one-parameter game, the a of G(a, b)
    #[arg(long, value_name = "A..B")]
    pub rows: Option<OsString>,
    /// The columns: C..D (both ends included) or N (0..N); the b of G(a, b) (two-parameter games only)
    #[arg(long, value_name = "C..D")]
    pub cols: Option<OsString>,
    /// One-parameter text layout: values per line (default 10; a period p shows as equal columns with --wrap p)
    #[arg(long, value_name = "K", conflicts_with_all = ["csv", "json"])]
    pub wrap: Option<OsString>,
    /// Print CSV: n,value or a,b,value, one line per cell
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print one JSON object (the library's Table)
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub game: TableGameArgs,
}

#[derive(ClapArgs, Debug)]
pub struct PatternArgs {
    /// One-parameter games: compute at most up to heap N
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"])]
    pub to: Option<OsString>,
    /// Two-parameter games: the rows A..B (both ends included) or N (0..N)
    #[arg(long, value_name = "A..B")]
    pub rows: Option<OsString>,
    /// Two-parameter games: the columns C..D (both ends included) or N (0..N)
    #[arg(long, value_name = "C..D")]
    pub cols: Option<OsString>,
    /// Print one JSON object (the library's Pattern)
    #[arg(long)]
    pub json: bool,
    /// Print a standalone function sg(n) computing the rule found, with a main that checks it: cpp, python or rust
    #[arg(long, value_name = "LANG", conflicts_with = "json")]
    pub emit: Option<OsString>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub game: TableGameArgs,
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
    /// The language `--emit` names, read as text first (a value that is not UTF-8 is refused as every option's is).
    pub fn read(v: Option<&OsStr>) -> CliResult<Option<EmitLang>> {
        use clap::ValueEnum;
        let Some(v) = v else { return Ok(None) };
        let t = text(v, "--emit")?;
        EmitLang::from_str(&t, false).map(Some).map_err(|_| {
            CliError::usage(format!(
                "--emit: '{}' is not a language of --emit: cpp, python or rust",
                grundy::error::escape(&t)
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
    pub game: Option<OsString>,
    /// The largest heap N of a heap game's scatter (heaps 0..=N)
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"])]
    pub to: Option<OsString>,
    /// The picture's file: FILE.png or FILE.svg (the extension chooses the format)
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<OsString>,
    /// Colour the rare values of the sparse-space split apart from the common ones
    #[arg(long, conflicts_with = "misere")]
    pub rare: bool,
    /// Misère nim-values of a heap game instead of nim-values
    #[arg(long)]
    pub misere: bool,
    /// Rows of a table: first numbers A..B (both included; default 0..31)
    #[arg(long, value_name = "A..B")]
    pub rows: Option<OsString>,
    /// Columns of a table: second numbers A..B (both included; default 0..31)
    #[arg(long, value_name = "A..B")]
    pub cols: Option<OsString>,
    /// Width of the picture in pixels (default 1000)
    #[arg(long, value_name = "PX")]
    pub width: Option<OsString>,
    /// Height of the picture in pixels (default 600 for a scatter, 800 for a table)
    #[arg(long, value_name = "PX")]
    pub height: Option<OsString>,
    /// Most states the misère search may store (with --misere)
    #[arg(long, value_name = "N", requires = "misere")]
    pub max_positions: Option<OsString>,
    /// Print what was drawn as one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(ClapArgs, Debug)]
pub struct SweepArgs {
    /// The family: 0.ddd (each d a digit 0-7), x.dd (x is 0 or 4), octal:K, subtraction:SIZE,MAX
    #[arg(value_name = "FAMILY")]
    pub family: OsString,
    /// Compute at most up to heap N for each code (default: as far as the certificate needs, within the budgets)
    #[arg(long, value_name = "N")]
    pub to: Option<OsString>,
    /// Time budget of each code (default 60; fractions allowed)
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<OsString>,
    /// Memory budget of each code, e.g. 512M (default 3G)
    #[arg(long, value_name = "SIZE")]
    pub max_memory: Option<OsString>,
    /// Threads of each code's run (default 1)
    #[arg(long, value_name = "N")]
    pub threads: Option<OsString>,
    /// Take the codes whose index i has i mod N = K-1 (1 <= K <= N)
    #[arg(long, value_name = "K/N")]
    pub shard: Option<OsString>,
    /// Append the JSON lines to FILE, skipping the codes it already holds (resumable)
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<OsString>,
    /// Compare with the published periods in FILE (lines 'CODE PREPERIOD PERIOD')
    #[arg(long, value_name = "FILE")]
    pub published: Option<OsString>,
}

#[derive(ClapArgs, Debug)]
pub struct SweepMergeArgs {
    /// The JSON-lines files of the shards
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    pub files: Vec<OsString>,
    /// Compare with the published periods in FILE (lines 'CODE PREPERIOD PERIOD')
    #[arg(long, value_name = "FILE")]
    pub published: Option<OsString>,
}

#[derive(ClapArgs, Debug)]
pub struct QuotientArgs {
    /// A heap game: a name, a take-and-break code, subtraction:S, allbut:S, bash:K, constrained:L,R
    /// It may be left out when one rules script is given.
    #[arg(value_name = "GAME", required_unless_present_any = ["rules", "moves"])]
    pub game: Option<OsString>,
    /// The largest heap the quotient covers (default: grown until certified for every heap; 40 when it cannot be)
    #[arg(long, value_name = "N")]
    pub heaps: Option<OsString>,
    /// Stop with "order at least K" when the quotient passes this many elements (default 2048, at most 4096)
    #[arg(long, value_name = "K")]
    pub max_order: Option<OsString>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
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
        required_unless_present = "list",
        conflicts_with = "list"
    )]
    pub id: Option<OsString>,
    /// Name every supported problem
    #[arg(long)]
    pub list: bool,
    /// With --list: the list as JSON
    #[arg(long, requires = "list")]
    pub json: bool,
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
        #[arg(value_name = "A")]
        a: OsString,
        #[arg(value_name = "B")]
        b: OsString,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
    /// The nim-inverse of A (A ≠ 0)
    Inv {
        #[arg(value_name = "A")]
        a: OsString,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
    /// A nim-multiplied by itself K times
    Pow {
        #[arg(value_name = "A")]
        a: OsString,
        #[arg(value_name = "K")]
        k: OsString,
        /// Print {"op", "args", "result"} as JSON
        #[arg(long)]
        json: bool,
    },
}

#[derive(ClapArgs, Debug)]
pub struct HelpArgs {
    /// The command to explain
    #[arg(value_name = "COMMAND")]
    pub topic: Option<OsString>,
}

#[derive(ClapArgs, Debug)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, elvish or powershell
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// The whole command definition, with the long help texts of each subcommand and the catalog in the top-level
/// help.
pub fn command() -> clap::Command {
    use crate::cmd;
    // The long help texts are wrapped by hand at 116 columns: printed as written (no re-wrapping).
    let mut c = Cli::command()
        .term_width(0)
        .after_long_help(top_help())
        .after_help("'grundy --help' explains games, codes and exit statuses; 'grundy help COMMAND' each command.");
    for (name, text) in [
        ("value", cmd::value::HELP),
        ("seq", cmd::seq::HELP),
        ("period", cmd::period::HELP),
        ("quotient", cmd::quotient::HELP),
        ("games", cmd::games::HELP),
        ("sweep", cmd::sweep::HELP),
        ("sweep-merge", cmd::sweep::MERGE_HELP),
        ("oj", cmd::oj::HELP),
        ("nimber", cmd::nimber::HELP),
        ("play", cmd::play::HELP),
        ("table", cmd::table::HELP),
        ("pattern", cmd::pattern::HELP),
        ("plot", cmd::plot::HELP),
    ] {
        let body = strip_usage(text);
        c = c.mut_subcommand(name, |s| s.after_long_help(body));
    }
    c
}

/// A help text without its title line and its USAGE block (clap prints the usage from the declarations).
fn strip_usage(text: &str) -> String {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    // The title line ("grundy value — ...") and the blank line after it.
    lines.next();
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    let mut skipping = false;
    for l in lines {
        if l == "USAGE" {
            skipping = true;
            continue;
        }
        if skipping {
            if l.trim().is_empty() {
                skipping = false;
            }
            continue;
        }
        out.push(l);
    }
    out.join("\n").trim_end().to_string()
}

/// The top-level long help: the overview, the games of the catalog, codes, and exit statuses.
fn top_help() -> String {
    // The overview keeps its tour of the commands (with examples), under a heading of its own.
    let mut s = crate::cmd::HELP
        .split_once('\n')
        .map_or("", |(_, rest)| rest)
        .trim_start()
        .replacen("USAGE\n", "A SHORT TOUR\n", 1);
    s.push_str("\n\nTHE CATALOG ('grundy games' for the codes)\n");
    let names: Vec<String> = grundy::games::Registry::builtin()
        .entries()
        .iter()
        .map(|e| e.display_name())
        .collect();
    let mut line = String::from(" ");
    for n in names {
        if line.len() + n.len() + 1 > 110 {
            s.push_str(&line);
            s.push('\n');
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(&n);
    }
    s.push_str(&line);
    s
}

/// What parsing the command line gave: a subcommand to run, or text to print (help, version) and exit 0.
pub enum Parsed {
    Run(Box<Cli>),
    Print(String),
}

/// Parses the arguments (without the program name) by the declarations.
pub fn parse(argv: Vec<OsString>) -> CliResult<Parsed> {
    // clap would show a command word that is not UTF-8 with replacement characters: name its bytes instead.
    if let Some(first) = argv.first() {
        text(first, "the command")?;
    }
    let mut full = vec![OsString::from("grundy")];
    full.extend(argv);
    // The common case first: a subcommand that parses, read by a command that declares that subcommand alone.
    // Anything else (help, a bad argument, no subcommand) is parsed again by the whole command, whose errors and
    // help are the ones shown.
    if let Some(one) = full
        .get(1)
        .and_then(|w| w.to_str())
        .and_then(one_subcommand)
    {
        if let Ok(m) = one.try_get_matches_from(&full) {
            use clap::FromArgMatches;
            if let Ok(cli) = Cli::from_arg_matches(&m) {
                return Ok(Parsed::Run(Box::new(cli)));
            }
        }
    }
    match command().try_get_matches_from(full) {
        Ok(m) => {
            use clap::FromArgMatches;
            let cli = Cli::from_arg_matches(&m).map_err(clap_error)?;
            Ok(Parsed::Run(Box::new(cli)))
        }
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                Ok(Parsed::Print(e.render().to_string()))
            }
            _ => Err(clap_error(e)),
        },
    }
}

/// The command `grundy` declaring only the subcommand `name` (with the same arguments as in [`command`]), or `None`
/// when `name` is not a subcommand's. Building it costs a small part of building the whole command, which declares
/// every subcommand's arguments and help (about 0.3 ms on the project machine, for every run).
fn one_subcommand(name: &str) -> Option<clap::Command> {
    use clap::Command as C;
    let sub = match name {
        "value" => ValueArgs::augment_args(C::new("value")),
        "seq" => SeqArgs::augment_args(C::new("seq")),
        "period" => PeriodArgs::augment_args(C::new("period")),
        "quotient" => QuotientArgs::augment_args(C::new("quotient")),
        "games" => GamesArgs::augment_args(C::new("games")),
        "sweep" => SweepArgs::augment_args(C::new("sweep")),
        "sweep-merge" => SweepMergeArgs::augment_args(C::new("sweep-merge")),
        "oj" => OjArgs::augment_args(C::new("oj")),
        "nimber" => NimberArgs::augment_args(C::new("nimber")),
        "play" => PlayArgs::augment_args(C::new("play")),
        "table" => TableArgs::augment_args(C::new("table")),
        "pattern" => PatternArgs::augment_args(C::new("pattern")),
        "plot" => PlotArgs::augment_args(C::new("plot")),
        _ => return None,
    };
    Some(C::new("grundy").term_width(0).subcommand(sub))
}

/// A clap error as one line: its first sentence, with clap's tip (a similar argument, a missing value) kept, and
/// where to read more.
fn clap_error(e: clap::Error) -> CliError {
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut first = lines
        .next()
        .unwrap_or("bad arguments")
        .trim_start_matches("error: ")
        .to_string();
    let rest: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:")).collect();
    if first.ends_with(':') {
        // "the following required arguments were not provided:" and the arguments on the lines after it.
        let named: Vec<&str> = rest
            .iter()
            .copied()
            .filter(|l| !l.starts_with("tip:"))
            .collect();
        first = format!("{} {}", first, named.join(", "));
    }
    let tips: Vec<&str> = rest
        .iter()
        .filter(|l| l.starts_with("tip:"))
        .map(|l| l.trim_start_matches("tip:").trim())
        .filter(|t| !t.starts_with("to pass "))
        .collect();
    let mut msg = first;
    if !tips.is_empty() {
        msg.push_str(&format!(" ({})", tips.join("; ")));
    }
    CliError::Usage(grundy::error::escape(&msg))
}

/// Turns an OS string into text, or an error that shows the bytes that are not UTF-8.
fn text(os: &OsStr, what: &str) -> CliResult<String> {
    match os.to_str() {
        Some(s) => Ok(s.to_string()),
        None => {
            let bytes = os.as_encoded_bytes();
            let shown: String = bytes
                .utf8_chunks()
                .flat_map(|c| {
                    let mut s = grundy::error::escape(c.valid());
                    for b in c.invalid() {
                        s.push_str(&format!("\\x{b:02x}"));
                    }
                    [s]
                })
                .collect();
            Err(CliError::Lib(grundy::Error::input(format!(
                "{what}: '{shown}' is not valid UTF-8 text"
            ))))
        }
    }
}

/// An option's value as text (`what` names it in the error), or `None` when it was not given.
fn opt_text(os: Option<&OsStr>, what: &str) -> CliResult<Option<String>> {
    os.map(|o| text(o, what)).transpose()
}

/// What a positional argument is called when it is not UTF-8.
const POSITIONAL: &str = "an argument";

// The subcommands' arguments as text. Each `checked` converts the fields in the order they are declared (so with
// two arguments that are not UTF-8 the first declared is named), and leaves out the limits: `main` has read and
// applied them before ([`LimitArgs::max_memory_text`], [`LimitArgs::max_seconds_text`]).

/// `grundy value`: [`ValueArgs`] as text.
#[derive(Debug, Clone)]
pub struct ValueCmd {
    pub words: Vec<String>,
    pub json: bool,
    pub all_moves: bool,
    pub no_moves: bool,
    pub misere: bool,
    pub loopy: bool,
    pub max_heap: Option<String>,
    pub max_positions: Option<String>,
    pub rules: RulesCmd,
    pub load_table: Option<String>,
    pub save_table: Option<String>,
    pub threads: Option<String>,
    pub positions: Option<String>,
}

impl ValueArgs {
    pub fn checked(self) -> CliResult<ValueCmd> {
        Ok(ValueCmd {
            words: self
                .words
                .iter()
                .map(|w| text(w, POSITIONAL))
                .collect::<CliResult<_>>()?,
            json: self.json,
            all_moves: self.all_moves,
            no_moves: self.no_moves,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            max_heap: opt_text(self.max_heap.as_deref(), "--max-heap")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            rules: self.rules.checked()?,
            load_table: opt_text(self.load_table.as_deref(), "--load-table")?,
            save_table: opt_text(self.save_table.as_deref(), "--save-table")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            positions: opt_text(self.positions.as_deref(), "--positions")?,
        })
    }
}

/// `grundy seq`: [`SeqArgs`] as text.
#[derive(Debug)]
pub struct SeqCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    pub to: String,
    pub json: bool,
    pub misere: bool,
    pub genus: bool,
    pub max_positions: Option<String>,
    pub engine: Option<String>,
    pub threads: Option<String>,
    pub stats: bool,
    pub out: Option<String>,
    pub resume: Option<String>,
    pub rules: RulesCmd,
}

impl SeqArgs {
    pub fn checked(self) -> CliResult<SeqCmd> {
        Ok(SeqCmd {
            game: opt_text(self.game.as_deref(), POSITIONAL)?,
            to: text(&self.to, "--to")?,
            json: self.json,
            misere: self.misere,
            genus: self.genus,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            engine: opt_text(self.engine.as_deref(), "--engine")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            stats: self.stats,
            out: opt_text(self.out.as_deref(), "--out")?,
            resume: opt_text(self.resume.as_deref(), "--resume")?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy play`: [`PlayArgs`] as text.
#[derive(Debug)]
pub struct PlayCmd {
    pub words: Vec<String>,
    pub misere: bool,
    pub loopy: bool,
    pub first: Option<String>,
    pub max_positions: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
}

impl PlayArgs {
    pub fn checked(self) -> CliResult<PlayCmd> {
        Ok(PlayCmd {
            words: self
                .words
                .iter()
                .map(|w| text(w, POSITIONAL))
                .collect::<CliResult<_>>()?,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            first: opt_text(self.first.as_deref(), "--first")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy period`: [`PeriodArgs`] as text.
#[derive(Debug)]
pub struct PeriodCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    pub to: Option<String>,
    pub engine: Option<String>,
    pub threads: Option<String>,
    pub json: bool,
    pub rules: RulesCmd,
    pub out: Option<String>,
    pub resume: Option<String>,
    pub emit: Option<EmitLang>,
}

impl PeriodArgs {
    pub fn checked(self) -> CliResult<PeriodCmd> {
        Ok(PeriodCmd {
            game: opt_text(self.game.as_deref(), POSITIONAL)?,
            to: opt_text(self.to.as_deref(), "--to")?,
            engine: opt_text(self.engine.as_deref(), "--engine")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            json: self.json,
            out: opt_text(self.out.as_deref(), "--out")?,
            resume: opt_text(self.resume.as_deref(), "--resume")?,
            emit: EmitLang::read(self.emit.as_deref())?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy table`: [`TableArgs`] as text.
#[derive(Debug)]
pub struct TableCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub wrap: Option<String>,
    pub csv: bool,
    pub json: bool,
}

impl TableArgs {
    pub fn checked(self) -> CliResult<TableCmd> {
        let (game, rules) = self.game.checked()?;
        Ok(TableCmd {
            game,
            rules,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            wrap: opt_text(self.wrap.as_deref(), "--wrap")?,
            csv: self.csv,
            json: self.json,
        })
    }
}

/// `grundy pattern`: [`PatternArgs`] as text.
#[derive(Debug)]
pub struct PatternCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<String>,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub json: bool,
    pub emit: Option<EmitLang>,
}

impl PatternArgs {
    pub fn checked(self) -> CliResult<PatternCmd> {
        let (game, rules) = self.game.checked()?;
        Ok(PatternCmd {
            game,
            rules,
            to: opt_text(self.to.as_deref(), "--to")?,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            json: self.json,
            emit: EmitLang::read(self.emit.as_deref())?,
        })
    }
}

/// `grundy plot`: [`PlotArgs`] as text.
#[derive(Debug)]
pub struct PlotCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<String>,
    pub out: Option<String>,
    pub rare: bool,
    pub misere: bool,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub width: Option<String>,
    pub height: Option<String>,
    pub max_positions: Option<String>,
    pub json: bool,
}

impl PlotArgs {
    pub fn checked(self) -> CliResult<PlotCmd> {
        Ok(PlotCmd {
            game: self
                .game
                .as_deref()
                .map(|g| text(g, POSITIONAL))
                .transpose()?,
            rules: self.rules.checked()?,
            to: opt_text(self.to.as_deref(), "--to")?,
            out: opt_text(self.out.as_deref(), "--out")?,
            rare: self.rare,
            misere: self.misere,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            width: opt_text(self.width.as_deref(), "--width")?,
            height: opt_text(self.height.as_deref(), "--height")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            json: self.json,
        })
    }
}

/// `grundy sweep`: [`SweepArgs`] as text.
#[derive(Debug)]
pub struct SweepCmd {
    pub family: String,
    pub to: Option<String>,
    pub max_seconds: Option<String>,
    pub max_memory: Option<String>,
    pub threads: Option<String>,
    pub shard: Option<String>,
    pub jsonl: Option<String>,
    pub published: Option<String>,
}

impl SweepArgs {
    pub fn checked(self) -> CliResult<SweepCmd> {
        Ok(SweepCmd {
            family: text(&self.family, POSITIONAL)?,
            to: opt_text(self.to.as_deref(), "--to")?,
            max_seconds: opt_text(self.max_seconds.as_deref(), "--max-seconds")?,
            max_memory: opt_text(self.max_memory.as_deref(), "--max-memory")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            shard: opt_text(self.shard.as_deref(), "--shard")?,
            jsonl: opt_text(self.jsonl.as_deref(), "--jsonl")?,
            published: opt_text(self.published.as_deref(), "--published")?,
        })
    }
}

/// `grundy sweep-merge`: [`SweepMergeArgs`] as text.
#[derive(Debug)]
pub struct SweepMergeCmd {
    pub files: Vec<String>,
    pub published: Option<String>,
}

impl SweepMergeArgs {
    pub fn checked(self) -> CliResult<SweepMergeCmd> {
        Ok(SweepMergeCmd {
            files: self
                .files
                .iter()
                .map(|f| text(f, POSITIONAL))
                .collect::<CliResult<_>>()?,
            published: opt_text(self.published.as_deref(), "--published")?,
        })
    }
}

/// `grundy quotient`: [`QuotientArgs`] as text.
#[derive(Debug)]
pub struct QuotientCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub heaps: Option<String>,
    pub max_order: Option<String>,
    pub json: bool,
}

impl QuotientArgs {
    pub fn checked(self) -> CliResult<QuotientCmd> {
        Ok(QuotientCmd {
            game: self
                .game
                .as_deref()
                .map(|g| text(g, POSITIONAL))
                .transpose()?,
            rules: self.rules.checked()?,
            heaps: opt_text(self.heaps.as_deref(), "--heaps")?,
            max_order: opt_text(self.max_order.as_deref(), "--max-order")?,
            json: self.json,
        })
    }
}

/// `grundy oj`: [`OjArgs`] as text.
#[derive(Debug)]
pub struct OjCmd {
    pub id: Option<String>,
    pub list: bool,
    pub json: bool,
}

impl OjArgs {
    pub fn checked(self) -> CliResult<OjCmd> {
        Ok(OjCmd {
            id: opt_text(self.id.as_deref(), POSITIONAL)?,
            list: self.list,
            json: self.json,
        })
    }
}

/// `grundy nimber`: [`NimberArgs`] as text, the operation and its numbers.
#[derive(Debug)]
pub struct NimberCmd {
    pub op: NimberOpText,
    pub json: bool,
}

/// A nimber operation with its numbers as text.
#[derive(Debug)]
pub enum NimberOpText {
    Mul { a: String, b: String },
    Inv { a: String },
    Pow { a: String, k: String },
}

impl NimberArgs {
    pub fn checked(self) -> CliResult<NimberCmd> {
        let (op, json) = match self.op {
            NimberOp::Mul { a, b, json } => (
                NimberOpText::Mul {
                    a: text(&a, POSITIONAL)?,
                    b: text(&b, POSITIONAL)?,
                },
                json,
            ),
            NimberOp::Inv { a, json } => (
                NimberOpText::Inv {
                    a: text(&a, POSITIONAL)?,
                },
                json,
            ),
            NimberOp::Pow { a, k, json } => (
                NimberOpText::Pow {
                    a: text(&a, POSITIONAL)?,
                    k: text(&k, POSITIONAL)?,
                },
                json,
            ),
        };
        Ok(NimberCmd { op, json })
    }
}

impl HelpArgs {
    /// The topic as text.
    pub fn checked(self) -> CliResult<Option<String>> {
        opt_text(self.topic.as_deref(), POSITIONAL)
    }
}

impl LimitArgs {
    /// `--max-memory` as text. Read before `--max-seconds`, and applied before that is read.
    pub fn max_memory_text(&self) -> CliResult<Option<String>> {
        opt_text(self.max_memory.as_deref(), "--max-memory")
    }

    /// `--max-seconds` as text.
    pub fn max_seconds_text(&self) -> CliResult<Option<String>> {
        opt_text(self.max_seconds.as_deref(), "--max-seconds")
    }
}

impl Command {
    /// The limits of the commands that search or compute sequences.
    /// Whether the command ends at [`crate::guard::DEFAULT_SECONDS`] when `--max-seconds` is not given: the
    /// commands that search or tabulate without a budget of their own.
    pub fn has_default_time_limit(&self) -> bool {
        matches!(
            self,
            Command::Value(_)
                | Command::Seq(_)
                | Command::Table(_)
                | Command::Pattern(_)
                | Command::Plot(_)
        )
    }

    pub fn limits(&self) -> Option<&LimitArgs> {
        match self {
            Command::Value(a) => Some(&a.limits),
            Command::Seq(a) => Some(&a.limits),
            Command::Period(a) => Some(&a.limits),
            Command::Table(a) => Some(&a.limits),
            Command::Pattern(a) => Some(&a.limits),
            Command::Plot(a) => Some(&a.limits),
            Command::Quotient(a) => Some(&a.limits),
            Command::Play(a) => Some(&a.limits),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;

    fn argv(words: &[&str], bad: &[u8]) -> Vec<OsString> {
        let mut v: Vec<OsString> = words.iter().map(OsString::from).collect();
        v.push(OsStr::from_bytes(bad).to_owned());
        v
    }

    /// A command line of each subcommand that runs, and what an option needs beside it.
    fn base(sub: &str, option: &str) -> Vec<&'static str> {
        let mut w = match sub {
            "value" => vec!["value", "kayles", "3"],
            "seq" if option != "to" => vec!["seq", "kayles", "--to", "3"],
            "seq" => vec!["seq", "kayles"],
            "period" => vec!["period", "kayles"],
            "play" => vec!["play", "nim", "3"],
            "table" => vec!["table", "kayles"],
            "pattern" => vec!["pattern", "kayles"],
            "plot" if option == "out" => vec!["plot", "kayles", "--to", "3"],
            "plot" if matches!(option, "to" | "rows" | "cols") => {
                vec!["plot", "kayles", "-o", "x.png"]
            }
            "plot" if option == "max-positions" => {
                vec!["plot", "kayles", "--to", "3", "-o", "x.png", "--misere"]
            }
            "plot" => vec!["plot", "kayles", "--to", "3", "-o", "x.png"],
            "sweep" => vec!["sweep", "0.d"],
            "sweep-merge" => vec!["sweep-merge", "x.jsonl"],
            "quotient" => vec!["quotient", "kayles"],
            _ => panic!("no command line for {sub} --{option}"),
        };
        if option == "max-heap" {
            w.push("--loopy");
        }
        w
    }

    /// Every option that takes a value, of every subcommand, read as the declarations name it: one that is not
    /// UTF-8 is an error naming the option (the limits are read by `main`, through [`LimitArgs`]).
    #[test]
    fn every_option_value_that_is_not_utf8_names_its_option() {
        let mut checked = 0;
        for sub in command().get_subcommands() {
            for arg in sub.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                let mut words = base(sub.get_name(), long);
                let flag = format!("--{long}");
                words.push(&flag);
                let line = argv(&words, b"a\xffb");
                // (sweep's --max-seconds and --max-memory are budgets of each code, read by the subcommand)
                let e = if matches!(long, "max-seconds" | "max-memory") && sub.get_name() != "sweep"
                {
                    let Ok(Parsed::Run(cli)) = parse(line) else {
                        panic!("{words:?} parses")
                    };
                    let l = cli.command.as_ref().and_then(Command::limits).unwrap();
                    l.max_memory_text().and(l.max_seconds_text()).unwrap_err()
                } else {
                    crate::cmd::run_argv(line).unwrap_err()
                };
                assert_eq!(
                    e.to_string(),
                    format!("{flag}: 'a\\xffb' is not valid UTF-8 text"),
                    "{words:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            17 + 2 + 10 + 12 + 9 + 2 + 10 + 4 + 2 + 2 + 1 + 2 + 2 + 8 + 1,
            "options taking a value (17; 2 of play; 10 of table and pattern; 12 of --rules and --moves on value, seq, \
             period, table, pattern and play; 9 of plot and its 2 of rules; 10 of period's --out/--resume and sweep; \
             4 of quotient and its 2 of rules; value's --load-table and --save-table; value's --threads; \
             play's --max-seconds and --max-memory; --emit of pattern and period; --param of the 8 commands that \
             take rules scripts; value's --positions)"
        );
    }

    /// Every positional argument of the subcommands that take text.
    #[test]
    fn every_positional_that_is_not_utf8_is_named_an_argument() {
        for line in [
            &["value", "kayles", "3", "+", "nim"][..],
            &["value"],
            &["seq", "--to", "3"],
            &["period"],
            &["play", "nim", "3", "+"],
            &["table"],
            &["pattern"],
            &["plot"],
            &["quotient"],
            &["oj"],
            &["help"],
            &["nimber", "mul", "2"],
            &["nimber", "mul"],
            &["nimber", "inv"],
            &["nimber", "pow", "2"],
            &["nimber", "pow"],
        ] {
            let mut v = argv(line, b"\xfe");
            if line == ["nimber", "mul"] || line == ["nimber", "pow"] {
                v.push("2".into());
            }
            let e = crate::cmd::run_argv(v).unwrap_err().to_string();
            assert_eq!(
                e, "an argument: '\\xfe' is not valid UTF-8 text",
                "{line:?}"
            );
        }
    }

    /// The command that declares one subcommand declares it as the whole command does (each argument with its
    /// settings, and the subcommand's own settings), and reads each command line as the whole command reads it.
    #[test]
    fn one_subcommand_parses_as_the_whole_command() {
        use clap::FromArgMatches;
        let whole = command();
        let mut covered = 0;
        for sub in whole.get_subcommands() {
            let Some(one) = one_subcommand(sub.get_name()) else {
                continue;
            };
            covered += 1;
            let mine = one.find_subcommand(sub.get_name()).expect("declared");
            let args = |c: &clap::Command| -> Vec<String> {
                c.get_arguments()
                    .map(|a| {
                        format!(
                            "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                            a.get_id(),
                            a.get_long(),
                            a.get_short(),
                            a.get_num_args(),
                            a.is_required_set(),
                            a.get_default_values(),
                            a.get_value_names(),
                            a.is_allow_negative_numbers_set()
                        )
                    })
                    .collect()
            };
            assert_eq!(args(mine), args(sub), "{}", sub.get_name());
            assert_eq!(
                format!("{:?}", mine.get_groups().collect::<Vec<_>>()),
                format!("{:?}", sub.get_groups().collect::<Vec<_>>()),
                "{}",
                sub.get_name()
            );
            assert_eq!(
                mine.is_allow_negative_numbers_set(),
                sub.is_allow_negative_numbers_set()
            );
        }
        // Every subcommand but help, completions and man.
        assert_eq!(covered, whole.get_subcommands().count() - 3);
        for line in [
            &["value", "cram", "4x7", "--no-moves", "--threads", "2"][..],
            &["value", "subtraction:1,2", "-3"],
            &[
                "value", "kayles", "3", "+", "nim", "5", "--json", "--misere",
            ],
            &["seq", "0.137", "--to", "50", "--max-seconds", "2"],
            &["table", "wythoff", "--rows", "5", "--cols", "5"],
            &["nimber", "mul", "2", "3"],
            &["oj", "hdu1848"],
        ] {
            let mut full = vec![OsString::from("grundy")];
            full.extend(line.iter().map(OsString::from));
            let read = |c: clap::Command| {
                format!(
                    "{:?}",
                    Cli::from_arg_matches(&c.try_get_matches_from(&full).expect("parses"))
                        .expect("reads")
                )
            };
            assert_eq!(
                read(one_subcommand(line[0]).unwrap()),
                read(command()),
                "{line:?}"
            );
        }
    }
}
