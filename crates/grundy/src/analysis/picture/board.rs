//! A board position as a picture: a grid of cells, each drawn by what it is (a Cram board's empty and blocked
//! cells; a Chomp bar's squares, the squares eaten, and the poisoned square, crossed). Row 0 is at the top, column 0
//! at the left, as the games write their positions. Each cell is an SVG `<rect class="cell">` with `data-r` and
//! `data-c` (from 0) and `data-cell` (its [`Cell`] in lowercase).

use super::scene::{fit, text_width, Anchor, Rgb, Scene, LINE};
use super::Size;
use crate::error::{Error, Result};
use crate::game::{Game, Notation};
use crate::games::chomp::ChompGame;
use crate::games::cram::{Board, CramGame};

/// What a cell of a board is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// An empty cell, where a move may go (Cram's `.`).
    Empty,
    /// A blocked cell (Cram's `#`).
    Blocked,
    /// A square still there (Chomp).
    Square,
    /// Chomp's poisoned square: whoever eats it loses.
    Poison,
    /// A square eaten, or outside the bar (Chomp).
    Eaten,
}

impl Cell {
    fn name(self) -> &'static str {
        match self {
            Cell::Empty => "empty",
            Cell::Blocked => "blocked",
            Cell::Square => "square",
            Cell::Poison => "poison",
            Cell::Eaten => "eaten",
        }
    }
    pub(crate) fn fill(self) -> Rgb {
        match self {
            Cell::Empty => Rgb::WHITE,
            Cell::Blocked => Rgb(64, 64, 64),
            Cell::Square => Rgb(123, 74, 38),
            Cell::Poison => Rgb(200, 30, 30),
            Cell::Eaten => Rgb(243, 237, 228),
        }
    }
    fn legend(self) -> &'static str {
        match self {
            Cell::Empty => "empty cell",
            Cell::Blocked => "blocked cell",
            Cell::Square => "square",
            Cell::Poison => "poisoned square",
            Cell::Eaten => "eaten",
        }
    }
}

/// The most cells a grid may have (a Chomp bar of more is too large to draw cell by cell).
pub const MAX_GRID_CELLS: u64 = 1 << 20;

/// A board position as a grid of cells: what [`board`] draws.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Grid {
    /// The game's name.
    pub game: String,
    /// The position as the game writes it (`3x4`, `..#./....`, `4 4 2 1`).
    pub position: String,
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The cells, row by row (`rows × cols` of them).
    pub cells: Vec<Cell>,
}

impl Grid {
    /// A Cram board: its empty and blocked cells.
    pub fn cram(b: &Board) -> Grid {
        let (rows, cols) = (b.rows as usize, b.cols as usize);
        let cells = (0..rows * cols)
            .map(|i| {
                if b.is_empty(i / cols, i % cols) {
                    Cell::Empty
                } else {
                    Cell::Blocked
                }
            })
            .collect();
        Grid {
            game: "cram".into(),
            position: CramGame.show(b),
            rows,
            cols,
            cells,
        }
    }

