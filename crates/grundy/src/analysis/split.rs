//! One Cram search split across processes or machines (docs/distributed-search.md): a **frontier** (the root
//! expanded to a depth, every component in its canonical form, duplicates removed, sorted), **shards** that value
//! the frontier's components dealt by index (`i mod N = K − 1`, as `grundy sweep --shard K/N` deals codes), each
//! saving its table periodically and resuming from it, and a **merge** that unions the shards' tables, refusing a
//! conflicting entry or a foreign file, and finishes the top levels of the search from the frontier's values.
//!
//! **Why the merged value is exact.** A component's value depends only on the component (the Sprague–Grundy
//! theorem: a position that falls apart into regions has the nim-sum of their values), and a canonical form names a
//! region up to the symmetries of the grid, which preserve its moves. Each shard's table holds only facts (a board's
//! nim-value, or values it does not have: [`crate::table_file`]), each a fact about its literal board, true in any
//! search; so their union is a table of facts, and two tables that disagree on a board show a damaged or forged
//! file (the merge refuses them, naming the board). The merge then computes the top `d` levels by the definition,
//! `G(x) = mex { G(c1) ⊕ … ⊕ G(ck) : (c1, …, ck) an option of x }`, reading at depth `d` only the frontier's values,
//! which it checks are all there (naming a missing one).
//!
//! **What is game-specific.** The frontier's parts are Cram regions ([`Board::regions`], canonical form version
//! [`CANONICAL_FORM`]) valued by the Cram engine ([`search_value`]); the file format, the dealing of parts to
//! shards, the periodic save, the union and the top-level mex are written here for Cram's boards, and would carry
//! over to another game with components, canonical forms and a saved table (Node Kayles, Arc Kayles, Chomp) once
//! put behind a trait with that game's `parts` and `value`.
//!
//! **Periodic saves.** A shard's search runs in slices: each slice ends at the next save time (a deadline given to
//! the engine), the shard writes its table (through a temporary file renamed into place,
//! [`crate::table_file`]), and the search of the same component starts again, reading back at once every region the
//! last slice finished (the engine's table keeps them). A shard killed at any moment loses only the work since its
//! last save; rerun, it reads its own file, skips the components the file already values and goes on.
//!
//! **Cost.** The frontier at depth `d` of a board of `n` cells holds at most `(2n)^d` components (in practice far
//! fewer: symmetry and repetition); building it and the top-level mex list the options of each position above the
//! frontier, `O((2n)^d)` flood fills. The merge holds the union of the tables in memory (a hash map, about 40 bytes
//! an entry).

use crate::context::Context;
use crate::error::{escape, Error, Result};
use crate::game::{Game, Notation, NotationView};
use crate::games::cram::{
    cram_fact, cram_known, engine_entries, engine_import, engine_nodes, search_value, Board,
    CramGame, CANONICAL_FORM,
};
use crate::limits::Deadline;
use crate::nimber::Nimber;
use crate::table_file::{read_each, write, write_table, NOT_VALUES};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;
use std::path::Path;

pub use crate::analysis::survey::Shard;

/// The format version of a frontier file (its first line, `grundy-frontier 1`).
pub const FRONTIER_FORMAT: u32 = 1;

/// The deepest frontier built: depth 3 of an 8 × 8 board would already list millions of components.
pub const MAX_DEPTH: u32 = 3;

/// The game whose searches are split (the game tag of the tables).
const GAME: &str = "cram";

/// A frontier: the canonical components at depth `depth` below `root`, sorted, each once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frontier {
    /// The root: a sum of boards, as the game's notation writes it (words separated by spaces).
    pub root: String,
    /// The levels expanded above the frontier (0: the frontier is the root's own regions).
    pub depth: u32,
    /// The components, sorted (the order shards are dealt in).
    pub parts: Vec<Board>,
}

