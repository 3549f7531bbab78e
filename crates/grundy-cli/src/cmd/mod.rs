//! Subcommands, one module each.

pub mod games;
mod loopy;
pub mod misere;
pub mod nimber;
pub mod oj;
pub mod pattern;
pub mod period;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod seq;
pub mod split;
pub mod sweep;
pub mod table;
pub mod value;

use crate::cli::{Cli, Command};
use crate::output::{write_stdout, CliError, CliResult};

pub const HELP: &str = "\
grundy — solve impartial combinatorial games exactly

Two players alternate and have the same moves; under normal play whoever cannot move loses. Every position has a
nim-value; it is a P-position (the player who just moved wins) exactly when its nim-value is 0, and a sum of games
has the XOR (nim-sum) of the parts' values.

USAGE
  grundy value GAME POSITION... [+ GAME POSITION...]... [--json] [--misere]
      Outcome, nim-value and every winning move of a position or a sum of positions of different games.
      --misere: whoever makes the last move loses. Loopy games (draws possible):
        grundy value loopy-graph FILE NODE...     grundy value CODE HEAP... --loopy [--max-heap B]
        grundy value lasker 2 5 7
        grundy value kayles 5 7 + nim 3 + 0.07 10 --json
  grundy seq GAME --to N [--json] [--misere | --genus]
      Nim-values of heaps 0..=N of a heap game, one per line (misère nim-values, or genera g^γ0γ1...).
        grundy seq kayles --to 100
        grundy seq 0.6 --to 1000000 --out officers.seq --stats     (--engine plain|fast|auto, --resume FILE)
  grundy period GAME [--to N] [--json]
      Smallest preperiod and period (and saltus), certified by the Guy-Smith theorem where it applies.
        grundy period kayles
  grundy table GAME [--rows A..B] [--cols C..D] [--csv | --json]
      Nim-values of a game whose positions are named by one or two numbers, over a range; P-positions marked 0*.
        grundy table wythoff --rows 0..9 --cols 0..9
  grundy pattern GAME [--to N | --rows A..B --cols C..D] [--json]
      The rule read off the table (period, P-positions as residue classes, keys, Beatty pairs), certified or
      observed.
        grundy pattern subtraction:1,3,4          grundy pattern wythoff --rows 0..40 --cols 0..40
  grundy quotient GAME [--heaps N] [--json]
      The misère quotient (Plambeck-Siegel) of a heap game for heaps up to N: order, generators and relations,
      P-portion, and each heap's element; 'value ... --misere' uses it for large sums of one game's heaps.
        grundy quotient kayles --heaps 40
  grundy games
      The named games, their take-and-break codes, and a line on each.
  grundy sweep FAMILY [--shard K/N] [--jsonl FILE]      grundy sweep-merge FILE...
      The periods of every code of a family (0.ddd, x.dd, subtraction:SIZE,MAX), one JSON line per code.
        grundy sweep 0.ddd --max-seconds 10 --jsonl octal3.jsonl
  grundy frontier cram RxC --depth D --out F      grundy shard F --shard K/N --save-table T      grundy merge F T...
      One Cram search split across processes or machines: the frontier, its shards, their tables merged.
  grundy oj ID < input      (grundy oj --list)
      Answers a judge problem: reads its input on stdin, prints exactly the judge's output.
  grundy play GAME POSITION... [+ GAME POSITION...]... [--misere | --loopy] [--first me|engine]
      Play the sum in the terminal against a perfect opponent that says why it moves (hint, why, values, undo).
        grundy play kayles 5 7 + nim 3
  grundy nimber mul A B | inv A | pow A K
      Arithmetic in the field of nimbers below 2^64 (nim-multiplication).
  grundy plot GAME --to N -o FILE.png|FILE.svg [--rare] [--misere]     (a table: --rows A..B --cols A..B)
      A picture of the nim-values: a scatter against heap size, a heatmap of a two-number game, or a board
      (grundy plot cram 3x4 -o board.png).
        grundy plot kayles --to 300 -o kayles.png
  grundy help [COMMAND]

