//! `grundy table GAME [--rows A..B] [--cols C..D] [--wrap K] [--slice SPEC] [--csv | --json]`: the nim-values of a
//! game whose positions are named by one or two numbers (or a slice of one of more, all numbers fixed but two), over
//! a range, with the P-positions marked (`grundy::analysis::table`).

use crate::cli::TableArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::analysis::table::{Span, Table};
use grundy::games::AnyGame;

pub const HELP: &str = "\
grundy table — nim-values of a one- or two-parameter game over a range, P-positions marked

USAGE
  grundy table GAME [--rows A..B] [--cols C..D] [--wrap K] [--csv | --json] [--max-seconds S] [--max-memory SIZE]
  grundy table GAME --slice 'x y 5' [--rows A..B] [--cols C..D] [--csv | --json]

The first step of reading a game's rule off its values (打表找规律): a heap game's nim-values G(n), n in the rows,
or G(a, b) for a game whose positions are named by two numbers, a in the rows and b in the columns:
  wythoff (a, b), two heaps          cutting (w, h), a w x h piece     ed (x, y), a pair of heaps
  chomp (r, c), the full rectangle   cram (r, c), the empty board      staircase (c1, c2), coins on two steps
  node-kayles (r, c) and arc-kayles (r, c), the r x c grid graph (paths are dawsons-chess and dawsons-kayles)
A P-position (nim-value 0: the player to move loses) is written 0*; a cell whose numbers name no position (a piece
with a side below 2) is '.'. Every value is exact: the game's proved closed form where it has one, else the
memoised mex search, one memo for the whole table (a heap game's values come from its sequence).

A range is A..B with both ends included (0..9 is ten numbers; A..=B is the same), or N for 0..N. Defaults: heaps
0..59, ten to a line; two parameters 0..9 by 0..9 (cram 0..6, node-kayles 0..7, arc-kayles 0..5: their searches
grow exponentially), leading rows and columns with no position left out. --wrap K
lays a one-parameter table out K values to a line, so that a period K shows as equal columns. A table has at most
4194304 cells. A progress bar shows on stderr. When --max-seconds (default 60 s) or --max-memory stops a long
table, the rows valued by then are printed, a partial table: stderr says so in one line, with the limit, the rows
still to come (--rows) and how to go further; --json has a key stopped ('time limit after row 37 (rows 0..=37 of
0..=99 valued)'); the exit status is 3. A game that values all its cells at once (a heap game from its sequence, a
script of several numbers from its dense table) has no rows to keep: the limit is then an error.

A game of three or more numbers (a script 'fn moves(a, b, c)') is shown a slice at a time: --slice gives each of
a position's numbers, x for the one in the rows, y for the one in the columns and a whole number for each other
('x y 5': G(x, y, 5); '5 y x': G(5, y, x), its third number in the rows), the defaults 0..9 by 0..9. Every value
is the game's own at those numbers. A game of one or two numbers has no slice (its table is the whole game).

--csv prints n,value (or a,b,value: the row and column numbers; x,y,value for a slice) per line, the value empty
where no position;
--json prints the library's Table: game, parameters, rows {from, to}, cols, values (rows of cells, null where no
position), p_positions, and with --slice a key slice: {game (the game sliced), fixed (its numbers, null for x and
y), rows_number and cols_number (the indices from 0 of x's and y's number)}; the table's game is then the slice's
name.

EXAMPLES
  grundy table subtraction:1,3,4 --rows 0..27 --wrap 7       columns 0 and 2 are all 0*: period 7
  grundy table wythoff --rows 0..9 --cols 0..9               P-positions (0,0) (1,2) (2,1) (3,5) (5,3) ...
  grundy table cutting --rows 2..8 --cols 2..8 --csv         POJ 2311's table
  grundy table ed --rows 1..8 --cols 1..8 --json
  grundy table node-kayles --rows 1..4 --cols 1..6           Node Kayles on grid graphs
  grundy table --moves '(a, b, c) => [[a - 1, b, c], [a, b - 1, c], [a, b, c - 1]].filter(|p| p.all(|v| v >= 0))' --slice 'x y 5' --rows 0..5 --cols 0..5
                                   three heaps, one token from one: G(x, y, 5) = (x + y + 5) mod 2
";

/// The rows and columns asked for, or the defaults (and whether they were defaults).
fn ranges(a: &TableArgs, game: &dyn AnyGame) -> CliResult<(Span, Option<Span>, bool)> {
    let (rows, cols) = (a.rows, a.cols);
    let defaulted = rows.is_none() && cols.is_none();
    match game.parameters() {
        1 => {
            if cols.is_some() {
                return Err(CliError::usage(format!(
                    "table {}: a position of this game is one number (the rows); --cols is for games named by two",
                    game_label(a.game.as_deref(), &a.rules)
                )));
            }
            Ok((rows.unwrap_or(Span { from: 0, to: 59 }), None, defaulted))
        }
        _ => {
            if a.wrap.is_some() {
                return Err(CliError::usage(
                    "--wrap lays out a one-parameter table; a two-parameter table has its columns",
                ));
            }
            let d = Span::default_for(game, 9);
            Ok((rows.unwrap_or(d), Some(cols.unwrap_or(d)), defaulted))
        }
    }
}

/// The game as the user named it, for messages: GAME, or when it was left out the one rules script that stands
/// for it (`--rules FILE` or `--moves 'EXPR'`).
pub(super) fn game_label(game: Option<&str>, rules: &crate::cli::RulesArgs) -> String {
    let text = match (game, rules.rules.as_slice(), &rules.moves) {
        (Some(g), _, _) => g.to_string(),
        (None, [file], None) => format!("--rules {}", crate::cli::as_text(file)),
        (None, [], Some(m)) => format!("--moves '{m}'"),
        (None, _, _) => rules.as_flags().trim_start().to_string(),
    };
    grundy::error::escape(&text)
}

