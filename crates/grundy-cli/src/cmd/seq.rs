//! `grundy seq GAME --to N`: the nim-value sequence of a heap game.
//!
//! Sequence files (`--out`, `--resume`): one header line `grundy-seq 1 GAME\n`, then one little-endian `u32` per
//! heap from heap 0 on. The number of values is the length after the header divided by 4 (a partly written last
//! value, after an interruption, is ignored). Long runs append to the file every few seconds of work, so an
//! interrupted run loses at most its last chunk.

use crate::cli::{as_text, SeqArgs};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::game::HeapView;
use grundy::heap::sequence::{self, file as seq_file, Method};
use grundy::heap::{sparse, Engine, HeapGame};
use grundy::{Limits, Nimber};
use std::fmt::Write as _;
use std::io::Write;

pub const HELP: &str = "\
grundy seq — nim-values of heaps 0..=N

USAGE
  grundy seq GAME --to N [--engine plain|fast|auto] [--threads N] [--stats] [--json]
                   [--max-seconds S] [--max-memory SIZE]
  grundy seq GAME --to N --out FILE [--resume FILE] [--stats]
  grundy seq GAME --to N (--misere | --genus) [--max-positions N] [--max-seconds S] [--max-memory M] [--json]
                 [--out FILE]
  grundy seq GAME --line 'x 5' --to N [--json] [--max-seconds S] [--max-memory SIZE]

Prints G(0), G(1), ..., G(N), one per line, for a heap game (a name, a code, subtraction:S, allbut:S, bash:K).
With --json prints {\"game\": ..., \"values\": [...]}.

HOW (auto, the default: the cost follows the answer, not N)
  a closed form where the game has one (nim: n; bash:K: n mod (K+1); constrained:L,R; lasker);
  the game's own method where it has one (not-a-nim: a sieve; fibonacci-subtraction; consecutive-split);
  a counting mex for codes that never split and repeat one digit (allbut:S, 0.[3]): O(|S|) per heap, not O(n);
  a certified period for codes the Guy-Smith theorem covers (octal codes leaving at most two heaps,
    subtraction:S): computed to heaps 1023, 2047, 4095, ... until the certificate holds, the rest filled from it;
  else the fast engine where it applies, else the plain one. The method used is named with --out and in --json.
Before any work the memory needed is estimated and checked against --max-memory (default 3G), and heaps past
the engines' limits are refused; --max-seconds S stops the run after S seconds with an error saying how far it
got (with --out the values computed so far are in the file).

OPTIONS
  --engine E     plain (every game; n/2 XORs per heap), fast (the sparse-space rare/common engine, for codes
                 with finitely many digits leaving at most two heaps), auto (the methods above; the default).
                 plain and fast run that engine on every heap (the references the shortcuts are tested against)
  --threads N    threads for the fast engine (default: all cores; it uses at most two, which find every other
                 heap: each heap's work before the previous heap's value is known, then a check). From heap 4096
                 on the engine times windows of heaps on two workers against one and keeps the faster: about 1.2-1.6x
                 faster on Officers, Treblecross and Grundy's game when the other core is free, not used on Kayles (too
                 little work per heap) nor by the plain engine. Values never depend on it
  --stats        also print the rare/common split (its mask, and the heap's parity when the split uses it:
                 JSON 'heap_parity', the parity j0 of the two-heap digits, else null), the rare positions and the last one, the largest value and
                 where it first appears, the number of P-positions, and the memory the run held: the values
                 (8 bytes a heap in memory; a bounded run: the resident part, the file's size, the reads outside
                 the resident heaps and the page faults) and the peak resident memory of the process (lines
                 starting with '#')
  --out FILE     write the values to FILE (header line 'grundy-seq 1 GAME', then one little-endian u32 per heap),
                 appending as the run goes, instead of printing them. When the values would pass --max-memory
                 in memory, a fast-engine run with --out is BOUNDED: the engine's packed values (2 bytes a heap)
                 go to an unlinked scratch file beside FILE, mapped into memory, of which only the first 2^20
                 and the last 2^24 heaps stay resident (about 60 MB, whatever N); older values are read back from
                 the file when a scan needs them. Same values, one worker; --stats says what was resident and how
                 often the run went to the file (docs/longrun.md)
  --resume FILE  continue the run saved in FILE (written by --out; appends to it unless --out names another file)
