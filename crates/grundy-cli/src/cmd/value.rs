//! `grundy value GAME POSITION… [+ GAME POSITION…]…`: outcome, nim-value and winning moves of a sum.

use crate::cli::ValueArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::analysis::{analyse, analyse_outcome, analyse_values, Convention, Report, Sum};
use grundy::sum::Analysis;
use grundy::Outcome;
use std::fmt::Write as _;

pub const HELP: &str = "\
grundy value — who wins, and how

USAGE
  grundy value GAME POSITION... [+ GAME POSITION...]... [--json] [--all-moves|--no-moves] [--misere [--max-positions N] [--max-seconds S] [--max-memory M]]
  grundy value loopy-graph FILE NODE... [--json]
  grundy value GAME POSITION... [+ ...] --save-table FILE [--load-table FILE] [--max-seconds S]
  grundy value CODE HEAP... --loopy [--max-heap B] [--max-memory M] [--json]
  grundy value GAME X --line 'x 5' [--assume-period] [--json]

Values every part of the position, XORs the nim-values (the Sprague-Grundy theorem), and lists every winning
move: a move that changes one part so that the XOR becomes 0. Several heaps after one game are several parts of
the sum; '+' starts a part of another game.

--no-moves: only the nim-value of each part, their nim-sum and the outcome (normal play): no winning move is searched
or listed. Finding the winning moves is a search of its own (each move of an N-position is tested); for one large
board (grundy value cram 5x8 --no-moves) it may cost more than the value. Not with --all-moves, --misere or --loopy
(their outcomes come from their moves).

--outcome: only the outcome is asked. A position standing alone whose nim-value no formula gives (a rules script,
a game searched move by move) is settled by a win-loss search: a position is an N-position as soon as one option
is found to be a P-position, and the options after it are never looked at, as a contestant's memoised brute force
does (a game with a search engine of its own, such as Cram, is valued by it; Node Kayles by its test G = 0); its nim-value is not printed (JSON null), and its winning moves are its options found to be P-positions
(Fibonacci Nim from 300 tokens as a pair script: 1,275 positions expanded of the 12,987 it reaches:
grundy value --rules fibnim.rhai 300 299 --outcome). A sum needs its parts' nim-values and is answered with them,
as without the flag. Not with --misere, --loopy, --line or a table file.

--misere: misère play (whoever makes the last move loses). Sums do not add by XOR there; the outcome and every
winning move come from misère Nim's rule (nim), the SJ theorem (games that never split a heap and whose non-empty
heaps all have non-zero nim-values), or else an exact search over the sums of components (bounded by
--max-positions, default 2000000 states, counted as they are made; --max-seconds, default 30, for the whole command;
--max-memory, default 3G, an estimate checked before allocating). The method used is printed, and so is the
genus g^γ0γ1... of each heap up to 40 (see 'grundy help seq') and whether it is tame, when it fits in 2 s or the
time left. Every winning move is listed, in every component (equal components too, told apart by index).
Sums of heaps too large for the exact search are answered by the misère quotient ('grundy help quotient'): heaps
up to 500, and heaps of any size when the game is octal and its quotient is certified for every heap (grundy value
kayles 1000000000000 5 --misere); the winning splits of a huge heap are shown as families a = f, f + p, ..., l.

--loopy: games whose positions can repeat. loopy-graph FILE NODE... puts a token on each NODE of the digraph in
FILE (lines 'X Y' for an edge X->Y, '#' comments, optional first line 'nodes N'; cycles allowed); a CODE with digits
left of the point (moves that add tokens, e.g. 20.3) is played on heaps of at most B tokens (--max-heap, default
1000): a move that would leave a larger heap is not allowed. The outcome is P, N or D (a draw); values are Smith's
generalised Sprague-Grundy values: a number, or inf(K) for an infinite value whose finite options are the set K.
--max-memory (default 3G; 512M, 2G, ...) bounds the graph: its moves are counted first and a graph
that would not fit is refused before it is built. --misere is not supported for loopy games. In D-positions the
moves that keep the draw are listed. Moves are listed in every component (equal ones too, told
apart by index); text shows the first 20 and how many there are (--all-moves: every one), JSON all of them. A sum
needs only the nim-sum of its finite parts and its infinite parts (Smith 1966), so many tokens cost linear time.

