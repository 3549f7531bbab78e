//! The old path of the board searches' transposition table, which now lives below the games as
//! [`crate::board_table`] (it knows no game): everything it holds, re-exported.

pub use crate::board_table::*;
