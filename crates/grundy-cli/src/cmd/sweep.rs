//! `grundy sweep FAMILY` and `grundy sweep-merge FILES...`: a survey of the periods of every code of a family, one
//! JSON line per code, split across processes or machines by `--shard K/N` with no coordination, and joined (with
//! a check that no code is missing or twice there) by `sweep-merge`.

use crate::cli::{SweepCmd, SweepMergeCmd};
use crate::output::{write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::game::HeapView;
use grundy::heap::period::{self, Budget, Reach};
use grundy::heap::{sparse, Engine};
use grundy::{Deadline, Limits};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

pub const HELP: &str = "\
grundy sweep — the periods of every code of a family, one JSON line per code

USAGE
  grundy sweep FAMILY [--to N] [--max-seconds S] [--max-memory SIZE] [--threads N] [--shard K/N] [--jsonl FILE]
                      [--published FILE]
  grundy sweep-merge FILE... [--published FILE]

Runs 'grundy period' on each code of FAMILY (in a fixed order) and writes one JSON line per code: code, family,
preperiod, period, saltus, certified, certificate, values_computed, rare_positions and last_rare (under the
rare/common split that makes fewest positions rare, over the values computed), largest and largest_at (the
largest value and its first heap), seconds, and stopped (why the code was left open, else null).

FAMILY
  0.ddd        every octal code 0.d1d2d3, each d a digit 0-7 (512 codes); any pattern of digits and d after the
               point: 0.d7d, 0.dddd. Codes ending in 0 are the same games as the shorter codes (0.770 is 0.77)
  x.dd         the same with d0 in {0, 4} (x is 0 or 4): 0.d1d2 and 4.d1d2 (4: a move may split a heap without
               taking a token)
  octal:K      0. followed by K d's
  subtraction:SIZE,MAX   every subtraction set of SIZE amounts from 1..=MAX (subtraction:3,10: 120 sets)

LIMITS (each code)
  --to N: compute at most heaps 0..=N (default: as far as the certificate needs, within the budgets below).
  --max-seconds S: the time budget of each code (default 60): a step predicted to pass it is not started, and a
    step that does pass it is stopped; the code is then recorded as open, with the reason. --max-memory SIZE: the
    memory budget of each code (default 3G), the same way. --threads N: threads of each code's run (default 1:
    a survey runs codes in parallel as processes instead).

RESUMING AND SHARDS
  --jsonl FILE appends each line to FILE as soon as its code is done, and skips the codes FILE already holds: run
  the same command again to continue a stopped survey. --shard K/N takes the codes whose index i (from 0, in the
  family's order) has i mod N = K-1, so N processes or machines, each with its own K and FILE, cover the family
  with no coordination; 'grundy sweep-merge FILES...' joins their files, checks that every code of the family is
  there exactly once (an error names the missing or repeated ones), and prints the table.

PUBLISHED FIGURES
  --published FILE (lines 'CODE PREPERIOD PERIOD', '#' comments; the repository's tests/data/octal-periods.txt,
  with the source of each line) compares every code of the survey with a published figure: the summary counts
  agreements, names every disagreement and every published code still open (codes compare as games: 0.770 = 0.77).

With --jsonl the summary is printed on stdout; without it the JSON lines are, and then the summary on stderr.

EXAMPLES
  grundy sweep 0.d7 --max-seconds 1 --jsonl d7.jsonl --published tests/data/octal-periods.txt     the 8 codes 0.07..0.77
  seq 1 2 | xargs -P 2 -I K grundy sweep 0.d7 --max-seconds 1 --shard K/2 --jsonl d7-K.jsonl     (docs/sweep.md)
  grundy sweep-merge d7-1.jsonl d7-2.jsonl --published tests/data/octal-periods.txt
  grundy sweep 0.ddd --max-seconds 10 --jsonl octal3.jsonl      all 512 codes (a long run: about an hour)
  grundy sweep subtraction:3,12 --max-seconds 5
";

pub const MERGE_HELP: &str = "\
grundy sweep-merge — join the files of a sharded sweep into one table

USAGE
  grundy sweep-merge FILE... [--published FILE]

Joins the JSON-lines files written by 'grundy sweep FAMILY --shard K/N --jsonl FILE' (one file per shard, or any
split of a survey's lines into files), checks that together they hold every code of the family exactly once, and
prints the table: code, preperiod, period, saltus, certified (yes or open), values_computed and seconds, one line
per code in the family's order, then the summary of 'grundy sweep' (codes certified and open, seconds of
computing). Lines of either schema are read: those with every key (null where unknown) and those written before,
where a code stopped by a limit lacked largest, largest_at, last_rare and rare_positions.

CONFLICTS AND BAD LINES (each a one-line error, exit status 2, and no table)
  - the files hold surveys of two families (the family of the first record and the other one are named);
  - a code is recorded more than once (in one file or in two): the codes are listed, the first 10 and the count;
  - a code is not in the family, or a code of the family is in no file: the codes are listed the same way;
  - a line is not a JSON object, or a field has the wrong type (text for a number, a negative number, a fraction
    where a count belongs): the file, the line number and the field are named. A file's last line cut short (a run
    killed while writing it) is an error here: run 'grundy sweep' on that shard again, which drops it and goes on.