--save-table FILE / --load-table FILE (cram, chomp, node-kayles, arc-kayles): the searches of that game write every
value they stored to FILE (cram: its engine's table, values and values a region is known not to have; node-kayles,
arc-kayles: the exact values their search found, not the values it only excluded), and read such
a file back before searching, so that a finished table answers later questions at once and a search stopped by
--max-seconds resumes (it stops a little early to save; the error says how many entries were kept); SIGTERM or
SIGUSR1 (a scheduler's time limit or preemption, 'kill') stop it the same way: it saves, says so and exits 3. Give the same FILE to both for a resumable run (the first run finds no file and starts
empty). The file names its game and ends in a checksum: another game's table or a damaged file is refused. The rest
of the sum (other games after '+') is valued as usual; the answer and --json are those without a table, plus a line
(JSON: a key 'table') with the values loaded, saved and the positions expanded (by the graph games' tests, a
position once for each value tested). Normal play only.
--threads N (cram, node-kayles, arc-kayles): the Cram engine (tests 'is the nim-value w?', a table that evicts under
--max-memory, and the values of all regions of at most 13 cells built into the program) searches each region on N
threads at once (default 1), once it has spent 1,024 positions on one thread (a search that ends within them starts
no thread): the tests 'has option i the value u?' of the region's options are dealt to the threads, which share one
table; the value is the same on any number of threads. A region whose bounding box holds more than 47 cells and
does not fit in 8 x 8 (5x10, say) is searched on one thread; the winning moves are tested on N threads whatever the
board. node-kayles and arc-kayles are searched by tests as well ('has some option the value u?', stopping at the
first such option), on N threads once 256 positions on one have not ended it (each thread its own memo, the values
proved shared), and their winning moves by one test an option.
Under --max-memory the searches of cram, node-kayles and arc-kayles drop stored values when their table is full and
go on (slower: what is met again is valued again), rather than stopping at the limit.

--line 'x 5' with one GAME of two or more numbers and one X: the value of the point x = X of the line (every number
fixed but x; see 'grundy help seq'), G(X, 5). Up to x = 4095 it is the game's own value, computed along the line.
Past it no theorem gives the value, and it is refused unless --assume-period is given: then it comes from the period
observed on the line's values x = 0..=4095 (eight periods past the preperiod at least), and the answer says so in a
note (JSON: assumption, null when the value was computed). The answer is the nim-value and the outcome; winning
moves are not listed (--all-moves, --positions, --threads, --max-positions and the table files are refused).
JSON: game, line (true), x, nim_value, outcome, assumption.

EXAMPLES
  grundy value lasker 2 5 7
  grundy value cram 5x8 --threads 2
  grundy value cram 5x7 --no-moves                (the nim-value alone, as igsolve prints it)
  grundy value kayles 5 7 + nim 3 + 0.07 10
  grundy value subtraction:1,3,4 10 11 --json
  grundy value kayles 5 7 + nim 3 --misere
  grundy value loopy-graph examples/game.txt 0 4 --json
  grundy value 20.3 1 2 --loopy --max-heap 50
  grundy value --rules examples/rules/cutting.rhai paper 5 7 + kayles 4     (a game of your own: docs/rules.md)
  grundy value --moves 'n => [n-1, n-3, n-4]' 10      (one scripted game: GAME may be left out)
  grundy value wythoff --line 'x 3' 1000000000000 --assume-period     G(10^12, 3) from the line's observed period
  grundy value node-kayles grid:5x6 --save-table t.tab           the values searched, kept in t.tab
  grundy value node-kayles grid:5x6 + nim 3 --load-table t.tab    answered from the table, no search
  grundy value node-kayles grid:6x6 --load-table t.tab --save-table t.tab --max-seconds 60     a search resumed

