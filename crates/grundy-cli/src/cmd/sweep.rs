//! `grundy sweep FAMILY` and `grundy sweep-merge FILES...`: a survey of the periods of every code of a family, one
//! JSON line per code, split across processes or machines by `--shard K/N` with no coordination, and joined (with
//! a check that no code is missing or twice there) by `sweep-merge`.

use crate::cli::{as_text, ShardArg, SweepArgs, SweepMergeArgs};
use crate::output::{write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::analysis::survey::{self, Family, LineError, PerCode, Published, Record, Shard};
use std::collections::BTreeSet;
use std::io::{Read, Write};

pub const HELP: &str = "\
grundy sweep — the periods of every code of a family, one JSON line per code

USAGE
  grundy sweep FAMILY [--to N] [--max-seconds S] [--max-memory SIZE] [--threads N] [--shard K/N|slurm]
                      [--jsonl FILE] [--published FILE] [--csv FILE]
  grundy sweep [FAMILY] --codes FILE|- [options as above]
  grundy sweep --retry-open FILE [options as above]
  grundy sweep-merge FILE... [--published FILE] [--csv FILE]

Runs 'grundy period' on each code of FAMILY (in a fixed order) and writes one JSON line per code: code, family,
preperiod, period, saltus, certified, certificate, values_computed, rare_positions and last_rare (under the
rare/common split that makes fewest positions rare, over the values computed), largest and largest_at (the
largest value and its first heap), seconds, and stopped (why the code was left open, else null); and its
provenance: version (of grundy), budget_heaps, budget_seconds, budget_memory (bytes), threads, engine and
certificate_version (of the certificate checks).

FAMILY
  0.ddd        every octal code 0.d1d2d3, each d a digit 0-7 (512 codes); any pattern of digits and d after the
               point: 0.d7d, 0.dddd. Codes ending in 0 are the same games as the shorter codes (0.770 is 0.77)
  x.dd         the same with d0 in {0, 4} (x is 0 or 4): 0.d1d2 and 4.d1d2 (4: a move may split a heap without
               taking a token)
  octal:K      0. followed by K d's
  subtraction:SIZE,MAX   every subtraction set of SIZE amounts from 1..=MAX (subtraction:3,10: 120 sets)

CODE LISTS AND DEEPENING
  --codes FILE (or - for standard input): the codes of a list instead of a family, one take-and-break code per
    line, blank lines and '#' comments ignored, a code given twice run once; a bad line is refused with its line
    number. Their records have the family 'list'; with FAMILY, every code must be one of it, and the records are
    the family's.
  --retry-open FILE: the codes whose record in FILE is open, run again with this run's budgets (their family is
    FILE's). With --jsonl, a code whose record there is certified, or ran with budgets at least as large, is
    skipped: a retry goes on where it stopped. Of two records of one code, every reader keeps one: a certified
    one before an open one, a longer computation before a shorter one; two certified records that disagree are
    an error (a bug).

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
  with no coordination (--shard slurm: K and N of a Slurm array task, from SLURM_ARRAY_TASK_ID,
  SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN; arrays from 0 or 1); 'grundy sweep-merge FILES...' joins their
  files, checks that every code of the family is there (an error names the missing ones), and prints the table.

PUBLISHED FIGURES
  --published FILE (lines 'CODE PREPERIOD PERIOD', '#' comments; the repository's tests/data/octal-periods.txt,
  with the source of each line) compares every code of the survey with a published figure: the summary counts
  agreements, names every disagreement and every published code still open (codes compare as games: 0.770 = 0.77).

Dynamic balancing through GNU parallel with a code list, and a Slurm job array script: docs/sweep.md.

With --jsonl the summary is printed on stdout; without it the JSON lines are, and then the summary on stderr.
--csv FILE writes the records of the run's codes (one per code, in its order) to FILE as CSV too, a header line
first (code, family, preperiod, period, saltus, certified, certificate, values_computed, rare_positions,
last_rare, largest, largest_at, seconds, stopped, budget_heaps, budget_seconds, budget_memory, engine, version):
a table for a spreadsheet or a data frame. It is written when the run ends, replacing FILE.
Exit status: 0 when every code is certified, 3 when every code has its record but some are open (stopped by
their budgets: a larger budget may certify them), 2 on an error.

EXAMPLES
  grundy sweep 0.d7 --max-seconds 1 --jsonl d7.jsonl --published tests/data/octal-periods.txt     the 8 codes 0.07..0.77
  seq 1 2 | xargs -P 2 -I K sh -c 'grundy sweep 0.d7 --max-seconds 1 --shard K/2 --jsonl d7-K.jsonl || [ $? = 3 ]'
  grundy sweep-merge d7-1.jsonl d7-2.jsonl --published tests/data/octal-periods.txt
  grundy sweep 0.ddd --max-seconds 10 --jsonl octal3.jsonl      all 512 codes (a long run: about an hour)
  grundy sweep subtraction:3,12 --max-seconds 5
  grundy sweep --retry-open d7.jsonl --max-seconds 2 --jsonl d7.jsonl     the open codes of d7.jsonl, 2 s each
";

pub const MERGE_HELP: &str = "\
grundy sweep-merge — join the files of a sharded sweep into one table

USAGE
  grundy sweep-merge FILE... [--published FILE] [--csv FILE]

Joins the JSON-lines files written by 'grundy sweep FAMILY --shard K/N --jsonl FILE' (one file per shard, or any
split of a survey's lines into files), checks that together they hold every code of the family exactly once, and
prints the table: code, preperiod, period, saltus, certified (yes or open), values_computed and seconds, one line
per code in the family's order, then the summary of 'grundy sweep' (codes certified and open, seconds of
computing). Lines of either schema are read: those with every key (null where unknown) and those written before,
where a code stopped by a limit lacked largest, largest_at, last_rare and rare_positions.

A code recorded more than once (in one file or in two: a deepened survey) keeps one record: a certified one
before an open one, a longer computation (more values) before a shorter one. Records of a code list (family
'list') are joined in the order of their codes. A note on stderr says when the certified records come from
different versions of the certificate checks.

CONFLICTS AND BAD LINES (each a one-line error, exit status 2, and no table)
  - the files hold surveys of two families (the family of the first record and the other one are named);
  - two certified records of a code disagree (a bug): the code, both figures, and the versions of the
    certificate checks when they differ are named;
  - a code is not in the family, or a code of the family is in no file: the codes are listed the same way;
  - a line is not a JSON object, or a field has the wrong type (text for a number, a negative number, a fraction
    where a count belongs): the file, the line number and the field are named. A file's last line cut short (a run
    killed while writing it) is an error here: run 'grundy sweep' on that shard again, which drops it and goes on.