PUBLISHED FIGURES
  --published FILE (lines 'CODE PREPERIOD PERIOD', '#' comments) compares every code with a published figure, as
  'grundy sweep --published' does: agreements counted, every disagreement and every published code still open named.

EXAMPLE
  seq 1 4 | xargs -P 4 -I K grundy sweep 0.ddd --max-seconds 10 --shard K/4 --jsonl octal3-K.jsonl
  grundy sweep-merge octal3-*.jsonl --published tests/data/octal-periods.txt
";

/// The codes of a family, in its fixed order: game specs for [`super::heap_game`].
pub fn family_codes(family: &str) -> CliResult<Vec<String>> {
    let bad = |why: &str| {
        CliError::Lib(grundy::Error::input(format!(
            "family '{family}': {why} (see 'grundy help sweep')"
        )))
    };
    if let Some(k) = family.strip_prefix("octal:") {
        let k: usize = k
            .parse()
            .map_err(|_| bad("octal:K needs a number of digits K"))?;
        if !(1..=6).contains(&k) {
            return Err(bad("octal:K takes 1 to 6 digits"));
        }
        return family_codes(&format!("0.{}", "d".repeat(k)));
    }
    if let Some(rest) = family.strip_prefix("subtraction:") {
        let (size, max) = rest
            .split_once(',')
            .ok_or_else(|| bad("subtraction:SIZE,MAX"))?;
        let size: usize = size.parse().map_err(|_| bad("subtraction:SIZE,MAX"))?;
        let max: u64 = max.parse().map_err(|_| bad("subtraction:SIZE,MAX"))?;
        if size == 0 || max > 64 || size as u64 > max {
            return Err(bad("subtraction:SIZE,MAX needs 1 <= SIZE <= MAX <= 64"));
        }
        let mut out = Vec::new();
        let mut set: Vec<u64> = (1..=size as u64).collect();
        loop {
            let words: Vec<String> = set.iter().map(|x| x.to_string()).collect();
            out.push(format!("subtraction:{}", words.join(",")));
            if out.len() > 1_000_000 {
                return Err(bad("more than 10^6 sets"));
            }
            // The next set in lexicographic order.
            let mut i = size;
            while i > 0 && set[i - 1] == max - (size - i) as u64 {
                i -= 1;
            }
            if i == 0 {
                return Ok(out);
            }
            set[i - 1] += 1;
            for j in i..size {
                set[j] = set[j - 1] + 1;
            }
        }
    }
    let (d0, digits) = family
        .split_once('.')
        .ok_or_else(|| bad("not a family: 0.ddd, x.dd, octal:K or subtraction:SIZE,MAX"))?;
    let firsts: Vec<char> = match d0 {
        "x" => vec!['0', '4'],
        "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" => vec![d0.chars().next().unwrap()],
        _ => return Err(bad("the digit before the point is 0-7 or x (0 or 4)")),
    };
    if digits.is_empty() || digits.len() > 6 {
        return Err(bad("1 to 6 digits after the point"));
    }
    let mut codes: Vec<String> = firsts.iter().map(|c| format!("{c}.")).collect();
    for ch in digits.chars() {
        let choices: Vec<char> = match ch {
            'd' => ('0'..='7').collect(),
            '0'..='7' => vec![ch],
            _ => return Err(bad("digits after the point are 0-7 or d (any of them)")),
        };
        codes = codes
            .iter()
            .flat_map(|c| choices.iter().map(move |d| format!("{c}{d}")))
            .collect();
    }
    Ok(codes)
}

