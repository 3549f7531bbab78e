//! `grundy value … --misere` and `grundy seq GAME --to N --misere | --genus`: misère play, where whoever makes the
//! last move loses. See `grundy::misere`.

use crate::args::Args;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::heap::{sequence, HeapGame};
use grundy::misere::genus::GenusTable;
use grundy::misere::search::{HeapPositions, MisereGame, MisereSearch, Part};
use grundy::misere::{
    misere_nim_outcome, misere_nim_winning_moves, sj_condition_holds, sj_outcome,
};
use grundy::{Limits, Outcome};
use std::fmt::Write as _;
use std::rc::Rc;

/// The default number of states the exact misère search may store (raise it with --max-positions).
const MISERE_DEFAULT_POSITIONS: usize = 2_000_000;

/// The default time the exact misère search may take (raise it with --max-seconds).
const MISERE_DEFAULT_SECONDS: u64 = 30;

/// The largest heap for which the SJ shortcut computes the game's normal sequence.
const SJ_MAX_HEAP: u64 = 1_000_000;

pub fn limits(args: &Args) -> CliResult<Limits> {
    // Misère states are multisets, larger than the normal solver's positions: a smaller default budget.
    let mut l = crate::guard::limits();
    l.max_positions = MISERE_DEFAULT_POSITIONS;
    if let Some(v) = args.value("max-positions") {
        l.max_positions = grundy::error::parse_bounded(v, "--max-positions", 1 << 40)? as usize;
    }
    // The command's one deadline (from --max-seconds), else the search's default.
    if l.deadline.is_none() {
        l.deadline = Some(grundy::solver::Deadline::after_seconds(
            MISERE_DEFAULT_SECONDS as f64,
        ));
    }
    Ok(l)
}

struct Group {
    name: String,
    /// The heap game, for heap games (misère Nim's rule and the SJ theorem need it).
    rules: Option<Rc<HeapGame>>,
    /// The game for the exact search.
    game: Option<Box<dyn MisereGame>>,
    /// Positions: heap sizes, or the numbers the game gave them.
    heaps: Vec<u64>,
    shown: Vec<String>,
}

struct Found {
    component: usize,
    description: String,
    result: String,
}