JSON (--json): one object (docs/json.md has the schema, with examples; the library's grundy::sum::Analysis is
the same object). Under normal play its keys are nim_value (integer; null only for a single position of a game
whose outcomes are known in closed form but whose nim-values are not: fibonacci-nim beyond the searched range,
wythoff beyond its table, candy-piles, chocolate), outcome (\"P\" or \"N\"), parts (game, position, nim_value of each),
winning_moves (component index, game, position, move in words, result, value_after), winning_move_families,
unlisted_winning_moves and winning_move_count (with --no-moves these four keys are left out). JSON lists every winning move, up to 100000 per heap (text shows
the first 20; --all-moves: every one): past that, unlisted_winning_moves counts the others of each such heap. A
heap above 2^20 of a game whose period is certified (see 'grundy help period') has its other winning splits in
families, \"take J from the heap of N and split the rest into a and N-J - a, for each a = FIRST, FIRST + STEP, ...,
LAST\" (keys take, rest, first, step, last, count, value_after). winning_move_count counts every winning move,
and is a string above 2^64 - 1. When a limit (--max-seconds, or a heap with too many options to count) stops the
listing of the winning moves after the values and the outcome are found, those and the moves found so far are
printed, winning_moves_stopped says why, winning_move_count counts only the moves found, stderr says so in one
line, and the exit status is 3.
With --misere: play \"misere\", outcome, misere_nim_value (null when a rule decided), method, parts (game,
position, genus and tame, null when not computed) and winning_moves.
With --loopy: outcome (\"P\", \"N\" or \"D\"), value and each part's value as {\"finite\": n} or {\"infinite\": [K...]}
(with value_text: \"3\" or \"inf(0,2)\"), winning_moves and drawing_moves (component, from, to, value_after), and
note (the heap bound of a loopy code, else null).
";

/// Winning moves printed in text before the list is shortened (JSON always has them all).
const MOVES_SHOWN: usize = 20;

/// Runs `grundy value`: the value, outcome and winning moves of a sum of positions.
///
/// Long: the `grundy value` command in order (positions read, script names, threads, the sum's parts, convention and
/// limits, the analysis); each step reads the checked values of the steps before.
pub fn run(a: &ValueArgs) -> CliResult {
    super::load_rules(&a.rules, a.loopy)?;
    if let Some(spec) = &a.line {
        return run_line(a, spec);
    }
    // A --positions file with no position in it (a judge's case with no heap): the last GAME's part is the empty
    // sum, a P-position, not an error.
    let mut none_read = false;
    let mut read = a.clone();
    if let Some(path) = &a.positions {
        let more = read_positions(crate::cli::as_text(path))?;
        none_read = more.is_empty();
        read.words.extend(more);
    }
    // With one rules script, a part may leave out its GAME: words that start with a digit are a position of the
    // scripted game (no name or code of the catalog starts with a digit and has no point).
    let owned = with_script_names(read)?;
    let a = &owned;
    if a.words.is_empty() {
        return Err(CliError::usage(
            "'grundy value' needs a GAME and a position, e.g. grundy value nim 3 5 6",
        ));
    }
    refuse_flags_that_do_not_apply(a)?;
    super::check_scripts_used(
        a.words
            .split(|w| w == "+")
            .filter_map(|part| part.first().map(String::as_str)),
    )?;
    let mut threads = 1;
    if let Some(t) = &a.threads {
        // The searches that share their work between threads (issue 17: the catalog's Caps::threads); every other
        // search is single-threaded here, so the flag is refused.
        let registry = grundy::games::Registry::builtin();
        let on_threads = |w: &str| registry.find(w).is_some_and(|e| e.caps.threads);
        if a.words
            .iter()
            .enumerate()
            .any(|(i, w)| (i == 0 || a.words[i - 1] == "+") && !on_threads(w))
        {
            let names = registry.names_with(|c| c.threads);
            return Err(CliError::usage(format!(
                "--threads: only the searches of {} run on more than one thread (every part must be one of them)",
                names.join(", ")
            )));
        }
        threads = *t;
    }
    if a.load_table.is_some() || a.save_table.is_some() {
        return run_with_table(a, threads);
    }
    let graph = a.words[0] == "loopy-graph";
    let loopy = a.loopy || graph;
    let groups: Vec<&[String]> = a.words.split(|w| w == "+").collect();
    if loopy && groups.len() > 1 {
        return Err(CliError::usage(
            "--loopy takes one game: tokens on one graph, or heaps of one code",
        ));
    }
    let registry = super::catalog();
    let mut sum = Sum::new();
    for (i, group) in groups.iter().enumerate() {
        let Some((game, pos)) = group.split_first() else {
            return Err(CliError::usage(
                "'+' must stand between two parts, each a GAME and a position",
            ));
        };
        // Tokens on a graph with --loopy: the graph may have cycles.
        let name = if loopy && game == "graph" {
            "loopy-graph"
        } else {
            game.as_str()
        };
        let game = registry.lookup(name)?;
        if groups.len() == 1 {
            if let Some(report) = game.scoring(pos) {
                return print_scoring(&game.name(), &report?, a.json);
            }
        }
        if none_read && pos.is_empty() && i + 1 == groups.len() {
            continue; // the game is known; its part has no position
        }
        game.add_to(&mut sum, pos)?;
    }
    let own = sum.own_play()?;
    refuse_max_positions(a, own, sum.searches_positions())?;
    let command = crate::guard::limits();
    let (convention, limits) = if loopy {
        let max_heap = a.max_heap.unwrap_or(grundy::loopy::heap::DEFAULT_MAX_HEAP);
        let positions = max_positions(a, grundy::loopy::graph::MAX_NODES)?;
        let l = grundy::analysis::loopy::limits(&command, positions, graph);
        (Convention::Loopy { max_heap }, l)
    } else if a.misere || own == grundy::Play::Misere {
        // A game played misère by its own rules is searched as misère play is, with its limits.
        let states = max_positions(a, super::misere::MAX_POSITIONS)?;
        // The game's own convention is the rules as stated (Convention::Normal reads them); --misere asks for
        // misère play of normal-play rules.
        (
            if a.misere {
                Convention::Misere
            } else {
                Convention::Normal
            },
            grundy::analysis::misere::limits(&command, states),
        )
    } else {
        let mut l = command;
        if let Some(v) = max_positions(a, super::misere::MAX_POSITIONS)? {
            l.max_positions = v;
        }
        (Convention::Normal, l)
    };
    let cx = crate::guard::context_with(limits)
        .with_threads(threads)
        .with_assumed_periods(a.assume_period);
    let report = if a.outcome {
        analyse_outcome(&mut sum, convention, &cx, !a.no_moves)?
    } else if a.no_moves {
        analyse_values(&mut sum, convention, &cx)?
    } else {
        analyse(&mut sum, convention, &cx)?
    };
    print_report(a, &sum, &report, None)?;
    let done = moves_stopped(&report);
    if sum.len() > 10_000 {
        // The command's last act: a sum of many parts (a judge's 10^5 heaps) is left for the process's end to
        // free, not freed allocation by allocation (its parts, their values and the words they were read from:
        // a tenth of the run).
        std::mem::forget((sum, report, owned));
    }
    done
}

/// `grundy value GAME X --line SPEC [--assume-period]`: the value of a game of two or more numbers at the point `x =
/// X` of a line (`grundy::analysis::line::value_at`): computed up to x = 4095, past it from the period observed
/// along the line when --assume-period allows it, with the assumption printed on the answer.
fn run_line(a: &ValueArgs, spec: &str) -> CliResult {
    super::refuse_on_line(
        "value",
        &[
            (a.all_moves, "--all-moves"),
            (a.outcome, "--outcome"),
            (a.positions.is_some(), "--positions"),
            (a.load_table.is_some(), "--load-table"),
            (a.save_table.is_some(), "--save-table"),
            (a.threads.is_some(), "--threads"),
            (a.max_positions.is_some(), "--max-positions"),
            (a.max_heap.is_some(), "--max-heap"),
        ],
        "a point of a line is valued alone, by the game's own search or the line's observed period: no sum, table \
         file or winning moves",
    )?;
    let a = &with_script_names(a.clone())?;
    let (game, x) = match a.words.as_slice() {
        [game, x] => (game, x),
        _ => {
            return Err(CliError::usage(format!(
                "value --line: give one GAME and the x of the point on the line (e.g. grundy value wythoff --line \
                 'x 5' 1000), not '{}'",
                grundy::error::escape(&a.words.join(" "))
            )))
        }
    };
    let x = grundy::error::parse_u64(x, "value --line: the x of the point")?;
    let line = super::line_game(Some(game), spec)?;
    let cx =
        crate::guard::context_with(crate::guard::limits()).with_assumed_periods(a.assume_period);
    let upto = x.min(grundy::analysis::line::OBSERVE_TO);
    let mut bar = crate::progress::Progress::new(format!("{} to x = {upto}", line.name()), upto);
    let answer = grundy::analysis::line::value_at(&*line, x, &cx, &mut |n| bar.update(n))?;
    bar.finish();
    let outcome = if answer.value == 0 { "P" } else { "N" };
    if a.json {
        return print_json(&serde_json::json!({
            "game": answer.game, "line": true, "x": answer.x, "nim_value": answer.value, "outcome": outcome,
            "assumption": answer.assumption,
        }));
    }
    let mut s = String::new();
    if let Some(n) = &answer.assumption {
        let _ = writeln!(s, "note: {n}");
    }
    let _ = writeln!(
        s,
        "{} at x = {}: nim-value {}",
        answer.game, answer.x, answer.value
    );
    let _ = writeln!(
        s,
        "outcome: {outcome} (the player to move {}; winning moves along a line are not listed)",
        if outcome == "P" { "loses" } else { "wins" }
    );
    write_stdout(s.as_bytes())
}

/// After a report is printed: a limit that stopped the listing of the winning moves (the values and the outcome
/// were found) ends the command with the status of a stopped run, its one line on stderr saying so.
fn moves_stopped(report: &Report) -> CliResult {
    if let Report::Normal(a) = report {
        if let Some(e) = &a.moves_stopped {
            return Err(CliError::Stopped(format!(
                "value stopped early, the answer and a partial list of winning moves printed ({} found): {}",
                a.winning_moves.len(),
                crate::output::said(e)
            )));
        }
    }
    Ok(())
}

/// Prints `report` (JSON or text); `table` is what the saved-table path adds: its JSON object and its text line.
fn print_report(
    a: &ValueArgs,
    sum: &Sum,
    report: &Report,
    table: Option<(serde_json::Value, String)>,
) -> CliResult {
    if a.json {
        // The schema is the library's: see grundy::analysis::Report and docs/json.md.
        let mut json =
            serde_json::to_value(report).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        if let (true, Some(obj)) = (a.no_moves, json.as_object_mut()) {
            for k in [
                "winning_moves",
                "winning_move_families",
                "unlisted_winning_moves",
                "winning_move_count",
            ] {
                obj.remove(k);
            }
        }
        if let (Some((t, _)), Some(obj)) = (table, json.as_object_mut()) {
            obj.insert("table".into(), t);
        }
        // Why the listing of the winning moves stopped, in the command line's words (the flag to raise).
        if let (Report::Normal(r), Some(obj)) = (report, json.as_object_mut()) {
            if let Some(e) = &r.moves_stopped {
                obj.insert(
                    "winning_moves_stopped".into(),
                    crate::output::said(e).into(),
                );
            }
        }
        return print_json(&json);
    }
    let all = a.all_moves;
    let (a_no_moves, outcome) = (a.no_moves, a.outcome);
    let mut text = match report {
        Report::Normal(a) => {
            let mut s = String::new();
            for n in sum.notes() {
                let _ = writeln!(s, "note: {n}");
            }
            s.push_str(&explain(a, all, !a_no_moves, outcome));
            s
        }
        Report::Misere(m) => super::misere::explain(m, &a.words),
        Report::Loopy(l) => super::loopy::explain(l, all),
    };
    if let Some((_, line)) = table {
        text.push_str(&line);
    }
    write_stdout(text.as_bytes())
}

/// `a` with the one scripted game's name put before every part that starts with a position (a word that starts with
/// a digit and has no point), when exactly one rules script is loaded; with two or more, such a part is an error.
fn with_script_names(mut a: ValueArgs) -> CliResult<ValueArgs> {
    let names = super::script_names();
    if names.is_empty() {
        a.positions = None;
        return Ok(a);
    }
    let mut words = Vec::with_capacity(a.words.len() + 1);
    // A negative number is a position too (refused by the game, not read as a GAME).
    let starts_position = |w: &str| {
        w.trim_start_matches('-')
            .starts_with(|c: char| c.is_ascii_digit())
            && !w.contains('.')
    };
    let mut part_start = true;
    for w in std::mem::take(&mut a.words) {
        if part_start && starts_position(&w) {
            match names.as_slice() {
                [name] => words.push(name.clone()),
                [] => {}
                many => {
                    return Err(CliError::usage(format!(
                        "'{}' starts a part with no GAME: with {} rules scripts loaded ({}), name the game of each part",
                        grundy::error::escape(&w),
                        many.len(),
                        many.join(", ")
                    )))
                }
            }
        }
        part_start = w == "+";
        words.push(w);
    }
    a.words = words;
    a.positions = None;
    Ok(a)
}

/// The most bytes `--positions` reads (a judge's input of 10^6 numbers is about 7 MB).
const MAX_POSITIONS_BYTES: u64 = 256 << 20;

/// The words of `--positions FILE` (`-`: standard input), whitespace-separated; a file past
/// [`MAX_POSITIONS_BYTES`] is refused unread past that.
fn read_positions(path: &str) -> CliResult<Vec<String>> {
    use std::io::Read;
    let shown = grundy::error::escape(path);
    let cannot =
        |e: std::io::Error| CliError::usage(format!("--positions {shown}: cannot read it: {e}"));
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(cannot)?)
    };
    reader
        .take(MAX_POSITIONS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_POSITIONS_BYTES {
        return Err(CliError::usage(format!(
            "--positions {shown}: longer than {} MiB; positions are numbers separated by white space",
            MAX_POSITIONS_BYTES >> 20
        )));
    }
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| CliError::usage(format!("--positions {shown}: not UTF-8 text")))?;
    let text = grundy::error::without_bom(text);
    Ok(text.split_whitespace().map(str::to_string).collect())
}