/// FNV-1a, 64 bits (the checksum of a frontier file: finds damage, not an adversary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The options of the region `c`, each the sorted sum of canonical regions a placement leaves, each option once.
fn option_parts(c: &Board) -> Vec<Vec<Board>> {
    let mut all: Vec<Vec<Board>> = c
        .placements()
        .into_iter()
        .map(|(a, b)| {
            Board {
                cells: c.cells & !(1u128 << a | 1u128 << b),
                ..*c
            }
            .regions()
        })
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The canonical regions of a sum of boards, sorted (with repeats: a sum may hold a region twice).
fn root_parts(root: &[Board]) -> Vec<Board> {
    let mut parts: Vec<Board> = root.iter().flat_map(Board::regions).collect();
    parts.sort_unstable();
    parts
}

/// A board as Cram's notation writes it (`5x6`, or rows like `..#/...`).
fn show(b: &Board) -> String {
    Notation::show(&CramGame, b)
}

/// The boards of a root written as words.
fn parse_root(words: &str) -> Result<Vec<Board>> {
    let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    let boards = NotationView::parse(&CramGame, &words)?;
    for b in &boards {
        CramGame.validate(b)?;
    }
    Ok(boards)
}

impl Frontier {
    /// The frontier of `root` (words of Cram's notation: `5x6`, rows like `..#/...`) at `depth` (at most
    /// [`MAX_DEPTH`]). Checks the deadline of `cx` between levels.
    pub fn build(root: &[String], depth: u32, cx: &Context) -> Result<Frontier> {
        if depth > MAX_DEPTH {
            return Err(Error::input(format!(
                "a frontier deeper than {MAX_DEPTH} levels is not built (depth {depth}): its components would \
                 number in the millions"
            )));
        }
        let text = root.join(" ");
        let boards = parse_root(&text)?;
        let mut level: Vec<Board> = root_parts(&boards);
        level.dedup();
        for _ in 0..depth {
            cx.check()?;
            let mut next = FxHashSet::default();
            for c in &level {
                for o in option_parts(c) {
                    next.extend(o);
                }
            }
            level = next.into_iter().collect();
            level.sort_unstable();
        }
        let root = boards.iter().map(show).collect::<Vec<_>>().join(" ");
        Ok(Frontier {
            root,
            depth,
            parts: level,
        })
    }

    /// The frontier file's text: a header (format, game, canonical-form version, root, depth, count), one
    /// component a line, and a last line with the FNV-1a checksum of every byte before it.
    pub fn to_text(&self) -> String {
        let mut t = format!(
            "grundy-frontier {FRONTIER_FORMAT}\ngame {GAME}\ncanonical-form {CANONICAL_FORM}\nroot {}\ndepth {}\n\
             components {}\n",
            self.root,
            self.depth,
            self.parts.len()
        );
        for p in &self.parts {
            t.push_str(&show(p));
            t.push('\n');
        }
        let sum = fnv1a(t.as_bytes());
        t.push_str(&format!("checksum {sum:016x}\n"));
        t
    }

    /// The checksum of the frontier's text (its identity: two frontiers with one checksum are the same).
    pub fn checksum(&self) -> u64 {
        fnv1a(
            self.to_text()
                .rsplit_once("checksum")
                .expect("written")
                .0
                .as_bytes(),
        )
    }

    /// Reads a frontier file's text (`what` names it in messages): every header line, the checksum, that each
    /// component is one region in its canonical form and that they are sorted, each once.
    ///
    /// Long: the header's six lines, the components and the checksum, each check beside the line it reads.
    pub fn parse(text: &str, what: &str) -> Result<Frontier> {
        let bad = |line: usize, why: &str| {
            Error::input(format!(
                "{what}: line {line}: {why}; the frontier is not read"
            ))
        };
        let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
        let (body, last) = text.split_at(body_end);
        let sum = last
            .trim_end()
            .strip_prefix("checksum ")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| {
                Error::input(format!(
                    "{what}: no checksum line at the end (truncated, or not a frontier file); the frontier is not read"
                ))
            })?;
        if fnv1a(body.as_bytes()) != sum {
            return Err(Error::input(format!(
                "{what}: checksum mismatch (the file is damaged or was edited); the frontier is not read"
            )));
        }
        let lines: Vec<&str> = body.lines().collect();
        let field = |i: usize, key: &str| -> Result<&str> {
            lines
                .get(i)
                .and_then(|l| l.strip_prefix(key))
                .and_then(|l| l.strip_prefix(' '))
                .ok_or_else(|| bad(i + 1, &format!("'{key} ...' expected")))
        };
        let number = |i: usize, key: &str| -> Result<u64> {
            let v = field(i, key)?;
            v.parse()
                .map_err(|_| bad(i + 1, &format!("{key}: '{}' is not a number", escape(v))))
        };
        let format = number(0, "grundy-frontier")?;
        if format != u64::from(FRONTIER_FORMAT) {
            return Err(bad(
                1,
                &format!("format version {format}, this grundy reads version {FRONTIER_FORMAT}"),
            ));
        }
        let game = field(1, "game")?;
        if game != GAME {
            return Err(bad(
                2,
                &format!("a frontier of the game {}, not of {GAME}", escape(game)),
            ));
        }
        let form = number(2, "canonical-form")?;
        if form != u64::from(CANONICAL_FORM) {
            return Err(bad(
                3,
                &format!("canonical-form version {form}, this grundy's {GAME} regions are version {CANONICAL_FORM}"),
            ));
        }
        let root = field(3, "root")?;
        parse_root(root).map_err(|e| bad(4, e.message()))?;
        let depth = number(4, "depth")?;
        let count = number(5, "components")?;
        let body = &lines[6.min(lines.len())..];
        if body.len() as u64 != count {
            return Err(bad(
                6,
                &format!("{count} components announced, {} listed", body.len()),
            ));
        }
        let mut parts: Vec<Board> = Vec::with_capacity(body.len());
        for (i, l) in body.iter().enumerate() {
            let n = i + 7;
            let b = parse_root(l).map_err(|e| bad(n, e.message()))?;
            if b.len() != 1 || b[0].regions() != b {
                return Err(bad(
                    n,
                    &format!("'{}' is not one region in its canonical form", escape(l)),
                ));
            }
            if parts.last().is_some_and(|p| *p >= b[0]) {
                return Err(bad(
                    n,
                    "the components are not sorted, or one is listed twice",
                ));
            }
            parts.push(b[0]);
        }
        Ok(Frontier {
            root: root.to_string(),
            depth: u32::try_from(depth).unwrap_or(u32::MAX),
            parts,
        })
    }

    /// Reads the frontier file at `path`.
    pub fn read(path: &Path) -> Result<Frontier> {
        let what = escape(&path.display().to_string());
        let text = std::fs::read(path).map_err(|e| Error::input(format!("{what}: {e}")))?;
        let text = String::from_utf8(text)
            .map_err(|_| Error::input(format!("{what}: not UTF-8 text; not a frontier file")))?;
        Frontier::parse(&text, &what)
    }

    /// Writes the frontier to `path` (through a temporary file renamed into place).
    pub fn write(&self, path: &Path) -> Result<()> {
        let text = self.to_text();
        write(path, |w| std::io::Write::write_all(w, text.as_bytes()))
    }

    /// The components of shard `shard`: those whose index `i` has `i mod N = K − 1`, with their indices.
    pub fn shard_parts(&self, shard: Shard) -> Vec<(usize, Board)> {
        self.parts
            .iter()
            .copied()
            .enumerate()
            .filter(|(i, _)| i % shard.count == shard.index)
            .collect()
    }

    /// The number of cells of the largest component (what bounds a shard's work).
    pub fn largest(&self) -> u32 {
        self.parts.iter().map(Board::empty_cells).max().unwrap_or(0)
    }
}