    /// A Chomp bar given by its row lengths (non-increasing, each at least 1): its squares, the poisoned one at row
    /// 0, column 0, and the squares eaten from the rectangle around it. An error for rows that are no position, or
    /// for a bar of more than [`MAX_GRID_CELLS`] cells.
    pub fn chomp(lengths: &[u32]) -> Result<Grid> {
        let lengths = lengths.to_vec();
        ChompGame.validate(&lengths)?;
        let (rows, cols) = (lengths.len(), lengths[0] as usize);
        check_cells(rows, cols)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, &len) in lengths.iter().enumerate() {
            for c in 0..cols {
                cells.push(match (r, c) {
                    (0, 0) => Cell::Poison,
                    _ if c < len as usize => Cell::Square,
                    _ => Cell::Eaten,
                });
            }
        }
        Ok(Grid {
            game: "chomp".into(),
            position: ChompGame.show(&lengths),
            rows,
            cols,
            cells,
        })
    }

    /// The grid of one position of `game` (`cram` or `chomp`) written as the game writes it (`3x4`, `..#./....`,
    /// `4 4 2 1`; a Cram board may be a file's name). An error for another game, for words that are no position,
    /// and for several Cram boards (a sum: a picture shows one).
    pub fn parse(game: &str, words: &[String]) -> Result<Grid> {
        match game.trim().to_ascii_lowercase().as_str() {
            "cram" => {
                let boards = CramGame.parse(words).expect("cram has a notation")?;
                match boards.as_slice() {
                    [b] => Ok(Grid::cram(b)),
                    _ => Err(Error::input(format!(
                        "cram: {} boards are a sum; a picture shows one board",
                        boards.len()
                    ))),
                }
            }
            "chomp" => {
                let bars = ChompGame.parse(words).expect("chomp has a notation")?;
                Grid::chomp(&bars[0])
            }
            other => Err(Error::unsupported(format!(
                "{}: its positions have no board picture (cram and chomp have)",
                crate::error::escape(other)
            ))),
        }
    }

    /// The cell in row `r`, column `c` (from 0).
    pub fn cell(&self, r: usize, c: usize) -> Cell {
        self.cells[r * self.cols + c]
    }

    /// How many cells are `kind`.
    pub fn count(&self, kind: Cell) -> usize {
        self.cells.iter().filter(|&&c| c == kind).count()
    }
}

fn check_cells(rows: usize, cols: usize) -> Result<()> {
    let n = (rows as u64).saturating_mul(cols as u64);
    if n > MAX_GRID_CELLS {
        return Err(Error::input(format!(
            "a board of {rows} x {cols} cells is too large to draw (at most {MAX_GRID_CELLS} cells)"
        )));
    }
    Ok(())
}

/// How a board is drawn: the picture's size and its header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardStyle {
    /// The picture's size.
    pub size: Size,
    /// The first line of the header.
    pub title: String,
    /// The second line.
    pub subtitle: String,
}

impl BoardStyle {
    /// The header of `grid`: the game and position, then its rows, columns and the cells a move may take, on a
    /// picture of [`Size::BOARD`].
    pub fn new(grid: &Grid) -> BoardStyle {
        let (r, c) = (grid.rows as u64, grid.cols as u64);
        let shape = format!(
            "{r} row{}, {c} column{}",
            crate::error::plural(r),
            crate::error::plural(c)
        );
        let subtitle = match grid.game.as_str() {
            "chomp" => {
                let n = (grid.count(Cell::Square) + 1) as u64;
                format!(
                    "{shape}; {n} square{} with the poisoned one",
                    crate::error::plural(n)
                )
            }
            _ => {
                let n = grid.count(Cell::Empty) as u64;
                format!("{shape}; {n} empty cell{}", crate::error::plural(n))
            }
        };
        BoardStyle {
            size: Size::BOARD,
            title: format!("{} {}", grid.game, grid.position),
            subtitle,
        }
    }
}

const INK: Rgb = Rgb(40, 40, 40);
const LINES: Rgb = Rgb(90, 90, 90);
const TOP: i64 = 56;
const MARGIN: i64 = 16;
/// The room under the grid for the legend.
const LEGEND: i64 = 36;
/// The largest cell, in pixels.
const MOST: i64 = 64;
/// The smallest cell: a cell of fewer pixels would not show its colour between the lines.
const LEAST: i64 = 4;

