//! Quotients kept on disk, so that the second question about a game is answered at once.
//!
//! **Where.** `$GRUNDY_CACHE_DIR` when set (tests point it at a temporary folder), else `$XDG_CACHE_HOME/grundy`,
//! else `~/.cache/grundy`; one file per game, `quotient-v2-<hash of the game's name>.txt`.
//!
//! **Format (version 2).** Text lines: `grundy-misere-quotient 2`, `game NAME`, `heaps N`, `fingerprint F` (a hash
//! of every move of heaps `0..=N`, so a file made for other rules is never used), `order K`, `changes H:K …`,
//! `stopped TEXT` (or `-`), `periodic N0 P` (the periodicity certificate, or `-`), `p` (the P-portion as 0/1
//! digits), `phi` (each heap's element), `table` (the `K²` products), and last `checksum C`, FNV-1a/64 of every
//! byte before that line. Version 1 (no certificate) files have another name and first line: they are not read,
//! and the quotient is rebuilt.
//!
//! **Never trusted blindly.** A file is used only when its checksum matches, it parses, its table is a commutative
//! monoid with identity 0, its name and fingerprint match the game, the quotient passes the consistency check
//! (`docs/quotient.md`) against the game's moves (the theorem that makes it right), and the certificate stored is
//! the one the game and `Φ` give ([`super::Quotient::certify`], recomputed). Anything else is ignored and
//! the quotient rebuilt (and the file rewritten). Writing goes to a temporary file renamed into place, so a reader
//! never sees half a file; a cache that cannot be written is skipped silently (the answer does not depend on it).

use super::build::{self, HeapOptions, Pretension};
use super::mixed::{self, Mixed};
use super::monoid::{Monoid, Table};
use super::{compute, finish, heap_options, Change, Quotient};
use crate::error::Result;
use crate::heap::HeapGame;
use crate::solver::Limits;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The format version written in the first line.
pub const VERSION: u32 = 2;

/// FNV-1a, 64 bits.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// The cache folder: `$GRUNDY_CACHE_DIR`, else `$XDG_CACHE_HOME/grundy`, else `~/.cache/grundy` (`None` when none
/// of these is set).
pub fn dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(d) = var("GRUNDY_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = var("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("grundy"));
    }
    var("HOME").map(|h| PathBuf::from(h).join(".cache").join("grundy"))
}

/// The file for a game's quotient.
pub fn path(game: &str) -> Option<PathBuf> {
    dir().map(|d| {
        d.join(format!(
            "quotient-v{VERSION}-{:016x}.txt",
            fnv(game.as_bytes())
        ))
    })
}

/// A hash of every move of heaps `0..=n`: the FNV-1a hash of the text `h:` followed by each option as a sorted
/// list (`[1, 2]`, the options sorted and without repeats) and `;`, for each heap, fed a heap at a time and
/// written without the formatting machinery (an octal code's heap 7,657 alone has about 7,700 options).
///
/// For an octal code whose options are made from it ([`HeapOptions::from_code`]) the moves are the code's: the
/// hash is then that of `code CODE heaps N`, not of the moves (about `N²/2` of them: 30 million at heap 7657).
fn fingerprint(opts: &HeapOptions) -> u64 {
    if let Some(u) = opts.union_parts() {
        // A union of games: each game's fingerprint (of its heaps covered), in the order of the games.
        let parts: Vec<String> = u
            .parts
            .iter()
            .map(|p| format!("{:016x}", fingerprint(p)))
            .collect();
        return fnv(format!("union {}", parts.join(" ")).as_bytes());
    }
    if let Some(code) = opts.code() {
        return fnv(format!("code {code} heaps {}", opts.len()).as_bytes());
    }
    let mut hash: u64 = 0xcbf29ce484222325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x100000001b3);
        }
    };
    let num = |feed: &mut dyn FnMut(&[u8]), mut x: u64| {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                break;
            }
        }
        feed(&buf[i..]);
    };
    // Options of at most two heaps as pairs (a + 1, b + 1), 0 for a missing part: their order is that of the
    // sorted lists ([] < [1] < [1, 1] < [1, 2] < [2]).
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for h in 0..opts.len() {
        num(&mut feed, h as u64);
        feed(b":");
        pairs.clear();
        let mut wide = false;
        opts.for_each(h, &mut |o| match *o {
            [] => pairs.push((0, 0)),
            [a] => pairs.push((a + 1, 0)),
            [a, b] => pairs.push((a.min(b) + 1, a.max(b) + 1)),
            _ => wide = true,
        });
        if wide {
            for o in opts.list(h) {
                feed(b"[");
                for (i, &x) in o.iter().enumerate() {
                    if i > 0 {
                        feed(b", ");
                    }
                    num(&mut feed, x);
                }
                feed(b"]");
            }
        } else {
            // A run per digit and number of heaps left: a merge of runs, about linear.
            pairs.sort();
            pairs.dedup();
            for &(a, b) in &pairs {
                feed(b"[");
                if a > 0 {
                    num(&mut feed, a - 1);
                }
                if b > 0 {
                    feed(b", ");
                    num(&mut feed, b - 1);
                }
                feed(b"]");
            }
        }
        feed(b";");
    }
    hash
}

