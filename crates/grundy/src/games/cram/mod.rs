//! Cram: two players take turns placing a domino on two adjacent empty cells of a board (across a row or down a
//! column); whoever cannot place one loses (normal play). `grundy value cram 3x4` for an empty rectangle of 3 rows
//! and 4 columns, `grundy value cram FILE` for a board read from a file (one line per row, `.` an empty cell, `#`
//! a blocked one), `grundy value cram ..#./....` for the same board written inline (rows separated by `/`).
//! Several words are a sum of boards.
//!
//! **Representation.** A board is a [`Board`]: its rows and columns and a `u128` bitset of its empty cells (bit
//! `r·cols + c`), so a board has at most [`MAX_CELLS`] = 128 cells; a larger one is refused with a one-line error.
//!
//! **Why components and symmetry are exact.** A domino covers two cells that are 4-neighbours, so a placement in
//! one 4-connected region of empty cells never changes what can be placed in another: the board is the disjoint sum
//! of its regions, and by the Sprague–Grundy theorem its nim-value is the nim-sum of theirs. Each option is
//! therefore written as the sum of the regions left after the placement, each cropped to its bounding box (blocked
//! cells outside it play no part) and kept in the board's orientation, so that an option reads as the board the
//! move leaves ([`Board::regions_as_placed`]). A region of one cell has no move (value 0) and is left out of the
//! sum. Placements that leave the same sum of cropped regions (the two end columns of a `2x3`) are one option,
//! listed once. A region's moves depend only on which of its cells are adjacent, which the 8 isometries of the grid
//! (rotations by quarter turns, reflections) preserve: so where values are remembered (the search engine below,
//! and [`Board::regions`]) each region is replaced by the least encoding `(rows, cols, bits)` of its 8 images, and
//! equal regions up to symmetry share one entry.
//!
//! **The fast path.** The search engine ([`CramEngine`]) works on boards of at most 8 rows and 8 columns as `u64`
//! bitboards of the 8 × 8 square (module `small`): placements by two masks, regions by a bit flood fill, the
//! canonical form by byte swaps, bit reversals and a transpose, and three exact simplifications before a region is
//! keyed (extra tufts and bridges removed, the across edges of a 2 × 2 square with two closed corners deleted;
//! each proved in the module's docs and checked against the definition on every board within 4 × 4). Larger
//! boards take the `u128` path above. The plain [`crate::Solver`] search ([`CramGame`]'s options) uses neither.
//!
//! **The endgame database.** Every region of the fast path with at most 13 cells has its value in a table built
//! with the crate (module `endgame`: the 127,288 regions the simplifications leave of the 312,241 connected sets of
//! at most 13 cells, each valued by the definition; 1.3 MB in the binary; the `endgame-table` feature, on by
//! default), which the engine reads before its own
//! table: a search never expands a region that small. `cram 5x5` expands 384 regions instead of 1,325; 4x7 8,974
//! instead of 16,709 (one thread).
//!
//! **Cost.** A position with `k` empty cells has at most `2k` placements; each costs a flood fill and the images
//! of each region left, a few dozen word operations on the fast path. The number of distinct regions the search
//! meets grows exponentially with the board (on one core of the project machine, the value alone: `5x6` 0.04 s,
//! `5x7` 0.35 s, `5x8` 1.1 s; benches/RESULTS.md), and the memory limit of the search (the table evicts) or its
//! deadline bounds larger searches.
//!
//! **Files.** `board` holds the board, its regions and its parsing; `game` the game and its closed form; the
//! engine's regions, keys and search are in `region`, `keys` and `engine`; `small` the fast path's bitboards and
//! `endgame` the database.

use crate::board_table;

mod board;
mod engine;
// Its builders (`regions`, `values`, `layout`) are the build script's and the tests'; without the `endgame-table`
// feature only `MAX_CELLS` is read.
#[cfg_attr(any(not(test), not(feature = "endgame-table")), allow(dead_code))]
mod endgame;
mod game;
mod keys;
mod region;
mod small;
mod table;

#[cfg(test)]
use board::normalise;
pub use board::{mirror_symmetric, Board, MAX_CELLS};
pub use engine::{engine_nodes, search_value, CramEngine};
pub use game::CramGame;
pub use keys::{engine_entries, engine_import};
#[cfg(all(test, feature = "endgame-table"))]
use region::{endgame_value, ENDGAME};
pub(crate) use table::{cram_fact, cram_known, saved_table};

/// The version of the canonical form of a Cram region ([`Board::regions`]): cropped to its bounding box, the least of
/// its 8 images under the symmetries of the grid, least as a [`Board`] (rows, then columns, then cells). A frontier
/// file of a split search ([`crate::analysis::split`]) names it, and a frontier of another version is refused: its
/// components would not be the keys this version looks up.
pub const CANONICAL_FORM: u32 = 1;