/// What a shard's run did.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct ShardRun {
    /// `K/N`.
    pub shard: String,
    /// The frontier's components dealt to this shard.
    pub parts: usize,
    /// Of those, the ones its table file valued already when the run started (a resumed run).
    pub resumed: usize,
    /// Entries read from its table file at the start (0 for a fresh run).
    pub loaded: u64,
    /// Components valued by this run.
    pub valued: usize,
    /// Saves of the table file this run made (periodic ones and the last).
    pub saves: u64,
    /// Entries in the table file as last saved.
    pub saved: usize,
    /// Regions the engine expanded in this run.
    pub expanded: u64,
    /// Whether every component of the shard has its value in the file.
    pub complete: bool,
}

/// Reads the shard's own table file at `path` into this thread's engine (made for the limits of `cx`); returns the
/// entries read and the exact values it holds of the components `mine`.
fn resume(
    path: &Path,
    mine: &FxHashSet<Board>,
    cx: &Context,
) -> Result<(u64, BTreeMap<Board, Nimber>)> {
    let mut done = BTreeMap::new();
    let n = read_each::<Board>(path, GAME, cx, |n, read| {
        engine_import(
            usize::try_from(n).unwrap_or(usize::MAX),
            &cx.limits,
            |put| {
                read(&mut |b, v| {
                    let known = cram_known(v);
                    if known.exact.is_some() && mine.contains(&b) {
                        done.insert(b, v);
                    }
                    put(&b, known)
                })
            },
        )
    })?;
    Ok((n, done))
}