/// The file's text for a quotient.
fn encode(q: &Quotient, fp: u64) -> String {
    let periodic = q
        .periodic
        .as_ref()
        .map_or("-".to_string(), |c| format!("{} {}", c.preperiod, c.period));
    encode_as(q, &q.game, &q.heaps.to_string(), &periodic, fp)
}

/// The file's text for a quotient, with the `game`, `heaps` and `periodic` lines given.
fn encode_as(q: &Quotient, game: &str, heaps: &str, periodic: &str, fp: u64) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "grundy-misere-quotient {VERSION}");
    let _ = writeln!(s, "game {}", game.replace('\n', " "));
    let _ = writeln!(s, "heaps {heaps}");
    let _ = writeln!(s, "fingerprint {fp:016x}");
    let _ = writeln!(s, "order {}", q.order);
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|c| format!("{}:{}", c.heap, c.order))
        .collect();
    let _ = writeln!(s, "changes {}", changes.join(" "));
    let _ = writeln!(
        s,
        "stopped {}",
        q.stopped
            .as_deref()
            .map_or("-".to_string(), |t| t.replace('\n', " "))
    );
    let _ = writeln!(s, "periodic {periodic}");
    let p: String = q.p.iter().map(|&b| if b { '1' } else { '0' }).collect();
    let _ = writeln!(s, "p {p}");
    let phi: Vec<String> = q.phi.iter().map(|x| x.to_string()).collect();
    let _ = writeln!(s, "phi {}", phi.join(" "));
    // The table's order² entries written row by row (no list of strings, no full table: a large table's would
    // take many times its own memory).
    let order = q.table.size();
    s.reserve(order * order * 6 + 16);
    s.push_str("table");
    for a in 0..order as u32 {
        for x in q.table.row(a) {
            let _ = write!(s, " {x}");
        }
    }
    s.push('\n');
    let sum = fnv(s.as_bytes());
    let _ = writeln!(s, "checksum {sum:016x}");
    s
}

/// The parts of a cache file: game, heaps, fingerprint, the pretension, the changes, `stopped`, and the stored
/// certificate `(n0, p)`.
type Decoded = (
    String,
    u64,
    u64,
    Pretension,
    Vec<Change>,
    Option<String>,
    Option<(u64, u64)>,
);

/// Reads a file's text: the parts of a quotient, or `None` for anything malformed or with a wrong checksum.
fn decode(text: &str) -> Option<Decoded> {
    let (game, heaps, fp, pre, changes, stopped, periodic) = decode_raw(text)?;
    let heaps: u64 = heaps.parse().ok()?;
    let periodic = match periodic.as_str() {
        "-" => None,
        t => {
            let (a, b) = t.split_once(' ')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        }
    };
    if pre.phi.len() as u64 != heaps + 1 {
        return None;
    }
    Some((game, heaps, fp, pre, changes, stopped, periodic))
}

/// A cache file's parts with the `heaps` and `periodic` lines as written.
type Raw = (
    String,
    String,
    u64,
    Pretension,
    Vec<Change>,
    Option<String>,
    String,
);

