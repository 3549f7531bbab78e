//! `grundy frontier`, `grundy shard` and `grundy merge`: one Cram search split across processes or machines
//! (docs/distributed-search.md; the library's [`grundy::analysis::split`]).

use crate::cli::{as_text, FrontierArgs, MergeArgs, ShardArg, ShardRunArgs};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::analysis::split::{self, Frontier, Shard};

pub const FRONTIER_HELP: &str = "\
grundy frontier — the frontier of a split search: a board expanded to a depth, its canonical components

USAGE
  grundy frontier cram POSITION... [--depth D] [--out FILE] [--json]

Expands the root (a Cram board, or a sum of boards) D levels deep (default 2, at most 3): every option of every
position above depth D is split into its regions, each region is put in its canonical form (cropped, the least of
its 8 images under the symmetries of the grid), and the regions at depth D, each once and sorted, are the
frontier. 'grundy shard' values them, dealt to N shards by index; 'grundy merge' joins the shards' tables and
finishes the top D levels. Depth 0 is the root's own regions.

The file (--out FILE, else standard output) is text: a header (grundy-frontier 1, game, canonical-form version,
root, depth, the number of components), one component a line in Cram's notation (RxC, or rows like ..#/...), and
a last line 'checksum' with the FNV-1a hash of the lines before it. A file that is damaged, edited, of another
game or of another canonical-form version is refused by 'shard' and 'merge'.

--json prints one object: game, root, depth, canonical_form, components (their number), largest_cells, checksum,
and parts (the components, when no --out is given).

EXAMPLES
  grundy frontier cram 5x6 --depth 2 --out cram56.frontier
  grundy frontier cram 4x9 --depth 1 --json

Recipes for GNU parallel and Slurm job arrays: docs/distributed-search.md.
";

pub const SHARD_HELP: &str = "\
grundy shard — value one shard of a frontier's components, saving its table periodically

USAGE
  grundy shard FRONTIER --save-table FILE [--shard K/N|slurm] [--save-every S] [--threads N] [--json]
               [--max-seconds S] [--max-memory SIZE]