GAMES
  A heap game: a name (kayles, nim, lasker, grundys-game, ...; see 'grundy games'), a take-and-break code in
  CGSuite's notation (0.77, 4!.0, 0.[3], 4.[3], 0.{2+}), subtraction:1,3,4, allbut:1,2, bash:K or constrained:L,R;
  its positions are heap sizes. Other games of the catalog have positions of their own: wythoff A B, cutting WxH,
  ed X Y, staircase C1 C2 ..., chessmen CELL..., graph FILE NODE..., fibonacci-nim STONES [MAX], arpa NUMBER...,
  node-kayles FILE, arc-kayles FILE, cram RxC, chomp RxC.

  A game of your own: --rules FILE (a Rhai script with fn moves(n) { ... }; docs/rules.md, examples/rules/) or
  --moves 'n => [n-1, n-3, n-4]' on value, seq, period, table, pattern, plot, quotient and play; its name is
  the script's NAME (or the file's stem, or 'script'), and with one script the GAME may be left out.

  A code d0.d1d2...dk: digit d_j says what a move that removes j tokens may leave; bit i of d_j (1, 2, 4, 8, ...)
  allows leaving exactly i non-empty heaps. So 0.77 (Kayles) removes 1 or 2 tokens and leaves 0, 1 or 2 heaps.
  Digits are 0-9 and A-V (either case), &n; for any value below 2^64, * for any number of heaps; {a,b,k+} names
  heap counts (k+: k or more). A modifier after a digit or a closing brace, or after a count in braces, constrains
  the heaps left: ! pairwise unequal (4!.0 is Grundy's game), ? not all equal, = all equal ({1,2=+}: one heap, or
  two or more all equal). [...] at the end repeats. A count listed twice, a modifier both inside and after
  braces, or + not on the last count is an error; docs/codes.md has the grammar.

EXIT STATUS
  0 an answer was printed; 2 the input or the usage was wrong, the question is not supported, or it is past a
  fixed bound of the tool (such as play's bound on one judgement of the engine); 3 a budget you may raise stopped
  the work (--max-seconds, --max-memory, --max-positions): a larger budget may answer it, so a job scheduler can
  retry.
  In each error case one line on stderr says what and why.
";

/// Runs the parsed command line (its limits already applied, by `main`). Each subcommand's module reads its clap
/// arguments as declared ([`crate::cli::ValueArgs`], ...).
pub fn run(cli: Cli) -> CliResult {
    let Some(command) = cli.command else {
        return write_stdout(crate::cli::command().render_help().to_string().as_bytes());
    };
    // Rules scripts belong to one command: none is left from an earlier one (tests run several in one thread).
    SCRIPTS.with(|s| s.borrow_mut().clear());
    match command {
        Command::Value(a) => value::run(&a),
        Command::Seq(a) => seq::run(&a),
        Command::Period(a) => period::run(&a),
        Command::Quotient(a) => quotient::run(&a),
        Command::Games(a) => games::run(&a),
        Command::Sweep(a) => sweep::run(&a),
        Command::SweepMerge(a) => sweep::run_merge(&a),
        Command::Frontier(a) => split::run_frontier(&a),
        Command::Shard(a) => split::run_shard(&a),
        Command::Merge(a) => split::run_merge(&a),
        Command::Oj(a) => oj::run(&a),
        Command::Nimber(a) => nimber::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Table(a) => table::run(&a),
        Command::Pattern(a) => pattern::run(&a),
        Command::Plot(a) => plot::run(&a),
        Command::Help(h) => help(h.topic.as_deref()),
        Command::Completions(c) => {
            let mut out = Vec::new();
            clap_complete::generate(c.shell, &mut crate::cli::command(), "grundy", &mut out);
            write_stdout(&out)
        }
        Command::Man => {
            let mut out = Vec::new();
            clap_mangen::Man::new(crate::cli::command()).render(&mut out)?;
            write_stdout(&out)
        }
    }
}

/// Parses and runs a command line given as words separated by spaces (for tests). The limits are not applied.
#[cfg(test)]
pub fn run_line(line: &str) -> CliResult {
    run_argv(
        line.split_whitespace()
            .map(std::ffi::OsString::from)
            .collect(),
    )
}

/// Parses and runs a command line given as OS strings (for tests). The limits are not applied.
#[cfg(test)]
pub fn run_argv(argv: Vec<std::ffi::OsString>) -> CliResult {
    match crate::cli::parse(argv)? {
        crate::cli::Parsed::Run(cli) => run(*cli),
        crate::cli::Parsed::Print(_) => Ok(()),
    }
}

/// `grundy help [COMMAND]`: the long help of the command, or of grundy itself.
fn help(topic: Option<&str>) -> CliResult {
    let mut c = crate::cli::command();
    c.build();
    let text = match topic {
        None => c.render_long_help(),
        Some(t) => match c.find_subcommand_mut(t) {
            Some(s) => s.render_long_help(),
            None => {
                let names: Vec<&str> = c
                    .get_subcommands()
                    .map(|s| s.get_name())
                    .filter(|n| *n != "help")
                    .collect();
                return Err(CliError::usage(format!(
                    "no help on '{}' (commands: {})",
                    grundy::error::escape(t),
                    names.join(", ")
                )));
            }
        },
    };
    write_stdout(text.to_string().as_bytes())
}

/// The threads of the commands that compute sequences when `--threads` is left out: all cores.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The ending of a noun counted `n` times: "" for 1, else "s" (1 move, 2 moves).
pub fn plural(n: usize) -> &'static str {
    grundy::error::plural(n as u64)
}