/// The answer for a game that is not impartial (a scoring game).
fn print_scoring(name: &str, report: &grundy::games::ScoringReport, json: bool) -> CliResult {
    if json {
        let mut obj = serde_json::Map::new();
        obj.insert("game".into(), name.into());
        obj.insert("impartial".into(), false.into());
        for (k, v) in &report.fields {
            obj.insert(k.clone(), (*v).into());
        }
        return print_json(&serde_json::Value::Object(obj));
    }
    write_stdout(report.text.as_bytes())
}

/// Flags that clap cannot judge alone, because whether they apply depends on the game: a flag is never silently
/// ignored.
fn refuse_flags_that_do_not_apply(a: &ValueArgs) -> CliResult {
    let graph = a
        .words
        .first()
        .is_some_and(|g| g == "loopy-graph" || (g == "graph" && a.loopy));
    if graph && a.max_heap.is_some() {
        return Err(CliError::usage(
            "--max-heap bounds the heaps of a loopy code; a loopy graph has no heaps",
        ));
    }
    if graph && a.no_moves {
        return Err(CliError::usage(
            "--no-moves: a loopy game's outcome (P, N or D) is read from its moves; drop --no-moves",
        ));
    }
    if a.assume_period && super::script_names().is_empty() {
        return Err(CliError::usage(
            "--assume-period values a rules script's huge heaps from an observed period: give the script (--rules FILE or --moves EXPR)",
        ));
    }
    if graph && a.misere {
        return Err(CliError::usage(
            "--misere: misère play of loopy games (with draws) is not supported; drop --misere",
        ));
    }
    Ok(())
}

