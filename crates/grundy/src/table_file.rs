//! Saved transposition tables: a finished (or interrupted) search's memo written to a file, and read back into a
//! [`Solver`] so that a long search resumes and a finished table serves later queries.
//!
//! **What is stored.** Every entry of the solver's memo: a position in its canonical form (the key the solver
//! itself uses: a Cram region in its least symmetric image, a Chomp diagram as its row lengths) and its nim-value.
//! An entry is the value of its key by the definition (the solver stores a value only once all its options are
//! valued), so a loaded table is as true as a computed one, provided it is the table of the *same game* with the
//! *same key encoding* and was not damaged. The file therefore names its game and format version and ends in a
//! checksum; any mismatch is a one-line [`ErrorKind::Input`](crate::ErrorKind::Input) error and nothing is loaded.
//!
//! **Format** (version 1, little-endian): the 8 bytes `GRUNDYTB`; the version (`u32`); the game's tag (a `u16`
//! length and its UTF-8 bytes, e.g. `cram`); the entry count (`u64`); the entries, each the key's own encoding
//! ([`TableKey`]) followed by the nim-value (`u64`); then the FNV-1a 64-bit hash of every byte before it.
//!
//! **Cost.** Cram: 18 + 8 bytes an entry; Chomp: 1 + 4 a row + 8. Saving and loading are linear in the entries.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::solver::Solver;
use std::path::Path;

const MAGIC: &[u8; 8] = b"GRUNDYTB";
const VERSION: u32 = 1;

/// A position that can be a key of a saved table: the game it belongs to, and a byte encoding that round-trips.
pub trait TableKey: Sized {
    /// The tag written in the file and checked on load (the game's name).
    const GAME: &'static str;
    /// Appends the encoding of `self` to `out`.
    fn encode(&self, out: &mut Vec<u8>);
    /// Reads one key from the front of `input`, advancing it; `None` when the bytes are not a valid key.
    fn decode(input: &mut &[u8]) -> Option<Self>;
}

fn take<'a>(input: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    if input.len() < n {
        return None;
    }
    let (head, tail) = input.split_at(n);
    *input = tail;
    Some(head)
}

fn take_u64(input: &mut &[u8]) -> Option<u64> {
    Some(u64::from_le_bytes(take(input, 8)?.try_into().ok()?))
}

impl TableKey for crate::games::cram::Board {
    const GAME: &'static str = "cram";
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(self.rows);
        out.push(self.cols);
        out.extend_from_slice(&self.cells.to_le_bytes());
    }
    fn decode(input: &mut &[u8]) -> Option<Self> {
        let head = take(input, 18)?;
        let (rows, cols) = (head[0], head[1]);
        let cells = u128::from_le_bytes(head[2..].try_into().ok()?);
        let n = rows as u32 * cols as u32;
        if rows == 0 || cols == 0 || n > 128 || (n < 128 && cells >> n != 0) {
            return None;
        }
        Some(crate::games::cram::Board { rows, cols, cells })
    }
}

impl TableKey for Vec<u32> {
    const GAME: &'static str = "chomp";
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
}

/// FNV-1a, 64 bits: detects damaged or truncated files (not an adversary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The bytes of a table file holding `entries`.
pub fn encode<'a, K: TableKey + 'a>(entries: impl Iterator<Item = (&'a K, u64)>) -> Vec<u8> {
    let mut body = Vec::new();
    let mut count = 0u64;
    for (k, v) in entries {
        k.encode(&mut body);
        body.extend_from_slice(&v.to_le_bytes());
        count += 1;
    }
    let mut out = Vec::with_capacity(body.len() + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(K::GAME.len() as u16).to_le_bytes());
    out.extend_from_slice(K::GAME.as_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&body);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The entries of a table file's bytes, checked: magic, version, game, checksum and every key. `what` names the
/// file in messages.
pub fn decode<K: TableKey>(bytes: &[u8], what: &str) -> Result<Vec<(K, u64)>> {
    let bad = |why: &str| Error::input(format!("{what}: {why}; the table is not loaded"));
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a grundy table file (no GRUNDYTB header)"));
    }
    if bytes.len() < MAGIC.len() + 4 + 2 + 8 + 8 {
        return Err(bad("truncated"));
    }
    let (content, tail) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
    let mut input = &content[MAGIC.len()..];
    let version = u32::from_le_bytes(
        take(&mut input, 4)
            .expect("length checked")
            .try_into()
            .expect("4"),
    );
    if version != VERSION {
        return Err(bad(&format!(
            "format version {version}, this grundy reads version {VERSION}"
        )));
    }
    let len = u16::from_le_bytes(
        take(&mut input, 2)
            .expect("length checked")
            .try_into()
            .expect("2"),
    );
    let game = take(&mut input, len as usize).ok_or_else(|| bad("truncated"))?;
    let game = String::from_utf8_lossy(game);
    if fnv1a(content) != stored {
        return Err(bad("checksum mismatch (the file is damaged or truncated)"));
    }
    if game != K::GAME {
        return Err(bad(&format!(
            "a table of the game {game}, not of {}",
            K::GAME
        )));
    }
    let count = take_u64(&mut input).ok_or_else(|| bad("truncated"))?;
    let mut out = Vec::with_capacity(count.min(input.len() as u64 / 9) as usize);
    for i in 0..count {
        let k =
            K::decode(&mut input).ok_or_else(|| bad(&format!("entry {i} is not a valid key")))?;
        let v = take_u64(&mut input).ok_or_else(|| bad("truncated"))?;
        out.push((k, v));
    }
    if !input.is_empty() {
        return Err(bad("bytes after the last entry"));
    }
    Ok(out)
}

/// Writes the memo of `solver` to `path` (through a temporary file renamed into place, so that an interrupted save
/// never leaves a half-written table under the name). Returns the entries written.
pub fn save<R: Game>(solver: &Solver<R>, path: &Path) -> Result<usize>
where
    R::Position: TableKey,
{
    let bytes = encode(solver.memo_entries());
    let tmp = path.with_extension("partial");
    let io = |e: std::io::Error| Error::input(format!("{}: {e}", path.display()));
    std::fs::write(&tmp, &bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)?;
    Ok(solver.stored())
}

/// Reads the table at `path` into the memo of `solver`. Returns the entries read. Nothing is loaded when the file
/// is not a valid table of this game.
pub fn load<R: Game>(solver: &mut Solver<R>, path: &Path) -> Result<usize>
where
    R::Position: TableKey,
{
    let what = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Error::input(format!("{what}: {e}")))?;
    let entries = decode::<R::Position>(&bytes, &what)?;
    let n = entries.len();
    solver.import_memo(entries);
    Ok(n)
}