Progress (heaps done, rate, time left) goes to stderr for long runs: a bar on a terminal, else a plain line every
10 seconds (GRUNDY_PROGRESS_SECONDS=S sets the interval; GRUNDY_PROGRESS=0 turns progress off).

--misere prints misère nim-values (1 for a heap with no move, else the mex of its options' misère values, sums
searched exactly). --genus prints the genus g^γ0γ1... in CGSuite's notation (g the nim-value, γk the misère
nim-value of the heap plus k heaps *2, written to two terms past where they alternate; (a,b,...) when a value
exceeds 9). The genus is exact, with no limit on k: each position's γ come from its options' by Conway's rule
(ONAG ch. 12; Winning Ways ch. 13), and a position whose options alternate from γD on alternates from γ(D+2) on
(a theorem, proved in the library's misere::search::genus), so no depth is guessed. It is followed by
'tame' when the heap and every heap it reaches have the genus of a misère Nim heap. With --out FILE the lines (or
the JSON object, with --json) go to FILE as text; --resume, --engine and --threads do not apply and are refused.

--line 'x 5': a game of two or more numbers (wythoff, cutting, a rules script of two numbers, ...) along one line,
every number fixed but x: prints G(x, 5) for x = 0..=N ('3 x' for G(3, x); words separated by spaces or commas),
under a header line '# GAME (x, 5): G at x = 0..=N, ...', or as JSON {\"game\": \"GAME (x, 5)\", \"line\": true,
\"from\": F, \"values\": [...]}. The values are the game's own (its search, one memo for the line), from the first x
that names a position (F; cutting's sheets are at least 2 wide). --out, --resume, --engine, --threads, --stats,
--misere and --genus do not apply to a line and are refused.

EXAMPLES
  grundy seq kayles --to 100
  grundy seq 4!.0 --to 2000          Grundy's game
  grundy seq 0.6 --to 1000000 --out officers.seq --stats
  grundy seq --moves 'n => [n-1, n-3, n-4]' --to 100      (a game of your own: docs/rules.md)
  grundy seq 0.6 --to 5000000 --resume officers.seq
  grundy seq 4!.0 --to 2000000 --out grundy.seq --max-memory 32M --stats     bounded: the values live in the file
  grundy seq 4!.0 --to 4294967294 --out grundy.seq --max-seconds none     (a long run: hours, in 32 MiB or so)
  grundy seq subtraction:1,3,4 --to 20
  grundy seq kayles --to 20 --genus      4^146 at heap 5 (Winning Ways ch. 13)
  grundy seq wythoff --line 'x 3' --to 30                   G(x, 3), x = 0..=30
  grundy seq --rules examples/rules/cutting.rhai --line 'x 6' --to 100     a pair script along a line
";

/// The sequence file's own functions, under the names `grundy period` calls them by.
pub(crate) use seq_file::{append, read as read_file, saved_values, start as start_file};

/// Runs `grundy seq`: the nim-values of a heap game's heaps up to `--to`, printed or written to a file.
///
/// Long: the `grundy seq` command in order: its refusals, the bounded and resumed forms, the probe of the first heaps,
/// the values, then the file and the text and JSON reports, which read the run's values, engine used and stats.
pub fn run(a: &SeqArgs) -> CliResult {
    super::load_rules(&a.rules, false)?;
    if let Some(spec) = &a.line {
        return run_line(a, spec);
    }
    let game = &super::game_or_script(a.game.as_deref())?;
    let to = a.to;
    if a.misere && a.genus {
        return Err(CliError::usage(
            "--misere and --genus are two views of misère play: give one of them",
        ));
    }
    if a.max_positions.is_some() && !(a.misere || a.genus) {
        return Err(CliError::usage(
            "--max-positions bounds the misère search: give it with --misere or --genus (the normal-play engines store values, not positions)",
        ));
    }
    // A game played misère by its own rules: its values are its misère nim-values (--misere asks for misère play of
    // normal-play rules, which it is not).
    let own_misere = super::lookup(game)?.play() == grundy::Play::Misere;
    if own_misere && a.misere {
        return Err(CliError::usage(format!(
            "{} is played misère by its own rules already (the last mover loses): leave out --misere",
            super::lookup(game)?.name()
        )));
    }
    if a.misere || a.genus || own_misere {
        return super::misere::run_seq(a, game, to);
    }
    let engine = a.engine.unwrap_or(Engine::Auto);
    let threads = a.threads.unwrap_or_else(super::all_cores);
    let limits = crate::guard::limits();
    let rules = super::heap_game(game)?;
    let resume = a.resume.as_deref().map(as_text);
    let out = a.out.as_deref().map(as_text).or(resume);
    if let Some(file) = resume.filter(|&f| out == Some(f)) {
        if let Some(last) = seq_file::held_past(file, &rules.name(), to) {
            return Err(CliError::usage(format!(
                "{} already holds heaps 0..={last}, past --to {to}: a resumed run only extends its file (give --to \
                 {last} or more, or --out ANOTHER_FILE to copy heaps 0..={to} there)",
                grundy::error::escape(file)
            )));
        }
    }
    if let Some(window) = bounded_window(a, &rules, engine, to, threads, &limits, out)? {
        let out = out.expect("a bounded run has a file");
        return run_bounded(a, &rules, to, out, window, &limits);
    }
    // How to resume, from the start (the probe below may meet the deadline before the computation says more).
    if let (Some(file), None) = (out, &a.resume) {
        crate::guard::set_resume_hint(&saved_hint(file, &rules.name(), to, 0));
    }
    // A code the sparse split cannot help is said so at the start, with the engine auto runs and the expected cost.
    // The probe's values (the first heaps, by the fast engine) are the run's: kept, and written to the file.
    let mut dense = None;
    let mut probe = |values: &mut Vec<Nimber>| -> CliResult {
        let had = values.len();
        dense = sequence::dense_probe(&*rules, engine, to, values, &limits)?;
        if let (Some(file), true) = (out, values.len() > had) {
            append(file, &values[had..], &rules.name())?;
        }
        if let Some(d) = &dense {
            eprintln!("grundy: note: {}", d.notice(&rules.name(), to));
        }
        Ok(())
    };
    let (values, used) = match resume {
        Some(file) => {
            let mut prefix = read_file(file, &*rules, to, &limits)?;
            if let Some(o) = out.filter(|&o| o != file) {
                start_file(o, &rules.name())?;
                append(o, &prefix, &rules.name())?;
            }
            probe(&mut prefix)?;
            compute(&*rules, engine, prefix, to, out, threads, &limits)
                .map_err(|e| resumable(e, out, &resume_command(a, to, out)))?
        }
        None => {
            // Refuse at once what cannot fit, before creating the file.
            let method = sequence::choose(&*rules, engine);
            sequence::check(&*rules, method, to, threads, &limits)?;
            if let Some(file) = out {
                start_file(file, &rules.name())?;
            }
            let mut prefix = Vec::new();
            probe(&mut prefix)?;
            compute(&*rules, engine, prefix, to, out, threads, &limits)
                .map_err(|e| resumable(e, out, &resume_command(a, to, out)))?
        }
    };
    let stats = a.stats.then(|| {
        let split = sparse::best_split(&values, rules.code().and_then(sparse::phase_of));
        sparse::stats(&values, split)
    });
    if a.json {
        let mut j = serde_json::json!({ "game": rules.name(), "engine": used.name() });
        if let Some(d) = &dense {
            j["dense"] =
                serde_json::to_value(d).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
            j["dense"]["expected_seconds"] = serde_json::json!(d.expected_seconds(to));
        }
        if let Some(s) = &stats {
            j["stats"] = serde_json::json!({
                "mask": s.mask, "heap_parity": s.phase, "rare_values": s.rare_values, "rare_positions": s.rare_positions,
                "last_rare": s.last_rare, "largest": s.largest, "largest_at": s.largest_at,
                "p_positions": s.p_positions,
                "memory": { "values_bytes": values_bytes(&values), "peak_resident_bytes": peak_resident() },
            });
        }
        if let Some(file) = out {
            // The values are in the file: say which, and how many.
            j["file"] = serde_json::json!(file);
            j["heaps"] = serde_json::json!(values.len());
            return print_json(&j);
        }
        // The values are streamed: a JSON array of a billion values would not fit in memory as a tree.
        let head = serde_json::to_string(&j).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        let mut w = std::io::stdout().lock();
        w.write_all(&head.as_bytes()[..head.len() - 1])?;
        w.write_all(b",\"values\":[")?;
        write_values(&mut w, &values, b",")?;
        w.write_all(b"]}\n")?;
        w.flush()?;
        return Ok(());
    }
    let mut s = String::new();
    match out {
        Some(file) => {
            let _ = writeln!(
                s,
                "# {}: {} value{} (heaps 0..={to}) in {file}, engine {}",
                rules.name(),
                values.len(),
                super::plural(values.len()),
                used.name()
            );
        }
        None => {
            let mut w = std::io::stdout().lock();
            write_values(&mut w, &values, b"\n")?;
            if !values.is_empty() {
                w.write_all(b"\n")?;
            }
            w.flush()?;
        }
    }
    if let Some(st) = &stats {
        if let Some(d) = &dense {
            let _ = writeln!(s, "# dense: {}", d.notice(&rules.name(), to));
        }
        write_stats(&mut s, st);
        let peak = peak_resident().map_or(
            "unknown on this system".to_string(),
            grundy::solver::format_bytes,
        );
        let _ = writeln!(
            s,
            "# memory: the values held {} (8 bytes a heap); peak resident memory of the run {peak}",
            grundy::solver::format_bytes(values_bytes(&values))
        );
    }
    write_stdout(s.as_bytes())
}

/// `grundy seq GAME --line SPEC --to N`: the values of a game of two or more numbers along one line, `x = 0..=N`
/// (`grundy::analysis::line`; from the first x that names a position), as text under a header naming the line, or
/// as JSON with `"line": true` and `from`.
fn run_line(a: &SeqArgs, spec: &str) -> CliResult {
    super::refuse_on_line(
        "seq",
        &[
            (a.misere, "--misere"),
            (a.genus, "--genus"),
            (a.max_positions.is_some(), "--max-positions"),
            (a.engine.is_some(), "--engine"),
            (a.threads.is_some(), "--threads"),
            (a.stats, "--stats"),
            (a.out.is_some(), "--out"),
            (a.resume.is_some(), "--resume"),
        ],
        "its values come from the game's own search of its positions, in memory, under normal play: no heap \
         engine, file or misère values",
    )?;
    let line = super::line_game(a.game.as_deref(), spec)?;
    let mut bar = Progress::new(format!("{} to x = {}", line.name(), a.to), a.to);
    let cx = crate::guard::context_with(crate::guard::limits());
    let l = grundy::analysis::line::values(&*line, a.to, &cx, &mut |n| bar.update(n))?;
    bar.finish();
    crate::guard::answering();
    let mut w = std::io::stdout().lock();
    if a.json {
        let head = serde_json::json!({ "game": l.game, "line": true, "from": l.from });
        let head =
            serde_json::to_string(&head).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        w.write_all(&head.as_bytes()[..head.len() - 1])?;
        w.write_all(b",\"values\":[")?;
        write_values(&mut w, &l.values, b",")?;
        w.write_all(b"]}\n")?;
    } else {
        writeln!(
            w,
            "# {}: G at x = {}..={}, one per line (a line of the game: every other number fixed)",
            l.game,
            l.from,
            l.to()
        )?;
        write_values(&mut w, &l.values, b"\n")?;
        w.write_all(b"\n")?;
    }
    w.flush()?;
    Ok(())
}

/// Whether the run keeps its values in a mapped file (a *bounded* run: see `docs/longrun.md`), and with what
/// window: when `GRUNDY_WINDOW=HEAPS` is set (tests and benchmarks: the last HEAPS heaps, and the first
/// min(HEAPS, 2^20), stay resident), or when the values would pass `--max-memory` in memory and `--out` names a
/// file. Only the fast engine (auto where it would run it, or a certified period's computation) runs bounded.
fn bounded_window(
    a: &SeqArgs,
    rules: &HeapGame,
    engine: Engine,
    to: u64,
    threads: usize,
    limits: &Limits,
    out: Option<&str>,
) -> CliResult<Option<sparse::Window>> {
    let method = sequence::choose(rules, engine);
    let fast = rules.code().is_some_and(sparse::covers)
        && matches!(method, Method::Engine(Engine::Fast) | Method::Period { .. });
    let forced = match std::env::var("GRUNDY_WINDOW") {
        Ok(w) => {
            let w = grundy::error::parse_u64(&w, "GRUNDY_WINDOW")?;
            if w == 0 {
                return Err(CliError::usage("GRUNDY_WINDOW must be at least 1 heap"));
            }
            if !fast {
                return Err(CliError::usage(
                    "GRUNDY_WINDOW (values kept in a file) applies to the fast engine only (codes with finitely many digits leaving at most two heaps)",
                ));
            }
            if out.is_none() {
                return Err(CliError::usage(
                    "GRUNDY_WINDOW keeps the values in a file beside the --out file: give --out FILE",
                ));
            }
            let w = usize::try_from(w).unwrap_or(usize::MAX);
            Some(sparse::Window {
                head: w.min(sparse::Window::DEFAULT.head),
                window: w,
            })
        }
        Err(_) => None,
    };
    let window = match forced {
        Some(w) => w,
        // In memory while the values fit the budget there.
        None if !fast || out.is_none() => return Ok(None),
        None if sequence::check(rules, method, to, threads, limits).is_ok() => return Ok(None),
        None => sparse::Window::DEFAULT,
    };
    if a.threads.is_some() && threads > 1 {
        return Err(CliError::usage(
            "a bounded run (values kept in the --out file's directory, mapped) uses one worker: leave out --threads or give --threads 1",
        ));
    }
    // What stays resident: the head, the tail and the stretch read between releases, at 4 bytes a value at most.
    let resident = (window.head as u64)
        .saturating_add(window.window as u64 / 2 * 3)
        .min(to.saturating_add(1))
        .saturating_mul(4);
    limits.check_memory(
        resident,
        &format!(
            "{}: the resident values of a bounded run to heap {to}",
            rules.name()
        ),
    )?;
    Ok(Some(window))
}

/// A bounded run: the fast engine on every heap with its values in an unlinked file beside `out`, mapped into
/// memory, of which only `window` stays resident; the values go to `out` as the run goes (and a resumed run reads
/// its file in chunks). The run and its file are the library's ([`seq_file::bounded_run`],
/// [`seq_file::extend_run_to_file`]); here are the progress bar, the resume hint and the text and JSON reports.
fn run_bounded(
    a: &SeqArgs,
    rules: &HeapGame,
    to: u64,
    out: &str,
    window: sparse::Window,
    limits: &Limits,
) -> CliResult {
    let name = rules.name();
    let mut run = seq_file::bounded_run(
        rules,
        to,
        out,
        a.resume.as_deref().map(as_text),
        window,
        limits,
    )?;
    let mut bar = Progress::new(format!("{name} to {to}"), to);
    let resume = |n: usize| {
        crate::guard::set_resume_hint(&format!(
            "saved in {out}: heaps 0..={}; resume with '{}'",
            n.saturating_sub(1),
            resume_command(a, to, Some(out))
        ))
    };
    resume(run.len());
    seq_file::extend_run_to_file(
        &mut run,
        &name,
        to,
        out,
        limits,
        &mut |n| bar.update(n),
        &mut |n| resume(n),
    )
    .map_err(|e| resumable(e.into(), Some(out), &resume_command(a, to, Some(out))))?;
    bar.finish();
    let stats = a.stats.then(|| run.stats());
    let spill = run.spill().unwrap_or_default();
    let held = run.bytes();
    let peak = peak_resident();
    if a.json {
        let mut j = serde_json::json!({
            "game": name, "engine": "fast", "bounded": true, "file": out, "heaps": run.len(),
        });
        if let Some(s) = &stats {
            j["stats"] = serde_json::json!({
                "mask": s.mask, "heap_parity": s.phase, "rare_values": s.rare_values, "rare_positions": s.rare_positions,
                "last_rare": s.last_rare, "largest": s.largest, "largest_at": s.largest_at,
                "p_positions": s.p_positions,
                "memory": {
                    "values_bytes": held, "peak_resident_bytes": peak,
                    "file_bytes": spill.file_bytes, "value_bytes": spill.value_bytes,
                    "head_heaps": spill.head, "window_heaps": spill.window,
                    "releases": spill.releases, "cold_blocks": spill.cold_blocks,
                    "minor_faults": spill.minor_faults, "major_faults": spill.major_faults,
                },
            });
        }
        return print_json(&j);
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# {name}: {} values (heaps 0..={to}) in {out}, engine fast, bounded (the first {} and the last {} heaps resident)",
        run.len(),
        spill.head,
        spill.window
    );
    if let Some(st) = &stats {
        write_stats(&mut s, st);
        let peak = peak.map_or(
            "unknown on this system".to_string(),
            grundy::solver::format_bytes,
        );
        let _ = writeln!(
            s,
            "# memory: the head and the tail keep {} of values resident ({} a value) of {} in the mapped file (deeper reads given back past a 256 MiB budget); peak resident memory of the run {peak}",
            grundy::solver::format_bytes(held),
            spill.value_bytes,
            grundy::solver::format_bytes(spill.file_bytes),
        );
        let _ = writeln!(
            s,
            "# file: {} scan blocks read values outside the resident heaps; cold pages given back {} times; page faults {} minor (page cache), {} major (disk)",
            spill.cold_blocks, spill.releases, spill.minor_faults, spill.major_faults
        );
    }
    write_stdout(s.as_bytes())
}

/// The statistics' lines of `--stats` (all but the memory).
fn write_stats(s: &mut String, st: &sparse::Stats) {
    let _ = match st.phase {
        None => writeln!(
            s,
            "# split: rare values have an even number of 1 bits under mask {:#b}",
            st.mask
        ),
        Some(j0) => writeln!(
            s,
            "# split: mask {:#b} and the heap's parity: heap n is rare when its value has an even number of 1 bits under the mask and n + {j0} is even, or an odd number and n + {j0} is odd",
            st.mask
        ),
    };
    let shown: Vec<String> = st
        .rare_values
        .iter()
        .take(32)
        .map(|v| v.to_string())
        .collect();
    let more = if st.rare_values.len() > 32 {
        ", ..."
    } else {
        ""
    };
    let _ = writeln!(s, "# rare values: {}{more}", shown.join(", "));
    let last = st.last_rare.map_or("none".to_string(), |n| n.to_string());
    let _ = writeln!(
        s,
        "# rare positions: {} (the last: {last})",
        st.rare_positions
    );
    let _ = writeln!(
        s,
        "# largest value: {} (first at heap {})",
        st.largest, st.largest_at
    );
    let _ = writeln!(s, "# P-positions: {}", st.p_positions);
}

/// Bytes the values handed back hold (what the run keeps in memory at its end, besides the engine's own copy,
/// which is freed by then).
fn values_bytes(values: &[grundy::Nimber]) -> u64 {
    (values.len() as u64).saturating_mul(std::mem::size_of::<grundy::Nimber>() as u64)
}

/// The process's peak resident memory so far (`VmHWM` of `/proc/self/status`, Linux), or `None` where it is not
/// known: what the whole run held at its worst, engine copies included.
pub(crate) fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The command that resumes this run from its `--out` file.
fn resume_command(a: &SeqArgs, to: u64, out: Option<&str>) -> String {
    let game = a
        .game
        .as_deref()
        .map(|g| format!(" {g}"))
        .unwrap_or_default();
    let mut c = format!("grundy seq{game}{} --to {to}", a.rules.as_flags());
    if let Some(f) = out {
        c += &format!(" --resume {f}");
    }
    c
}

/// A limit's error with how to resume: where the values are saved (the `--out` file holds what was computed) and
/// the command that continues, or, without a file, how to keep the values next time. Other errors unchanged.
pub(crate) fn resumable(e: CliError, out: Option<&str>, command: &str) -> CliError {
    let CliError::Lib(err) = e else { return e };
    if err.kind() != grundy::ErrorKind::Limit {
        return CliError::Lib(err);
    }
    let hint = match out {
        Some(file) => {
            let last = saved_values(file).map_or("none".to_string(), |n| match n {
                0 => "none".to_string(),
                n => format!("heaps 0..={}", n - 1),
            });
            format!("saved in {file}: {last}; resume with '{command}'")
        }
        None => "nothing was saved: run with --out FILE to keep the values and --resume FILE to continue"
            .to_string(),
    };
    CliError::Lib(err.with_hint(hint))
}

/// Writes `values` separated by `sep`, in chunks (no string the size of the whole sequence). The digits are
/// written by hand: `write!` through the formatter cost about 1% of a two-worker run of Officers to 10^7 (10^7
/// values, all after the run, on one core).
fn write_values(w: &mut impl Write, values: &[Nimber], sep: &[u8]) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            buf.extend_from_slice(sep);
        }
        push_decimal(&mut buf, v);
        if buf.len() >= 1 << 16 {
            w.write_all(&buf)?;
            buf.clear();
        }
    }
    w.write_all(&buf)
}

