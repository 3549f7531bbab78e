//! Saved transposition tables: a finished (or interrupted) search's memo written to a file, and read back into a
//! [`Solver`] so that a long search resumes and a finished table serves later queries.
//!
//! **What is stored.** Every entry of the solver's memo: a position in its canonical form (the key the solver itself
//! uses, encoded by the position type's [`TableKey`]) and its nim-value. An entry is the value of its key by the
//! definition (the solver stores a value only once all its options are valued). Beside them, for a search by tests:
//! each position whose value it has not found but some of whose values it has excluded, with the set of those values
//! (each excluded by a finished test: an option of that value was found, or the value is more than the position has
//! options). A game may keep another table than the plain solver's memo (its own engine's), in the same format, with
//! its own [`SavedTable`]; every entry must still be a fact about its key by the definition. A loaded table is as true
//! as a computed one, provided it is the table of the *same game* with the *same key encoding* and was not damaged.
//! The file therefore names its game (the game's [`Game::name`]) and format version and ends in a checksum; any
//! mismatch is a one-line [`ErrorKind::Input`](crate::ErrorKind::Input) error and nothing is loaded.
//!
//! **Which games.** This module is the format and the traits only, and names no game: the catalog's row of a game
//! that keeps saved tables says how to make its table ([`crate::games::Caps::saved_table`]), and
//! [`crate::games::Registry::saved_table`] makes it by name. The keys and adapters live beside their games.
//!
//! **Format** (version 3, little-endian): the 8 bytes `GRUNDYTB`; the version (`u32`); the game's tag (a `u16`
//! length and its UTF-8 bytes: the game's name); the entry count (`u64`); the entries, each the key's own encoding
//! ([`TableKey::encode`]) followed by one word, `2v` for the nim-value `v` or `2s + 1` for the set `s` of values the
//! key does not have (bit `v` of `s` for `G ≠ v`, values below 63), as an unsigned LEB128 number (7 bits a byte, low
//! first; at most 10 bytes); then the FNV-1a 64-bit hash of every byte before it. Versions 1 and 2 (read too, never
//! written) give each key in its earlier encoding ([`TableKey::decode_v2`]) and the word as a `u64`: the nim-value,
//! or with bit 63 set the set of values the key does not have; version 1 has no sets.
//!
//! **Cost.** An entry is its key's encoding and one byte for a nim-value below 64 (up to 10 for a set; each
//! [`TableKey`] impl states its key's size): a Cram board of 7 × 8 cells takes 9 + 1 bytes, where version 2 took
//! 18 + 8. Saving and loading are linear in the entries.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::NotationView;
use crate::parts::Sum;
use crate::solver::Solver;
use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

const MAGIC: &[u8; 8] = b"GRUNDYTB";
const VERSION: u32 = 3;

/// Bit 63 of an entry's value as the readers and writers of table files pass it: the entry is not a nim-value but
/// the set of values the position is known *not* to have (bit `v` of the rest: `G ≠ v`), a fact a search by tests
/// keeps. (Version 2 stored the value so; version 3 stores a set `s` as the number `2s + 1`; version 1 has none.)
pub(crate) const NOT_VALUES: u64 = 1 << 63;

/// A position that can be a key of a saved table: a byte encoding that round-trips. The file's game tag is the
/// game's name ([`Game::name`]), not the key type's: two games may share their key type (Node Kayles and Arc Kayles
/// share a graph's) and their tables must still not be mixed.
pub trait TableKey: Sized {
    /// Appends the encoding of `self` to `out`.
    fn encode(&self, out: &mut Vec<u8>);
    /// Reads one key from the front of `input`, advancing it; `None` when the bytes are not a valid key.
    fn decode(input: &mut &[u8]) -> Option<Self>;
    /// Reads one key as files of format versions 1 and 2 encoded it: [`TableKey::decode`] unless the key's
    /// encoding has changed since (a Cram board's has: version 3 packs its cells into as many bytes as they need).
    fn decode_v2(input: &mut &[u8]) -> Option<Self> {
        Self::decode(input)
    }
    /// At least the number of options of the position the key stands for, in every game whose key it is: a
    /// nim-value is at most its position's number of options (the mex of that many values), so an entry above
    /// this bound is impossible and the file is refused (table files are untrusted input).
    fn option_bound(&self) -> u64;
}

/// The first `n` bytes of `input`, which it advances past them; `None` when there are fewer.
pub(crate) fn take<'a>(input: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
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

