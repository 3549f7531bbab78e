//! Sequence files (`grundy seq --out`, `--resume`; `grundy period --out`): one header line `grundy-seq 1 GAME\n`,
//! then one little-endian `u32` per heap from heap 0 on. The number of values is the length after the header
//! divided by 4 (a partly written last value, after an interruption, is ignored and cut off when the file is read).
//!
//! Here are the format (writing, reading, the checks that refuse a damaged file) and the extension of a file
//! within a run's limits: the values are computed in chunks of growing size and appended as they come, so a run
//! stopped by a limit (an [`crate::ErrorKind::Limit`] error carrying its [`crate::error::Budget`]) keeps all it
//! computed, and the next run resumes from the file. Errors of a file (missing, of another game, damaged) are
//! one-line [`crate::ErrorKind::Input`] errors naming it.

use super::{choose, extend as extend_values, nim_values, stopped, Method};
use crate::error::{escape, Error, Result};
use crate::game::HeapView;
use crate::heap::{sparse, Engine, HeapGame};
use crate::limits::Limits;
use crate::nimber::Nimber;
use std::io::{BufRead, Read, Write};

/// The start of a sequence file's header line (`grundy-seq 1 GAME`).
pub const MAGIC: &str = "grundy-seq 1";

/// The heaps whose values a file's reader computes again and compares (heaps `0..CHECKED_HEAPS`).
pub const CHECKED_HEAPS: usize = 4096;

fn io_err(file: &str, e: std::io::Error) -> Error {
    Error::input(format!("{file}: {e}"))
}

/// Creates (or empties) `file` with the header line of `game`'s sequence.
pub fn start(file: &str, game: &str) -> Result<()> {
    std::fs::write(file, format!("{MAGIC} {game}\n")).map_err(|e| io_err(file, e))
}

/// Appends values to a sequence file (creating it, with its header, when it does not exist). A value past 32 bits
/// is a [`crate::ErrorKind::Limit`] error.
pub fn append(file: &str, values: &[Nimber], game: &str) -> Result<()> {
    if !std::path::Path::new(file).exists() {
        start(file, game)?;
    }
    let mut bytes = Vec::with_capacity(values.len() * 4);
    for &v in values {
        let v = u32::try_from(v).map_err(|_| {
            Error::limit(format!(
                "{file}: the value {v} does not fit the sequence file's 32-bit values"
            ))
        })?;
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(file)
        .map_err(|e| io_err(file, e))?;
    f.write_all(&bytes).map_err(|e| io_err(file, e))?;
    f.flush().map_err(|e| io_err(file, e))
}

/// Appends the values of heaps `range` of a bounded run to the sequence file `file` (in chunks).
pub fn append_run(file: &str, run: &sparse::Run, range: std::ops::Range<usize>) -> Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(file)
        .map_err(|e| io_err(file, e))?;
    let mut bytes = Vec::new();
    let mut failed = None;
    run.for_each_chunk(range, |_, p| {
        bytes.clear();
        for i in 0..p.len() {
            bytes.extend_from_slice(&p.get(i).to_le_bytes());
        }
        if let Err(e) = f.write_all(&bytes) {
            failed = Some(e);
        }
        Ok(())
    })?;
    match failed {
        Some(e) => Err(io_err(file, e)),
        None => f.flush().map_err(|e| io_err(file, e)),
    }
}

/// The header line of `file` (at most 4096 bytes, with its newline when it has one) and the file's size, or `None`
/// when it cannot be read.
fn header_and_size(file: &str) -> Option<(Vec<u8>, u64)> {
    let f = std::fs::File::open(file).ok()?;
    let size = f.metadata().ok()?.len();
    let mut header = Vec::new();
    std::io::BufReader::new(f)
        .take(4096)
        .read_until(b'\n', &mut header)
        .ok()?;
    Some((header, size))
}

/// How many whole values a sequence file holds (from its size), or `None` when it cannot be read.
pub fn saved_values(file: &str) -> Option<u64> {
    let (header, size) = header_and_size(file)?;
    Some(size.saturating_sub(header.len() as u64) / 4)
}

/// The last heap `file` holds when it holds more heaps than `0..=to` (else `None`): a run resumed into its own
/// file only extends it, and reporting `to + 1` values while the file keeps more would misstate it, so the front
/// end refuses such a run in its own words. Only a file of `game` is looked at (the reader names any other
/// mismatch).
pub fn held_past(file: &str, game: &str, to: u64) -> Option<u64> {
    let (header, len) = header_and_size(file)?; // (the reader says why in its own words)
    let held = len.saturating_sub(header.len() as u64) / 4;
    (header == format!("{MAGIC} {game}\n").as_bytes() && held > to.saturating_add(1))
        .then(|| held - 1)
}

