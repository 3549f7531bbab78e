//! `grundy table GAME [--rows A..B] [--cols C..D] [--wrap K] [--csv | --json]`: the nim-values of a game whose
//! positions are named by one or two numbers, over a range, with the P-positions marked (`grundy::analysis::table`).

use crate::cli::TableArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::analysis::table::{Span, Table};
use grundy::games::AnyGame;

pub const HELP: &str = "\
grundy table — nim-values of a one- or two-parameter game over a range, P-positions marked

USAGE
  grundy table GAME [--rows A..B] [--cols C..D] [--wrap K] [--csv | --json] [--max-seconds S] [--max-memory SIZE]

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
4194304 cells. --max-seconds and --max-memory end a long table with an error (a progress bar shows on stderr).

--csv prints n,value (or a,b,value) per line, the value empty where no position; --json prints the library's
Table: game, parameters, rows {from, to}, cols, values (rows of cells, null where no position), p_positions.

EXAMPLES
  grundy table subtraction:1,3,4 --rows 0..27 --wrap 7       columns 0 and 2 are all 0*: period 7
  grundy table wythoff --rows 0..9 --cols 0..9               P-positions (0,0) (1,2) (2,1) (3,5) (5,3) ...
  grundy table cutting --rows 2..8 --cols 2..8 --csv         POJ 2311's table
  grundy table ed --rows 1..8 --cols 1..8 --json
  grundy table node-kayles --rows 1..4 --cols 1..6           Node Kayles on grid graphs
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

pub fn run(a: &TableArgs) -> CliResult {
    super::load_rules(&a.rules, false)?;
    let game = super::lookup(&super::game_or_script(a.game.as_deref())?)?;
    game.normal_values_only("a table")?;
    let parameters = game.parameters();
    if parameters == 0 {
        return Err(CliError::usage(format!(
            "{}: positions of this game are not named by one or two numbers, so it has no table",
            game.name()
        )));
    }
    let (rows, cols, defaulted) = ranges(a, &*game)?;
    let wrap = a.wrap.unwrap_or(10);
    let limits = crate::guard::limits();
    let total = rows.len().saturating_mul(cols.map_or(1, |c| c.len()));
    let mut bar = Progress::new(format!("{} table", game.name()), total);
    let mut table = Table::compute(
        &*game,
        rows,
        cols,
        &crate::guard::context_with(limits),
        &mut |d| bar.update(d),
    )?;
    bar.finish();
    if defaulted {
        table = table.trim_leading();
    }
    if a.json {
        let v = serde_json::to_value(&table).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        return print_json(&v);
    }
    if a.csv {
        return write_stdout(table.to_csv().as_bytes());
    }
    let title = match table.cols {
        None => format!(
            "{}: nim-values G(n), n = {} ({} to a line); 0* marks a P-position\n",
            table.game, table.rows, wrap
        ),
        Some(c) => format!(
            "{}: nim-values G(a, b), a = {} (rows), b = {} (columns); 0* marks a P-position{}\n",
            table.game,
            table.rows,
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
