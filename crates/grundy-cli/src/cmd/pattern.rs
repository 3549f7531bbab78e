//! `grundy pattern GAME [--to N | --rows A..B --cols C..D] [--json]`: the rule read off a game's table
//! (`grundy::analysis::pattern`), each rule with the range it was checked on, "certified" only where a theorem
//! proves it.

use crate::cli::PatternArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::analysis::emit;
use grundy::analysis::pattern::{self, Pattern};
use grundy::analysis::table::Span;

pub const HELP: &str = "\
grundy pattern — the rule read off a game's table of nim-values, certified where a theorem proves it

USAGE
  grundy pattern GAME [--to N | --rows A..B --cols C..D] [--json | --emit cpp|python|rust] [--max-seconds S]
                      [--max-memory SIZE]
  grundy pattern GAME --slice 'x y 5' [--rows A..B --cols C..D] [...]   (a game of three or more numbers)

Tabulates the game ('grundy table') and states the rules its values follow, each with the range it was checked
on. A rule is 'certified' only when a theorem proves it for every position; otherwise it is 'observed' on the
range, a conjecture to prove.

One parameter (heap games): the values are computed as 'grundy period' computes them (doubling up to heap N, by
default 4194304 for codes a certificate covers and 16384 for other games), and the rules are
  the preperiod e, period p and saltus s: G(n + p) = G(n) + s for n >= e, as a closed form where one fits
    (G(n) = n, G(n) = n mod p);
  a bound on the values (saltus 0);
  the P-positions: the residue classes n ≡ r (mod p) for n >= e, and those below e.
They are certified when the period is: by the Guy-Smith periodicity theorem, the subtraction-game certificate
(t consecutive heaps agreeing, t the largest move) or the game's proved closed form (see 'grundy help period').
Every rule then holds for all heaps, since the values below e + p are exact and the law gives the rest.

Where no theorem gives the law, a library of candidate rules is tried, each one pass over the values and reported
only when it holds on every heap computed (observed, with the range), simplest first:
  functions of the binary digits: popcount, parity (odious/evil), odious(m) and evil(m) (the m-th odious or evil
    number), trailing_ones, v2 (2-adic valuation), ruler = 2^v2, floor_log2, highest_bit;
  arithmetic functions: bigomega (prime factors with multiplicity), omega (without), tau (divisors), odd_part;
  inverse polynomials: tri_root (largest k with k(k+1)/2 <= n), isqrt, fib_index (Zeckendorf index);
  and their images a*f(n + c) + b and f(n + c) xor x, for n >= the first heap where f is defined (or one more),
    e.g. 'G(n) = ruler(n) for n >= 1, G(0) = 0'.
When none fits, the candidate that fits longest is named with the heap where it first fails. When the values have
no rule, the P-positions are tried: residue classes, the evil or odious numbers, powers of 2, squares, triangular
or Fibonacci numbers, and the numbers whose Zeckendorf representation ends in an even or odd number of 0s.

Two parameters (wythoff, cutting, ed, chomp, cram, staircase; default rows and columns 0..19, cram 0..6, chomp 0..12,
node-kayles 0..7, arc-kayles 0..5, leading ones with no position left out): every rule is observed on the range (no theorem here proves a two-parameter law):
  symmetry G(a, b) = G(b, a);
  separability G(a, b) = f(a) xor g(b), a sum in disguise (staircase with two steps: G(a, b) = a);
  G(a, b) = f(a) ⊗ g(b), a nim product (the form of the Tartan theorem for products of coin-turning games);
  G(a, b) as a function of a + b, b - a, |a - b|, min, max, a xor b, a | b, a & b, (a-1) | (b-1) or
    (a-1) xor (b-1), named when the function is simple (k, k + c, k xor c, k mod m, the lowest 0 bit of k, floor(k/m))
    or a candidate of the library above (f(k) = ruler(k) for k >= 1, f(0) = 0);
  each row periodic in b, each column in a (ordinary or arithmetic);
  the P-positions: where a key takes given values (a line such as b - a = 1), residue classes of (a mod m, b mod m),
    a Beatty pair (floor(k·α), floor(k·β)), or listed when few. For a Beatty pair, α and β are estimated from the
    last pair, then candidates (u + √d)/w and p/q are checked exactly, in integers (floor(k(u + √d)/w) =
    floor((ku + isqrt(dk²))/w)), against every pair; no floating point decides.