/// A code as a game, for comparing with published figures: an octal code without its trailing zero digits
/// (0.770 and 0.77 are the same game).
pub fn game_key(code: &str) -> String {
    match code.split_once('.') {
        Some((a, b)) if !code.contains(':') => {
            let b = b.trim_end_matches('0');
            format!("{a}.{}", if b.is_empty() { "0" } else { b })
        }
        _ => code.to_string(),
    }
}

/// `--shard K/N` as (K − 1, N).
fn shard(text: Option<&str>) -> CliResult<(usize, usize)> {
    let Some(t) = text else { return Ok((0, 1)) };
    let bad = || CliError::usage(format!("--shard: '{t}' is not K/N with 1 <= K <= N"));
    let (k, n) = t.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

/// The JSON lines of a sweep file, keyed by code. A last line cut short (a run killed while writing it) is dropped
/// from the file; any other line that is not a sweep record is an error.
fn read_records(file: &str, trim: bool) -> CliResult<Vec<Value>> {
    let text = match read_lines(file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && trim => return Ok(Vec::new()),
        Err(e) => return Err(grundy::Error::input(format!("{file}: {e}")).into()),
    };
    let mut out = Vec::new();
    let mut good_len = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let whole = line.ends_with('\n');
        match serde_json::from_str::<Value>(line.trim_end()) {
            Ok(v) if whole && v.is_object() => {
                check_record(&v, line.trim_end()).map_err(|why| {
                    grundy::Error::input(format!("{file}: line {}: {why}", i + 1))
                })?;
                out.push(v);
                good_len += line.len();
            }
            _ if !whole && trim => break,
            _ => {
                return Err(grundy::Error::input(format!(
                    "{file}: line {} is not a sweep record",
                    i + 1
                ))
                .into())
            }
        }
    }
    if trim && good_len < text.len() {
        std::fs::OpenOptions::new()
            .write(true)
            .open(file)
            .and_then(|f| f.set_len(good_len as u64))
            .map_err(|e| grundy::Error::input(format!("{file}: {e}")))?;
    }
    Ok(out)
}

/// The longest line of a sweep or published-figures file: a record is a few hundred bytes, so a longer line (a
/// file of zeros, a binary file) is refused as soon as it is read, not after the whole file fills memory.
const MAX_LINE_BYTES: u64 = 64 * 1024;

/// A text file read line by line, each line at most [`MAX_LINE_BYTES`] long (an error at the first that is not).
fn read_lines(file: &str) -> std::io::Result<String> {
    use std::io::{BufRead, Read};
    let mut r = std::io::BufReader::new(std::fs::File::open(file)?);
    let mut bytes = Vec::new();
    loop {
        let start = bytes.len();
        let n = r
            .by_ref()
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            break;
        }
        if n as u64 > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
            return Err(std::io::Error::other(format!(
                "line {} is longer than {MAX_LINE_BYTES} bytes: not a file of records",
                bytes[..start].iter().filter(|&&b| b == b'\n').count() + 1
            )));
        }
    }
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("not UTF-8 text"))
}

/// The first key a JSON object line holds twice (a JSON reader would keep the last silently).
fn duplicate_key(line: &str) -> Option<String> {
    struct Keys(Option<String>);
    struct Visit;
    impl<'de> serde::de::Visitor<'de> for Visit {
        type Value = Keys;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Keys, A::Error> {
            let mut seen = std::collections::HashSet::new();
            let mut dup = None;
            while let Some(k) = m.next_key::<String>()? {
                m.next_value::<serde::de::IgnoredAny>()?;
                if !seen.insert(k.clone()) && dup.is_none() {
                    dup = Some(k);
                }
            }
            Ok(Keys(dup))
        }
    }
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
            d.deserialize_map(Visit)
        }
    }
    serde_json::from_str::<Keys>(line).ok().and_then(|k| k.0)
}