PUBLISHED FIGURES
  --published FILE (lines 'CODE PREPERIOD PERIOD', '#' comments) compares every code with a published figure, as
  'grundy sweep --published' does: agreements counted, every disagreement and every published code still open named.

--csv FILE writes the joined records to FILE as CSV too (the columns of 'grundy sweep --csv').

EXAMPLE
  seq 1 4 | xargs -P 4 -I K grundy sweep 0.ddd --max-seconds 10 --shard K/4 --jsonl octal3-K.jsonl
  grundy sweep-merge octal3-*.jsonl --published tests/data/octal-periods.txt
";

/// The published periods of `--published FILE`, when given.
fn published(file: Option<&std::path::Path>) -> CliResult<Option<Published>> {
    Ok(file.map(as_text).map(Published::read).transpose()?)
}

/// A line of a sweep file as a record: [`LineError::NotARecord`] when it is not a JSON object, else the check of
/// its fields ([`Record`]'s `Deserialize`), whose message names the field.
fn parse_line(line: &str) -> Result<Record, LineError> {
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(v) if v.is_object() => serde_json::from_str::<Record>(line).map_err(|e| {
            // The message without serde_json's position (the reader names the file and the line).
            let text = e.to_string();
            let at = format!(" at line {} column {}", e.line(), e.column());
            LineError::Field(text.strip_suffix(&at).unwrap_or(&text).to_string())
        }),
        _ => Err(LineError::NotARecord),
    }
}

/// The shard of `--shard`: given, read from a Slurm array task's environment, or the whole list.
fn shard_of(a: &SweepArgs) -> CliResult<Shard> {
    Ok(match a.shard {
        None => Shard::default(),
        Some(ShardArg::Given(s)) => s,
        Some(ShardArg::Slurm) => Shard::from_slurm(&|k| std::env::var(k).ok())
            .map_err(|e| CliError::usage(format!("--shard slurm: {}", e.message())))?,
    })
}