/// `--max-positions`, at most `max` (the bound of the play it bounds: a graph's nodes in loopy play, else 2^40).
fn max_positions(a: &ValueArgs, max: u64) -> CliResult<Option<usize>> {
    let Some(v) = a.max_positions else {
        return Ok(None);
    };
    Ok(Some(
        grundy::error::parse_bounded(&v.to_string(), "--max-positions", max)? as usize,
    ))
}

/// `--max-positions` bounds the searches of misère and loopy play, and so of a game played misère by its own rules
/// (`own`, known once the sum is read), and the normal-play search of a sum that has one (`searched`: a part that is
/// not a heap game); a sum of heap games alone under normal play is valued from sequences, and refuses it.
fn refuse_max_positions(a: &ValueArgs, own: grundy::Play, searched: bool) -> CliResult {
    let graph = a.words.first().is_some_and(|g| g == "loopy-graph");
    let used =
        a.misere || (a.loopy && !graph) || own == grundy::Play::Misere || (!a.loopy && searched);
    if !used && a.max_positions.is_some() {
        return Err(CliError::usage(
            "--max-positions bounds the searches of positions (misère, loopy, and normal play of games that are not heap games); heap games under normal play are valued from their sequences, bounded by --max-seconds and --max-memory",
        ));
    }
    Ok(())
}