/// The keys of a sweep record, every one on every line (null where unknown), whether its code finished or was
/// stopped.
const KEYS: [&str; 14] = [
    "code",
    "family",
    "preperiod",
    "period",
    "saltus",
    "certified",
    "certificate",
    "values_computed",
    "rare_positions",
    "last_rare",
    "largest",
    "largest_at",
    "seconds",
    "stopped",
];

/// A record with every key of [`KEYS`]: the fields given, null for the others.
fn record(fields: Value) -> Value {
    let mut map = serde_json::Map::new();
    for k in KEYS {
        map.insert(k.to_string(), fields.get(k).cloned().unwrap_or(Value::Null));
    }
    Value::Object(map)
}

/// Checks the type of each field of a record read from a file: code and family are text and certified true or
/// false; the counts are whole numbers >= 0, seconds a number >= 0, certificate and stopped text, each of them null
/// or left out (lines written before every line carried every key lack some). Keys it does not know are ignored.
/// The error names the field.
fn check_record(v: &Value, line: &str) -> Result<(), String> {
    if let Some(k) = duplicate_key(line) {
        return Err(format!("field '{k}' is given twice"));
    }
    if v.get("period").and_then(Value::as_u64) == Some(0) {
        return Err("field 'period' is 0: a period is at least 1".to_string());
    }
    // A certified record states its period: a certificate of nothing is no record.
    if v.get("certified") == Some(&Value::Bool(true)) {
        for k in ["preperiod", "period", "saltus", "certificate"] {
            if v.get(k).is_none_or(Value::is_null) {
                return Err(format!(
                    "field '{k}' is missing, but the record says its period is certified"
                ));
            }
        }
    }
    let shown = |x: &Value| {
        let t = x.to_string();
        if t.chars().count() > 40 {
            format!("{}...", t.chars().take(40).collect::<String>())
        } else {
            t
        }
    };
    for k in KEYS {
        let x = v.get(k);
        let (ok, want) = match k {
            "code" | "family" => (x.is_some_and(Value::is_string), "text"),
            "certified" => (x.is_some_and(Value::is_boolean), "true or false"),
            "certificate" | "stopped" => (
                x.is_none_or(|x| x.is_null() || x.is_string()),
                "text or null",
            ),
            "seconds" => (
                x.is_none_or(|x| x.is_null() || x.as_f64().is_some_and(|s| s >= 0.0)),
                "a number >= 0 or null",
            ),
            _ => (
                x.is_none_or(|x| x.is_null() || x.is_u64()),
                "a whole number >= 0 or null",
            ),
        };
        if !ok {
            return Err(match x {
                Some(x) => format!("field '{k}' is {}, not {want}", shown(x)),
                None => format!("field '{k}' is missing ({want})"),
            });
        }
    }
    Ok(())
}

/// Published figures: `CODE PREPERIOD PERIOD` per line, `#` comments; keyed by [`game_key`].
fn read_published(file: &str) -> CliResult<BTreeMap<String, (u64, u64)>> {
    let text = read_lines(file).map_err(|e| grundy::Error::input(format!("{file}: {e}")))?;
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        let parsed = match w[..] {
            [c, e, p] => e.parse().ok().zip(p.parse().ok()).map(|x| (c, x)),
            _ => None,
        };
        let Some((c, x)) = parsed else {
            return Err(grundy::Error::input(format!(
                "{file}: line {}: not 'CODE PREPERIOD PERIOD'",
                i + 1
            ))
            .into());
        };
        out.insert(game_key(c), x);
    }
    Ok(out)
}