/// The games this command line knows: the built-in catalog, and the games of the rules scripts loaded by
/// [`load_rules`]. Every subcommand finds a game through [`lookup`] (or [`heap_game`]), so a game added here is known
/// to all of them at once.
pub fn catalog() -> grundy::games::Registry {
    let mut registry = grundy::games::Registry::builtin();
    SCRIPTS.with(|s| {
        for script in s.borrow().iter() {
            // Every name was checked against the catalog when the script was loaded.
            let _ = script.register(&mut registry);
        }
    });
    registry
}

thread_local! {
    /// The rules scripts of this command (`--rules FILE`, `--moves EXPR`), compiled once by [`load_rules`].
    static SCRIPTS: std::cell::RefCell<Vec<grundy::script::Script>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Compiles the rules scripts of `--rules FILE...` and `--moves EXPR`, so that [`catalog`], [`lookup`] and
/// [`heap_game`] know their games by name. With `loopy` (`value --loopy`), a game whose position is one number is
/// played as a loopy game (its moves may go up or repeat) instead of a heap game. Each script runs under the
/// command's deadline. A subcommand that takes a GAME flattens [`crate::cli::RulesArgs`] and calls this first. An error
/// of a script while it is played is the error of the analysis that asked ([`grundy::Game::options`] is fallible).
pub fn load_rules(r: &crate::cli::RulesArgs, loopy: bool) -> CliResult {
    if !r.params.is_empty() && r.rules.is_empty() && r.moves.is_none() {
        return Err(CliError::usage(
            "--param gives a value to a rules script's constant: give the script too (--rules FILE or --moves EXPR)",
        ));
    }
    let settings = grundy::script::Settings {
        deadline: crate::guard::limits().deadline,
        loopy,
        // The process's memory is bounded by the counting allocator (guard.rs), so a script's values need no size
        // limits of Rhai's, whose checks make every push cost the array's length.
        size_limits: false,
        params: r
            .params
            .iter()
            .map(|p| grundy::script::Param::parse(p))
            .collect::<grundy::Result<_>>()?,
        ..Default::default()
    };
    let mut scripts = Vec::new();
    for file in &r.rules {
        scripts.push(grundy::script::Script::from_file(
            crate::cli::as_text(file),
            settings.clone(),
        )?);
    }
    if let Some(m) = &r.moves {
        scripts.push(grundy::script::Script::inline(m, settings.clone())?);
    }
    for (name, _) in &settings.params {
        if !scripts.iter().any(|s| s.uses_param(name)) {
            return Err(CliError::usage(format!(
                "--param {}: no rules script names a constant {} (a script reads it as a top-level const)",
                grundy::error::escape(name),
                grundy::error::escape(name)
            )));
        }
    }
    // Names must be new and unique.
    let mut registry = grundy::games::Registry::builtin();
    for s in &scripts {
        s.register(&mut registry).map_err(|e| {
            CliError::Lib(grundy::Error::input(format!(
                "{} (a rules script's game; rename it with const NAME = \"...\";)",
                e.message()
            )))
        })?;
    }
    SCRIPTS.with(|s| *s.borrow_mut() = scripts);
    Ok(())
}

/// The name of the one scripted game, when exactly one rules script is loaded (GAME may then be left out).
pub fn sole_script() -> Option<String> {
    SCRIPTS.with(|s| match s.borrow().as_slice() {
        [one] => Some(one.name().to_string()),
        _ => None,
    })
}

/// The names of the scripted games loaded, in order.
pub fn script_names() -> Vec<String> {
    SCRIPTS.with(|s| s.borrow().iter().map(|x| x.name().to_string()).collect())
}

/// Refuses a rules script (`--rules`, `--moves`) whose game none of `games` (the games the command works on, as
/// typed) is: a flag that changes nothing is an error, not ignored.
pub fn check_scripts_used<'a>(games: impl IntoIterator<Item = &'a str>) -> CliResult {
    let used: Vec<String> = games.into_iter().map(str::to_lowercase).collect();
    for name in script_names() {
        if !used.contains(&name.to_lowercase()) {
            return Err(CliError::usage(format!(
                "--rules/--moves: the rules script's game '{}' is not played here (name it as the GAME, or leave the flag out)",
                grundy::error::escape(&name)
            )));
        }
    }
    Ok(())
}