/// `grundy value GAME HEAP... [+ GAME HEAP...]... --misere`.
pub fn run_value(args: &Args) -> CliResult {
    // The command's limits, and its one deadline, made once as the flags are read: every search below shares them.
    let limits = limits(args)?;
    let mut groups = Vec::new();
    // A single position of a game with a proved misère rule (Wythoff's game) is answered by the rule.
    let mut alone: Option<grundy::games::MisereAlone> = None;
    let single = !args.positional.iter().any(|w| w == "+");
    for group in args.positional.split(|w| w == "+") {
        let Some((game, pos)) = group.split_first() else {
            return Err(CliError::usage(
                "'+' must stand between two parts, each a GAME and a position",
            ));
        };
        let family = grundy::games::lookup(game)?;
        if let Some(rules) = family.heap_game() {
            family.components(pos)?; // validates the heap sizes with the game's own messages
            let mut heaps = Vec::new();
            for p in pos {
                heaps.push(grundy::error::parse_u64(
                    p,
                    &format!("{}: heap size", family.name()),
                )?);
            }
            groups.push(Group {
                name: family.name(),
                game: Some(Box::new(HeapPositions(rules.clone()))),
                rules: Some(rules),
                shown: pos.to_vec(),
                heaps,
            });
        } else if let Some(answer) = family.misere_alone(pos).filter(|_| single) {
            alone = Some(answer?);
            groups.push(Group {
                name: family.name(),
                rules: None,
                game: None,
                shown: vec![pos.join(" ")],
                heaps: vec![0],
            });
        } else if let Some(parts) = family.misere_parts(pos) {
            let (game, ids) = parts?;
            groups.push(Group {
                name: family.name(),
                rules: None,
                shown: ids.iter().map(|&i| game.show(i)).collect(),
                game: Some(game),
                heaps: ids,
            });
        } else {
            return Err(grundy::Error::unsupported(format!(
                "{}: misère play is not supported for this game",
                family.name()
            ))
            .into());
        }
    }
    let search_games: Vec<Option<Box<dyn MisereGame>>> =
        groups.iter_mut().map(|g| g.game.take()).collect();
    // The components in order: (group, heap).
    let comps: Vec<(usize, u64)> = groups
        .iter()
        .enumerate()
        .flat_map(|(g, gr)| gr.heaps.iter().map(move |&h| (g, h)))
        .collect();
    // Component c is position number `i` of its group.
    let index: Vec<usize> = groups.iter().flat_map(|g| 0..g.heaps.len()).collect();
    let shown = |c: usize| groups[comps[c].0].shown[index[c]].clone();
    let show = |c: usize| format!("{} {}", groups[comps[c].0].name, shown(c));
    let join = |h: &[u64]| {
        if h.is_empty() {
            "0".to_string()
        } else {
            h.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
        }
    };

    let (outcome, method, value, moves): (Outcome, String, Option<u64>, Vec<Found>) = if let Some(
        a,
    ) = alone
    {
        let moves = a
            .winning
            .into_iter()
            .map(|m| Found {
                component: 0,
                description: m.description,
                result: m.result,
            })
            .collect();
        (a.outcome, a.method, None, moves)
    } else if groups.iter().all(|g| g.name == "nim") {
        let heaps: Vec<u64> = comps.iter().map(|c| c.1).collect();
        let moves = misere_nim_winning_moves(&heaps)
            .into_iter()
            .map(|(i, left)| Found {
                component: i,
                description: grundy::heap::describe_heap_move(
                    heaps[i],
                    if left == 0 {
                        &[]
                    } else {
                        std::slice::from_ref(&left)
                    },
                ),
                result: left.to_string(),
            })
            .collect();
        (
            misere_nim_outcome(&heaps),
            "misère Nim's rule (Bouton)".to_string(),
            None,
            moves,
        )
    } else if let Some(values) = sj_values(&groups, &limits)? {
        // values[g][h]: normal nim-value of heap h of group g.
        let vs: Vec<u64> = comps.iter().map(|&(g, h)| values[g][h as usize]).collect();
        let mut moves = Vec::new();
        for (i, &(g, h)) in comps.iter().enumerate() {
            let rules = groups[g]
                .rules
                .as_ref()
                .expect("SJ is used for heap games only");
            rules.for_each_option(h, &mut |o| {
                let mut after = vs.clone();
                after.remove(i);
                after.extend(o.iter().map(|&x| values[g][x as usize]));
                if sj_outcome(&after) == Outcome::P {
                    moves.push(Found {
                        component: i,
                        description: rules.describe_move(&h, o),
                        result: join(o),
                    });
                }
            });
        }
        (
                sj_outcome(&vs),
                "the SJ theorem (anti-SG: no move splits a heap, and every non-empty heap has a non-zero nim-value)"
                    .to_string(),
                None,
                moves,
            )
    } else {
        let games: Vec<Box<dyn MisereGame>> = search_games
            .into_iter()
            .map(|g| g.expect("each group has its game"))
            .collect();
        let mut search = MisereSearch::new(games, limits);
        let parts: Vec<Part> = comps
            .iter()
            .map(|&(g, h)| Part {
                game: g as u32,
                pos: h,
            })
            .collect();
        let v = search.value(&parts)?;
        let mut moves = Vec::new();
        for m in search.moves(&parts)? {
            if m.value_after != 0 {
                continue;
            }
            let g = comps[m.component].0;
            let result = if groups[g].rules.is_some() {
                join(&m.to)
            } else if m.to.is_empty() {
                "nothing in this component".to_string()
            } else {
                let game = search.game(g as u32);
                m.to.iter()
                    .map(|&q| game.show(q))
                    .collect::<Vec<_>>()
                    .join(" + ")
            };
            moves.push(Found {
                component: m.component,
                description: m.description,
                result,
            });
        }
        let method = format!("exact search over {} sums of components", search.stored());
        (
            if v == 0 { Outcome::P } else { Outcome::N },
            method,
            Some(v),
            moves,
        )
    };

    // The genus of each heap component, where it is cheap: heaps up to GENUS_MAX_HEAP, within GENUS_BUDGET states.
    let genera: Vec<Option<(String, bool)>> = {
        let mut per_group: Vec<Option<Vec<grundy::misere::genus::HeapGenus>>> = Vec::new();
        for g in &groups {
            let max = g.heaps.iter().copied().max().unwrap_or(0);
            let table = match (&g.rules, max <= GENUS_MAX_HEAP) {
                (Some(rules), true) => genus_table(rules.name().as_str(), max, &limits),
                _ => None,
            };
            per_group.push(table);
        }
        comps
            .iter()
            .map(|&(g, h)| {
                per_group[g]
                    .as_ref()
                    .map(|t| (t[h as usize].genus.to_string(), t[h as usize].tame))
            })
            .collect()
    };
    // Every winning move is listed, in every component: equal components have equal moves, and each is listed
    // under its own component index (as normal play does).
    if args.switch("json") {
        return print_json(&serde_json::json!({
            "play": "misere",
            "outcome": outcome.letter(),
            "misere_nim_value": value,
            "method": method,
            "parts": (0..comps.len()).map(|c| serde_json::json!({
                "game": groups[comps[c].0].name,
                "position": shown(c),
                "genus": genera[c].as_ref().map(|x| x.0.clone()),
                "tame": genera[c].as_ref().map(|x| x.1),
            })).collect::<Vec<_>>(),
            "winning_moves": moves.iter().map(|m| serde_json::json!({
                "component": m.component,
                "game": groups[comps[m.component].0].name,
                "position": shown(m.component),
                "move": m.description,
                "result": m.result,
            })).collect::<Vec<_>>(),
        }));
    }
    let mut s = String::new();
    let _ = writeln!(s, "misère play: whoever makes the last move loses");
    let _ = writeln!(
        s,
        "position: {}",
        if comps.is_empty() {
            // Every component was a position without moves (e.g. `arpa 1`): show it as written.
            args.positional.join(" ")
        } else {
            (0..comps.len()).map(show).collect::<Vec<_>>().join(" + ")
        }
    );
    for (c, gen) in genera.iter().enumerate() {
        if let Some((genus, tame)) = gen {
            let _ = writeln!(
                s,
                "{}: genus {genus}{}",
                show(c),
                if *tame { " (tame)" } else { " (not tame)" }
            );
        }
    }
    if let Some(v) = value {
        let _ = writeln!(s, "misère nim-value: {v}");
    }
    let _ = writeln!(s, "method: {method}");
    match outcome {
        Outcome::P => {
            let _ = writeln!(s, "outcome: P (the player to move loses: every move leaves a position where the opponent wins)");
        }
        _ if moves.is_empty() => {
            // Only a sum with no moves at all (every component empty) is an N-position without a winning move.
            let _ = writeln!(
                s,
                "outcome: N (the player to move has no move and so wins: under misère play whoever cannot move wins)"
            );
        }
        _ => {
            let _ = writeln!(
                s,
                "outcome: N (the player to move wins by moving to a misère P-position)"
            );
            let _ = writeln!(s, "winning moves:");
            for m in &moves {
                let left = if m.description.ends_with(&format!("leaving {}", m.result)) {
                    String::new()
                } else {
                    format!(" (leaving {})", m.result)
                };
                // Equal components are told apart by their index (as in JSON, from 0).
                let c = m.component;
                let which = if (0..comps.len()).any(|d| d != c && show(d) == show(c)) {
                    format!(" (component {c})")
                } else {
                    String::new()
                };
                let _ = writeln!(s, "  in {}{which}: {}{left}", show(c), m.description);
            }
        }
    }
    write_stdout(s.as_bytes())
}