When no rule fits, it says so and shows the first rows. When --max-seconds (default 60 s) or --max-memory stops
the table (or a one-number game's heaps), the rules are read off the rows (heaps) valued by then and printed as
partial (each observed on those rows only); stderr says so in one line, with what is still to come and how to go
further, --json has a key stopped (as 'grundy table --json'), --emit prints nothing, and the exit status is 3.

--line 'x 5' reads a game of two or more numbers along one line, every number fixed but x: the values G(x, 5)
for x = 0..=N (--to N, default 1000) as a sequence of one number, with the rules of one-number games above. The
values are the game's own (its search, one memo for the line); the options of a position may leave the line, so
no theorem covers it, and every rule is observed on the range.

--slice 'x y 5' reads a game of three or more numbers a slice at a time, every number fixed but x (the rows a)
and y (the columns b), as 'grundy table --slice' shows it: the rules of two numbers above, on G(x, y, 5). A game
of three or more numbers needs --slice or --line.

--json prints the library's Pattern: game, parameters, rows, cols, rules (each with kind, its data, statement,
certified, certificate, checked_rows, checked_cols), nothing_fits, first_rows, nearest (the candidate that fits
longest when none fits). A formula is kind 'formula' with base, function, scale, offset, xor, shift, from, below
and formula.

--emit cpp|python|rust prints a standalone function sg(n) computing the rule found (a certified period first, then
a formula, then an observed period): a table of the preperiod and one period with the saltus, n mod p, or the
formula in exact 64-bit integer arithmetic (exact at 10^18 heaps). When only the P-positions have a rule (a set of
the library, residue classes, a Beatty sequence), it prints is_p(n) instead, and its comment says the values have
none. For two numbers: sg(a, b) from a separable rule, a nim product or a key's function with closed forms, else
is_p(a, b) from the P-positions' rule (a key's values, residue classes of (a mod m, b mod m), a Beatty pair computed
exactly in 128-bit integers, below 3*10^18); observed on the table only. A comment gives the rule, certified or
observed and on what range; the program's main checks the function against the first values computed and a
checksum of up to 100001 of them, or against the table's cells (up to 4096), with exit status 1 on a difference,
and prints it (a value, or P or N) for each heap, or each pair a b, given as arguments. It compiles cleanly with
g++ -O2 -std=c++17 -Wall -Werror and rustc -O. No rule with a closed form is an error.

EXAMPLES
  grundy pattern subtraction:1,3,4      G(n + 7) = G(n), P-positions n ≡ 0, 2 (mod 7): certified
  grundy pattern bash:5                 G(n) = n mod 6, certified by the closed form
  grundy pattern --moves 'n => { let o = []; for d in 1..n { if n % d == 0 { o.push(d) } } o }' --to 500
                                        move to a proper divisor: G(n) = bigomega(n) for n >= 1, observed
  grundy pattern kayles --emit cpp > sg.cpp     sg(n) from the certified period, with a main that checks it
  grundy pattern wythoff --emit python > p.py   is_p(a, b) from the Beatty pair of φ and φ², observed
  grundy pattern wythoff --rows 0..60 --cols 0..60     P-positions: the Beatty pair of φ and φ², observed
  grundy pattern ed --rows 1..32 --cols 1..32          G = the lowest 0 bit of (a-1) | (b-1), observed
  grundy pattern cutting --rows 2..20 --cols 2..20     symmetric; no other rule: the first rows are shown
  grundy pattern wythoff --line 'x 3' --to 200          G(x, 3) along one line, read as a sequence: observed rules
  grundy pattern --moves '(a, b, c) => { let o = []; for x in 0..a { o.push([x, b, c]) } for y in 0..b { o.push([a, y, c]) } for z in 0..c { o.push([a, b, z]) } o }' --slice 'x y 5' --rows 0..15 --cols 0..15
                                        Nim on three heaps, the third 5: G = f(a) xor g(b), observed
";