/// The game a command that takes one GAME works on: `game`, or when it is left out the one scripted game.
pub fn game_or_script(game: Option<&str>) -> CliResult<String> {
    match (game, sole_script()) {
        (Some(g), _) => {
            check_scripts_used([g])?;
            Ok(g.to_string())
        }
        (None, Some(s)) => Ok(s),
        (None, None) => Err(CliError::usage(format!(
            "give a GAME (it may be left out only when exactly one rules script is given, by --rules or --moves; loaded: {})",
            match script_names().join(", ") {
                n if n.is_empty() => "none".to_string(),
                n => n,
            }
        ))),
    }
}

/// A game of the catalog by its spec (a name, `name:PARAM` or a take-and-break code).
pub fn lookup(spec: &str) -> CliResult<Box<dyn grundy::games::AnyGame>> {
    Ok(catalog().lookup(spec)?)
}

/// The game `game` (or the one rules script) read along the line `spec` (`--line 'x 5'`: every number of a position
/// fixed but x), played by its own normal-play rules (see `grundy::games::line`).
pub fn line_game(game: Option<&str>, spec: &str) -> CliResult<Box<dyn grundy::games::AnyGame>> {
    let game = lookup(&game_or_script(game)?)?;
    let line = grundy::games::line::line(game, spec)?;
    line.normal_values_only("the values along a line")?;
    Ok(line)
}

/// With `--line`, the first flag of `given` that is set (each a flag and whether it was given), refused in one line
/// saying `why` no such flag applies to a line: a flag is never silently ignored.
pub fn refuse_on_line(command: &str, given: &[(bool, &str)], why: &str) -> CliResult {
    match given.iter().find(|(on, _)| *on) {
        Some((_, flag)) => Err(CliError::usage(format!(
            "{command} --line: {flag} does not apply to a line ({why})"
        ))),
        None => Ok(()),
    }
}

/// A heap game of the catalog, or a usage error when its positions are not heaps.
pub fn heap_game(game: &str) -> CliResult<std::rc::Rc<grundy::heap::HeapGame>> {
    let family = lookup(game)?;
    family.heap_game().ok_or_else(|| {
        CliError::usage(format!(
            "{}: positions of this game are not heaps, so it has no sequence",
            family.name()
        ))
    })
}