/// The most parts of a sum whose values the text lists one by one (past it, the first half of them and a count).
const MAX_PARTS_SHOWN: usize = 64;

/// The analysis in words a student follows.
/// `moves`: false under --no-moves (the outcome is said, and that the moves were not searched).
///
/// Long: the text of a value report read top to bottom: the parts, the total, then the outcome's wording with its
/// winning moves (families, moves counted but not listed, the list).
fn explain(a: &Analysis, all_moves: bool, moves: bool, outcome_only: bool) -> String {
    let mut s = String::new();
    let single = a.parts.len() == 1;
    // A sum of many parts (a judge's input by --positions) shows the first of them; --json lists them all.
    let shown = if a.parts.len() > MAX_PARTS_SHOWN {
        MAX_PARTS_SHOWN / 2
    } else {
        a.parts.len()
    };
    for p in &a.parts[..shown] {
        match p.nim_value {
            Some(v) => {
                let _ = writeln!(s, "{} {}: nim-value {v}", p.game, p.position);
            }
            None if outcome_only => {
                let _ = writeln!(
                    s,
                    "{} {}: nim-value not computed (only the outcome was asked: --outcome); its outcome is exact",
                    p.game, p.position
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "{} {}: no nim-value (none is known in closed form for this game); its outcome is exact",
                    p.game, p.position
                );
            }
        }
    }
    if shown < a.parts.len() {
        let _ = writeln!(
            s,
            "... and {} more parts (--json lists them all)",
            a.parts.len() - shown
        );
    }
    if let (false, Some(total)) = (single, a.nim_value) {
        if shown < a.parts.len() {
            let _ = writeln!(s, "nim-sum of the {} parts' values: {total}", a.parts.len());
        } else {
            let xs: Vec<String> = a
                .parts
                .iter()
                .map(|p| p.nim_value.unwrap_or_default().to_string())
                .collect();
            let _ = writeln!(s, "nim-sum: {} = {total}", xs.join(" xor "));
        }
    }
    match a.outcome {
        Outcome::P if a.nim_value.is_none() => {
            let _ = writeln!(s, "outcome: P (the player to move loses with perfect play)");
        }
        Outcome::P => {
            let _ = writeln!(
                s,
                "outcome: P (the player to move loses: every move leaves a nim-value other than 0, and the opponent can answer it)"
            );
        }
        _ => {
            let how = if a.nim_value.is_none() {
                "a P-position"
            } else {
                "a position of nim-value 0"
            };
            let _ = writeln!(s, "outcome: N (the player to move wins by moving to {how})");
            if !moves {
                let _ = writeln!(s, "winning moves: not searched (--no-moves)");
                return s;
            }
            let total = a.winning_moves.len();
            let shown = if all_moves {
                total
            } else {
                total.min(MOVES_SHOWN)
            };
            let families = &a.winning_move_families;
            if a.moves_stopped.is_some() {
                // A lower bound: the parts after the last one listed were not searched.
                let first = if total > shown {
                    format!("; the first {shown}")
                } else {
                    String::new()
                };
                if total == 0 {
                    let _ = writeln!(
                        s,
                        "winning moves: none found before a limit stopped the listing"
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "winning moves: {total} found before a limit stopped the listing (there may be more){first}:"
                    );
                }
            } else if !families.is_empty() {
                let in_families = a.winning_move_count() - total as u128;
                let first = if total > shown {
                    format!(" (the first {shown} shown)")
                } else {
                    String::new()
                };
                let _ = writeln!(
                    s,
                    "{} winning move{}: {total} listed one by one{first}, and {in_families} in {} (a move for each a in the range and residue class named):",
                    a.winning_move_count(),
                    if a.winning_move_count() == 1 { "" } else { "s" },
                    if families.len() == 1 {
                        "1 family".to_string()
                    } else {
                        format!("{} families", families.len())
                    }
                );
            } else if !a.unlisted_winning_moves.is_empty() {
                let _ = writeln!(
                    s,
                    "{} winning moves: {total} listed (the first {shown} shown), the rest counted:",
                    a.winning_move_count()
                );
            } else if total > shown {
                let _ = writeln!(s, "{total} winning moves; the first {shown}:");
            } else if total == 0 {
                let _ = writeln!(
                    s,
                    "winning moves: none listed (the rule that decided gives the outcome only)"
                );
            } else {
                let _ = writeln!(s, "winning moves:");
            }
            for m in &a.winning_moves[..shown] {
                match a.parts[m.component].nim_value {
                    Some(from) => {
                        let _ = writeln!(
                            s,
                            "  in {} {}: {} (its nim-value {} becomes {}, and the nim-sum becomes 0)",
                            m.game, m.position, m.mv.description, from, m.mv.value_after
                        );
                    }
                    None => {
                        let _ = writeln!(
                            s,
                            "  in {} {}: {} (to a P-position)",
                            m.game, m.position, m.mv.description
                        );
                    }
                }
            }
            if total > shown {
                let _ = writeln!(
                    s,
                    "  ... and {} more winning moves (--all-moves lists them, --json gives them all)",
                    total - shown
                );
            }
            for u in &a.unlisted_winning_moves {
                let _ = writeln!(
                    s,
                    "  in {} {}: {} more winning moves, counted exactly but too many to list",
                    u.game, u.position, u.count
                );
            }

            let fshown = if all_moves {
                families.len()
            } else {
                families.len().min(MOVES_SHOWN)
            };
            for w in &families[..fshown] {
                let from = a.parts[w.component].nim_value.unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  in {} {}: {} (its nim-value {} becomes {}, and the nim-sum becomes 0)",
                    w.game,
                    w.position,
                    w.family.describe(),
                    from,
                    w.family.value_after
                );
            }
            if families.len() > fshown {
                let _ = writeln!(
                    s,
                    "  ... and {} more families of winning moves (--all-moves lists them, --json gives them all)",
                    families.len() - fshown
                );
            }
        }
    }
    s
}