/// Reads a sequence file, checking that it is one and that it is for the game of `rules`. Reads the header first
/// and then at most the values up to heap `to` (so an endless or huge file costs no more than the run asked for,
/// and its size is checked against the memory budget before it is read). Drops a partly written last value and
/// rewrites the file to end on a whole value. A damaged file is refused: the value of heap 0 must be 0, and the
/// first values (up to heap 4095) are computed again and must agree.
pub fn read(file: &str, rules: &HeapGame, to: u64, limits: &Limits) -> Result<Vec<Nimber>> {
    let wanted = to.saturating_add(1).saturating_mul(4);
    let shown = escape(file);
    let mut values = Vec::new();
    read_values(file, rules, to, limits, &mut |chunk| {
        if values.is_empty() {
            limits.check_memory(
                wanted.saturating_mul(3),
                &format!("reading {} values of {shown}", to.saturating_add(1)),
            )?;
        }
        values.extend_from_slice(chunk);
        Ok(())
    })?;
    Ok(values)
}

/// [`read`] into a bounded run, in chunks (no table of the whole file in memory); returns how many values the
/// file held (up to heap `to`).
pub fn read_into(
    file: &str,
    rules: &HeapGame,
    to: u64,
    limits: &Limits,
    run: &mut sparse::Run,
) -> Result<usize> {
    let mut first = true;
    let mut count = 0;
    read_values(file, rules, to, limits, &mut |chunk| {
        // The run already holds heap 0 (checked to be 0 by the reader).
        let skip = usize::from(std::mem::take(&mut first));
        run.push_known(&chunk[skip.min(chunk.len())..])?;
        count += chunk.len();
        Ok(())
    })?;
    Ok(count)
}

/// The game named by the header line of a sequence file, or why the line is not one.
fn header_game(header: &[u8]) -> std::result::Result<&str, String> {
    let Some(header) = header.strip_suffix(b"\n") else {
        return Err("not a grundy sequence file (no header line)".to_string());
    };
    let header =
        std::str::from_utf8(header).map_err(|_| "not a grundy sequence file".to_string())?;
    header
        .strip_prefix(MAGIC)
        .and_then(|r| r.strip_prefix(' '))
        .ok_or_else(|| {
            format!("not a grundy sequence file (the first line should start with '{MAGIC}')")
        })
}

/// Reads and checks a sequence file (see [`read`]), handing its values to `sink` in chunks of 2^20.
fn read_values(
    file: &str,
    rules: &HeapGame,
    to: u64,
    limits: &Limits,
    sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
) -> Result<()> {
    let game = rules.name();
    let shown = escape(file);
    let bad = |why: &str| Error::input(format!("{shown}: {why}"));
    let f = std::fs::File::open(file).map_err(|e| io_err(file, e))?;
    let mut reader = std::io::BufReader::new(f);
    let mut header = Vec::new();
    (&mut reader)
        .take(4096)
        .read_until(b'\n', &mut header)
        .map_err(|e| io_err(file, e))?;
    let name = header_game(&header).map_err(|why| bad(&why))?;
    if name != game {
        return Err(bad(&format!(
            "the file holds the sequence of {}, not of {game}",
            escape(name)
        )));
    }
    let header_len = header.len() as u64;
    let wanted = to.saturating_add(1).saturating_mul(4);
    let mut body = reader.take(wanted);
    let mut buf = vec![0u8; 4 << 20];
    let (mut read, mut whole_bytes) = (0usize, 0u64);
    let mut first = true;
    loop {
        // Fill the buffer (a read may return less than asked).
        let mut got = read;
        while got < buf.len() {
            match body.read(&mut buf[got..]) {
                Ok(0) => break,
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io_err(file, e)),
            }
        }
        let whole = got / 4 * 4;
        if whole == 0 {
            read = got;
            break;
        }
        let values: Vec<Nimber> = buf[..whole]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as Nimber)
            .collect();
        if std::mem::take(&mut first) {
            check_start(&values, rules, limits, &bad)?;
        }
        sink(&values)?;
        whole_bytes += whole as u64;
        buf.copy_within(whole..got, 0);
        read = got - whole;
        if got < buf.len() {
            break;
        }
    }
    if read > 0 {
        std::fs::OpenOptions::new()
            .write(true)
            .open(file)
            .and_then(|f| f.set_len(header_len + whole_bytes))
            .map_err(|e| io_err(file, e))?;
    }
    Ok(())
}