/// The codes a survey runs, as a family: FAMILY's; the list of `--codes` (checked against FAMILY when given); or
/// the open codes of `--retry-open`'s records (`file_records`: those of `--jsonl`, read already, when it is the
/// same file).
fn codes_of(a: &SweepArgs, file_records: &[Record]) -> CliResult<Family> {
    if let Some(list) = a.codes.as_deref().map(as_text) {
        let text = if list == "-" {
            let mut t = String::new();
            std::io::stdin()
                .read_to_string(&mut t)
                .map_err(|e| grundy::Error::input(format!("standard input: {e}")))?;
            t
        } else {
            survey::read_text(list).map_err(|e| grundy::Error::input(format!("{list}: {e}")))?
        };
        let name = if list == "-" { "standard input" } else { list };
        let codes = survey::parse_code_list(&text, a.family.as_ref())
            .map_err(|e| grundy::Error::input(format!("{name}: {}", e.message())))?;
        let family = a.family.as_ref().map_or(survey::LIST, Family::name);
        return Ok(Family::from_list(family, codes));
    }
    if let Some(file) = a.retry_open.as_deref() {
        let records = if Some(file) == a.jsonl.as_deref() {
            file_records.to_vec()
        } else {
            survey::read_records(as_text(file), false, &parse_line)?
        };
        let (family, codes) = survey::open_codes(records)
            .map_err(|e| grundy::Error::input(format!("{}: {}", as_text(file), e.message())))?;
        if let Some(f) = a.family.as_ref().filter(|f| f.name() != family) {
            return Err(grundy::Error::input(format!(
                "{}: holds a survey of {family}, not of {f}",
                as_text(file)
            ))
            .into());
        }
        return Ok(Family::from_list(&family, codes));
    }
    // clap requires FAMILY without --codes and --retry-open.
    a.family
        .clone()
        .ok_or_else(|| CliError::usage("give a FAMILY, --codes FILE or --retry-open FILE"))
}

pub fn run(a: &SweepArgs) -> CliResult {
    let shard = shard_of(a)?;
    let to = a.to;
    let seconds = a.max_seconds.unwrap_or(60.0);
    let memory = a
        .max_memory
        .unwrap_or_else(crate::guard::default_max_memory);
    crate::guard::limit_memory(memory);
    let threads = a.threads.unwrap_or(1);
    let published = published(a.published.as_deref())?;
    let jsonl = a.jsonl.as_deref().map(as_text);
    let mut records = match jsonl {
        Some(f) => survey::read_records(f, true, &parse_line)?,
        None => Vec::new(),
    };
    let family = codes_of(a, &records)?;
    let mine = family.shard(shard);
    if let (Some(f), true) = (&a.retry_open, family.codes().is_empty()) {
        eprintln!("grundy: note: {} holds no open codes", as_text(f));
    } else if mine.is_empty() {
        eprintln!(
            "grundy: note: shard {}/{} holds no codes: the family {} has {} code{}, fewer than {}",
            shard.index + 1,
            shard.count,
            family,
            family.codes().len(),
            super::plural(family.codes().len()),
            shard.index + 1
        );
    }
    survey::check_family(&records, family.name(), jsonl.unwrap_or(""))?;
    let per_code = PerCode { to, seconds };
    // A code is done when the file holds a record of it; a retry runs again the open records whose budgets
    // were smaller than this run's (so a retry stopped half-way goes on where it stopped).
    let done: BTreeSet<String> = if a.retry_open.is_some() {
        survey::best_records(records.clone())?
            .into_iter()
            .filter(|r| per_code.covered_by(r, memory))
            .map(|r| r.code)
            .collect()
    } else {
        records.iter().map(|r| r.code.clone()).collect()
    };
    let mut file = match jsonl {
        Some(f) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(f)
                .map_err(|e| grundy::Error::input(format!("{f}: {e}")))?,
        ),
        None => None,
    };
    let cx = grundy::Context::new(grundy::Limits {
        max_memory: memory,
        ..grundy::Limits::default()
    })
    .with_threads(threads);
    let registry = super::catalog();
    let mut bar = Progress::new(format!("sweep {family}"), mine.len() as u64);
    for (i, code) in mine.iter().enumerate() {
        bar.update(i as u64);
        if done.contains(*code) {
            continue;
        }
        let rec = survey::survey_code(&registry, code, family.name(), per_code, &cx);
        let line =
            serde_json::to_string(&rec).map_err(|e| CliError::usage(format!("JSON: {e}")))? + "\n";
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
    let records = survey::best_records(records)?;
    let text = survey::summary(&records, &expected, published.as_ref());
    if let Some(f) = a.csv.as_deref() {
        let wanted: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
        let mine: Vec<Record> = records
            .iter()
            .filter(|r| wanted.contains(r.code.as_str()))
            .cloned()
            .collect();
        write_csv(f, &mine)?;
    }
    if a.jsonl.is_some() {
        write_stdout(text.as_bytes())?;
    } else {
        eprint!("{text}");
    }
    open_status(&records, &expected)
}

