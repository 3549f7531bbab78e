//! Cram's saved table ([`crate::table_file`]): a board as a table key, and the engine's own table kept in a table
//! file. Each region the engine keyed is stored as the literal board of its cells (a region of the 8 × 8 square as
//! an `8x8` board), with its nim-value or, where the engine's tests found only that, the values it does not have; the
//! engine stores a fact under a region's cells only when the board of exactly those cells has it, so these too are
//! facts by the definition. An entry takes 2 + ⌈cells / 8⌉ bytes and one for a nim-value (a 7 × 8 board's, 10; format
//! version 2 took 18 + 8).

use super::{engine_entries, engine_import, engine_nodes, Board, CramGame};
use crate::error::Result;
use crate::game::Game;
use crate::game::NotationView;
use crate::games::board_table::Known;
use crate::parts::Sum;
use crate::table_file::{read_each, take, write, write_table, SavedTable, TableKey, NOT_VALUES};
use std::path::Path;
use std::rc::Rc;

/// A board: its rows and columns (a byte each), then its empty cells (bit `r·cols + c`) in as many bytes as the
/// board has cells, low bytes first: 2 + ⌈rows·cols / 8⌉ bytes. (Versions 1 and 2 gave the cells 16 bytes:
/// [`TableKey::decode_v2`].)
impl TableKey for Board {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(self.rows);
        out.push(self.cols);
        let n = (self.rows as usize * self.cols as usize).div_ceil(8);
        out.extend_from_slice(&self.cells.to_le_bytes()[..n]);
    }
    fn decode(input: &mut &[u8]) -> Option<Self> {
        let head = take(input, 2)?;
        let (rows, cols) = (head[0], head[1]);
        let n = rows as u32 * cols as u32;
        if rows == 0 || cols == 0 || n > 128 {
            return None;
        }
        let mut bytes = [0u8; 16];
        bytes[..n.div_ceil(8) as usize].copy_from_slice(take(input, n.div_ceil(8) as usize)?);
        board(rows, cols, u128::from_le_bytes(bytes))
    }
    fn decode_v2(input: &mut &[u8]) -> Option<Self> {
        let head = take(input, 18)?;
        let cells = u128::from_le_bytes(head[2..].try_into().ok()?);
        board(head[0], head[1], cells)
    }
    /// The dominoes that fit: pairs of empty cells side by side or one above the other.
    /// (Counted a row of bits at a time: a table file's check reads it for each of its entries, a billion in a
    /// 7 × 8 table, where a count cell by cell took most of the check's time.)
    fn option_bound(&self) -> u64 {
        let (rows, cols) = (self.rows as u32, self.cols as u32);
        // Cells that are not in the last column: a horizontal domino's left cell.
        let mut left = 0u128;
        for r in 0..rows {
            left |= ((1u128 << (cols - 1)) - 1) << (r * cols);
        }
        let across = self.cells & (self.cells >> 1) & left;
        let down = self.cells & (self.cells >> cols);
        u64::from(across.count_ones() + down.count_ones())
    }
}

/// The board of `rows` × `cols` cells whose empty cells are the bits of `cells`; `None` when there is no such board
/// (no rows or columns, more than 128 cells, or a bit beyond the last cell).
fn board(rows: u8, cols: u8, cells: u128) -> Option<Board> {
    let n = rows as u32 * cols as u32;
    if rows == 0 || cols == 0 || n > 128 || (n < 128 && cells >> n != 0) {
        return None;
    }
    Some(Board { rows, cols, cells })
}

/// Cram's saved table (the catalog's [`crate::games::Caps::saved_table`] for `cram`), empty until loaded.
pub(crate) fn saved_table() -> Box<dyn SavedTable> {
    Box::new(CramTable {
        game: Rc::new(CramGame),
    })
}

/// Cram's saved table: the [`super::CramEngine`]'s own table (its exact values, each a fact about the board its key
/// stands for), so that a saved search runs at the engine's speed, 15 to 40 times the plain solver's on 5 × 6 to
/// 5 × 8 boards. Kept in the same file format, as boards of the game `cram`.
struct CramTable {
    game: Rc<CramGame>,
}

impl SavedTable for CramTable {
    fn game(&self) -> String {
        self.game.name()
    }
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()> {
        let positions = self.game.parse(words)?;
        sum.add(&self.game, positions)?;
        Ok(())
    }
    fn load(&self, path: &Path, cx: &crate::Context) -> Result<usize> {
        // Read into the engine's table, room made first for the entries the check counted.
        let n = read_each::<Board>(path, &self.game(), cx, |n, read| {
            engine_import(n as usize, &cx.limits, |put| {
                read(&mut |b, v| put(&b, cram_known(v)))
            })
        })?;
        Ok(n as usize)
    }
    fn save(&self, path: &Path) -> Result<usize> {
        let count = self.stored();
        write(path, |w| {
            engine_entries(|entries| {
                let facts = entries.filter_map(|(b, known)| cram_fact(known).map(|v| (b, v)));
                write_table::<Board, _>(w, &self.game(), count as u64, facts)
            })
        })?;
        Ok(count)
    }
    fn stored(&self) -> usize {
        engine_entries(|entries| {
            entries
                .filter(|&(_, known)| cram_fact(known).is_some())
                .count()
        })
    }
    fn expanded(&self) -> u64 {
        engine_nodes()
    }
    fn plain(&self) -> bool {
        false
    }
}

/// What a saved table's word says of a board ([`cram_fact`] read back): its value, or, flagged [`NOT_VALUES`], the
/// set of values it is known not to have.
pub(crate) fn cram_known(v: u64) -> Known {
    if v & NOT_VALUES == 0 {
        Known {
            exact: Some(v),
            not: 0,
        }
    } else {
        Known {
            exact: None,
            not: v & !NOT_VALUES,
        }
    }
}

/// What the Cram engine's table knows of a board, as a saved table writes it: its value, or the set of values it
/// is known not to have (flagged [`NOT_VALUES`]); `None` when it knows neither.
pub(crate) fn cram_fact(known: Known) -> Option<u64> {
    match known.exact {
        Some(v) => Some(v),
        // A nim-value never has bit 63 (a board has at most 256 options), so the bit marks a set.
        None => (known.not != 0 && known.not & NOT_VALUES == 0).then_some(NOT_VALUES | known.not),
    }
}