/// An entry's value (a nim-value, or a set flagged [`NOT_VALUES`]) as the word version 3 stores: `2v`, or `2s + 1`
/// for the set `s`.
fn word_of(v: u64) -> u64 {
    if v & NOT_VALUES == 0 {
        v << 1
    } else {
        (v & !NOT_VALUES) << 1 | 1
    }
}

/// Appends `w` as an unsigned LEB128 number: 7 bits a byte, the lowest first, the high bit of each byte but the
/// last set.
fn push_leb128(out: &mut Vec<u8>, mut w: u64) {
    while w >= 0x80 {
        out.push(w as u8 | 0x80);
        w >>= 7;
    }
    out.push(w as u8);
}

/// Reads one version-3 word from the front of `input` ([`push_leb128`]) and turns it back into an entry's value
/// ([`word_of`] inverted); `None` when the bytes end first or the number does not fit 64 bits.
fn take_word(input: &mut &[u8]) -> Option<u64> {
    let mut w = 0u64;
    for (i, &b) in input.iter().enumerate().take(10) {
        let bits = u64::from(b & 0x7f);
        if i == 9 && bits > 1 {
            return None;
        }
        w |= bits << (7 * i);
        if b & 0x80 == 0 {
            *input = &input[i + 1..];
            return Some(if w & 1 == 0 {
                w >> 1
            } else {
                w >> 1 | NOT_VALUES
            });
        }
    }
    None
}