/// Writes the shard's table to `path`: every fact of this thread's engine, and the values of the frontier's
/// components found (`done`, each under its canonical board, the key the merge looks up). Returns the entries.
fn save_shard(path: &Path, done: &BTreeMap<Board, Nimber>) -> Result<usize> {
    let engine = engine_entries(|e| e.filter(|&(_, k)| cram_fact(k).is_some()).count());
    let count = engine + done.len();
    write(path, |w| {
        engine_entries(|e| {
            let facts = e
                .filter_map(|(b, k)| cram_fact(k).map(|v| (b, v)))
                .chain(done.iter().map(|(b, v)| (*b, *v)));
            write_table::<Board, _>(w, GAME, count as u64, facts)
        })
    })?;
    Ok(count)
}

/// Runs shard `shard` of `frontier`: values its components in order with the Cram engine (on the threads of
/// `cx`), saving its table to `path` every `every` seconds (and at the end), after reading `path` back when it
/// exists (a resumed run skips the components it values). A limit of `cx` (its deadline, its memory) stops the run
/// after a last save: the run's report is returned beside the error, so that the caller can say what was kept.
pub fn run_shard(
    frontier: &Frontier,
    shard: Shard,
    path: &Path,
    every: Option<f64>,
    cx: &Context,
) -> (ShardRun, Result<()>) {
    let mine = frontier.shard_parts(shard);
    let mut run = ShardRun {
        shard: format!("{}/{}", shard.index + 1, shard.count),
        parts: mine.len(),
        ..ShardRun::default()
    };
    let r = shard_loop(&mine, path, every, cx, &mut run);
    (run, r)
}

/// The body of [`run_shard`].
fn shard_loop(
    mine: &[(usize, Board)],
    path: &Path,
    every: Option<f64>,
    cx: &Context,
    run: &mut ShardRun,
) -> Result<()> {
    let set: FxHashSet<Board> = mine.iter().map(|&(_, b)| b).collect();
    let mut done = BTreeMap::new();
    if path.exists() {
        let (n, found) = resume(path, &set, cx)?;
        run.loaded = n;
        run.resumed = found.len();
        done = found;
    }
    let nodes_before = engine_nodes();
    let mut next_save = every.map(Deadline::after_seconds);
    let save = |done: &BTreeMap<Board, Nimber>, run: &mut ShardRun| -> Result<()> {
        run.saved = save_shard(path, done)?;
        run.saves += 1;
        Ok(())
    };
    for &(_, part) in mine {
        if done.contains_key(&part) {
            continue;
        }
        loop {
            if next_save.is_some_and(|d| d.passed()) {
                save(&done, run)?;
                next_save = every.map(Deadline::after_seconds);
            }
            // The slice ends at the next save, or at the command's deadline when that comes first.
            let mut limits = cx.limits;
            if let Some(slice) = next_save {
                if limits
                    .deadline
                    .is_none_or(|d| d.remaining() > slice.remaining())
                {
                    limits.deadline = Some(Deadline::fixed_bound(
                        slice.remaining().as_secs_f64(),
                        "a shard's save interval",
                    ));
                }
            }
            match search_value(&[part], &cx.clone().with_limits(limits)) {
                Ok(v) => {
                    done.insert(part, v);
                    run.valued += 1;
                    break;
                }
                Err(e) => {
                    let command_over = cx.limits.deadline.is_some_and(|d| d.passed());
                    let slice_over = next_save.is_some_and(|d| d.passed());
                    if command_over || !slice_over || e.kind() != crate::ErrorKind::Limit {
                        run.expanded = engine_nodes().saturating_sub(nodes_before);
                        save(&done, run)?;
                        return Err(e);
                    }
                }
            }
        }
    }
    run.expanded = engine_nodes().saturating_sub(nodes_before);
    save(&done, run)?;
    run.complete = true;
    Ok(())
}