/// Checks the first values of a file: heap 0 is 0, and the values up to heap 4095 are computed again.
fn check_start(
    values: &[Nimber],
    rules: &HeapGame,
    limits: &Limits,
    bad: &dyn Fn(&str) -> Error,
) -> Result<()> {
    if values.first().is_some_and(|&v| v != 0) {
        return Err(bad("the value of heap 0 is not 0, so the file is damaged"));
    }
    let check = values.len().min(CHECKED_HEAPS);
    if check > 1 {
        let (again, _) = nim_values(
            rules,
            check as u64 - 1,
            Engine::Auto,
            1,
            limits,
            &mut |_| {},
        )?;
        if let Some(n) = (0..check).find(|&n| again[n] != values[n]) {
            return Err(bad(&format!(
                "the value of heap {n} is {}, not {} as computed now, so the file is damaged",
                values[n], again[n]
            )));
        }
    }
    Ok(())
}

/// Computes heaps `0..=to` from `values` (a prefix: a resumed file's) within `limits`, appending to the sequence
/// file `out` as it goes in chunks of growing size (a quarter of what is held, at least 2^20 heaps; all at once
/// without a file). After each chunk is saved `saved` is told how many values the file holds; `progress` gets the
/// heaps done. A run stopped by a limit has saved what it computed, and its error says how far it got
/// ([`super::stopped`]). Returns the values and the method that computed the last of them.
#[allow(clippy::too_many_arguments)]
pub fn extend_to_file(
    rules: &HeapGame,
    engine: Engine,
    mut values: Vec<Nimber>,
    to: u64,
    out: Option<&str>,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
    saved: &mut dyn FnMut(usize),
) -> Result<(Vec<Nimber>, Method)> {
    let mut used = choose(rules, engine);
    if (values.len() as u64) > to.saturating_add(1) {
        values.truncate(to as usize + 1);
        return Ok((values, used));
    }
    loop {
        let have = values.len() as u64;
        let step = if out.is_some() {
            (have / 4).max(1 << 20)
        } else {
            u64::MAX
        };
        let upto = have.saturating_add(step).min(to);
        let r = extend_values(rules, &mut values, upto, engine, threads, limits, progress);
        if let Some(file) = out {
            // What was computed is kept, even when the run stopped at a limit.
            let from = (have as usize).min(values.len());
            append(file, &values[from..], &rules.name())?;
            saved(values.len());
        }
        used = r.map_err(|e| stopped(&rules.name(), e, values.len() as u64, to, limits))?;
        if upto >= to {
            break;
        }
    }
    Ok((values, used))
}

/// A bounded run of `rules` (a code the fast engine covers) to heap `to`: its values in an unlinked file beside
/// `out`, mapped into memory, of which only `window` stays resident. Resumed from the sequence file `resume` when
/// given (read in chunks), else from heap 0; `out` is started (or copied into, when it is not `resume`) so that
/// it holds what the run holds. Heaps at or past `u32::MAX` are refused at once (a [`crate::ErrorKind::Limit`]).
pub fn bounded_run(
    rules: &HeapGame,
    to: u64,
    out: &str,
    resume: Option<&str>,
    window: sparse::Window,
    limits: &Limits,
) -> Result<sparse::Run> {
    let name = rules.name();
    let Some(code) = rules.code() else {
        return Err(Error::unsupported(format!(
            "{name}: a bounded run is for codes the fast engine covers"
        )));
    };
    // Refused before any work: the run would otherwise stop at its last step, after hours.
    if to >= u64::from(u32::MAX) {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the fast engine's limit of {} heaps",
            u32::MAX - 1
        )));
    }
    let dir = match std::path::Path::new(out).parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let mut run = sparse::Run::spilled(code, &name, &dir, window)?;
    match resume {
        Some(file) => {
            let written = read_into(file, rules, to, limits, &mut run)?;
            if out != file {
                start(out, &name)?;
                append_run(out, &run, 0..written)?;
            }
        }
        None => {
            start(out, &name)?;
            append_run(out, &run, 0..1)?;
        }
    }
    Ok(run)
}