/// Runs the period search on one code within its budgets, as one record.
fn survey_code(
    spec: &str,
    family: &str,
    to: Option<u64>,
    seconds: f64,
    memory: u64,
    threads: usize,
) -> Value {
    let start = std::time::Instant::now();
    let rules = match super::heap_game(spec) {
        Ok(r) => r,
        Err(e) => {
            let secs = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
            return record(json!({
                "code": spec, "family": family, "certified": false, "seconds": secs, "stopped": e.to_string(),
            }));
        }
    };
    let limits = Limits {
        deadline: Some(Deadline::after_seconds(seconds)),
        max_memory: memory,
        ..Limits::default()
    };
    let reach = Reach {
        limit: to.unwrap_or(grundy::heap::FAST_MAX_HEAP),
        budget: Some(Budget { seconds, start }),
        // The statistics of the record are computed over the values.
        keep_values: true,
        observe_all: to.is_some(),
    };
    let r = period::search(
        &rules,
        Vec::new(),
        reach,
        Engine::Auto,
        threads,
        &limits,
        &mut |_, _| {},
        &mut |_, _| Ok(()),
    );
    let secs = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    let a = match r {
        Ok(a) => a,
        Err(e) => {
            return record(json!({
                "code": spec, "family": family, "certified": false, "seconds": secs, "stopped": e.message(),
            }))
        }
    };
    let phase = rules.code().and_then(sparse::phase_of);
    let st = sparse::stats(&a.values, sparse::best_split(&a.values, phase));
    let p = a.periodicity.as_ref();
    let certified = p.is_some_and(|p| p.certified);
    let stopped = match (&a.stopped, certified) {
        (Some(s), _) => Some(crate::output::said(s)),
        (None, false) => Some(format!(
            "no certificate in heaps 0..={}",
            a.values.len().saturating_sub(1)
        )),
        (None, true) => None,
    };
    record(json!({
        "code": spec, "family": family,
        "preperiod": p.map(|p| p.preperiod), "period": p.map(|p| p.period), "saltus": p.map(|p| p.saltus),
        "certified": certified, "certificate": p.and_then(|p| p.by).map(|c| c.describe()),
        "values_computed": a.values.len(),
        "rare_positions": st.rare_positions, "last_rare": st.last_rare,
        "largest": st.largest, "largest_at": st.largest_at,
        "seconds": secs, "stopped": stopped,
    }))
}

pub fn run(a: &SweepCmd) -> CliResult {
    let codes = family_codes(&a.family)?;
    let (k, n) = shard(a.shard.as_deref())?;
    let to =
        a.to.as_deref()
            .map(|t| grundy::error::parse_u64(t, "--to"))
            .transpose()?;
    let seconds = match a.max_seconds.as_deref() {
        Some(s) => grundy::solver::parse_seconds(s, "--max-seconds")?,
        None => 60.0,
    };
    let memory = match a.max_memory.as_deref() {
        Some(m) => grundy::solver::parse_memory(m, "--max-memory")?,
        None => crate::guard::default_max_memory(),
    };
    crate::guard::limit_memory(memory);
    let threads = match a.threads.as_deref() {
        Some(t) => super::engine_args(None, Some(t))?.1,
        None => 1,
    };
    let published = a.published.as_deref().map(read_published).transpose()?;
    let mine: Vec<&String> = codes.iter().skip(k).step_by(n).collect();
    if mine.is_empty() {
        eprintln!(
            "grundy: note: shard {}/{n} holds no codes: the family {} has {}, fewer than {}",
            k + 1,
            a.family,
            count(codes.len(), "code"),
            k + 1
        );
    }
    let mut records = match a.jsonl.as_deref() {
        Some(f) => read_records(f, true)?,
        None => Vec::new(),
    };
    if let Some(r) = records.iter().find(|r| r["family"] != a.family.as_str()) {
        return Err(grundy::Error::input(format!(
            "{}: holds a survey of {}, not of {}",
            a.jsonl.as_deref().unwrap_or(""),
            r["family"].as_str().unwrap_or("?"),
            a.family
        ))
        .into());
    }
    let done: BTreeSet<String> = records
        .iter()
        .filter_map(|r| r["code"].as_str().map(String::from))
        .collect();
    let mut file = match a.jsonl.as_deref() {
        Some(f) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(f)
                .map_err(|e| grundy::Error::input(format!("{f}: {e}")))?,
        ),
        None => None,
    };
    let mut bar = Progress::new(format!("sweep {}", a.family), mine.len() as u64);
    for (i, code) in mine.iter().enumerate() {
        bar.update(i as u64);
        if done.contains(*code) {
            continue;
        }
        let rec = survey_code(code, &a.family, to, seconds, memory, threads);
        let line = format!("{rec}\n");
        match file.as_mut() {
            Some(f) => {
                f.write_all(line.as_bytes())?;
                f.flush()?;
            }
            None => write_stdout(line.as_bytes())?,
        }
        records.push(rec);
    }
    bar.finish();
    let expected: Vec<String> = mine.into_iter().cloned().collect();
    let text = summary(&records, &expected, published.as_ref());
    if a.jsonl.is_some() {
        write_stdout(text.as_bytes())
    } else {
        eprint!("{text}");
        Ok(())
    }
}