/// The largest heap whose genus `value --misere` shows.
const GENUS_MAX_HEAP: u64 = 40;
/// The most states the genus computation for `value --misere` may store; past it the genus is not shown.
const GENUS_BUDGET: usize = 300_000;
/// The most time the genus computation for `value --misere` may take (less when the command has less left).
const GENUS_SECONDS: f64 = 2.0;

/// Genera of heaps `0..=max` of the game named `name`, or `None` when that is not cheap: within
/// [`GENUS_BUDGET`] states and [`GENUS_SECONDS`] or the command's remaining time, whichever is less (the genus is
/// extra information, so running out of either drops it rather than failing the command).
fn genus_table(
    name: &str,
    max: u64,
    command: &Limits,
) -> Option<Vec<grundy::misere::genus::HeapGenus>> {
    let family = grundy::games::lookup(name).ok()?;
    let rules = family.heap_game()?;
    let seconds = match &command.deadline {
        Some(d) => d.remaining().as_secs_f64().min(GENUS_SECONDS),
        None => GENUS_SECONDS,
    };
    if seconds <= 0.0 {
        return None;
    }
    let normal = sequence::values(&*rules, max, &mut |_| {}).ok()?;
    let limits = Limits {
        max_positions: GENUS_BUDGET.min(command.max_positions),
        deadline: Some(grundy::solver::Deadline::after_seconds(seconds)),
        max_memory: command.max_memory,
    };
    GenusTable::new(rules, normal, limits)
        .sequence(max, &mut |_| {})
        .ok()
}