/// What a merge found.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Merged {
    /// The root, as the frontier writes it.
    pub root: String,
    /// The root's nim-value.
    pub nim_value: Nimber,
    /// The frontier's depth.
    pub depth: u32,
    /// The frontier's components.
    pub components: usize,
    /// The table files read and the entries of each.
    pub tables: Vec<(String, u64)>,
    /// Entries read from all files.
    pub entries_read: u64,
    /// Distinct boards among them: `entries_read − entries_distinct` is what several shards stored alike (their
    /// duplicated work, where it was stored).
    pub entries_distinct: usize,
    /// Positions above the frontier valued by the merge (the top levels).
    pub top_positions: usize,
    /// Entries written with the merged table, when asked.
    pub saved: Option<usize>,
}

/// What the union knows of one board, and the file that first said it.
#[derive(Clone, Copy)]
struct Fact {
    value: u64,
    file: usize,
}

/// Adds `v` (a value or a flagged set of excluded values) to what `have` says of a board, or says why they clash.
fn combine(have: u64, v: u64) -> std::result::Result<u64, ()> {
    match (have & NOT_VALUES == 0, v & NOT_VALUES == 0) {
        (true, true) if have == v => Ok(have),
        (true, false) if v >> have & 1 == 0 => Ok(have),
        (false, true) if have >> v & 1 == 0 => Ok(v),
        (false, false) => Ok(have | v),
        _ => Err(()),
    }
}

/// How a fact reads in a message.
fn show_fact(v: u64) -> String {
    if v & NOT_VALUES == 0 {
        format!("the nim-value {v}")
    } else {
        let not: Vec<String> = (0..63)
            .filter(|i| v >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        format!("a nim-value other than {}", not.join(", "))
    }
}

/// Reads the table files `tables` into one map, refusing (one line, nothing merged) a file that is not a valid
/// Cram table and an entry that contradicts another file's.
fn union(tables: &[&Path], merged: &mut Merged, cx: &Context) -> Result<FxHashMap<Board, Fact>> {
    let mut map: FxHashMap<Board, Fact> = FxHashMap::default();
    let names: Vec<String> = tables
        .iter()
        .map(|p| escape(&p.display().to_string()))
        .collect();
    for (file, path) in tables.iter().enumerate() {
        let mut clash = None;
        let n = read_each::<Board>(path, GAME, cx, |_, read| {
            read(&mut |b, v| {
                if clash.is_some() {
                    return;
                }
                match map.get_mut(&b) {
                    None => {
                        map.insert(b, Fact { value: v, file });
                    }
                    Some(f) => match combine(f.value, v) {
                        Ok(c) => f.value = c,
                        Err(()) => clash = Some((b, f.value, f.file, v)),
                    },
                }
            })
        })?;
        if let Some((b, had, first, v)) = clash {
            return Err(Error::input(format!(
                "{}: the board {} has {} there and {} in {}; tables that disagree are not merged",
                names[file],
                show(&b),
                show_fact(v),
                show_fact(had),
                names[first]
            )));
        }
        merged.tables.push((names[file].clone(), n));
        merged.entries_read += n;
    }
    merged.entries_distinct = map.len();
    Ok(map)
}

/// The values of the top levels, from the frontier's: `value` of a component at `level` is its frontier value at
/// the frontier's depth (or wherever the frontier holds it), else the mex of its options.
struct Top<'a> {
    frontier: &'a FxHashMap<Board, Nimber>,
    depth: u32,
    memo: FxHashMap<Board, Nimber>,
}

impl Top<'_> {
    fn value(&mut self, c: &Board, level: u32, cx: &Context) -> Result<Nimber> {
        if let Some(&v) = self.frontier.get(c).or_else(|| self.memo.get(c)) {
            return Ok(v);
        }
        if level >= self.depth {
            // Every component at the frontier's depth is in it (checked before): not reached.
            return Err(Error::input(format!(
                "the component {} is below the frontier and has no value",
                show(c)
            )));
        }
        cx.check()?;
        let mut seen = Vec::new();
        for o in option_parts(c) {
            let mut x = 0;
            for p in &o {
                x ^= self.value(p, level + 1, cx)?;
            }
            seen.push(x);
        }
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .take_while(|&(i, &v)| i as u64 == v)
            .count() as Nimber;
        self.memo.insert(*c, mex);
        Ok(mex)
    }
}