/// A count of table entries, in the singular for 1 ("1 entry", "2 entries").
fn entries(n: usize) -> String {
    if n == 1 {
        "1 entry".to_string()
    } else {
        format!("{n} entries")
    }
}

/// `--load-table` / `--save-table`: the sum is analysed as without them ([`analyse`], the same report and JSON
/// schema, any other games beside), but the parts of the one game that keeps saved tables (the catalog's
/// [`grundy::games::Caps::saved_table`]) are valued by one solver whose memo is read from and written to the table
/// file ([`grundy::table_file::SavedTable`]). The table is saved even when a limit stops the search, so the next run
/// resumes from what this one stored.
///
/// Long: the saved-table run in order (refusals, the one game the table is for, loading, the search before the
/// command's deadline, saving, the report); saving and the report read what each step before found.
fn run_with_table(a: &ValueArgs, threads: usize) -> CliResult {
    const FLAGS: &str = "--load-table/--save-table";
    if a.misere {
        return Err(CliError::usage(format!(
            "{FLAGS}: a saved table holds normal-play nim-values, which misère play cannot use (misère sums do not add by nim-sum); drop --misere or the table"
        )));
    }
    if a.loopy || a.words[0] == "loopy-graph" {
        return Err(CliError::usage(format!(
            "{FLAGS}: saved tables hold nim-values of finite games; loopy games have no such table; drop --loopy or the table"
        )));
    }
    let registry = super::catalog();
    let groups: Vec<&[String]> = a.words.split(|w| w == "+").collect();
    let mut games = Vec::with_capacity(groups.len());
    for group in &groups {
        let Some((game, pos)) = group.split_first() else {
            return Err(CliError::usage(
                "'+' must stand between two parts, each a GAME and a position",
            ));
        };
        games.push((registry.lookup(game)?, pos));
    }
    let saved = registry.names_with(|c| c.saved_table.is_some());
    let mut kept: Vec<String> = games
        .iter()
        .map(|(g, _)| g.name())
        .filter(|n| saved.contains(&n.as_str()))
        .collect();
    kept.dedup();
    kept.sort();
    kept.dedup();
    let name = match kept.as_slice() {
        [one] => one.clone(),
        [] => {
            let mut names: Vec<String> = games.iter().map(|(g, _)| g.name()).collect();
            names.dedup();
            return Err(CliError::usage(format!(
                "{FLAGS}: saved tables are kept for {}; this sum has none of them (it has {})",
                saved.join(", "),
                names.join(", ")
            )));
        }
        many => {
            return Err(CliError::usage(format!(
                "{FLAGS}: a table file holds the values of one game, and this sum has parts of {}; analyse them apart",
                many.join(" and ")
            )))
        }
    };
    let table = registry
        .saved_table(&name)
        .ok_or_else(|| CliError::usage(format!("{FLAGS}: {name} has no saved tables")))?;
    // Loading from the file the run saves to is the resumable form: the first run finds no file yet and starts
    // from an empty table (the text and JSON say 0 values loaded); any other missing file is an error.
    // The command's limits first: the table is read into an engine sized by them (read under the defaults, a Cram
    // table filled its 3 GiB budget's first growth and a run under --max-memory 300M ended at its limit).
    // The positions bound sizes the engine the table is read into, as it sizes the search's (read under the
    // default bound, a Cram table of 527 million entries kept 236 million, and the resumed run saved those).
    let positions = max_positions(a, super::misere::MAX_POSITIONS)?;
    let mut load_limits = crate::guard::limits();
    if let Some(v) = positions {
        load_limits.max_positions = v;
    }
    let loaded = match &a.load_table {
        Some(f) if a.save_table.as_ref() == Some(f) && !f.exists() => 0,
        Some(f) => table.load(f, &crate::guard::context_with(load_limits))?,
        None => 0,
    };
    // Every position the search values must reach the table saved: for a table of the solver's memo, the engines
    // (which answer outside that memo) stay off for the whole analysis; Cram's table is its engine's own.
    let mut sum = Sum::new();
    for (game, pos) in &games {
        if game.name() == name {
            table.add_to(&mut sum, pos)?;
        } else {
            game.add_to(&mut sum, pos)?;
        }
    }
    // The search stops a little before the command's deadline, so that the table is saved before the watchdog ends
    // the process; its message is the command's own.
    // Every game with a saved table is searched position by position, so --max-positions bounds it (and, for
    // Cram, the size of its engine's table, which is the table saved).
    let (mut limits, command_deadline) = crate::guard::limits_before_saving();
    if let Some(v) = positions {
        limits.max_positions = v;
    }
    let mut cx = crate::guard::context_with(limits)
        .with_threads(threads)
        .with_formulas_only(table.plain());
    if a.save_table.is_some() {
        cx = cx.with_cancel(crate::guard::stop_on_signal());
    }
    let analysed = if a.no_moves {
        analyse_values(&mut sum, Convention::Normal, &cx)
    } else {
        analyse(&mut sum, Convention::Normal, &cx)
    };
    // A limit that stopped the listing of the moves is, here, the run's stop like any other: its table is saved
    // and the next run resumes from it (a partial list of moves is not printed).
    let analysed = analysed.and_then(|r| match r {
        Report::Normal(a) if a.moves_stopped.is_some() => {
            Err(a.moves_stopped.expect("checked to be some"))
        }
        r => Ok(r),
    });
    let analysed = analysed.map_err(|e| match (command_deadline, limits.deadline) {
        (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
        _ => e,
    });
    let saved = match &a.save_table {
        Some(path) => {
            let f = path.display();
            crate::guard::set_resume_hint(&format!(
                "stopped while saving the table to {f}, which keeps what it held before"
            ));
            // (`table_file` writes `F.partial`, renamed to F once whole.)
            crate::guard::set_unfinished(Some(format!("{f}.partial").into()));
            let n = table.save(path)?;
            crate::guard::set_unfinished(None);
            crate::guard::set_resume_hint("");
            Some(n)
        }
        None => None,
    };
    let report = match analysed {
        Ok(r) => r,
        Err(e) => {
            let how = match a.save_table.as_deref().map(std::path::Path::display) {
                Some(f) => format!(
                    "the {} found so far {} saved in {f} (run again with --load-table {f} to resume)",
                    entries(saved.unwrap_or_default()),
                    if saved == Some(1) { "is" } else { "are" }
                ),
                None => "nothing was saved (--save-table FILE keeps what the search stored)".into(),
            };
            if let Some(sig) = crate::guard::stopped_by_signal(&e) {
                return Err(CliError::Stopped(format!(
                    "the search was stopped by {sig}; {how}"
                )));
            }
            return Err(e.with_hint(how).into());
        }
    };
    let json = serde_json::json!({
        "game": name,
        "loaded": loaded,
        "saved": saved,
        "stored": table.stored(),
        "expanded": table.expanded(),
    });
    let line = format!(
        "table ({name}): {} loaded, {} position{} expanded{}\n",
        entries(loaded),
        table.expanded(),
        grundy::error::plural(table.expanded()),
        match (&a.save_table, saved) {
            (Some(f), Some(n)) => format!(", {} saved to {}", entries(n), f.display()),
            _ => String::new(),
        }
    );
    print_report(a, &sum, &report, Some((json, line)))?;
    moves_stopped(&report)
}

#[cfg(test)]
mod tests {
    /// The games the help names for `--save-table` and `--threads` (prose that says what each engine does) are
    /// the catalog's rows with those capabilities, in the catalog's order.
    #[test]
    fn the_help_names_the_games_the_catalog_gives_each_capability() {
        let registry = grundy::games::Registry::builtin();
        let listed = |flag: &str| -> Vec<String> {
            let at = super::HELP.find(flag).expect("the flag is in the help");
            let rest = &super::HELP[at + flag.len()..];
            let inside = &rest[rest.find('(').unwrap() + 1..rest.find(')').unwrap()];
            inside.split(", ").map(str::to_string).collect()
        };
        assert_eq!(
            listed("--save-table FILE / --load-table FILE "),
            registry.names_with(|c| c.saved_table.is_some())
        );
        assert_eq!(listed("--threads N "), registry.names_with(|c| c.threads));
    }
}