/// The normal nim-values of each group up to its largest heap, when the SJ condition holds for every group.
fn sj_values(groups: &[Group], limits: &Limits) -> CliResult<Option<Vec<Vec<u64>>>> {
    let mut out = Vec::new();
    for g in groups {
        let max = g.heaps.iter().copied().max().unwrap_or(0);
        if max > SJ_MAX_HEAP {
            return Ok(None);
        }
        let Some(rules) = &g.rules else {
            return Ok(None);
        };
        let values = sequence::values(&**rules, max, &mut |_| {})?;
        limits.check_time()?;
        if !sj_condition_holds(rules.splits(), &values) {
            return Ok(None);
        }
        out.push(values);
    }
    Ok(Some(out))
}

/// `grundy seq GAME --to N --misere` (misère nim-values) or `--genus` (genus and tameness). With `--out FILE` the
/// lines that stdout would show (or the JSON object, with `--json`) go to FILE, and stdout says where.
pub fn run_seq(args: &Args, game: &str, to: u64) -> CliResult {
    let family = grundy::games::lookup(game)?;
    let Some(rules) = family.heap_game() else {
        return Err(CliError::usage(format!(
            "{}: positions of this game are not heaps, so it has no sequence",
            family.name()
        )));
    };
    let limits = limits(args)?;
    let normal = sequence::values(&*rules, to, &mut |_| {})?;
    limits.check_time()?;
    let name = rules.name();
    let mut table = GenusTable::new(rules, normal, limits);
    let json = args.switch("json");
    let genus = args.switch("genus");
    let mut s = String::new();
    let mut j = serde_json::json!({ "game": name });
    if genus {
        let mut bar = Progress::new(format!("genus of {name} to {to}"), to);
        let all = table.sequence(to, &mut |n| bar.update(n))?;
        bar.finish();
        if json {
            j["genus"] = all
                .iter()
                .map(|h| {
                    serde_json::json!({
                        "heap": h.heap, "genus": h.genus.to_string(), "nim_value": h.genus.g,
                        "misere_nim_value": h.genus.misere_value(), "tame": h.tame,
                    })
                })
                .collect::<Vec<_>>()
                .into();
        }
        for h in &all {
            let _ = writeln!(s, "{}{}", h.genus, if h.tame { " tame" } else { "" });
        }
    } else {
        let mut values = Vec::with_capacity(to as usize + 1);
        let mut bar = Progress::new(format!("misère values of {name} to {to}"), to);
        for n in 0..=to {
            values.push(table.misere_value(n)?);
            bar.update(n);
        }
        bar.finish();
        for v in &values {
            let _ = writeln!(s, "{v}");
        }
        j["play"] = "misere".into();
        j["values"] = values.into();
    }
    if json {
        s = serde_json::to_string(&j).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        s.push('\n');
    }
    let Some(file) = args.value("out") else {
        return write_stdout(s.as_bytes());
    };
    std::fs::write(file, &s)
        .map_err(|e| grundy::Error::input(format!("{}: {e}", grundy::error::escape(file))))?;
    let what = if genus { "genera" } else { "misère values" };
    if json {
        return print_json(&serde_json::json!({ "game": name, "out": file, "heaps": to + 1 }));
    }
    write_stdout(
        format!(
            "# {name}: {} {what} (heaps 0..={to}) in {}\n",
            to + 1,
            grundy::error::escape(file)
        )
        .as_bytes(),
    )
}