/// Refuses a merge whose records do not cover `codes` (the family's) exactly once each: codes recorded twice,
/// codes of another family, codes missing.
fn check_codes(records: &[Value], codes: &[String], family: &str) -> CliResult {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for r in records {
        *seen.entry(r["code"].as_str().unwrap_or("")).or_default() += 1;
    }
    let twice: Vec<&str> = seen
        .iter()
        .filter(|(_, &c)| c > 1)
        .map(|(k, _)| *k)
        .collect();
    let known: BTreeSet<&str> = codes.iter().map(String::as_str).collect();
    let foreign: Vec<&str> = seen
        .keys()
        .filter(|k| !known.contains(*k))
        .copied()
        .collect();
    let missing: Vec<&str> = codes
        .iter()
        .map(String::as_str)
        .filter(|c| !seen.contains_key(c))
        .collect();
    let list = |v: &[&str]| {
        let shown: Vec<&str> = v.iter().take(10).copied().collect();
        format!(
            "{}{}",
            shown.join(", "),
            if v.len() > 10 {
                format!(", ... ({} in all)", v.len())
            } else {
                String::new()
            }
        )
    };
    if !twice.is_empty() {
        return Err(grundy::Error::input(format!(
            "codes recorded more than once: {}",
            list(&twice)
        ))
        .into());
    }
    if !foreign.is_empty() {
        return Err(grundy::Error::input(format!(
            "codes not in the family {family}: {}",
            list(&foreign)
        ))
        .into());
    }
    if !missing.is_empty() {
        return Err(grundy::Error::input(format!(
            "{} of {family} {} missing: {}",
            count(missing.len(), "code"),
            if missing.len() == 1 { "is" } else { "are" },
            list(&missing)
        ))
        .into());
    }
    Ok(())
}

pub fn run_merge(a: &SweepMergeCmd) -> CliResult {
    let mut records = Vec::new();
    for f in &a.files {
        records.extend(read_records(f, false)?);
    }
    let Some(first) = records.first() else {
        return Err(grundy::Error::input("the files hold no sweep records").into());
    };
    let family = first["family"].as_str().unwrap_or("").to_string();
    if let Some(r) = records.iter().find(|r| r["family"] != family.as_str()) {
        return Err(grundy::Error::input(format!(
            "the files mix surveys of {} and {}",
            family,
            r["family"].as_str().unwrap_or("?")
        ))
        .into());
    }
    let codes = family_codes(&family)?;
    check_codes(&records, &codes, &family)?;
    let published = a.published.as_deref().map(read_published).transpose()?;
    let order: BTreeMap<&str, usize> = codes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    records.sort_by_key(|r| order.get(r["code"].as_str().unwrap_or("")).copied());
    let mut s = String::from(
        "code        preperiod     period  saltus  certified  values_computed   seconds\n",
    );
    let num = |v: &Value| v.as_u64().map_or("-".to_string(), |x| x.to_string());
    for r in &records {
        s += &format!(
            "{:<10} {:>10} {:>10} {:>7}  {:<9}  {:>15} {:>9}\n",
            r["code"].as_str().unwrap_or(""),
            num(&r["preperiod"]),
            num(&r["period"]),
            num(&r["saltus"]),
            if r["certified"] == true {
                "yes"
            } else {
                "open"
            },
            num(&r["values_computed"]),
            r["seconds"]
                .as_f64()
                .map_or("-".into(), |x| format!("{:.2}", no_negative_zero(x))),
        );
    }
    s += &summary(&records, &codes, published.as_ref());
    write_stdout(s.as_bytes())
}