/// The game to tabulate: the game named, or with `--slice` its slice (a game of three or more numbers with all but
/// two fixed). A game of three or more numbers without `--slice` is refused, naming the flag.
fn tabulated(a: &TableArgs) -> CliResult<Tabulated> {
    let game = super::lookup(&super::game_or_script(a.game.as_deref())?)?;
    game.normal_values_only("a table")?;
    let parameters = game.parameters();
    if parameters == 0 {
        return Err(CliError::usage(format!(
            "{}: positions of this game are not named by numbers, so it has no table",
            game.name()
        )));
    }
    match &a.slice {
        Some(spec) => Ok(Tabulated::Slice(grundy::games::line::slice(game, spec)?)),
        None if parameters > 2 => Err(CliError::usage(format!(
            "table {}: a position of this game is {parameters} numbers and a table shows two: fix the others with \
             --slice (e.g. --slice '{}': x the rows, y the columns)",
            game_label(a.game.as_deref(), &a.rules),
            slice_example(parameters)
        ))),
        None => Ok(Tabulated::Game(game)),
    }
}

/// A slice of a game of `parameters` numbers to show in a message: `x y 0 …`.
pub(super) fn slice_example(parameters: usize) -> String {
    ["x", "y"]
        .into_iter()
        .chain(std::iter::repeat_n("0", parameters.saturating_sub(2)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a table is of: a game of one or two numbers, or a slice of one of more.
enum Tabulated {
    Game(Box<dyn AnyGame>),
    Slice(grundy::games::line::Line),
}

pub fn run(a: &TableArgs) -> CliResult {
    super::load_rules(&a.rules, false)?;
    let tabulated = tabulated(a)?;
    let game: &dyn AnyGame = match &tabulated {
        Tabulated::Game(g) => &**g,
        Tabulated::Slice(s) => s,
    };
    let (rows, cols, defaulted) = ranges(a, game)?;
    let wrap = a.wrap.unwrap_or(10);
    let (mut table, stopped) = partial_table(game, rows, cols)?;
    // The values are all in: the deadline no longer ends the process while they are laid out.
    crate::guard::answering();
    if let Tabulated::Slice(s) = &tabulated {
        table = table.of_slice(s);
    }
    if defaulted {
        table = table.trim_leading();
    }
    print(a, &table, wrap)?;
    match stopped {
        Some(m) => Err(CliError::Stopped(format!("table {m}"))),
        None => Ok(()),
    }
}

/// The table of `game` over `rows` and `cols`, with a progress bar, and when a limit stopped it after some rows
/// whole, those rows and what to say on stderr (after `table ` or `pattern `): the limit, the rows valued, and how
/// to go further. The search stops a little before the command's deadline, so that the rows are printed before the
/// watchdog ends the process; the limit named is the command's own.
pub(super) fn partial_table(
    game: &dyn AnyGame,
    rows: Span,
    cols: Option<Span>,
) -> CliResult<(Table, Option<String>)> {
    let (limits, command_deadline) = crate::guard::limits_before_saving();
    let total = rows.len().saturating_mul(cols.map_or(1, |c| c.len()));
    let mut bar = Progress::new(format!("{} table", game.name()), total);
    // The table starts at its first cell: the rate counts the cells of this run from 0.
    bar.update(0);
    let cx = crate::guard::context_with(limits);
    let commands = |e: grundy::Error| match (command_deadline, limits.deadline) {
        (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
        _ => e,
    };
    let (table, stop) =
        Table::compute_partial(game, rows, cols, &cx, &mut |d| bar.update(d)).map_err(commands)?;
    bar.finish();
    let Some(e) = stop.map(commands) else {
        return Ok((table, None));
    };
    let m = format!(
        "stopped early, a partial table printed: {}: {}; to go further, raise the limit or tabulate the rows \
         still to come with --rows {}..{}",
        table.stopped.as_deref().unwrap_or("a limit"),
        crate::output::said(&e),
        table.rows.to + 1,
        rows.to
    );
    Ok((table, Some(m)))
}

/// Prints the table as `--json`, `--csv` or text (`wrap` values a line for one number).
fn print(a: &TableArgs, table: &Table, wrap: usize) -> CliResult {
    if a.json {
        let v = serde_json::to_value(table).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        return print_json(&v);
    }
    if a.csv {
        return write_stdout(table.to_csv().as_bytes());
    }
    // G(a, b), or on a slice G(x, y, 5) with x in the rows and y in the columns.
    let slice_words = match &table.slice {
        None => ("G(a, b)".to_string(), "a", "b"),
        Some(s) => {
            let words: Vec<String> = (0..s.fixed.len())
                .map(|i| match s.fixed[i] {
                    Some(v) => v.to_string(),
                    None if i == s.rows_number => "x".into(),
                    None => "y".into(),
                })
                .collect();
            (format!("G({})", words.join(", ")), "x", "y")
        }
    };
    let title = match table.cols {
        None => format!(
            "{}: nim-values G(n), n = {} ({} to a line); 0* marks a P-position\n",
            table.game, table.rows, wrap
        ),
        Some(c) => format!(
            "{}: nim-values {}, {} = {} (rows), {} = {} (columns); 0* marks a P-position{}\n",
            table.game,
            slice_words.0,
            slice_words.1,
            table.rows,
            slice_words.2,
            c,
            if table.values.iter().flatten().any(Option::is_none) {
                ", . no position"
            } else {
                ""
            }
        ),
    };
    write_stdout((title + table.to_text(wrap).as_str()).as_bytes())
}
