//! The keys of the engine's table as boards: the board a key stands for ([`board_of_key`]) and back, the compact
//! keys of wide regions, and the reading and writing of what this thread's engine knows (for a saved table).

use super::board_table::{self, BoardTable, Key};
use super::engine::{with_engine, with_engine_as_is};
use super::region::Region;
use super::{Board, MAX_CELLS};
use crate::context::Context;
use crate::solver::Limits;

/// The board a key of the engine's table stands for: a compact key is the cells of a region in the 8 × 8 square
/// (bit `8·r + c`, [`small`]), any other the cells of a board of its shape. Either way the entry is a fact about
/// that literal board (its nim-value), whatever canonical form or simplification led the engine to it: the engine
/// stores a value under a region's key only when the region with exactly those cells has it.
pub(super) fn board_of_key(k: &Key) -> Option<Board> {
    let shape = k.tag & !(1 << 31);
    let (rows, cols, cells) = if shape == board_table::COMPACT_TAG {
        if k.lo & 0xff == 0 {
            return board_of_wide_key(k.lo);
        }
        (8, 8, u128::from(k.lo))
    } else {
        (
            (shape >> 8) as u8,
            shape as u8,
            u128::from(k.hi) << 64 | u128::from(k.lo),
        )
    };
    let n = rows as u32 * cols as u32;
    (rows > 0 && cols > 0 && n <= MAX_CELLS as u32 && (n == 128 || cells >> n == 0))
        .then_some(Board { rows, cols, cells })
}

/// The key of the engine's table for `b` (the inverse of [`board_of_key`]), as the engine keys it
/// ([`Region::key`]): boards in the 8 × 8 square and small boards past it are compact keys.
pub(super) fn key_of_board(b: &Board) -> Key {
    b.key()
}

/// The compact key of a normalised region past the 8 × 8 square (more than 8 columns; it has at most as many
/// rows as columns) whose bounding box holds at most 47 cells: its cells row by row from bit 17, its rows from bit
/// 14, its columns from bit 8, and bits 0–7 clear. No key of a region of the square has its low byte clear (its
/// first row holds a cell), so the two kinds never meet. Such regions share the compact part, and its part shared
/// between threads, with the square's.
pub(super) fn wide_key(b: &Board) -> Option<u64> {
    let (rows, cols) = (u64::from(b.rows), u64::from(b.cols));
    (cols > 8 && rows < 8 && rows * cols <= 47 && b.cells != 0)
        .then_some((b.cells as u64) << 17 | rows << 14 | cols << 8)
}

/// The region of a compact key made by [`wide_key`], if it is one.
pub(super) fn board_of_wide_key(k: u64) -> Option<Board> {
    let (rows, cols) = ((k >> 14 & 7) as u8, (k >> 8 & 63) as u8);
    let cells = u128::from(k >> 17);
    let n = u32::from(rows) * u32::from(cols);
    (k & 0xff == 0 && cols > 8 && rows > 0 && n <= 47 && cells >> n == 0 && cells != 0)
        .then_some(Board { rows, cols, cells })
}

/// Runs `f` on what this thread's engine knows, as boards (for a saved table, [`crate::table_file`]): each board's
/// exact value, or the values it is known not to have ([`board_table::Known`]). Nothing is collected: a table of
/// gigabytes is written as it is read.
pub fn engine_entries<T>(
    f: impl FnOnce(&mut dyn Iterator<Item = (Board, board_table::Known)>) -> T,
) -> T {
    with_engine_as_is(|e| {
        let mut entries = e
            .table
            .entries()
            .filter_map(|(k, known)| Some((board_of_key(&k)?, known)));
        f(&mut entries)
    })
}

/// Runs `body` with a function that puts one fact read from a saved table into this thread's engine (a fact
/// about its board; an entry that does not fit is dropped or evicts another, as the table's capacity decides),
/// after room is made for `count` of them. The engine is made (or remade) for `limits`, those of the search that
/// follows, so that the table read is not moved again when the search starts.
pub fn engine_import<T>(
    count: usize,
    limits: &Limits,
    body: impl FnOnce(&mut dyn FnMut(&Board, board_table::Known)) -> T,
) -> T {
    with_engine(&Context::new(*limits), |e| {
        e.table.reserve_compact(count);
        body(&mut |b, known| set_known(&mut e.table, &key_of_board(b), known))
    })
}

/// Records in `table` what `known` says of `k` (its value, or the values it does not have), as facts of the least
/// work (the first evicted).
pub(super) fn set_known(table: &mut BoardTable, k: &Key, known: board_table::Known) {
    match known.exact {
        Some(v) => table.set_exact(k, v, 1),
        None => {
            for v in (0..64).filter(|v| known.not >> v & 1 == 1) {
                table.set_not(k, v, 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::engine::engine_tests::boards;
    use crate::games::cram::region::Region;

    #[test]
    fn wide_keys_name_one_region_and_never_a_region_of_the_square() {
        // Every region of 2 or 3 rows and 9 to 15 columns with at most 47 cells in its box: a compact key with a
        // clear low byte, read back as the same region; keys of regions of the square have a cell in their first
        // row, so a set low byte.
        let mut seen = std::collections::HashSet::new();
        for b in boards(400, 0x1234_5678, (2, 2), (9, 7), (4, 8)) {
            for r in b.regions() {
                let k = r.key();
                if r.as_small().is_some() {
                    assert_ne!(k.lo & 0xff, 0, "{}", r.show_rows());
                    continue;
                }
                if u32::from(r.rows) * u32::from(r.cols) > 47 {
                    assert!(!k.is_compact(), "{}", r.show_rows());
                    continue;
                }
                assert!(k.is_compact() && k.lo & 0xff == 0, "{}", r.show_rows());
                assert_eq!(board_of_key(&k), Some(r));
                assert_eq!(key_of_board(&r), k);
                seen.insert(k.lo);
            }
        }
        assert!(seen.len() > 100, "{} wide regions", seen.len());
    }
}