/// Merges the shards' `tables` for `frontier`: their union (refusing a conflict, a foreign or damaged file), a
/// check that every component of the frontier has its value there (naming the first missing one and its shard
/// index), then the top levels by the definition and the root's nim-value. With `save`, the union and the top
/// levels' values are written to that table file.
pub fn merge(
    frontier: &Frontier,
    tables: &[&Path],
    save: Option<&Path>,
    cx: &Context,
) -> Result<Merged> {
    let mut merged = Merged {
        root: frontier.root.clone(),
        depth: frontier.depth,
        components: frontier.parts.len(),
        ..Merged::default()
    };
    let map = union(tables, &mut merged, cx)?;
    let mut values = FxHashMap::default();
    for (i, p) in frontier.parts.iter().enumerate() {
        match map.get(p) {
            Some(f) if f.value & NOT_VALUES == 0 => {
                values.insert(*p, f.value);
            }
            _ => {
                return Err(Error::input(format!(
                    "the frontier's component {} (index {i}: shard K of N has it when {i} mod N = K-1) has no \
                     value in the tables given; run that shard to its end and merge again",
                    show(p)
                )))
            }
        }
    }
    let mut top = Top {
        frontier: &values,
        depth: frontier.depth,
        memo: FxHashMap::default(),
    };
    let mut value = 0;
    for p in root_parts(&parse_root(&frontier.root)?) {
        value ^= top.value(&p, 0, cx)?;
    }
    merged.nim_value = value;
    merged.top_positions = top.memo.len();
    if let Some(path) = save {
        let extra: Vec<(Board, Nimber)> = top
            .memo
            .iter()
            .filter(|(b, _)| !map.contains_key(b))
            .map(|(b, v)| (*b, *v))
            .collect();
        let count = map.len() + extra.len();
        write(path, |w| {
            let facts = map
                .iter()
                .map(|(b, f)| (*b, f.value))
                .chain(extra.iter().copied());
            write_table::<Board, _>(w, GAME, count as u64, facts)
        })?;
        merged.saved = Some(count);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &str) -> Vec<String> {
        vec![w.to_string()]
    }

    #[test]
    fn a_frontier_round_trips_through_its_text_and_refuses_damage() {
        let f = Frontier::build(&words("3x4"), 2, &Context::default()).unwrap();
        assert!(f.parts.len() > 3, "{}", f.parts.len());
        assert!(f.parts.windows(2).all(|w| w[0] < w[1]));
        let t = f.to_text();
        assert_eq!(Frontier::parse(&t, "f").unwrap(), f);
        let damaged = t.replacen("depth 2", "depth 1", 1);
        let e = Frontier::parse(&damaged, "f").unwrap_err();
        assert!(e.message().contains("checksum"), "{e}");
        assert!(Frontier::build(&words("3x4"), 4, &Context::default()).is_err());
    }

    #[test]
    fn the_top_levels_from_true_frontier_values_give_the_root_value() {
        for (board, depth) in [("3x4", 0), ("3x4", 1), ("3x5", 2), ("4x4", 2)] {
            let cx = Context::default();
            let f = Frontier::build(&words(board), depth, &cx).unwrap();
            let values: FxHashMap<Board, Nimber> = f
                .parts
                .iter()
                .map(|p| (*p, search_value(&[*p], &cx).unwrap()))
                .collect();
            let mut top = Top {
                frontier: &values,
                depth,
                memo: FxHashMap::default(),
            };
            let root = parse_root(board).unwrap();
            let mut v = 0;
            for p in root_parts(&root) {
                v ^= top.value(&p, 0, &cx).unwrap();
            }
            assert_eq!(
                v,
                search_value(&root, &cx).unwrap(),
                "{board} depth {depth}"
            );
        }
    }

    #[test]
    fn facts_combine_unless_they_clash() {
        assert_eq!(combine(2, 2), Ok(2));
        assert!(combine(2, 3).is_err());
        assert_eq!(combine(2, NOT_VALUES | 0b1), Ok(2));
        assert!(combine(2, NOT_VALUES | 0b100).is_err());
        assert_eq!(combine(NOT_VALUES | 1, NOT_VALUES | 2), Ok(NOT_VALUES | 3));
        assert_eq!(combine(NOT_VALUES | 1, 3), Ok(3));
    }
}