pub fn run(a: &PatternArgs) -> CliResult {
    super::load_rules(&a.rules, false)?;
    let mut game = super::lookup(&super::game_or_script(a.game.as_deref())?)?;
    game = read_as(game, a)?;
    game.normal_values_only("a pattern")?;
    let mut values = Vec::new();
    let stopped;
    let found: Pattern = match game.parameters() {
        0 => {
            return Err(CliError::usage(format!(
                "{}: positions of this game are not named by one or two numbers, so it has no table to read",
                game.name()
            )))
        }
        1 => {
            if a.rows.is_some() || a.cols.is_some() {
                return Err(CliError::usage(format!(
                    "pattern {}: a position of this game is one number: give --to N, not --rows/--cols",
                    super::table::game_label(a.game.as_deref(), &a.rules)
                )));
            }
            let (p, v, stop) = one_number(&*game, a.to)?;
            stopped = stop;
            values = v;
            p
        }
        _ => {
            if a.to.is_some() {
                return Err(CliError::usage(format!(
                    "pattern {}: a position of this game is two numbers: give --rows and --cols, not --to",
                    super::table::game_label(a.game.as_deref(), &a.rules)
                )));
            }
            let (rows, cols) = (a.rows, a.cols);
            let defaulted = rows.is_none() && cols.is_none();
            let d = Span::default_for(&*game, 19);
            let (rows, cols) = (rows.unwrap_or(d), cols.unwrap_or(d));
            let (mut t, stop) = super::table::partial_table(&*game, rows, Some(cols))?;
            // What to say on stderr, and the JSON's words (the table's own).
            stopped = stop.map(|m| (m, t.stopped.clone().unwrap_or_default()));
            if defaulted {
                t = t.trim_leading();
            }
            let found = pattern::two_parameters(&t);
            if let Some(lang) = a.emit {
                if let Some((m, _)) = stopped {
                    // Code from part of the table asked for is not what was asked: nothing is emitted.
                    return Err(CliError::Stopped(format!("pattern {m}").replace(
                        "a partial table printed",
                        "no code emitted from part of the table",
                    )));
                }
                let code = emit::emit_table(&found, &t, lang.language())?;
                return write_stdout(code.as_bytes());
            }
            found
        }
    };
    if let Some(lang) = a.emit {
        if let Some((m, _)) = stopped {
            // Code from part of the range asked for is not what was asked: nothing is emitted.
            return Err(CliError::Stopped(format!("pattern {m}").replace(
                "partial rules printed",
                "no code emitted from part of the range",
            )));
        }
        let code = emit::emit(&found, &values, lang.language())?;
        return write_stdout(code.as_bytes());
    }
    if a.json {
        let mut v =
            serde_json::to_value(&found).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        if let (Some((_, short)), Some(o)) = (&stopped, v.as_object_mut()) {
            o.insert("stopped".into(), serde_json::Value::String(short.clone()));
        }
        print_json(&v)?;
    } else {
        let mut t = text(&found, a.line.is_some(), a.slice.is_some());
        if stopped.is_some() {
            let what = if game.parameters() == 1 {
                "the heaps computed before a limit stopped the run"
            } else {
                "the rows valued before a limit stopped the table"
            };
            t = format!("(partial: the rules below are read off {what})\n{t}");
        }
        write_stdout(t.as_bytes())?;
    }
    match stopped {
        Some((m, _)) => Err(CliError::Stopped(format!("pattern {m}"))),
        None => Ok(()),
    }
}

/// The game as `pattern` reads it: along a line (`--line`), as a slice (`--slice`), or itself; a game of three or
/// more numbers needs one of them.
fn read_as(
    mut game: Box<dyn grundy::games::AnyGame>,
    a: &PatternArgs,
) -> CliResult<Box<dyn grundy::games::AnyGame>> {
    if let Some(spec) = &a.line {
        game = grundy::games::line::line(game, spec)?;
    }
    if let Some(spec) = &a.slice {
        game = Box::new(grundy::games::line::slice(game, spec)?);
    } else if game.parameters() > 2 && a.line.is_none() {
        return Err(CliError::usage(format!(
            "pattern {}: a position of this game is {} numbers and a table shows two: fix the others with --slice \
             (e.g. --slice '{}': x the rows, y the columns), or read one line with --line",
            super::table::game_label(a.game.as_deref(), &a.rules),
            game.parameters(),
            super::table::slice_example(game.parameters())
        )));
    }
    Ok(game)
}