/// Extends a bounded run (see [`bounded_run`]) to heap `to` within `limits` (its deadline is polled), appending
/// each chunk to `out`; `saved` is told how many values the file holds after each chunk, `progress` the heaps done.
/// A run stopped by a limit has saved what it computed, and its error says how far it got.
pub fn extend_run_to_file(
    run: &mut sparse::Run,
    name: &str,
    to: u64,
    out: &str,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
    saved: &mut dyn FnMut(usize),
) -> Result<()> {
    while (run.len() as u64) <= to {
        let have = run.len();
        let upto = (have as u64)
            .saturating_add((have as u64 / 4).max(1 << 20))
            .min(to);
        let r = run.extend(upto, 1, &mut |n| {
            progress(n);
            !limits.deadline.is_some_and(|d| d.passed())
        });
        // What was computed is kept, even when the run stopped at a limit.
        append_run(out, run, have..run.len())?;
        saved(run.len());
        r.map_err(|e| stopped(name, e, run.len() as u64, to, limits))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles() -> std::rc::Rc<HeapGame> {
        crate::games::lookup("kayles").unwrap().heap_game().unwrap()
    }

    fn temp(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("grundy-seq-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name).to_string_lossy().into_owned()
    }

    #[test]
    fn a_file_round_trips_and_a_cut_value_is_dropped() {
        let rules = kayles();
        let l = Limits::default();
        let f = temp("round.seq");
        let (values, _) = extend_to_file(
            &rules,
            Engine::Auto,
            Vec::new(),
            99,
            None,
            1,
            &l,
            &mut |_| {},
            &mut |_| {},
        )
        .unwrap();
        start(&f, &rules.name()).unwrap();
        append(&f, &values, &rules.name()).unwrap();
        assert_eq!(saved_values(&f), Some(100));
        assert_eq!(read(&f, &rules, 1000, &l).unwrap(), values);
        assert_eq!(read(&f, &rules, 9, &l).unwrap(), &values[..10]);
        // Half a value after an interruption: dropped, and the file cut to end on a whole value.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&f)
            .unwrap()
            .write_all(&[1, 2])
            .unwrap();
        assert_eq!(read(&f, &rules, 1000, &l).unwrap(), values);
        assert_eq!(
            std::fs::metadata(&f).unwrap().len(),
            "grundy-seq 1 kayles\n".len() as u64 + 400
        );
        assert_eq!(held_past(&f, &rules.name(), 50), Some(99));
        assert_eq!(held_past(&f, &rules.name(), 99), None);
        std::fs::remove_file(&f).unwrap();
    }

    #[test]
    fn a_truncated_or_corrupt_file_is_a_one_line_input_error() {
        let rules = kayles();
        let l = Limits::default();
        let cases: [(&str, &[u8], &str); 5] = [
            ("noheader.seq", b"grundy-seq 1 kay", "no header line"),
            (
                "other.seq",
                b"something else\n",
                "the first line should start with 'grundy-seq 1'",
            ),
            (
                "game.seq",
                b"grundy-seq 1 nim\n",
                "the file holds the sequence of nim, not of kayles",
            ),
            (
                "zero.seq",
                b"grundy-seq 1 kayles\n\x01\0\0\0",
                "the value of heap 0 is not 0",
            ),
            (
                "wrong.seq",
                b"grundy-seq 1 kayles\n\0\0\0\0\x07\0\0\0",
                "the value of heap 1 is 7, not 1",
            ),
        ];
        for (name, bytes, says) in cases {
            let f = temp(name);
            std::fs::write(&f, bytes).unwrap();
            let e = read(&f, &rules, 100, &l).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Input, "{name}");
            let m = e.to_string();
            assert!(
                m.contains(says) && m.starts_with(&f) && !m.contains('\n'),
                "{name}: {m}"
            );
            std::fs::remove_file(&f).unwrap();
        }
        let e = read(&temp("missing.seq"), &rules, 100, &l).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
    }

    #[test]
    fn a_limit_stops_the_extension_with_the_values_saved() {
        let rules = kayles();
        let f = temp("limit.seq");
        start(&f, &rules.name()).unwrap();
        let l = Limits {
            deadline: Some(crate::Deadline::after_seconds(0.0)),
            ..Limits::default()
        };
        let mut held = 0;
        let e = extend_to_file(
            &rules,
            Engine::Plain,
            Vec::new(),
            1 << 30,
            Some(&f),
            1,
            &l,
            &mut |_| {},
            &mut |n| held = n,
        )
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Limit);
        assert!(
            matches!(e.budget(), Some(crate::error::Budget::Time(_))),
            "{e:?}"
        );
        assert_eq!(saved_values(&f), Some(held as u64));
        std::fs::remove_file(&f).unwrap();
    }
}
