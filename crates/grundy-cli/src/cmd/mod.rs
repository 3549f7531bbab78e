//! Subcommands, one module each.

pub mod games;
mod loopy;
mod misere;
pub mod nimber;
pub mod oj;
pub mod period;
pub mod quotient;
pub mod seq;
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
  grundy quotient GAME [--heaps N] [--json]
      The misère quotient (Plambeck-Siegel) of a heap game for heaps up to N: order, generators and relations,
      P-portion, and each heap's element; 'value ... --misere' uses it for large sums of one game's heaps.
        grundy quotient kayles --heaps 40
  grundy games
      The named games, their take-and-break codes, and a line on each.
  grundy oj ID < input      (grundy oj --list)
      Answers a judge problem: reads its input on stdin, prints exactly the judge's output.
  grundy nimber mul A B | inv A | pow A K
      Arithmetic in the field of nimbers below 2^64 (nim-multiplication).
  grundy help [COMMAND]

GAMES
  A heap game: a name (kayles, nim, lasker, grundys-game, ...; see 'grundy games'), a take-and-break code in
  CGSuite's notation (0.77, 4!.0, 0.[3], 4.[3], 0.{2+}), subtraction:1,3,4, allbut:1,2, bash:K or constrained:L,R;
  its positions are heap sizes. Other games of the catalog have positions of their own: wythoff A B, cutting WxH,
  ed X Y, staircase C1 C2 ..., chessmen CELL..., graph FILE NODE..., fibonacci-nim STONES [MAX], arpa NUMBER...

  A code d0.d1d2...dk: digit d_j says what a move that removes j tokens may leave; bit i of d_j (1, 2, 4, 8, ...)
  allows leaving exactly i non-empty heaps. So 0.77 (Kayles) removes 1 or 2 tokens and leaves 0, 1 or 2 heaps.
  Digits are 0-9 and A-V (either case), &n; for any value below 2^64, * for any number of heaps; {a,b,k+} names
  heap counts (k+: k or more). A modifier after a digit or a closing brace, or after a count in braces, constrains
  the heaps left: ! pairwise unequal (4!.0 is Grundy's game), ? not all equal, = all equal ({1,2=+}: one heap, or
  two or more all equal). [...] at the end repeats. A count listed twice, a modifier both inside and after
  braces, or + not on the last count is an error; docs/codes.md has the grammar.

EXIT STATUS
  0 an answer was printed; 2 the input or the usage was wrong, or a limit was reached (one line on stderr says
  which).
";

/// Runs the parsed command line (its limits already applied, by `main`). Each subcommand's arguments are turned
/// into text first ([`crate::cli::ValueArgs::checked`], ...): an argument that is not UTF-8 is a one-line error.
pub fn run(cli: Cli) -> CliResult {
    let Some(command) = cli.command else {
        return write_stdout(crate::cli::command().render_help().to_string().as_bytes());
    };
    match command {
        Command::Value(a) => value::run(&a.checked()?),
        Command::Seq(a) => seq::run(&a.checked()?),
        Command::Period(a) => period::run(&a.checked()?),
        Command::Quotient(a) => quotient::run(&a.checked()?),
        Command::Games(a) => games::run(&a),
        Command::Oj(a) => oj::run(&a.checked()?),
        Command::Nimber(a) => nimber::run(&a.checked()?),
        Command::Help(h) => help(h.checked()?.as_deref()),
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
        Some(t) => {
            match c.find_subcommand_mut(t) {
                Some(s) => s.render_long_help(),
                None => {
                    return Err(CliError::usage(format!(
                        "no help on '{}' (commands: value, seq, period, quotient, games, oj, nimber, completions, man)",
                        grundy::error::escape(t)
                    )))
                }
            }
        }
    };
    write_stdout(text.to_string().as_bytes())
}

/// The `--engine E` and `--threads N` options of the subcommands that compute sequences (defaults: auto, all
/// cores).
pub fn engine_args(
    engine: Option<&str>,
    threads: Option<&str>,
) -> CliResult<(grundy::heap::Engine, usize)> {
    let engine = match engine {
        Some(e) => grundy::heap::Engine::parse(e)?,
        None => grundy::heap::Engine::Auto,
    };
    let threads = match threads {
        Some(t) => match grundy::error::parse_u64(t, "--threads")? {
            0 => return Err(CliError::usage("--threads must be at least 1")),
            t => t.min(1024) as usize,
        },
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok((engine, threads))
}

/// The games this command line knows: the built-in catalog. Every subcommand finds a game through [`lookup`] (or
/// [`heap_game`]), so a game added here (a rules script, say) is known to all of them at once.
pub fn catalog() -> grundy::games::Registry {
    grundy::games::Registry::builtin()
}

/// A game of the catalog by its spec (a name, `name:PARAM` or a take-and-break code).
pub fn lookup(spec: &str) -> CliResult<Box<dyn grundy::games::AnyGame>> {
    Ok(catalog().lookup(spec)?)
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