Values, with the Cram engine, the components of FRONTIER whose index i (from 0, in the file's order) has
i mod N = K-1 (--shard K/N, default 1/1; --shard slurm: K and N of a Slurm array task, from
SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN). N shards run with no coordination and no
communication: each on its own machine or core, each with its own FILE.

The table (every value and every excluded value the engine stored, and the value of each of the shard's components)
is saved to FILE every S seconds (--save-every, default 300) and at the end, each time through FILE.partial renamed
into place, so that FILE is always a whole table. When FILE exists the run reads it first and skips the components
it values: a shard killed, or stopped by --max-seconds or --max-memory, is resumed by running the same command
again, losing only the work since its last save. SIGTERM or SIGUSR1 (what a scheduler sends at a job's time limit or
when it preempts it) stop the shard as its budget does: it saves first and exits 3; a second signal ends it at once. The table file is the format of 'grundy value --save-table' (a game
tag, a format version, a checksum): 'grundy value cram ... --load-table FILE' reads it too.

Prints what the run did: components dealt, those found valued in FILE (resumed), entries loaded, components
valued, regions expanded, saves and the entries of the last. --json prints it as one object (shard, parts,
resumed, loaded, valued, saves, saved, expanded, complete, table, seconds). There is no default time limit.
Exit status: 0 when every component of the shard is valued, 3 when a budget stopped it (its table saved), 2 on
an error.

EXAMPLES
  grundy shard cram56.frontier --shard 1/4 --save-table cram56-1.tbl --save-every 60
  seq 2 4 | xargs -P 2 -I K grundy shard cram56.frontier --shard K/4 --save-table cram56-K.tbl
";

pub const MERGE_HELP: &str = "\
grundy merge — join the shards' tables of a frontier and finish the search: the root's nim-value

USAGE
  grundy merge FRONTIER TABLE... [--save-table FILE] [--json]

Reads the table files of the shards of FRONTIER into one table, then checks that every component of the frontier
has its nim-value there, then values the positions above the frontier by the definition (the mex of the nim-sums
of each option's regions) and prints the root's nim-value and outcome.

REFUSED (each a one-line error, exit status 2, and no value)
  - a table that is not a Cram table, of another format version, damaged or truncated (its checksum);
  - two tables that disagree on a board (one gives it a nim-value the other gives another, or says it has not):
    the board and both files are named;
  - a frontier file of another game or canonical-form version, or damaged;
  - a component of the frontier valued in no table (the first is named, with its index: rerun its shard).

Prints the value, then the tables read (entries read, and distinct boards among them: the difference is what
several shards stored alike), the frontier's size and the positions valued above it. --save-table FILE writes the
union and the top levels' values as one table file. --json prints one object (root, nim_value, outcome, depth,
components, tables, entries_read, entries_distinct, top_positions, saved).

EXAMPLE
  grundy merge cram56.frontier cram56-1.tbl cram56-2.tbl cram56-3.tbl cram56-4.tbl
";

/// `grundy frontier`.
pub fn run_frontier(a: &FrontierArgs) -> CliResult {
    if a.game != "cram" {
        return Err(CliError::usage(format!(
            "frontier: only cram searches are split, not {}",
            grundy::error::escape(&a.game)
        )));
    }
    let cx = crate::guard::context_with(crate::guard::limits());
    let depth = a.depth.unwrap_or(2) as u32;
    let f = Frontier::build(&a.position, depth, &cx)?;
    if let Some(out) = &a.out {
        f.write(out)?;
    }
    if a.json {
        let mut v = serde_json::json!({
            "game": "cram",
            "root": f.root,
            "depth": f.depth,
            "canonical_form": grundy::games::cram::CANONICAL_FORM,
            "components": f.parts.len(),
            "largest_cells": f.largest(),
            "checksum": format!("{:016x}", f.checksum()),
        });
        if a.out.is_none() {
            let shown: Vec<String> = f
                .to_text()
                .lines()
                .skip(6)
                .take(f.parts.len())
                .map(str::to_string)
                .collect();
            v["parts"] = serde_json::json!(shown);
        }
        return print_json(&v);
    }
    match &a.out {
        Some(out) => write_stdout(
            format!(
                "frontier of cram {} at depth {}: {} components (the largest {} cells), written to {}\n",
                f.root,
                f.depth,
                f.parts.len(),
                f.largest(),
                out.display()
            )
            .as_bytes(),
        ),
        None => write_stdout(f.to_text().as_bytes()),
    }
}

/// `grundy shard`.
pub fn run_shard(a: &ShardRunArgs) -> CliResult {
    let shard = match a.shard {
        None => Shard::default(),
        Some(ShardArg::Given(s)) => s,
        Some(ShardArg::Slurm) => Shard::from_slurm(&|k| std::env::var(k).ok())
            .map_err(|e| CliError::usage(format!("--shard slurm: {}", e.message())))?,
    };
    let frontier = Frontier::read(&a.frontier)?;
    // The search stops a little before the command's deadline (as 'value --save-table' does), so that the table
    // is saved before the watchdog ends the process.
    let (limits, command_deadline) = crate::guard::limits_before_saving();
    let cx = crate::guard::context_with(limits)
        .with_threads(a.threads.unwrap_or(1))
        .with_cancel(crate::guard::stop_on_signal());
    let started = std::time::Instant::now();
    let file = as_text(&a.save_table);
    crate::guard::set_resume_hint(&format!(
        "stopped while saving the table to {file}, which keeps what it held before"
    ));
    let (run, r) = split::run_shard(
        &frontier,
        shard,
        &a.save_table,
        Some(a.save_every.unwrap_or(300.0)),
        &cx,
    );
    crate::guard::set_resume_hint("");
    if let Err(e) = r {
        if let Some(sig) = crate::guard::stopped_by_signal(&e) {
            return Err(CliError::Stopped(format!(
                "shard {}: the search was stopped by {sig}; {} of {} components valued, the table ({} entries) \
                 saved in {file}: run the same command again to resume",
                run.shard,
                run.resumed + run.valued,
                run.parts,
                run.saved
            )));
        }
        // The early deadline's message is the command's own.
        let e = match (command_deadline, limits.deadline) {
            (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
            _ => e,
        };
        return Err(e
            .with_hint(format!(
                "{} of {} components valued, the table ({} entries) saved in {file}: run the same command again to \
                 resume",
                run.resumed + run.valued,
                run.parts,
                run.saved
            ))
            .into());
    }
    let seconds = started.elapsed().as_secs_f64();
    if a.json {
        let mut v =
            serde_json::to_value(&run).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        v["table"] = serde_json::json!(file);
        v["seconds"] = serde_json::json!((seconds * 1000.0).round() / 1000.0);
        return print_json(&v);
    }
    let resumed = if run.loaded > 0 {
        format!(
            ", {} valued already (resumed: {} entries loaded from {file})",
            run.resumed, run.loaded
        )
    } else {
        String::new()
    };
    write_stdout(
        format!(
            "shard {} of cram {} (depth {}): {} components{resumed}; {} valued now, {} regions expanded, {:.2} s; \
             table saved {} time{}, {} entries in {file}\n",
            run.shard,
            frontier.root,
            frontier.depth,
            run.parts,
            run.valued,
            run.expanded,
            seconds,
            run.saves,
            if run.saves == 1 { "" } else { "s" },
            run.saved
        )
        .as_bytes(),
    )
}

/// `grundy merge`.
pub fn run_merge(a: &MergeArgs) -> CliResult {
    let frontier = Frontier::read(&a.frontier)?;
    let tables: Vec<&std::path::Path> = a.tables.iter().map(std::path::PathBuf::as_path).collect();
    let cx = crate::guard::context_with(crate::guard::limits());
    let m = split::merge(&frontier, &tables, a.save_table.as_deref(), &cx)?;
    let outcome = if m.nim_value == 0 { "P" } else { "N" };
    if a.json {
        let mut v = serde_json::to_value(&m).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        v["outcome"] = serde_json::json!(outcome);
        v["game"] = serde_json::json!("cram");
        return print_json(&v);
    }
    let saved = match (&a.save_table, m.saved) {
        (Some(f), Some(n)) => format!("; {n} entries saved to {}", f.display()),
        _ => String::new(),
    };
    write_stdout(
        format!(
            "cram {}: nim-value {} ({outcome}-position)\nmerged {} tables: {} entries read, {} distinct; frontier \
             at depth {}: {} components, all valued; {} positions above it valued{saved}\n",
            m.root,
            m.nim_value,
            m.tables.len(),
            m.entries_read,
            m.entries_distinct,
            m.depth,
            m.components,
            m.top_positions
        )
        .as_bytes(),
    )
}