/// Appends the decimal digits of `v`.
fn push_decimal(buf: &mut Vec<u8>, mut v: u64) {
    let mut d = [0u8; 20];
    let mut i = d.len();
    loop {
        i -= 1;
        d[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&d[i..]);
}

/// Computes heaps `0..=to` from `prefix` by [`seq_file::extend_to_file`] (appending to `out` as it goes, in chunks
/// of growing size), with a progress bar and the watchdog's resume hint.
fn compute(
    rules: &HeapGame,
    engine: Engine,
    values: Vec<Nimber>,
    to: u64,
    out: Option<&str>,
    threads: usize,
    limits: &Limits,
) -> CliResult<(Vec<Nimber>, Method)> {
    let mut bar = Progress::new(format!("{} to {to}", rules.name()), to);
    crate::guard::set_resume_hint(&match out {
        Some(file) => saved_hint(file, &rules.name(), to, values.len()),
        None => "nothing was saved: run with --out FILE to keep the values and --resume FILE to continue"
            .to_string(),
    });
    let name = rules.name();
    let (values, used) = seq_file::extend_to_file(
        rules,
        engine,
        values,
        to,
        out,
        threads,
        limits,
        &mut |n| bar.update(n),
        &mut |held| {
            if let Some(file) = out {
                crate::guard::set_resume_hint(&format!(
                    "saved in {file}: heaps 0..={}; resume with 'grundy seq {name} --to {to} --resume {file}'",
                    held.saturating_sub(1),
                ));
            }
        },
    )?;
    bar.finish();
    Ok((values, used))
}

/// What the watchdog adds when it ends a run writing to `file` that holds `held` values: where they are, and the
/// command that resumes.
fn saved_hint(file: &str, game: &str, to: u64, held: usize) -> String {
    let what = match held {
        0 => "none yet".to_string(),
        n => format!("heaps 0..={}", n - 1),
    };
    format!("saved in {file}: {what}; resume with 'grundy seq {game} --to {to} --resume {file}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_thread_counts_are_one_line_errors() {
        for (args, says) in [
            ("0.6 --to 10 --threads 0", "at least 1"),
            ("0.6 --to 10 --threads two", "--threads"),
            ("0.6 --to 10 --threads -1", "--threads"),
            ("0.6 --to 10 --threads 99999999999999999999999", "--threads"),
        ] {
            let e = crate::cmd::run_line(&format!("seq {args}"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says) && !e.contains('\n'), "{args}: {e}");
        }
    }

    /// Two threads (two workers from heap 4096 on) and one give the same values, here for Treblecross.
    #[test]
    fn values_are_written_in_decimal() {
        let values = [0, 7, 10, 99, 100, 12345, u32::MAX as u64, u64::MAX];
        let mut out = Vec::new();
        write_values(&mut out, &values, b",").unwrap();
        let want: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        assert_eq!(String::from_utf8(out).unwrap(), want.join(","));
        assert_eq!(
            String::from_utf8({
                let mut o = Vec::new();
                write_values(&mut o, &[], b"\n").unwrap();
                o
            })
            .unwrap(),
            ""
        );
    }

    #[test]
    fn thread_counts_give_the_same_values() {
        let rules = grundy::games::lookup("0.007").unwrap().heap_game().unwrap();
        let l = Limits::default();
        let (one, _) = compute(&*rules, Engine::Fast, Vec::new(), 40_000, None, 1, &l).unwrap();
        let (two, _) = compute(&*rules, Engine::Fast, Vec::new(), 40_000, None, 2, &l).unwrap();
        assert_eq!(one.len(), 40_001);
        assert_eq!(one, two);
    }
}