/// `n` and the noun, in the singular for 1 ("1 code", "2 codes").
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", super::plural(n))
}

/// `x`, with -0.0 (an empty sum of floats, a time rounded from a tiny negative) as 0.0: no time prints as "-0.0".
fn no_negative_zero(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

/// Counts of a survey (certified, open, seconds) and, with published figures, the agreements, every disagreement
/// and the published codes still open.
fn summary(
    records: &[Value],
    expected: &[String],
    published: Option<&BTreeMap<String, (u64, u64)>>,
) -> String {
    let wanted: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    let mine: Vec<&Value> = records
        .iter()
        .filter(|r| r["code"].as_str().is_some_and(|c| wanted.contains(c)))
        .collect();
    let certified = mine.iter().filter(|r| r["certified"] == true).count();
    let secs = mine
        .iter()
        .filter_map(|r| r["seconds"].as_f64())
        .fold(0.0, |a, b| a + b);
    let mut s = format!(
        "{}: {certified} certified, {} open; {:.1} s of computing\n",
        count(mine.len(), "code"),
        mine.len() - certified,
        no_negative_zero(secs)
    );
    let Some(published) = published else { return s };
    let (mut agree, mut disagree, mut open) = (0, Vec::new(), Vec::new());
    for r in &mine {
        let code = r["code"].as_str().unwrap_or("");
        let Some(&(e, p)) = published.get(&game_key(code)) else {
            continue;
        };
        if r["certified"] != true {
            open.push(format!("{code} (published {e}, {p})"));
            continue;
        }
        let got = (r["preperiod"].as_u64(), r["period"].as_u64());
        if got == (Some(e), Some(p)) {
            agree += 1;
        } else {
            disagree.push(format!(
                "{code}: certified preperiod {}, period {}; published {e}, {p}",
                got.0.unwrap_or(0),
                got.1.unwrap_or(0)
            ));
        }
    }
    s += &format!(
        "published figures: {agree} agree, {} disagree, {} still open\n",
        disagree.len(),
        open.len()
    );
    for d in disagree {
        s += &format!("  disagrees: {d}\n");
    }
    for o in open {
        s += &format!("  open: {o}\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_enumerate_every_code_once_in_order() {
        let c = family_codes("0.ddd").unwrap();
        assert_eq!(c.len(), 512);
        assert_eq!(
            (c[0].as_str(), c[1].as_str(), c[511].as_str()),
            ("0.000", "0.001", "0.777")
        );
        assert_eq!(c, family_codes("octal:3").unwrap());
        let x = family_codes("x.dd").unwrap();
        assert_eq!(x.len(), 128);
        assert_eq!((x[0].as_str(), x[64].as_str()), ("0.00", "4.00"));
        assert_eq!(family_codes("0.d7").unwrap().len(), 8);
        let s = family_codes("subtraction:3,10").unwrap();
        assert_eq!(s.len(), 120); // C(10, 3)
        assert_eq!(
            (s[0].as_str(), s[119].as_str()),
            ("subtraction:1,2,3", "subtraction:8,9,10")
        );
        assert_eq!(s.iter().collect::<BTreeSet<_>>().len(), 120);
        for bad in [
            "",
            "0.",
            "0.dx",
            "9.dd",
            "octal:0",
            "octal:7",
            "subtraction:4,3",
            "subtraction:x",
            "kayles",
        ] {
            let e = family_codes(bad).unwrap_err().to_string();
            assert!(e.contains("family") && !e.contains('\n'), "{bad}: {e}");
        }
    }

    #[test]
    fn shards_split_the_codes_without_overlap() {
        assert_eq!(shard(Some("2/3")).unwrap(), (1, 3));
        assert_eq!(shard(None).unwrap(), (0, 1));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(shard(Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(game_key("0.770"), "0.77");
        assert_eq!(game_key("0.000"), "0.0");
        assert_eq!(game_key("4.00"), "4.0");
        assert_eq!(game_key("subtraction:1,2,30"), "subtraction:1,2,30");
    }
}
