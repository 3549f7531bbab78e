//! The command line, declared once with clap: every subcommand, its arguments, which flags belong to it and which
//! exclude each other. Help, the man page, shell completions and the flag-combination test all read these
//! declarations.
//!
//! Each argument is declared with the type it means: numbers, ranges, engines, languages and limits are read by a
//! value parser calling the library's parse function, whose one-line error is the error shown ([`Bad`]); text is
//! read by clap's `String` parser, so a byte sequence that is not UTF-8 is clap's `InvalidUtf8`, which [`parse`]
//! turns into a one-line error naming the option (never a panic). Clap's other errors become one line from their
//! kind and context ([`clap_error`]). Each subcommand's module reads its arguments as declared (`ValueArgs`, ...);
//! files are paths (`PathBuf`) read as text, so that messages and JSON can show them ([`as_text`]). The limits
//! (`--max-seconds`, `--max-memory`) are applied by `main` before the command runs ([`LimitArgs`]).

mod args;

pub use args::*;

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
    /// The frontier of a split search: a board expanded to a depth, its canonical components, sorted (cram)
    Frontier(FrontierArgs),
    /// Value one shard of a frontier's components, saving its table periodically; a rerun resumes from it
    Shard(ShardRunArgs),
    /// Join the shards' tables of a frontier (refusing a conflict) and finish the search: the root's nim-value
    Merge(MergeArgs),
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
        ("frontier", cmd::split::FRONTIER_HELP),
        ("shard", cmd::split::SHARD_HELP),
        ("merge", cmd::split::MERGE_HELP),
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
    match command().try_get_matches_from(&full) {
        Ok(m) => {
            use clap::FromArgMatches;
            let cli = Cli::from_arg_matches(&m).map_err(|e| clap_error(&e))?;
            Ok(Parsed::Run(Box::new(cli)))
        }
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                Ok(Parsed::Print(e.render().to_string()))
            }
            clap::error::ErrorKind::InvalidUtf8 => Err(utf8_error(&full)),
            _ => Err(clap_error(&e)),
        },
    }
}

/// The command `grundy` declaring only the subcommand `name` (with the same arguments as in [`command`]), or `None`
/// when `name` is not a subcommand's. Building it costs a small part of building the whole command, which declares
/// every subcommand's arguments and help (about 0.3 ms on the project machine, for every run).
///
/// It is not a second definition: it reads the same declarations (`ValueArgs`, ...) under a bare `grundy`, and
/// `one_subcommand_parses_as_the_whole_command` checks that both read alike. It stays because parsing with the whole
/// command costs more than start-up can spare (issue 41, measured on `grundy value lasker 2 5 7`, release build):
/// without it a run took 1.31M instructions instead of 0.63M (callgrind) and 1.03-1.18 ms of CPU instead of
/// 0.83-0.94 ms (`perf stat -r 300`), some 15-30% more, where the issue allowed 3%.
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
        "frontier" => FrontierArgs::augment_args(C::new("frontier")),
        "shard" => ShardRunArgs::augment_args(C::new("shard")),
        "merge" => MergeArgs::augment_args(C::new("merge")),
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

/// A clap error as one line, read from its kind and context (never from its rendered text): the sentence clap
/// would print first, with a list it would print on the lines below joined to it, and clap's tips (a similar
/// argument, subcommand or value) in parentheses. A value parser's error ([`Bad`]) is the error it carries.
fn clap_error(e: &clap::Error) -> CliError {
    use clap::error::{ContextKind as K, ContextValue as V, ErrorKind as E};
    if let Some(bad) = std::error::Error::source(e).and_then(|s| s.downcast_ref::<Bad>()) {
        return match bad {
            Bad::Lib(e) => CliError::Lib(e.clone()),
            Bad::Usage(m) => CliError::Usage(m.clone()),
        };
    }
    let one = |k: K| match e.get(k) {
        Some(V::String(s)) => s.clone(),
        _ => String::new(),
    };
    let arg = one(K::InvalidArg);
    let value = one(K::InvalidValue);
    let number = |k: K| match e.get(k) {
        Some(V::Number(n)) => *n,
        _ => 0,
    };
    let provided = |n: isize| {
        if n > 1 {
            "were provided"
        } else {
            "was provided"
        }
    };
    let msg = match e.kind() {
        E::ArgumentConflict => {
            let what = match e.get(K::InvalidSubcommand) {
                Some(V::String(s)) if arg.is_empty() => format!("the subcommand '{s}'"),
                _ => format!("the argument '{arg}'"),
            };
            match e.get(K::PriorArg) {
                Some(V::String(p)) if *p == arg => format!("{what} cannot be used multiple times"),
                Some(V::String(p)) => format!("{what} cannot be used with '{p}'"),
                Some(V::Strings(ps)) => format!("{what} cannot be used with: {}", ps.join(", ")),
                _ => format!(
                    "{what} cannot be used with one or more of the other specified arguments"
                ),
            }
        }
        E::NoEquals => format!("equal sign is needed when assigning values to '{arg}'"),
        E::InvalidValue if value.is_empty() => {
            format!("a value is required for '{arg}' but none was supplied")
        }
        E::InvalidValue => format!("invalid value '{value}' for '{arg}'"),
        E::InvalidSubcommand => format!("unrecognized subcommand '{}'", one(K::InvalidSubcommand)),
        E::MissingRequiredArgument => match e.get(K::InvalidArg) {
            Some(V::Strings(args)) => format!(
                "the following required arguments were not provided: {}",
                args.join(", ")
            ),
            _ => "one or more required arguments were not provided".to_string(),
        },
        E::MissingSubcommand => format!(
            "'{}' requires a subcommand but one was not provided",
            one(K::InvalidSubcommand)
        ),
        E::TooManyValues => {
            format!("unexpected value '{value}' for '{arg}' found; no more were expected")
        }
        E::TooFewValues => {
            let actual = number(K::ActualNumValues);
            format!(
                "{} values required by '{arg}'; only {actual} {}",
                number(K::MinValues),
                provided(actual)
            )
        }
        E::WrongNumberOfValues => {
            let actual = number(K::ActualNumValues);
            format!(
                "{} values required for '{arg}' but {actual} {}",
                number(K::ExpectedNumValues),
                provided(actual)
            )
        }
        E::ValueValidation => match std::error::Error::source(e) {
            Some(source) => format!("invalid value '{value}' for '{arg}': {source}"),
            None => format!("invalid value '{value}' for '{arg}'"),
        },
        E::UnknownArgument => format!("unexpected argument '{arg}' found"),
        kind => kind.as_str().unwrap_or("bad arguments").to_string(),
    };
    let tips = clap_tips(e);
    let mut msg = msg;
    if !tips.is_empty() {
        msg.push_str(&format!(" ({})", tips.join("; ")));
    }
    CliError::Usage(grundy::error::escape(&msg))
}