/// The rules for people: one paragraph each, with its status and range (`line`: the values are a line of a game of
/// several numbers, indexed by its x, not heaps; `slice`: a slice of one, a its x and b its y).
fn text(p: &Pattern, line: bool, slice: bool) -> String {
    let mut s = match p.cols {
        None if line => format!("{}: nim-values at x = {} (n below is x)\n", p.game, p.rows),
        None => format!("{}: nim-values of heaps {}\n", p.game, p.rows),
        Some(c) if slice => format!(
            "{}: nim-values G(a, b) with a = x and b = y of the slice, a = {}, b = {}\n",
            p.game, p.rows, c
        ),
        Some(c) => format!(
            "{}: nim-values G(a, b), a = {}, b = {}\n",
            p.game, p.rows, c
        ),
    };
    for r in &p.rules {
        let status = if r.certified {
            format!(
                "certified ({})",
                r.certificate.as_deref().unwrap_or("a theorem")
            )
        } else {
            match r.checked_cols {
                None => format!("observed up to n = {}", r.checked_rows.to),
                Some(c) => format!("observed on a = {}, b = {}", r.checked_rows, c),
            }
        };
        s += &format!("  {}\n      [{status}]\n", r.statement);
    }
    if p.nothing_fits {
        if let Some(m) = &p.nearest {
            s += &format!(
                "no candidate rule fits every value; the one that fits longest is {} for n <= {}: it fails at n = {} (G = {}, the formula gives {})\n",
                m.formula,
                m.holds_to,
                m.fails_at,
                m.value,
                m.predicted.map_or("no whole number".to_string(), |p| p.to_string())
            );
        }
        s += "no rule found for the values";
        if p.rules.iter().any(|r| r.law == pattern::Law::Symmetric) {
            s += " beyond symmetry";
        }
        s += "; the first rows (0* marks a P-position):\n";
        if let Some(t) = &p.first_rows {
            s += &t.to_text(10);
        }
    }
    s
}

/// The limit that stopped a run, in words: "time limit", "memory limit" or "position limit".
fn budget_words(e: &grundy::Error) -> &'static str {
    match e.budget() {
        Some(grundy::error::Budget::Time(_)) => "time limit",
        Some(grundy::error::Budget::Memory(_)) => "memory limit",
        _ => "position limit",
    }
}

/// Why a run stopped early: what stderr says, and the JSON's key `stopped`.
type Stopped = (String, String);

/// The rules of a one-number game on heaps `0..=to` (or the default range), with the values they were read off, and,
/// when a limit stopped the run, what stderr and the JSON say of it (the rules are then those of the heaps computed).
fn one_number(
    game: &dyn grundy::games::AnyGame,
    to: Option<u64>,
) -> CliResult<(Pattern, Vec<grundy::Nimber>, Option<Stopped>)> {
    let mut bar = Progress::new(format!("{} pattern", game.name()), to.unwrap_or(0));
    // A step stops a little before the command's deadline, so that the rules of the heaps computed are
    // printed in time.
    let (early, command_deadline) = crate::guard::limits_before_saving();
    let commands = |e: grundy::Error| match (command_deadline, early.deadline) {
        (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
        _ => e,
    };
    let (p, v, stop) = pattern::one_parameter_partial(
        game,
        to,
        &crate::guard::context_with(early),
        &mut |n, _| bar.update(n),
    )
    .map_err(commands)?;
    bar.finish();
    let last = v.len() as u64 - 1;
    let stopped = stop.map(|e| {
        // The early deadline stands for the command's: its limit, as the user set it, is what is said.
        let why = match (e.budget(), command_deadline) {
            (Some(grundy::error::Budget::Time(_)), Some(d)) => d.error(),
            _ => e.clone(),
        };
        (
            format!(
                "stopped early, partial rules printed: heaps 0..={last}{} computed: {}; to go further, \
                 raise the limit",
                to.map_or_else(String::new, |t| format!(" of 0..={t}")),
                crate::output::said(&why)
            ),
            format!("{} after heap {last}", budget_words(&e)),
        )
    });
    Ok((p, v, stopped))
}
