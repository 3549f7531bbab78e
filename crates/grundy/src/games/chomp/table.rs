//! Chomp's saved table ([`crate::table_file`]): the plain solver's memo, a diagram keyed by its row lengths.

use crate::table_file::{take, TableKey};

/// A Chomp diagram (its row lengths): the row count (`u32`), then each row's length (`u32`): 4 + 4 bytes a row.
impl TableKey for Vec<u32> {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.len() as u32).to_le_bytes());
        for r in self {
            out.extend_from_slice(&r.to_le_bytes());
        }
    }
    fn decode(input: &mut &[u8]) -> Option<Self> {
        let n = u32::from_le_bytes(take(input, 4)?.try_into().ok()?) as usize;
        if n > input.len() / 4 {
            return None;
        }
        (0..n)
            .map(|_| Some(u32::from_le_bytes(take(input, 4)?.try_into().ok()?)))
            .collect()
    }
    /// The squares of the diagram (each bite takes one square and those above and to the right of it).
    fn option_bound(&self) -> u64 {
        self.iter().map(|&r| u64::from(r)).sum()
    }
}
