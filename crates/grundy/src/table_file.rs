//! Saved transposition tables: a finished (or interrupted) search's memo written to a file, and read back into a
//! [`Solver`] so that a long search resumes and a finished table serves later queries.
//!
//! **What is stored.** Every entry of the solver's memo: a position in its canonical form (the key the solver itself
//! uses: a Chomp diagram as its row lengths, a connected graph as its canonically labelled adjacency rows) and its
//! nim-value. An entry is the value of its key by the definition (the solver stores a value only once all its options
//! are valued). Beside them, for a search by tests (Node Kayles, Arc Kayles): each position whose value it has not
//! found but some of whose values it has excluded, with the set of those values (each excluded by a finished test: an
//! option of that value was found, or the value is more than the position has options). Cram's table is its engine's
//! ([`crate::games::cram::CramEngine`], searched at the engine's speed): each region the engine keyed, as the literal
//! board of its cells (a region of the 8 × 8 square as an `8x8` board), with its nim-value or, where the engine's tests
//! found only that, the values it does not have; the engine stores a fact under a region's cells only when the board of
//! exactly those cells has it, so these too are facts by the definition. A loaded table is as true as a computed one,
//! provided it is the table of the *same game* with the *same key encoding* and was not damaged. The file therefore
//! names its game (the game's [`Game::name`]: `cram`, `chomp`, `node-kayles`, `arc-kayles`) and format version and ends
//! in a checksum; any mismatch is a one-line [`ErrorKind::Input`](crate::ErrorKind::Input) error and nothing is loaded.
//!
//! A graph key is the whole labelled graph (every adjacency row), not a fingerprint of it, so an entry is the value
//! of that graph whatever labelling algorithm produced it: a later change of [`crate::games::ugraph`]'s canonical
//! order can make old entries unused (never met again), never wrong.
//!
//! **Format** (version 2, little-endian): the 8 bytes `GRUNDYTB`; the version (`u32`); the game's tag (a `u16`
//! length and its UTF-8 bytes, e.g. `cram`); the entry count (`u64`); the entries, each the key's own encoding
//! ([`TableKey`]) followed by the nim-value (`u64`; with bit 63 set, the set of values the key does not have, bit
//! `v` for `G ≠ v`); then the FNV-1a 64-bit hash of every byte before it. Version 1 (read too) is the same without
//! the sets.
//!
//! **Cost.** Cram: 18 + 8 bytes an entry; Chomp: 4 + 4 a row + 8; a graph of `k` vertices: 1 + `k·⌈k/8⌉` + 8.
//! Saving and loading are linear in the entries.

use crate::analysis::Sum;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::ugraph::Component;
use crate::solver::Solver;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

const MAGIC: &[u8; 8] = b"GRUNDYTB";
const VERSION: u32 = 2;

/// Bit 63 of an entry's value (version 2): the entry is not a nim-value but the set of values the position is known
/// *not* to have (bit `v` of the rest: `G ≠ v`), a fact Cram's engine keeps from its tests. Version 1 has none.
const NOT_VALUES: u64 = 1 << 63;

/// A position that can be a key of a saved table: a byte encoding that round-trips. The file's game tag is the
/// game's name ([`Game::name`]), not the key type's: Node Kayles and Arc Kayles share their key type
/// ([`Component`]) and their tables must still not be mixed.
pub trait TableKey: Sized {
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

/// A Chomp diagram (its row lengths).
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
}

/// A graph (Node Kayles, Arc Kayles): the vertex count `k` (one byte, 1 to 128), then each vertex's adjacency row
/// in `⌈k/8⌉` little-endian bytes. A decoded graph is checked ([`Component::check`]: symmetric, no self-loop, no
/// neighbour outside it); its vertices get the ids `0..k` (ids are for messages only, never part of a key).
impl TableKey for Component {
    fn encode(&self, out: &mut Vec<u8>) {
        let k = self.len();
        let width = k.div_ceil(8);
        out.push(k as u8);
        for v in 0..k {
            out.extend_from_slice(&self.neighbours(v).to_le_bytes()[..width]);
        }
    }
    fn decode(input: &mut &[u8]) -> Option<Self> {
        let k = *take(input, 1)?.first()? as usize;
        if k == 0 || k > crate::games::ugraph::MAX_VERTICES {
            return None;
        }
        let width = k.div_ceil(8);
        let mut rows = Vec::with_capacity(k);
        for _ in 0..k {
            let mut row = [0u8; 16];
            row[..width].copy_from_slice(take(input, width)?);
            rows.push(u128::from_le_bytes(row));
        }
        Component::from_rows(rows).ok()
    }
}

