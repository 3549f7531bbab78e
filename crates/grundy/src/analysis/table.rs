//! Tables of nim-values: a game whose positions are named by one or two whole numbers ([`crate::Tabular::parameters`],
//! [`crate::Tabular::position_at`]), valued over a range of those numbers. The one schema that `grundy table --json`,
//! `grundy pattern`, the Python bindings and pictures read: the game, the ranges, the values, and the P-positions.
//!
//! **What it computes.** For a one-parameter game (a heap game: the heap `n`) the nim-values `G(n)` for `n` in the
//! row range; for a two-parameter game (Wythoff's `(a, b)`, a `w × h` piece) `G(a, b)` for `a` in the row range and
//! `b` in the column range. Every value is exact: it comes from [`AnyGame::values_at`], which answers by the game's
//! proved closed forms and otherwise by the memoised mex search (one memo shared by the whole table; a heap game's
//! values come from its sequence, computed once by the cheapest exact method). A cell whose numbers name no
//! position (a piece with a side 0) is `None`.
//!
//! **Cost.** One value per cell (at most [`MAX_CELLS`] cells), each as costly as the game's closed form or search;
//! the search's memo is shared, so a table costs about what its largest position costs alone when the positions
//! of the table are reachable from it (as in Wythoff's game or the cutting game). Limits (time, memory, positions)
//! end the work with an error.

use crate::context::Context;
use crate::error::{Budget, Error, Result};
use crate::games::AnyGame;
use crate::nimber::Nimber;

/// The most cells a table may have (rows × columns).
pub const MAX_CELLS: u64 = 1 << 22;

/// An inclusive range of whole numbers, `from..=to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// The first number.
    pub from: u64,
    /// The last number (inclusive).
    pub to: u64,
}

impl Span {
    /// `from..=to`; an error when `from > to`.
    pub fn new(from: u64, to: u64) -> Result<Span> {
        if from > to {
            return Err(Error::input(format!(
                "the range {from}..{to} is empty (the first number must not exceed the last)"
            )));
        }
        Ok(Span { from, to })
    }

    /// The range of a table of `game` when the user gives none: `0..=usual` (the command's own default), cut to the
    /// game's [`AnyGame::table_extent`] where its search grows too fast for that (Cram, the Kayles games on grids).
    pub fn default_for(game: &dyn AnyGame, usual: u64) -> Span {
        Span {
            from: 0,
            to: game.table_extent().map_or(usual, |e| e.min(usual)),
        }
    }

    /// How many numbers the range holds (saturating).
    pub fn len(&self) -> u64 {
        (self.to - self.from).saturating_add(1)
    }

    /// Never empty ([`Span::new`] refuses an empty range); here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Reads `A..B` (or `A..=B`, the same: both ends included) or a single number `N` (meaning `0..N`). `what`
    /// names the option in errors.
    pub fn parse(text: &str, what: &str) -> Result<Span> {
        let t = text.trim();
        let (a, b) = match t.split_once("..") {
            Some((a, b)) => (a.trim(), b.trim_start_matches('=').trim()),
            None => ("0", t),
        };
        let bad = || {
            Error::input(format!(
                "{what}: expected a range A..B (both ends included, e.g. 0..20) or a number N (0..N), found '{}'",
                crate::error::escape(text)
            ))
        };
        if a.is_empty() || b.is_empty() {
            return Err(bad());
        }
        let from = crate::error::parse_u64(a, what)?;
        let to = crate::error::parse_u64(b, what)?;
        Span::new(from, to).map_err(|e| e.context(what.to_string()))
    }
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..={}", self.from, self.to)
    }
}

/// The nim-values of a one- or two-parameter game over a range: the schema of `grundy table --json`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table {
    /// The game's name.
    pub game: String,
    /// How many numbers name a position: 1 (`G(n)`) or 2 (`G(a, b)`).
    pub parameters: usize,
    /// The numbers `n` (one parameter) or the first numbers `a` (two parameters), one row each.
    pub rows: Span,
    /// The second numbers `b` (two parameters), one column each; `None` for one parameter.
    pub cols: Option<Span>,
    /// `values[i][j]`: the nim-value of the position named by row `rows.from + i` and column `cols.from + j` (one
    /// value per row for one parameter); `None` where the numbers name no position.
    pub values: Vec<Vec<Option<Nimber>>>,
    /// The P-positions (nim-value 0) of the table, as their numbers (`[n]` or `[a, b]`), row by row.
    pub p_positions: Vec<Vec<u64>>,
    /// For a table of a game of three or more numbers, the slice of it tabulated ([`Table::compute_slice`]);
    /// absent (`None`) otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice: Option<TableSlice>,
    /// When a limit stopped the work before the last row ([`Table::compute_partial`]): which limit, after which
    /// row, and the rows valued of those asked (`time limit after row 37 (rows 0..=37 of 0..=99 valued)`); the
    /// table holds the rows valued. Absent (`None`) for a whole table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// Which slice of a game of three or more numbers a table shows: every number fixed but two, one in the rows and