/// clap's tips on an error, as it words them: a similar subcommand, argument or value, and its suggestions (not its
/// advice to pass an argument that looks like a flag after '--': a game's words never need it).
fn clap_tips(e: &clap::Error) -> Vec<String> {
    use clap::error::{ContextKind as K, ContextValue as V};
    let mut tips = Vec::new();
    for (k, what) in [
        (K::SuggestedSubcommand, "subcommand"),
        (K::SuggestedArg, "argument"),
        (K::SuggestedValue, "value"),
    ] {
        match e.get(k) {
            Some(V::String(s)) => tips.push(format!("a similar {what} exists: '{s}'")),
            Some(V::Strings(v)) if !v.is_empty() => {
                let quoted: Vec<String> = v.iter().map(|s| format!("'{s}'")).collect();
                tips.push(match v.len() {
                    1 => format!("a similar {what} exists: {}", quoted[0]),
                    _ => format!("some similar {what}s exist: {}", quoted.join(", ")),
                });
            }
            _ => {}
        }
    }
    if let Some(V::StyledStrs(s)) = e.get(K::Suggested) {
        tips.extend(
            s.iter()
                .map(|t| t.to_string())
                .filter(|t| !t.starts_with("to pass ")),
        );
    }
    tips
}

/// The error of a value parser: the error the command gives for that value (a library error or a usage error),
/// given back by [`clap_error`] as it is.
#[derive(Debug, Clone)]
pub enum Bad {
    Lib(grundy::Error),
    Usage(String),
}