/// FNV-1a, 64 bits: detects damaged or truncated files (not an adversary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The bytes of a table file of the game named `game` holding `entries`.
pub fn encode<'a, K: TableKey + 'a>(
    game: &str,
    entries: impl Iterator<Item = (&'a K, u64)>,
) -> Vec<u8> {
    let mut body = Vec::new();
    let mut count = 0u64;
    for (k, v) in entries {
        k.encode(&mut body);
        body.extend_from_slice(&v.to_le_bytes());
        count += 1;
    }
    let tag = &game.as_bytes()[..game.len().min(u16::MAX as usize)];
    let mut out = Vec::with_capacity(body.len() + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(tag.len() as u16).to_le_bytes());
    out.extend_from_slice(tag);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&body);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The entries of a table file's bytes, checked: magic, version, checksum, that the file is a table of the game
/// named `game`, and every key. `what` names the file in messages.
pub fn decode<K: TableKey>(bytes: &[u8], game: &str, what: &str) -> Result<Vec<(K, u64)>> {
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
    if version != VERSION && version != 1 {
        return Err(bad(&format!(
            "format version {version}, this grundy reads versions 1 and {VERSION}"
        )));
    }
    let len = u16::from_le_bytes(
        take(&mut input, 2)
            .expect("length checked")
            .try_into()
            .expect("2"),
    );
    let tag = take(&mut input, len as usize).ok_or_else(|| bad("truncated"))?;
    let tag = crate::error::escape(&String::from_utf8_lossy(tag));
    if fnv1a(content) != stored {
        return Err(bad("checksum mismatch (the file is damaged or truncated)"));
    }
    if tag != game {
        return Err(bad(&format!("a table of the game {tag}, not of {game}")));
    }
    let count = take_u64(&mut input).ok_or_else(|| bad("truncated"))?;
    let mut out = Vec::with_capacity(count.min(input.len() as u64 / 9) as usize);
    for i in 0..count {
        let k =
            K::decode(&mut input).ok_or_else(|| bad(&format!("entry {i} is not a valid key")))?;
        let v = take_u64(&mut input).ok_or_else(|| bad("truncated"))?;
        if version == 1 && v & NOT_VALUES != 0 {
            return Err(bad(&format!("entry {i} has no nim-value")));
        }
        out.push((k, v));
    }
    if !input.is_empty() {
        return Err(bad("bytes after the last entry"));
    }
    Ok(out)
}

/// Writes the memo of `solver` to `path`, and the values its search by tests found positions not to have (bit 63
/// of a set, the format's flag, holds no fact and is dropped), tagged with its game's name (through a temporary
/// file renamed into place, so that an interrupted save never leaves a half-written table under the name). Returns
/// the entries written.
pub fn save<R: Game>(solver: &Solver<R>, path: &Path) -> Result<usize>
where
    R::Position: TableKey,
{
    let nots = solver
        .not_entries()
        .map(|(p, n)| (p, n & !NOT_VALUES))
        .filter(|&(_, n)| n != 0);
    let entries: Vec<_> = solver
        .memo_entries()
        .chain(nots.map(|(p, n)| (p, n | NOT_VALUES)))
        .collect();
    write(
        path,
        &encode(&solver.ruleset().name(), entries.iter().copied()),
    )?;
    Ok(entries.len())
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    let io = |e: std::io::Error| {
        Error::input(format!(
            "{}: {e}",
            crate::error::escape(&path.display().to_string())
        ))
    };
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// The entries of the table file at `path`, checked ([`decode`]) as a table of the game `game`.
fn read<K: TableKey>(path: &Path, game: &str) -> Result<Vec<(K, u64)>> {
    let what = crate::error::escape(&path.display().to_string());
    let bytes = std::fs::read(path).map_err(|e| Error::input(format!("{what}: {e}")))?;
    decode::<K>(&bytes, game, &what)
}

/// Reads the table at `path` into the memo of `solver`. Returns the entries read. Nothing is loaded when the file
/// is not a valid table of the solver's game.
pub fn load<R: Game>(solver: &mut Solver<R>, path: &Path) -> Result<usize>
where
    R::Position: TableKey,
{
    // Values go to the memo; sets of values a position does not have to the facts of the search by tests.
    let (nots, values): (Vec<_>, Vec<_>) = read::<R::Position>(path, &solver.ruleset().name())?
        .into_iter()
        .partition(|&(_, v)| v & NOT_VALUES != 0);
    let n = nots.len() + values.len();
    solver.import_memo(values);
    solver.import_nots(nots.into_iter().map(|(p, v)| (p, v & !NOT_VALUES)));
    Ok(n)
}

/// The games whose searches can be saved and loaded: the names [`for_game`] answers.
pub const GAMES: [&str; 4] = ["cram", "chomp", "node-kayles", "arc-kayles"];

/// One game's solver whose memo is read from and written to table files, shared with the parts of a [`Sum`] it
/// adds: the way a command analyses a sum (with [`crate::analysis::analyse`], any convention the solver serves,
/// any other games beside it) while the searches of this game go through a table. Made by [`for_game`].
pub trait SavedTable {
    /// The game's name (the file's tag).
    fn game(&self) -> String;
    /// Reads positions of the game from `words` ([`Game::parse`]), validates them and adds them to `sum`, valued
    /// by this table's solver.
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()>;
    /// Reads the table at `path` into the solver ([`load`]); returns the entries read.
    fn load(&self, path: &Path) -> Result<usize>;
    /// Writes the solver's memo to `path` ([`save`]); returns the entries written.
    fn save(&self, path: &Path) -> Result<usize>;
    /// The entries the search holds, counted as [`SavedTable::save`] counts them (a position's value, or the set of
    /// values it is known not to have).
    fn stored(&self) -> usize;
    /// Positions the solver expanded (listed the options of) since it was made: 0 when the table answered all.
    fn expanded(&self) -> u64;
    /// Whether the analysis must keep the games' engines off ([`crate::solver::PlainSearch`]) so that every value
    /// it finds reaches the memo this table saves: true for a table of the plain solver's memo, false for Cram's,
    /// which saves the engine's own table.
    fn plain(&self) -> bool {
        true
    }
}

/// Cram's saved table: the [`crate::games::cram::CramEngine`]'s own table (its exact values, each a fact about the
/// board its key stands for), so that a saved search runs at the engine's speed, 15 to 40 times the plain
/// solver's on 5 × 6 to 5 × 8 boards. Kept in the same file format, as boards of the game `cram`.
struct CramTable {
    game: Rc<crate::games::cram::CramGame>,
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
    fn load(&self, path: &Path) -> Result<usize> {
        use crate::games::board_table::Known;
        let entries: Vec<_> = read::<crate::games::cram::Board>(path, &self.game())?
            .into_iter()
            .map(|(b, v)| {
                let known = if v & NOT_VALUES == 0 {
                    Known {
                        exact: Some(v),
                        not: 0,
                    }
                } else {
                    Known {
                        exact: None,
                        not: v & !NOT_VALUES,
                    }
                };
                (b, known)
            })
            .collect();
        Ok(crate::games::cram::engine_import(&entries))
    }
    fn save(&self, path: &Path) -> Result<usize> {
        let facts = cram_facts();
        write(
            path,
            &encode(&self.game(), facts.iter().map(|(b, v)| (b, *v))),
        )?;
        Ok(facts.len())
    }
    fn stored(&self) -> usize {
        cram_facts().len()
    }
    fn expanded(&self) -> u64 {
        crate::games::cram::engine_nodes()
    }
    fn plain(&self) -> bool {
        false
    }
}

/// What the Cram engine's table knows, as a saved table writes it: each board's value, or the set of values it is
/// known not to have (flagged [`NOT_VALUES`]).
fn cram_facts() -> Vec<(crate::games::cram::Board, u64)> {
    crate::games::cram::engine_entries()
        .into_iter()
        .filter_map(|(b, known)| match known.exact {
            Some(v) => Some((b, v)),
            // A nim-value never has bit 63 (a board has at most 256 options), so the bit marks a set.
            None => (known.not != 0 && known.not & NOT_VALUES == 0)
                .then_some((b, NOT_VALUES | known.not)),
        })
        .collect()
}

struct Shared<G: Game> {
    game: Rc<G>,
    solver: Rc<RefCell<Solver<Rc<G>>>>,
}

impl<G: Game + 'static> SavedTable for Shared<G>
where
    G::Position: TableKey + 'static,
{
    fn game(&self) -> String {
        self.game.name()
    }
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()> {
        let positions = self.game.parse(words)?;
        sum.add_with_solver(&self.game, positions, &self.solver)?;
        Ok(())
    }
    fn load(&self, path: &Path) -> Result<usize> {
        load(&mut self.solver.borrow_mut(), path)
    }
    fn save(&self, path: &Path) -> Result<usize> {
        save(&self.solver.borrow(), path)
    }
    fn stored(&self) -> usize {
        let solver = self.solver.borrow();
        solver.stored() + solver.not_entries().count()
    }
    fn expanded(&self) -> u64 {
        self.solver.borrow().expanded()
    }
}

fn shared<G: Game + 'static>(game: G) -> Box<dyn SavedTable>
where
    G::Position: TableKey + 'static,
{
    let game = Rc::new(game);
    let solver = Rc::new(RefCell::new(Solver::new(game.clone())));
    Box::new(Shared { game, solver })
}

/// A fresh solver, with an empty memo, for the game named `name` when its searches can be saved ([`GAMES`]).
pub fn for_game(name: &str) -> Option<Box<dyn SavedTable>> {
    use crate::games::{arc_kayles::ArcKayles, chomp::ChompGame, cram::CramGame};
    Some(match name {
        "cram" => Box::new(CramTable {
            game: Rc::new(CramGame),
        }),
        "chomp" => shared(ChompGame),
        "node-kayles" => shared(crate::games::node_kayles::NodeKayles),
        "arc-kayles" => shared(ArcKayles),
        _ => return None,
    })
}