/// Writes `records` as CSV ([`survey::csv`]) to `file`, replacing it.
fn write_csv(file: &std::path::Path, records: &[Record]) -> CliResult {
    std::fs::write(file, survey::csv(records))
        .map_err(|e| grundy::Error::input(format!("{}: {e}", as_text(file))).into())
}

/// Exit status 3 (with a one-line message) when some of the `expected` codes are left open by their budgets: a
/// scheduler tells this from an error (2), and a larger budget may certify them.
fn open_status(records: &[Record], expected: &[String]) -> CliResult {
    let wanted: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    let open = records
        .iter()
        .filter(|r| wanted.contains(r.code.as_str()) && !r.certified)
        .count();
    if open == 0 {
        return Ok(());
    }
    // A code that could not be searched at all is an error (exit 2), whatever its budget.
    let failed: Vec<&str> = records
        .iter()
        .filter(|r| wanted.contains(r.code.as_str()) && r.stopped_by.as_deref() == Some("error"))
        .map(|r| r.code.as_str())
        .collect();
    if let Some(first) = failed.first() {
        return Err(CliError::usage(format!(
            "{} code{} could not be searched, first {first} (its record's 'stopped' says why; a larger budget does not help)",
            failed.len(),
            super::plural(failed.len()),
        )));
    }
    Err(CliError::Stopped(format!(
        "{open} code{} left open by {} budget{}: --retry-open FILE with a larger --max-seconds, --max-memory or \
         --to runs {} again",
        super::plural(open),
        if open == 1 { "its" } else { "their" },
        super::plural(open),
        if open == 1 { "it" } else { "them" },
    )))
}

pub fn run_merge(a: &SweepMergeArgs) -> CliResult {
    let mut records = Vec::new();
    for f in &a.files {
        records.extend(survey::read_records(as_text(f), false, &parse_line)?);
    }
    let versions = survey::certificate_versions(&records);
    let (family, records) = survey::merge(records)?;
    let published = published(a.published.as_deref())?;
    if versions.len() > 1 {
        let shown: Vec<String> = versions
            .iter()
            .map(|v| v.map_or("unknown".to_string(), |v| v.to_string()))
            .collect();
        eprintln!(
            "grundy: note: the certified records come from different versions of the certificate checks: {}",
            shown.join(", ")
        );
    }
    let mut s = String::from(
        "code        preperiod     period  saltus  certified  values_computed   seconds\n",
    );
    let num = |v: Option<u64>| v.map_or("-".to_string(), |x| x.to_string());
    for r in &records {
        s += &format!(
            "{:<10} {:>10} {:>10} {:>7}  {:<9}  {:>15} {:>9}\n",
            r.code,
            num(r.preperiod),
            num(r.period),
            num(r.saltus),
            if r.certified { "yes" } else { "open" },
            num(r.values_computed),
            r.seconds.map_or("-".into(), |x| format!(
                "{:.2}",
                survey::no_negative_zero(x)
            )),
        );
    }
    s += &survey::summary(&records, family.codes(), published.as_ref());
    if let Some(f) = a.csv.as_deref() {
        write_csv(f, &records)?;
    }
    write_stdout(s.as_bytes())
}