/// one in the columns ([`crate::games::line::slice`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableSlice {
    /// The game sliced (the table's `game` is the slice's name, `cutting3 (x, y, 5)`).
    pub game: String,
    /// A position's numbers: each fixed number, `None` (JSON `null`) for the two that vary.
    pub fixed: Vec<Option<u64>>,
    /// The index (from 0) among a position's numbers of the one in the rows (`x`).
    pub rows_number: usize,
    /// The index (from 0) among a position's numbers of the one in the columns (`y`).
    pub cols_number: usize,
}

impl TableSlice {
    /// The position named by row `a` and column `b` of the slice: the game's own numbers.
    pub fn position(&self, a: u64, b: u64) -> Vec<u64> {
        let mut p: Vec<u64> = self.fixed.iter().map(|f| f.unwrap_or(0)).collect();
        p[self.rows_number] = a;
        p[self.cols_number] = b;
        p
    }
}

impl Table {
    /// Values `game` over `rows` (and `cols`, for a two-parameter game), within the context `cx`. `progress` is called with
    /// the number of cells done. An error when the game has no table, when `cols` is given for a one-parameter game
    /// or missing for a two-parameter one, when the table has more than [`MAX_CELLS`] cells, and when a position
    /// fails validation or a limit.
    pub fn compute(
        game: &dyn AnyGame,
        rows: Span,
        cols: Option<Span>,
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Table> {
        let (table, stop) = Table::compute_partial(game, rows, cols, cx, progress)?;
        match stop {
            Some(e) => Err(e),
            None => Ok(table),
        }
    }

    /// [`Table::compute`], keeping the rows valued before a limit (time, memory, positions) stopped the work: then
    /// the table of those rows, its [`Table::stopped`] saying so, and the error that stopped it (`Ok((table,
    /// None))` when the whole table was valued). A limit reached before one row was whole is an error, and so is
    /// anything else [`Table::compute`] refuses. A game that values its cells all at once (a heap game from its
    /// sequence, a script of several numbers from its dense table) keeps no row.
    pub fn compute_partial(
        game: &dyn AnyGame,
        rows: Span,
        cols: Option<Span>,
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(Table, Option<Error>)> {
        let parameters = game.parameters();
        let name = game.name();
        match (parameters, cols) {
            (0, _) => {
                return Err(Error::input(format!(
                    "{name}: positions of this game are not named by one or two numbers, so it has no table"
                )))
            }
            (1, Some(_)) => {
                return Err(Error::input(format!(
                    "{name}: a position is named by one number (the rows), so a table of it has no columns"
                )))
            }
            (2, None) => {
                return Err(Error::input(format!(
                    "{name}: a position is named by two numbers: give the columns too"
                )))
            }
            (1, None) | (2, Some(_)) => {}
            (k, _) => {
                return Err(Error::unsupported(format!(
                    "{name}: a table shows positions named by one or two numbers, and a position of this game is {k}: \
                     tabulate a slice of it, every number fixed but two"
                )))
            }
        }
        let width = cols.map_or(1, |c| c.len());
        let cells = rows.len().saturating_mul(width);
        if cells > MAX_CELLS {
            return Err(Error::limit(format!(
                "a table of {} rows and {width} columns has {cells} cells, more than the {MAX_CELLS} allowed",
                rows.len()
            )));
        }
        let mut stopped = None;
        let mut named = Vec::with_capacity(cells as usize);
        for a in rows.from..=rows.to {
            match cols {
                None => named.push(vec![a]),
                Some(c) => named.extend((c.from..=c.to).map(|b| vec![a, b])),
            }
        }
        let mut flat = Vec::with_capacity(named.len());
        let mut rows = rows;
        let mut stop = None;
        if let Err(e) = game.values_into(&named, cx, progress, &mut flat) {
            let whole = flat.len() as u64 / width;
            if e.budget().is_none() || whole == 0 {
                return Err(e);
            }
            let asked = rows;
            rows.to = rows.from + whole - 1;
            flat.truncate((whole * width) as usize);
            named.truncate(flat.len());
            stopped = Some(format!(
                "{} after row {} (rows {rows} of {asked} valued)",
                match e.budget() {
                    Some(Budget::Time(_)) => "time limit",
                    Some(Budget::Memory(_)) => "memory limit",
                    _ => "position limit",
                },
                rows.to
            ));
            stop = Some(e);
        }
        let values: Vec<Vec<Option<Nimber>>> = flat
            .chunks(width as usize)
            .map(<[Option<Nimber>]>::to_vec)
            .collect();
        let p_positions = named
            .into_iter()
            .zip(&flat)
            .filter(|(_, v)| **v == Some(0))
            .map(|(c, _)| c)
            .collect();
        Ok((
            Table {
                game: name,
                parameters,
                rows,
                cols,
                values,
                p_positions,
                slice: None,
                stopped,
            },
            stop,
        ))
    }

    /// The table of `slice` (a game of three or more numbers with all but two fixed, [`crate::games::line::slice`])
    /// over `rows` (its `x`) and `cols` (its `y`), as [`Table::compute`] computes it, the slice named in
    /// [`Table::slice`]: every value is the game's own at the position the slice names.
    pub fn compute_slice(
        slice: &crate::games::line::Line,
        rows: Span,
        cols: Span,
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Table> {
        Ok(Table::compute(slice, rows, Some(cols), cx, progress)?.of_slice(slice))
    }

    /// The table, computed of `slice` ([`Table::compute_partial`] of it), with [`Table::slice`] naming it.
    pub fn of_slice(mut self, slice: &crate::games::line::Line) -> Table {
        self.slice = Some(TableSlice {
            game: slice.game_name(),
            fixed: slice.fixed().to_vec(),
            rows_number: slice.free()[0],
            cols_number: slice.free()[1],
        });
        self
    }

    /// The value of the cell named `(a, b)` (`b` ignored for one parameter), `None` outside the table or where the
    /// numbers name no position.
    pub fn get(&self, a: u64, b: u64) -> Option<Nimber> {
        if a < self.rows.from || a > self.rows.to {
            return None;
        }
        let row = &self.values[(a - self.rows.from) as usize];
        match self.cols {
            None => row[0],
            Some(c) if (c.from..=c.to).contains(&b) => row[(b - c.from) as usize],
            Some(_) => None,
        }
    }

    /// The table without its leading rows (and columns) in which no cell names a position: a piece of the
    /// cutting game has sides of at least 2, so a table from 0 starts at 2. A table with no position is kept whole.
    pub fn trim_leading(&self) -> Table {
        let row_used = |i: usize| self.values[i].iter().any(Option::is_some);
        let Some(r0) = (0..self.values.len()).find(|&i| row_used(i)) else {
            return self.clone();
        };
        let width = self.values[0].len();
        let c0 = (0..width)
            .find(|&j| self.values.iter().any(|r| r[j].is_some()))
            .unwrap_or(0);
        let rows = Span {
            from: self.rows.from + r0 as u64,
            to: self.rows.to,
        };
        let cols = self.cols.map(|c| Span {
            from: c.from + c0 as u64,
            to: c.to,
        });
        Table {
            game: self.game.clone(),
            parameters: self.parameters,
            rows,
            cols,
            values: self.values[r0..].iter().map(|r| r[c0..].to_vec()).collect(),
            p_positions: self
                .p_positions
                .iter()
                .filter(|p| p[0] >= rows.from && cols.is_none_or(|c| p[1] >= c.from))
                .cloned()
                .collect(),
            slice: self.slice.clone(),
            stopped: self.stopped.clone(),
        }
    }

    /// The first `rows` rows and `cols` columns of the table, as a table of its own.
    pub fn corner(&self, rows: u64, cols: u64) -> Table {
        let r = Span {
            from: self.rows.from,
            to: self.rows.to.min(self.rows.from + rows.max(1) - 1),
        };
        let c = self.cols.map(|c| Span {
            from: c.from,
            to: c.to.min(c.from + cols.max(1) - 1),
        });
        let w = c.map_or(1, |c| c.len()) as usize;
        let values: Vec<Vec<Option<Nimber>>> = self.values[..r.len() as usize]
            .iter()
            .map(|row| row[..w].to_vec())
            .collect();
        let p_positions = self
            .p_positions
            .iter()
            .filter(|p| p[0] <= r.to && c.is_none_or(|c| p[1] <= c.to))
            .cloned()
            .collect();
        Table {
            game: self.game.clone(),
            parameters: self.parameters,
            rows: r,
            cols: c,
            values,
            p_positions,
            slice: self.slice.clone(),
            stopped: self.stopped.clone(),
        }
    }

    /// The table as text for people: a grid with the row numbers on the left and the column numbers on top, each
    /// P-position written `0*`, and `.` where the numbers name no position. A one-parameter table is laid out
    /// `wrap` values to a line (the row label is the first `n` of the line), so that a period of `wrap` shows as
    /// equal columns.
    pub fn to_text(&self, wrap: usize) -> String {
        let cell = |v: Option<Nimber>| match v {
            None => ".".to_string(),
            Some(0) => "0*".to_string(),
            Some(v) => v.to_string(),
        };
        let mut out = String::new();
        match self.cols {
            None => {
                let wrap = wrap.max(1);
                let all: Vec<String> = self.values.iter().map(|r| cell(r[0])).collect();
                let w = all
                    .iter()
                    .map(String::len)
                    .max()
                    .unwrap_or(1)
                    .max((wrap as u64 - 1).to_string().len() + 1);
                let label = self.rows.to.to_string().len().max(1);
                out.push_str(&format!("{:>label$} |", "n"));
                for j in 0..wrap.min(all.len()) {
                    out.push_str(&format!(" {:>w$}", format!("+{j}")));
                }
                out.push('\n');
                for (i, chunk) in all.chunks(wrap).enumerate() {
                    let n = self.rows.from + (i * wrap) as u64;
                    out.push_str(&format!("{n:>label$} |"));
                    for c in chunk {
                        out.push_str(&format!(" {c:>w$}"));
                    }
                    out.push('\n');
                }
            }
            Some(c) => {
                let all: Vec<Vec<String>> = self
                    .values
                    .iter()
                    .map(|r| r.iter().map(|&v| cell(v)).collect())
                    .collect();
                let w = all
                    .iter()
                    .flatten()
                    .map(String::len)
                    .max()
                    .unwrap_or(1)
                    .max(c.to.to_string().len());
                let label = self.rows.to.to_string().len().max(3);
                let corner = if self.slice.is_some() { "x\\y" } else { "a\\b" };
                out.push_str(&format!("{corner:>label$} |"));
                for b in c.from..=c.to {
                    out.push_str(&format!(" {b:>w$}"));
                }
                out.push('\n');
                for (i, row) in all.iter().enumerate() {
                    out.push_str(&format!("{:>label$} |", self.rows.from + i as u64));
                    for v in row {
                        out.push_str(&format!(" {v:>w$}"));
                    }
                    out.push('\n');
                }
            }
        }
        out
    }

    /// The table as CSV: a header line, then one line per cell (`n,value`, `a,b,value`, or `x,y,value` for a slice:
    /// its x and y), an empty value where the numbers name no position.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        match self.cols {
            None => {
                out.push_str("n,value\n");
                for (i, r) in self.values.iter().enumerate() {
                    let v = r[0].map_or(String::new(), |v| v.to_string());
                    out.push_str(&format!("{},{v}\n", self.rows.from + i as u64));
                }
            }
            Some(c) => {
                out.push_str(if self.slice.is_some() {
                    "x,y,value\n"
                } else {
                    "a,b,value\n"
                });
                for (i, r) in self.values.iter().enumerate() {
                    for (j, v) in r.iter().enumerate() {
                        let v = v.map_or(String::new(), |v| v.to_string());
                        out.push_str(&format!(
                            "{},{},{v}\n",
                            self.rows.from + i as u64,
                            c.from + j as u64
                        ));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lookup;

    /// A limit reached after some rows keeps them, the same values as the whole table's, and says so; a limit
    /// reached before one row is whole is an error.
    #[test]
    fn a_limit_keeps_the_rows_valued() {
        // Node Kayles on grid graphs searches cell by cell, one memo for the table: 30 positions hold its first rows.
        let game = lookup("node-kayles").unwrap();
        let span = Span::new(1, 5).unwrap();
        let whole =
            Table::compute(&*game, span, Some(span), &Context::default(), &mut |_| {}).unwrap();
        let cx = |n| {
            Context::new(crate::Limits {
                max_positions: n,
                ..crate::Limits::default()
            })
        };
        let (t, stop) =
            Table::compute_partial(&*game, span, Some(span), &cx(30), &mut |_| {}).unwrap();
        let e = stop.expect("stopped by the position limit");
        assert!(matches!(e.budget(), Some(Budget::Positions(30))), "{e}");
        assert!(t.rows.from == 1 && t.rows.to < 5, "{:?}", t.rows);
        assert_eq!(
            t.stopped.as_deref().unwrap(),
            format!(
                "position limit after row {} (rows 1..={} of 1..=5 valued)",
                t.rows.to, t.rows.to
            )
        );
        assert_eq!(t.values.len() as u64, t.rows.len());
        assert_eq!(t.values[..], whole.values[..t.values.len()]);
        assert!(!t.p_positions.is_empty() && t.p_positions.iter().all(|p| p[0] <= t.rows.to));
        assert_eq!(t.trim_leading().stopped, t.stopped);
        assert!(Table::compute(&*game, span, Some(span), &cx(30), &mut |_| {}).is_err());
        // No row whole: an error, not an empty table.
        assert!(Table::compute_partial(&*game, span, Some(span), &cx(2), &mut |_| {}).is_err());
        assert_eq!(whole.stopped, None);
    }

    #[test]
    fn spans_parse_and_refuse() {
        assert_eq!(
            Span::parse("2..5", "--rows").unwrap(),
            Span { from: 2, to: 5 }
        );
        assert_eq!(
            Span::parse("2..=5", "--rows").unwrap(),
            Span { from: 2, to: 5 }
        );
        assert_eq!(Span::parse("7", "--rows").unwrap(), Span { from: 0, to: 7 });
        for bad in ["5..2", "..3", "3..", "a..b", "-1..3", "1...3"] {
            assert!(Span::parse(bad, "--rows").is_err(), "{bad}");
        }
        assert_eq!(Span::new(0, u64::MAX).unwrap().len(), u64::MAX);
    }

    #[test]
    fn heap_and_pair_tables() {
        let l = Context::default();
        let s = lookup("subtraction:1,3,4").unwrap();
        let t = Table::compute(&*s, Span::new(0, 13).unwrap(), None, &l, &mut |_| {}).unwrap();
        let v: Vec<Nimber> = t.values.iter().map(|r| r[0].unwrap()).collect();
        assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(t.p_positions, [[0], [2], [7], [9]]);
        assert!(t.to_text(7).contains("7 |"));
        assert!(t.to_csv().starts_with("n,value\n0,0\n1,1\n"));
        assert!(Table::compute(
            &*s,
            Span::new(0, 3).unwrap(),
            Some(Span::new(0, 3).unwrap()),
            &l,
            &mut |_| {}
        )
        .is_err());

        let w = lookup("wythoff").unwrap();
        let t = Table::compute(
            &*w,
            Span::new(0, 5).unwrap(),
            Some(Span::new(0, 5).unwrap()),
            &l,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(t.get(1, 2), Some(0));
        assert_eq!(t.get(3, 5), Some(0));
        assert_eq!(t.get(2, 2), Some(1));
        assert_eq!(
            t.p_positions,
            [vec![0, 0], vec![1, 2], vec![2, 1], vec![3, 5], vec![5, 3]]
        );
        assert!(Table::compute(&*w, Span::new(0, 5).unwrap(), None, &l, &mut |_| {}).is_err());
        let big = Span::new(0, 1 << 12).unwrap();
        assert!(Table::compute(&*w, big, Some(big), &l, &mut |_| {})
            .unwrap_err()
            .message()
            .contains("cells"));

        let c = lookup("cutting").unwrap();
        let t = Table::compute(
            &*c,
            Span::new(1, 3).unwrap(),
            Some(Span::new(1, 4).unwrap()),
            &l,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(t.values[0], [None; 4]);
        assert_eq!(t.values[1], [None, Some(0), Some(0), Some(1)]);
        assert!(t.to_text(10).contains(" . "));
        assert_eq!(
            t.corner(2, 2).values,
            [vec![None, None], vec![None, Some(0)]]
        );
        let trimmed = t.trim_leading();
        assert_eq!(
            (trimmed.rows, trimmed.cols),
            (Span::new(2, 3).unwrap(), Some(Span::new(2, 4).unwrap()))
        );
        assert_eq!(trimmed.values[0], [Some(0), Some(0), Some(1)]);
        assert_eq!(trimmed.get(2, 4), Some(1));
        assert!(Table::compute(
            &*lookup("chessmen").unwrap(),
            Span::new(0, 1).unwrap(),
            None,
            &l,
            &mut |_| {}
        )
        .is_err());
        assert!(Table::compute(
            &*lookup("arpa").unwrap(),
            Span::new(0, 1).unwrap(),
            None,
            &l,
            &mut |_| {}
        )
        .is_err());
    }
}