/// The picture of `grid`, centred under its header, with row and column numbers (from 1, as moves are described)
/// where the cells leave room for them and a legend of the kinds of cells drawn. An error when the grid has no
/// cell or its cells do not fit the picture at 4 pixels each.
pub fn board(grid: &Grid, style: &BoardStyle) -> Result<Scene> {
    let (w, h) = (style.size.width as i64, style.size.height as i64);
    let (rows, cols) = (grid.rows as i64, grid.cols as i64);
    if rows == 0 || cols == 0 || grid.cells.len() as u64 != rows as u64 * cols as u64 {
        return Err(Error::input(format!(
            "a grid of {} cells is not {rows} x {cols}",
            grid.cells.len()
        )));
    }
    let label = text_width(&rows.max(cols).to_string()) + 8;
    let (pw, ph) = (w - 2 * MARGIN - label, h - TOP - LINE - 4 - LEGEND);
    let cs = (pw / cols).min(ph / rows).min(MOST);
    if cs < LEAST {
        return Err(Error::input(format!(
            "a board of {rows} x {cols} cells does not fit a picture of {w}x{h} pixels ({LEAST} pixels per cell at \
             least): a larger picture fits it"
        )));
    }
    let mut scene = Scene::new(
        style.size.width,
        style.size.height,
        format!("{} ({})", style.title, style.subtitle),
    );
    let room = w - 2 * MARGIN;
    scene.text(MARGIN, 6, fit(&style.title, room), INK, Anchor::Start);
    scene.text(MARGIN, 26, fit(&style.subtitle, room), INK, Anchor::Start);
    // The grid, centred in the room left of it.
    let (gw, gh) = (cols * cs + 1, rows * cs + 1);
    let x0 = MARGIN + label + (pw - gw) / 2;
    let y0 = TOP + LINE + 4 + (ph - gh) / 2;
    numbers(&mut scene, (x0, y0), cs, rows, cols);
    scene.rect(x0, y0, gw, gh, LINES);
    for r in 0..rows {
        for c in 0..cols {
            let cell = grid.cell(r as usize, c as usize);
            let (x, y) = (x0 + c * cs + 1, y0 + r * cs + 1);
            scene.mark(
                x,
                y,
                cs - 1,
                cs - 1,
                cell.fill(),
                "cell",
                format!(
                    "data-r=\"{r}\" data-c=\"{c}\" data-cell=\"{}\"",
                    cell.name()
                ),
            );
            if cell == Cell::Poison {
                cross(&mut scene, x, y, cs - 1);
            }
        }
    }
    legend(&mut scene, grid, h - LEGEND + 12, w);
    Ok(scene)
}

/// Row numbers left of the grid and column numbers above it, from 1, every k-th so that they do not overlap.
fn numbers(scene: &mut Scene, (x0, y0): (i64, i64), cs: i64, rows: i64, cols: i64) {
    let col_step = ((text_width(&cols.to_string()) + 6 + cs - 1) / cs).max(1);
    let row_step = ((LINE + cs - 1) / cs).max(1);
    for c in (0..cols).step_by(col_step as usize) {
        let x = x0 + c * cs + cs / 2;
        scene.text(x, y0 - LINE - 2, (c + 1).to_string(), INK, Anchor::Middle);
    }
    for r in (0..rows).step_by(row_step as usize) {
        let y = y0 + r * cs + cs / 2 - LINE / 2;
        scene.text(x0 - 6, y, (r + 1).to_string(), INK, Anchor::End);
    }
}

/// A white cross over the poisoned square (its two diagonals, two pixels thick), inside a margin of a fifth.
fn cross(scene: &mut Scene, x: i64, y: i64, side: i64) {
    let m = side / 5;
    let n = side - 2 * m;
    let t = if side >= 12 { 2 } else { 1 };
    for k in 0..n.saturating_sub(t - 1) {
        scene.rect(x + m + k, y + m + k, t, t, Rgb::WHITE);
        scene.rect(x + m + k, y + m + n - t - k, t, t, Rgb::WHITE);
    }
}

/// A swatch and words for each kind of cell the grid has, in one line at `y`.
fn legend(scene: &mut Scene, grid: &Grid, y: i64, w: i64) {
    let mut x = MARGIN;
    for kind in [
        Cell::Empty,
        Cell::Blocked,
        Cell::Square,
        Cell::Poison,
        Cell::Eaten,
    ] {
        if grid.count(kind) == 0 {
            continue;
        }
        let words = kind.legend();
        if x + 18 + text_width(words) > w - MARGIN {
            break;
        }
        scene.rect(x, y + 1, 14, 14, LINES);
        scene.rect(x + 1, y + 2, 12, 12, kind.fill());
        if kind == Cell::Poison {
            cross(scene, x + 1, y + 2, 12);
        }
        scene.text(x + 20, y, words, INK, Anchor::Start);
        x += 20 + text_width(words) + 24;
    }
}