/// FNV-1a, 64 bits: detects damaged or truncated files (not an adversary). `h` is the hash of the bytes before.
fn fnv1a_from(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A writer that hashes what it passes on (for the file's checksum).
struct Hashing<W> {
    out: W,
    hash: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.hash = fnv1a_from(self.hash, &bytes[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Writes a table file of the game named `game` to `out`: the header, the `count` entries of `entries` (which
/// must yield exactly that many), the checksum. Streamed: one entry's bytes at a time.
pub(crate) fn write_table<K: TableKey, B: std::borrow::Borrow<K>>(
    out: impl Write,
    game: &str,
    count: u64,
    entries: impl Iterator<Item = (B, u64)>,
) -> std::io::Result<()> {
    let mut w = Hashing {
        out,
        hash: FNV_START,
    };
    let tag = &game.as_bytes()[..game.len().min(u16::MAX as usize)];
    w.write_all(MAGIC)?;
    w.write_all(&VERSION.to_le_bytes())?;
    w.write_all(&(tag.len() as u16).to_le_bytes())?;
    w.write_all(tag)?;
    w.write_all(&count.to_le_bytes())?;
    let mut entry = Vec::new();
    let mut written = 0u64;
    for (k, v) in entries {
        entry.clear();
        k.borrow().encode(&mut entry);
        push_leb128(&mut entry, word_of(v));
        w.write_all(&entry)?;
        written += 1;
    }
    if written != count {
        return Err(std::io::Error::other(format!(
            "{written} entries written where {count} were counted"
        )));
    }
    let sum = w.hash;
    w.out.write_all(&sum.to_le_bytes())?;
    w.out.flush()
}

/// The bytes of a table file of the game named `game` holding `entries`.
pub fn encode<'a, K: TableKey + 'a>(
    game: &str,
    entries: impl Iterator<Item = (&'a K, u64)>,
) -> Vec<u8> {
    let entries: Vec<_> = entries.collect();
    let mut out = Vec::new();
    write_table::<K, &K>(&mut out, game, entries.len() as u64, entries.into_iter())
        .expect("writing to memory");
    out
}

/// The entries of a table file's bytes, checked: magic, version, checksum, that the file is a table of the game
/// named `game`, and every key. `what` names the file in messages.
pub fn decode<K: TableKey>(bytes: &[u8], game: &str, what: &str) -> Result<Vec<(K, u64)>> {
    let mut out = Vec::new();
    scan(
        bytes,
        bytes.len() as u64,
        game,
        what,
        |k, v| out.push((k, v)),
        &mut |_| {},
    )?;
    Ok(out)
}

/// The most bytes a key may take in a file this version reads: a graph of 128 vertices takes 1 + 128 · 16; a
/// Chomp diagram, 4 bytes a row. (A key still undecodable with this many bytes at hand is not a key.)
const MAX_KEY_BYTES: usize = 1 << 20;

/// Bytes read between two reports of a table's reading ([`read_each`]): 64 MiB, a fraction of a second.
const REPORT_EVERY: u64 = 1 << 26;

/// The bytes of a table file before its checksum, read in chunks and hashed as they are read.
struct Chunks<'a> {
    input: &'a mut dyn std::io::Read,
    /// Bytes before the checksum, and how many of them were read.
    content: u64,
    read: u64,
    hash: u64,
    buf: Vec<u8>,
    /// The first unused byte of `buf`.
    at: usize,
}

impl Chunks<'_> {
    /// Makes at least `want` unused bytes ready in `buf[at..]` (fewer at the end of the content: false then).
    fn fill(&mut self, want: usize) -> std::io::Result<bool> {
        if self.buf.len() - self.at >= want || self.read == self.content {
            // (At the end of the content nothing is moved: the last chunk is read to its end where it lies.)
            return Ok(self.buf.len() - self.at >= want);
        }
        self.buf.drain(..self.at);
        self.at = 0;
        let target = 2 * want.max(1 << 20);
        while self.buf.len() < target && self.read < self.content {
            let n = (target - self.buf.len()).min((self.content - self.read) as usize);
            let start = self.buf.len();
            self.buf.resize(start + n, 0);
            self.input.read_exact(&mut self.buf[start..])?;
            self.hash = fnv1a_from(self.hash, &self.buf[start..]);
            self.read += n as u64;
        }
        Ok(self.buf.len() >= want)
    }

    fn unused(&self) -> &[u8] {
        &self.buf[self.at..]
    }
}

/// Reads a table file from `input` (`len` bytes in all), checked as [`decode`] checks it, showing each entry to
/// `each` as it is read: a file of gigabytes is never held whole. Returns the entries read. When it fails, `each`
/// has seen only some of the entries: [`read_each`] reads a file twice, first to check it.
fn scan<K: TableKey>(
    mut input: impl std::io::Read,
    len: u64,
    game: &str,
    what: &str,
    mut each: impl FnMut(K, u64),
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    // The one part that depends on the key type: an entry read, checked and shown (the file's frame is read once
    // for every key type, by `scan_entries`).
    let mut entry = |rest: &mut &[u8], version: u32, i: u64| -> std::result::Result<(), String> {
        let key = if version >= 3 {
            K::decode(rest)
        } else {
            K::decode_v2(rest)
        };
        let k = key.ok_or_else(|| format!("entry {i} is not a valid key"))?;
        let word = if version >= 3 {
            take_word(rest)
        } else {
            take_u64(rest)
        };
        let v = word.ok_or_else(|| {
            if rest.len() >= 10 {
                format!("entry {i} has a value word of more than 64 bits")
            } else {
                "truncated".to_string()
            }
        })?;
        if version == 1 && v & NOT_VALUES != 0 {
            return Err(format!("entry {i} has no nim-value"));
        }
        // A nim-value above the position's number of options cannot hold, whatever the checksum says (the
        // checksum finds damage, not a file made to deceive).
        if v & NOT_VALUES == 0 && v > k.option_bound() {
            return Err(format!(
                "entry {i} gives the nim-value {v} to a position with at most {} options, which is impossible",
                k.option_bound()
            ));
        }
        each(k, v);
        Ok(())
    };
    scan_entries(&mut input, len, game, what, &mut entry, progress)
}

/// An entry of a table file read from the front of the bytes given (which it advances), of the file's format
/// version, at the index given; `Err` says what is wrong with it.
type EntryReader<'a> = dyn FnMut(&mut &[u8], u32, u64) -> std::result::Result<(), String> + 'a;

/// The frame of a table file read front to back (magic, version, tag, entries, checksum), each check beside the
/// bytes it reads, with each entry read by `entry`; [`scan`] for a key type.
///
/// Long: the reader and the first fault found run through all of it.
fn scan_entries(
    input: &mut dyn std::io::Read,
    len: u64,
    game: &str,
    what: &str,
    entry: &mut EntryReader<'_>,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    let bad = |why: &str| Error::input(format!("{what}: {why}; the table is not loaded"));
    let io = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            bad("truncated")
        } else {
            Error::input(format!("{what}: {e}"))
        }
    };
    let mut c = Chunks {
        input,
        content: len.saturating_sub(8),
        read: 0,
        hash: FNV_START,
        buf: Vec::new(),
        at: 0,
    };
    let header = MAGIC.len() + 4 + 2 + 8 + 8;
    if len < MAGIC.len() as u64 {
        return Err(bad("not a grundy table file (no GRUNDYTB header)"));
    }
    if len < header as u64 {
        let mut head = [0u8; 8];
        c.input.read_exact(&mut head).map_err(io)?;
        return Err(if &head == MAGIC {
            bad("truncated")
        } else {
            bad("not a grundy table file (no GRUNDYTB header)")
        });
    }
    c.fill(MAGIC.len() + 6).map_err(io)?;
    if &c.unused()[..MAGIC.len()] != MAGIC {
        return Err(bad("not a grundy table file (no GRUNDYTB header)"));
    }
    let h = &c.unused()[MAGIC.len()..];
    let version = u32::from_le_bytes(h[..4].try_into().expect("4"));
    let tag_len = u16::from_le_bytes(h[4..6].try_into().expect("2")) as usize;
    c.at += MAGIC.len() + 6;
    if !(1..=VERSION).contains(&version) {
        return Err(bad(&format!(
            "format version {version}, this grundy reads versions 1 to {VERSION}"
        )));
    }
    // What is wrong besides the checksum, told after it: a damaged file is named so first.
    let mut wrong = None;
    let mut entries = 0u64;
    if !c.fill(tag_len + 8).map_err(io)? {
        wrong = Some("truncated".to_string());
    } else {
        let tag = crate::error::escape(&String::from_utf8_lossy(&c.unused()[..tag_len]));
        let count = u64::from_le_bytes(c.unused()[tag_len..tag_len + 8].try_into().expect("8"));
        c.at += tag_len + 8;
        if tag != game {
            wrong = Some(format!("a table of the game {tag}, not of {game}"));
        }
        let mut i = 0;
        let mut shown = 0;
        while wrong.is_none() && i < count {
            if c.read >= shown + REPORT_EVERY {
                shown = c.read;
                progress(shown);
            }
            c.fill(MAX_KEY_BYTES + 10).map_err(io)?;
            let mut rest = c.unused();
            let before = rest.len();
            if let Err(why) = entry(&mut rest, version, i) {
                wrong = Some(why);
                break;
            }
            c.at += before - rest.len();
            i += 1;
        }
        entries = i;
        if wrong.is_none() && (!c.unused().is_empty() || c.read < c.content) {
            wrong = Some("bytes after the last entry".to_string());
        }
    }
    while c.read < c.content {
        c.buf.clear();
        c.at = 0;
        c.fill(1 << 20).map_err(io)?;
    }
    let mut stored = [0u8; 8];
    c.input.read_exact(&mut stored).map_err(io)?;
    if c.hash != u64::from_le_bytes(stored) {
        return Err(bad("checksum mismatch (the file is damaged or truncated)"));
    }
    match wrong {
        Some(why) => Err(bad(&why)),
        None => Ok(entries),
    }
}

/// Writes the memo of `solver` to `path`, and the values its search by tests found positions not to have (bit 63
/// of a set, the format's flag, holds no fact and is dropped), tagged with its game's name (through a temporary
/// file renamed into place, so that an interrupted save never leaves a half-written table under the name). Returns
/// the entries written.
pub fn save<R: Game>(solver: &Solver<R>, path: &Path) -> Result<usize>
where
    R::Position: TableKey,
{
    let entries = || {
        solver.memo_entries().chain(
            solver
                .not_entries()
                .map(|(p, n)| (p, n & !NOT_VALUES))
                .filter(|&(_, n)| n != 0)
                .map(|(p, n)| (p, n | NOT_VALUES)),
        )
    };
    let count = entries().count();
    write(path, |w| {
        write_table::<R::Position, _>(w, &solver.ruleset().name(), count as u64, entries())
    })?;
    Ok(count)
}

/// Writes a table file to `path` through `body` (given a buffered file), by way of a temporary file renamed into
/// place.
pub(crate) fn write(
    path: &Path,
    body: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    let io = |e: std::io::Error| {
        Error::input(format!(
            "{}: {e}",
            crate::error::escape(&path.display().to_string())
        ))
    };
    let file = std::fs::File::create(&tmp).map_err(io)?;
    let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
    if let Err(e) = body(&mut w).and_then(|()| w.flush()) {
        drop(w);
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    drop(w);
    std::fs::rename(&tmp, path).map_err(io)
}

/// The table file at `path`, buffered, and its length in bytes. `what` names it in messages.
fn open_table(path: &Path, what: &str) -> Result<(std::io::BufReader<std::fs::File>, u64)> {
    let io = |e: std::io::Error| Error::input(format!("{what}: {e}"));
    let f = std::fs::File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    Ok((std::io::BufReader::with_capacity(1 << 16, f), len))
}

/// The second reading of [`read_each`]: shows each entry of the file to the function given.
pub(crate) type ReadAgain<'a, K> = &'a mut dyn FnMut(&mut dyn FnMut(K, u64)) -> Result<u64>;

/// Reads the table file at `path` as a table of the game `game`: first the whole file is checked, then `load` is
/// given the number of its entries and the means to read them (so that nothing is given from a file that is not
/// valid, and the file is never held whole). Returns what `load` returns. Both readings report their progress to
/// `cx` in bytes (a table of tens of gigabytes takes minutes to read).
pub(crate) fn read_each<K: TableKey>(
    path: &Path,
    game: &str,
    cx: &crate::Context,
    load: impl FnOnce(u64, ReadAgain<K>) -> Result<u64>,
) -> Result<u64> {
    let what = crate::error::escape(&path.display().to_string());
    let (f, len) = open_table(path, &what)?;
    let check = format!("checking the table file {what} (bytes)");
    let n = scan::<K>(f, len, game, &what, |_, _| {}, &mut |done| {
        cx.report(&check, done, len)
    })?;
    cx.report(&check, len, len);
    let read = format!("reading the table file {what} (bytes)");
    let n = load(n, &mut |each| {
        let (f, len) = open_table(path, &what)?;
        scan(f, len, game, &what, each, &mut |done| {
            cx.report(&read, done, len)
        })
    });
    cx.report(&read, len, len);
    n
}

/// Reads the table at `path` into the memo of `solver`, reporting its progress to `cx`. Returns the entries read.
/// Nothing is loaded when the file is not a valid table of the solver's game.
pub fn load<R: Game>(solver: &mut Solver<R>, path: &Path, cx: &crate::Context) -> Result<usize>
where
    R::Position: TableKey,
{
    // Values go to the memo; sets of values a position does not have to the facts of the search by tests.
    let name = solver.ruleset().name();
    let n = read_each::<R::Position>(path, &name, cx, |_, read| {
        read(&mut |p, v| {
            if v & NOT_VALUES != 0 {
                solver.import_nots([(p, v & !NOT_VALUES)]);
            } else {
                solver.import_memo([(p, v)]);
            }
        })
    })?;
    Ok(n as usize)
}

/// One game's solver whose memo is read from and written to table files, shared with the parts of a [`Sum`] it
/// adds: the way a command analyses a sum (with [`crate::analysis::analyse`], any convention the solver serves,
/// any other games beside it) while the searches of this game go through a table. Made by the catalog
/// ([`crate::games::Registry::saved_table`]); [`shared`] makes the plain solver's.
pub trait SavedTable {
    /// The game's name (the file's tag).
    fn game(&self) -> String;
    /// Reads positions of the game from `words` ([`crate::Notation::parse`]), validates them and adds them to `sum`, valued
    /// by this table's solver.
    fn add_to(&self, sum: &mut Sum, words: &[String]) -> Result<()>;
    /// Reads the table at `path` into the solver ([`load`]), made for the limits of `cx` (those of the search that
    /// follows) and reporting its progress there; returns the entries read.
    fn load(&self, path: &Path, cx: &crate::Context) -> Result<usize>;
    /// Writes the solver's memo to `path` ([`save`]); returns the entries written.
    fn save(&self, path: &Path) -> Result<usize>;
    /// The entries the search holds, counted as [`SavedTable::save`] counts them (a position's value, or the set of
    /// values it is known not to have).
    fn stored(&self) -> usize;
    /// Positions the solver expanded (listed the options of) since it was made: 0 when the table answered all.
    fn expanded(&self) -> u64;
    /// Whether the analysis must keep the games' engines off ([`crate::Context::with_formulas_only`]) so that every value
    /// it finds reaches the memo this table saves: true for a table of the plain solver's memo ([`shared`]), false
    /// for a table of a game's own engine.
    fn plain(&self) -> bool {
        true
    }
}

/// The plain solver's saved table of one game ([`shared`]).
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
    fn load(&self, path: &Path, cx: &crate::Context) -> Result<usize> {
        self.solver.borrow_mut().set_limits(cx.limits);
        load(&mut self.solver.borrow_mut(), path, cx)
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

/// A fresh saved table of the plain solver of `game`, with an empty memo: the table of any game whose positions
/// are [`TableKey`]s and whose searches are the solver's (a catalog row names it in its
/// [`crate::games::Caps::saved_table`]).
pub fn shared<G: Game + 'static>(game: G) -> Box<dyn SavedTable>
where
    G::Position: TableKey + 'static,
{
    let game = Rc::new(game);
    let solver = Rc::new(RefCell::new(Solver::new(game.clone())));
    Box::new(Shared { game, solver })
}