/// Reads a file's text with the `heaps` and `periodic` lines left as text (a mixed quotient writes a list in
/// each); `None` for anything malformed or with a wrong checksum.
fn decode_raw(text: &str) -> Option<Raw> {
    let body_end = text.rfind("checksum ")?;
    let (body, tail) = text.split_at(body_end);
    let sum = u64::from_str_radix(tail.strip_prefix("checksum ")?.trim(), 16).ok()?;
    if fnv(body.as_bytes()) != sum {
        return None;
    }
    let mut lines = body.lines();
    let mut field = |key: &str| -> Option<String> {
        let l = lines.next()?;
        Some(
            l.strip_prefix(key)?
                .strip_prefix(' ')
                .unwrap_or("")
                .to_string(),
        )
    };
    if field("grundy-misere-quotient")? != VERSION.to_string() {
        return None;
    }
    let game = field("game")?;
    let heaps = field("heaps")?;
    let fp = u64::from_str_radix(&field("fingerprint")?, 16).ok()?;
    let order: usize = field("order")?.parse().ok()?;
    let changes = field("changes")?
        .split_whitespace()
        .map(|c| {
            let (h, o) = c.split_once(':')?;
            Some(Change {
                heap: h.parse().ok()?,
                order: o.parse().ok()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let stopped = Some(field("stopped")?).filter(|s| s != "-");
    let periodic = field("periodic")?;
    let p: Vec<bool> = field("p")?
        .chars()
        .map(|c| match c {
            '0' => Some(false),
            '1' => Some(true),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let nums =
        |s: String| -> Option<Vec<u32>> { s.split_whitespace().map(|x| x.parse().ok()).collect() };
    let phi = nums(field("phi")?)?;
    let entries = nums(field("table")?)?;
    if p.len() != order || phi.iter().any(|&x| x as usize >= order) {
        return None;
    }
    let table = Table::from_entries(order, entries)?;
    Some((
        game,
        heaps,
        fp,
        Pretension { table, p, phi },
        changes,
        stopped,
        periodic,
    ))
}

/// The cached quotient of `game`, when a valid file covers heaps up to at least `need` (see the module
/// documentation for what "valid" takes); `None` otherwise.
pub fn load(game: &HeapGame, need: u64, limits: &Limits) -> Option<Quotient> {
    let text = std::fs::read_to_string(path(&game.name())?).ok()?;
    let (name, heaps, fp, pre, changes, stopped, periodic) = decode(&text)?;
    if name != game.name().replace('\n', " ")
        || (heaps < need && stopped.is_none() && periodic.is_none())
    {
        return None;
    }
    let opts = heap_options(game, heaps, limits).ok()?;
    if fingerprint(&opts) != fp {
        return None;
    }
    let mut q = finish(game.name(), pre, changes, stopped);
    q.certify(game);
    if q.periodic.as_ref().map(|c| (c.preperiod, c.period)) != periodic {
        return None;
    }
    q.check(game, limits).ok()?.then_some(q)
}

/// A quotient of `game` certified for every heap: from the cache when a valid certified file is there, else built
/// by [`super::compute_auto`] up to `budget` heaps within `limits` and stored (certified or not, so the work is
/// not repeated). `None` when no certificate is reached (the game is not octal with finitely many digits, `Φ`
/// is not periodic within the budget, or a limit ended the growth).
pub fn certified(
    game: &HeapGame,
    budget: u64,
    max_order: usize,
    limits: &Limits,
) -> Option<Quotient> {
    super::octal_reach(game)?;
    let cached = load(game, 0, limits);
    if let Some(q) = &cached {
        if q.periodic.is_some() {
            return cached;
        }
        if q.heaps >= budget.min(super::MAX_HEAP) || q.stopped.is_some() {
            return None;
        }
    }
    let q = super::compute_auto(game, budget, max_order, limits, &mut |_| {}).ok()?;
    if q.stopped.is_none() && cached.is_none_or(|c| c.heaps <= q.heaps) {
        store(game, &q, limits);
    }
    q.periodic.is_some().then_some(q)
}

/// Writes a quotient to the cache unless the file there is worth more: a valid file is kept when it is certified
/// and `q` is not, or when both are alike and it covers more heaps (so `grundy quotient GAME --heaps 40` does not
/// throw away a quotient certified for every heap).
pub fn store_if_better(game: &HeapGame, q: &Quotient, limits: &Limits) {
    if let Some(old) = load(game, 0, limits) {
        if (old.periodic.is_some(), old.heaps) > (q.periodic.is_some(), q.heaps) {
            return;
        }
    }
    store(game, q, limits);
}

/// Writes a quotient to the cache (silently skipped when the folder cannot be made or written).
pub fn store(game: &HeapGame, q: &Quotient, limits: &Limits) {
    let Some(file) = path(&game.name()) else {
        return;
    };
    if !fits(q, limits) {
        return;
    }
    let Ok(opts) = heap_options(game, q.heaps, limits) else {
        return;
    };
    write(&file, encode(q, fingerprint(&opts)));
}

/// Whether the text of a quotient's file (its `order²` table entries, up to 11 bytes each as written and read
/// back) fits the memory limit: a larger one is not cached.
fn fits(q: &Quotient, limits: &Limits) -> bool {
    limits
        .check_memory(
            (q.table.size() as u64)
                .saturating_pow(2)
                .saturating_mul(11 + 4),
            "the misère quotient's cache file",
        )
        .is_ok()
}

/// Writes a cache file through a temporary name renamed into place (silently skipped when that fails).
fn write(file: &std::path::Path, text: String) {
    if let Some(d) = file.parent() {
        if std::fs::create_dir_all(d).is_err() {
            return;
        }
    }
    let tmp = file.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&tmp, text).is_ok() && std::fs::rename(&tmp, file).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// The quotient of `game` covering heaps up to `need`: from the cache when a valid file covers them, else computed
/// (to `need`, or further when the cache held more) and stored. A cached quotient that stopped growing before
/// `need` (order past the limit) is returned as it is: its `heaps` is then below `need`.
pub fn quotient(game: &HeapGame, need: u64, max_order: usize, limits: &Limits) -> Result<Quotient> {
    if let Some(q) = load(game, need, limits) {
        if q.covers(need) || q.stopped.is_some() {
            return Ok(q);
        }
    }
    let q = compute(game, need, max_order, limits, &mut |_| {})?;
    store_if_better(game, &q, limits);
    Ok(q)
}

/// The name a mixed quotient's file is kept under: `mixed: A + B + …`, the games in the order given (callers give
/// them in one order, e.g. by name, so that a sum written either way finds the same file).
fn mixed_key(games: &[&HeapGame]) -> String {
    let names: Vec<String> = games.iter().map(|g| g.name()).collect();
    format!("mixed: {}", names.join(" + "))
}

/// The cached quotient of the union of the games' heaps ([`super::mixed`]), when a valid file covers heaps up to at
/// least `need[g]` of each game `g` (or is certified for every heap, or stopped growing): valid as a single game's
/// file is (checksum, names, the fingerprint of every game's moves, the check, and each game's certificate
/// recomputed); `None` otherwise.
pub fn load_mixed(games: &[&HeapGame], need: &[u64], limits: &Limits) -> Option<Mixed> {
    let key = mixed_key(games);
    let text = std::fs::read_to_string(path(&key)?).ok()?;
    let (name, heaps, fp, pre, changes, stopped, periodic) = decode_raw(&text)?;
    let tops: Vec<u64> = heaps
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    let stored: Vec<Option<(u64, u64)>> = periodic
        .split_whitespace()
        .map(|t| match t {
            "-" => Some(None),
            t => {
                let (a, b) = t.split_once(':')?;
                Some(Some((a.parse().ok()?, b.parse().ok()?)))
            }
        })
        .collect::<Option<_>>()?;
    if name != key.replace('\n', " ") || tops.len() != games.len() || stored.len() != games.len() {
        return None;
    }
    let certified = stored.iter().all(Option::is_some);
    if !certified && stopped.is_none() && tops.iter().zip(need).any(|(t, n)| t < n) {
        return None;
    }
    let opts = mixed::options(games, &tops, limits).ok()?;
    if fingerprint(&opts) != fp
        || pre.phi.len() != opts.len()
        || (0..opts.len()).any(|l| !opts.has_moves(l) && pre.phi[l] != 0)
        || build::verify(&pre, &opts, limits).ok()?.is_some()
    {
        return None;
    }
    let m = mixed::assemble(games, &opts, (pre, changes, stopped), None);
    let recomputed: Vec<Option<(u64, u64)>> = m
        .periodic
        .iter()
        .map(|c| c.as_ref().map(|c| (c.preperiod, c.period)))
        .collect();
    (recomputed == stored).then_some(m)
}

/// Writes a mixed quotient to the cache (under the file name of `games`, in the order it was built with) unless
/// the valid file there is worth more (certified where `m` is not, or alike and covering more letters); silently
/// skipped when the folder cannot be written.
pub fn store_mixed(games: &[&HeapGame], m: &Mixed, limits: &Limits) {
    if !fits(&m.quotient, limits) {
        return;
    }
    if let Some(old) = load_mixed(games, &vec![0; games.len()], limits) {
        if (old.certified(), old.letters.len()) > (m.certified(), m.letters.len()) {
            return;
        }
    }
    let key = mixed_key(games);
    let Some(file) = path(&key) else {
        return;
    };
    let Ok(opts) = mixed::options(games, &m.tops, limits) else {
        return;
    };
    let tops: Vec<String> = m.tops.iter().map(|t| t.to_string()).collect();
    let periodic: Vec<String> = m
        .periodic
        .iter()
        .map(|c| {
            c.as_ref()
                .map_or("-".to_string(), |c| format!("{}:{}", c.preperiod, c.period))
        })
        .collect();
    write(
        &file,
        encode_as(
            &m.quotient,
            &key,
            &tops.join(" "),
            &periodic.join(" "),
            fingerprint(&opts),
        ),
    );
}

/// The quotient of the union of the games' heaps covering heaps up to `need[g]` of each game `g`: from the cache
/// when a valid file covers them (or is certified for every heap), else built to `need` and stored.
pub fn mixed(
    games: &[&HeapGame],
    need: &[u64],
    max_order: usize,
    limits: &Limits,
) -> Result<Mixed> {
    if let Some(m) = load_mixed(games, need, limits) {
        return Ok(m);
    }
    let m = mixed::compute(games, need, max_order, limits)?;
    store_mixed(games, &m, limits);
    Ok(m)
}

/// The quotient of the union of the games' heaps certified for every heap of every game: from the cache when a
/// valid certified file is there, else grown by [`mixed::compute_auto`] up to heap `budget` of each game within
/// `limits` and stored (certified or not). `None` when no certificate is reached.
pub fn mixed_certified(
    games: &[&HeapGame],
    budget: u64,
    max_order: usize,
    limits: &Limits,
) -> Option<Mixed> {
    if games.iter().any(|g| super::octal_reach(*g).is_none()) {
        return None;
    }
    let cached = load_mixed(games, &vec![0; games.len()], limits);
    if let Some(m) = &cached {
        if m.certified() {
            return cached;
        }
        if m.tops
            .iter()
            .all(|&t| t >= mixed::auto_budget(games.len(), budget))
            || !m.complete()
        {
            return None;
        }
    }
    let m = mixed::compute_auto(games, budget, max_order, limits, &mut |_| {}).ok()?;
    if m.complete() {
        store_mixed(games, &m, limits);
    }
    m.certified().then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text the fingerprint of listed moves was first the hash of: `h:` and each option's heaps, `;` a heap.
    fn written(opts: &HeapOptions) -> String {
        let mut s = String::new();
        for h in 0..opts.len() {
            let _ = write!(s, "{h}:");
            for o in opts.list(h) {
                let _ = write!(s, "{o:?}");
            }
            s.push(';');
        }
        s
    }

    /// The fingerprint of listed moves as first written (the whole text made with the formatting machinery, then
    /// hashed): files written before stay valid. (An octal code's is its code's.)
    #[test]
    fn fingerprint_is_the_text_hash_as_before() {
        for code in ["0.77", "0.156", "4.07", "0.4f", "0.[3]"] {
            let Ok(game) = crate::heap::TakeAndBreak::parse(code) else {
                continue;
            };
            let Ok(opts) = heap_options(&game, 60, &Limits::default()) else {
                continue;
            };
            if opts.code().is_some() {
                let listed = HeapOptions::listed((0..opts.len()).map(|h| opts.list(h)).collect());
                assert_ne!(fingerprint(&opts), fingerprint(&listed), "{code}");
                let other = heap_options(&game, 61, &Limits::default()).unwrap();
                assert_ne!(fingerprint(&opts), fingerprint(&other), "{code}");
                assert_eq!(
                    fingerprint(&listed),
                    fnv(written(&listed).as_bytes()),
                    "{code}"
                );
                continue;
            }
            assert_eq!(fingerprint(&opts), fnv(written(&opts).as_bytes()), "{code}");
        }
        // A listed game's lists, three heaps in an option.
        let opts = HeapOptions::listed(vec![vec![], vec![vec![]], vec![vec![0, 1, 1], vec![1]]]);
        assert_eq!(fingerprint(&opts), fnv(b"0:;1:[];2:[0, 1, 1][1];"),);
    }

    #[test]
    fn checksum_and_format_round_trip() {
        let game = crate::heap::TakeAndBreak::parse("0.77").unwrap();
        let q = compute(&game, 12, 1000, &Limits::default(), &mut |_| {}).unwrap();
        let text = encode(&q, 7);
        let (name, heaps, fp, pre, changes, stopped, periodic) = decode(&text).unwrap();
        assert_eq!((name.as_str(), heaps, fp), ("0.77", 12, 7));
        assert_eq!(periodic, None);
        assert_eq!(pre.phi, q.phi);
        assert_eq!(pre.p, q.p);
        assert_eq!(changes, q.changes);
        assert_eq!(stopped, None);
        // One changed digit in the table: the checksum no longer matches.
        let i = text.find("table ").unwrap() + 6;
        let mut bad = text.clone().into_bytes();
        bad[i] = if bad[i] == b'1' { b'2' } else { b'1' };
        assert!(decode(std::str::from_utf8(&bad).unwrap()).is_none());
        // Truncated: refused.
        assert!(decode(&text[..text.len() / 2]).is_none());
        assert!(decode("").is_none());
    }
}