impl std::fmt::Display for Bad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bad::Lib(e) => write!(f, "{e}"),
            Bad::Usage(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for Bad {}

impl From<CliError> for Bad {
    fn from(e: CliError) -> Self {
        match e {
            CliError::Lib(e) => Bad::Lib(e),
            CliError::Usage(m) => Bad::Usage(m),
            e => Bad::Usage(e.to_string()),
        }
    }
}

impl From<grundy::Error> for Bad {
    fn from(e: grundy::Error) -> Self {
        Bad::Lib(e)
    }
}

/// Turns an OS string into text, or an error that shows the bytes that are not UTF-8.
fn text(os: &OsStr, what: &str) -> CliResult<String> {
    match os.to_str() {
        Some(s) => Ok(s.to_string()),
        None => Err(not_utf8(os.as_encoded_bytes(), what)),
    }
}

/// The error of `bytes` that are not UTF-8, given as `what` (an option, "an argument"): the bytes shown escaped.
fn not_utf8(bytes: &[u8], what: &str) -> CliError {
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
    CliError::Lib(grundy::Error::input(format!(
        "{what}: '{shown}' is not valid UTF-8 text"
    )))
}

/// What a positional argument is called when it is not UTF-8.
const POSITIONAL: &str = "an argument";

/// The error of clap's `InvalidUtf8`, which does not say which word it is: the first word of `full` that is not
/// UTF-8, named by the option it is the value of (`--out X`, `--out=X`, `-o X`), or "an argument".
fn utf8_error(full: &[OsString]) -> CliError {
    let whole = command();
    let sub = full
        .get(1)
        .and_then(|w| w.to_str())
        .and_then(|n| whole.find_subcommand(n));
    // The option a word names, when it takes a value: by its long name.
    let option = |word: &str| -> Option<String> {
        let arg = match word.strip_prefix("--") {
            Some(long) => sub?.get_arguments().find(|a| a.get_long() == Some(long)),
            None => {
                let mut c = word.strip_prefix('-')?.chars();
                let short = c.next().filter(|_| c.next().is_none())?;
                sub?.get_arguments().find(|a| a.get_short() == Some(short))
            }
        }?;
        let long = arg.get_long().filter(|_| arg.get_action().takes_values())?;
        Some(format!("--{long}"))
    };
    for (i, w) in full.iter().enumerate().skip(1) {
        if w.to_str().is_some() {
            continue;
        }
        let bytes = w.as_encoded_bytes();
        if let Some(eq) = bytes.iter().position(|&b| b == b'=') {
            if let Some(flag) = std::str::from_utf8(&bytes[..eq]).ok().and_then(option) {
                return not_utf8(&bytes[eq + 1..], &flag);
            }
        }
        let what = full[i - 1].to_str().and_then(option);
        return not_utf8(bytes, what.as_deref().unwrap_or(POSITIONAL));
    }
    CliError::usage("invalid UTF-8 was detected in one or more arguments")
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
            Command::Shard(a) => Some(&a.limits),
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
            "frontier" => vec!["frontier", "cram", "3x4"],
            "shard" if option == "save-table" => vec!["shard", "x.frontier"],
            "shard" => vec!["shard", "x.frontier", "--save-table", "x.tbl"],
            "merge" => vec!["merge", "x.frontier", "x.tbl"],
            "quotient" => vec!["quotient", "kayles"],
            "oj" if option == "game" => vec!["oj"],
            "oj" => vec!["oj", "--game", "kayles"],
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
                let e = crate::cmd::run_argv(line).unwrap_err();
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
            17 + 2 + 10 + 12 + 9 + 2 + 14 + 4 + 2 + 2 + 1 + 2 + 2 + 8 + 1 + 5 + 1 + 3 + 9 + 2,
            "options taking a value (17; 2 of play; 10 of table and pattern; 12 of --rules and --moves on value, seq, \
             period, table, pattern and play; 9 of plot and its 2 of rules; 14 of period's --out/--resume, sweep and sweep-merge; \
             4 of quotient and its 2 of rules; value's --load-table and --save-table; value's --threads; \
             play's --max-seconds and --max-memory; --emit of pattern and period; --param of the 8 commands that \
             take rules scripts; value's --positions; oj's --game, --say and its 3 of rules; pattern's --line; --line of \
             seq, period and value; frontier's --depth and --out, shard's --shard, --save-table, --save-every, \
             --threads, --max-seconds and --max-memory, merge's --save-table; --slice of table and pattern)"
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

    /// clap's rendered error as the command showed it before it read the error's kind: the first line, the lines of
    /// a list after it, and the tips.
    fn scraped(e: &clap::Error) -> String {
        let text = e.render().to_string();
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let mut first = lines
            .next()
            .unwrap()
            .trim_start_matches("error: ")
            .to_string();
        let rest: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:")).collect();
        if first.ends_with(':') {
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
        if !tips.is_empty() {
            first.push_str(&format!(" ({})", tips.join("; ")));
        }
        format!("{} (see 'grundy help')", grundy::error::escape(&first))
    }

    /// The one-line message read from a clap error's kind is the line the rendered text gave, for each kind of
    /// error the command line can have.
    #[test]
    fn clap_errors_read_from_their_kind_are_the_lines_they_were() {
        let mut kinds = std::collections::BTreeSet::new();
        for line in [
            "frobnicate",
            "valeu kayles 3",
            "value kayles 3 --frobnicate",
            "value kayles 3 --jsn",
            "value kayles 3 --json --json",
            "value kayles 3 --misere --loopy",
            "value kayles 3 --all-moves --misere",
            "value kayles 3 --no-moves --all-moves --misere",
            "value kayles 3 --threads",
            "value kayles 3 --max-heap 4",
            "seq kayles",
            "seq --to 3",
            "seq kayles --to 3 --engine",
            "seq kayles --to 3 --to 4",
            "sweep",
            "sweep-merge",
            "nimber",
            "nimber mul 2",
            "nimber mul 2 3 4",
            "nimber mull 2 3",
            "oj",
            "oj --json",
            "oj hdu1848 --list",
            "completions",
            "completions tcsh",
            "completions bsh",
            "table kayles --csv --json",
            "plot kayles --max-positions 3",
            "help value extra",
            "man extra",
            "games --json=x",
        ] {
            let mut full = vec![OsString::from("grundy")];
            full.extend(line.split_whitespace().map(OsString::from));
            let e = command().try_get_matches_from(&full).expect_err(line);
            if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                continue; // help, printed by `parse`
            }
            kinds.insert(format!("{:?}", e.kind()));
            assert_eq!(clap_error(&e).to_string(), scraped(&e), "{line}");
        }
        assert!(kinds.len() >= 6, "{kinds:?}");
    }
}
