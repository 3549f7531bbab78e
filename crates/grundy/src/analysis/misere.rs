//! Misère play of a sum: which method answers it, and the answer.
//!
//! Sums do not add by nim-sum under misère play, so the method depends on the sum; they are tried in this order,
//! and the report names the one used:
//!
//! 1. **A game's own rule for a position alone** ([`crate::ClosedForm::outcome`] with [`Play::Misere`]): Wythoff's game
//!    has a proved misère rule for any heaps up to 10^18.
//! 2. **Misère Nim's rule** (Bouton 1902; [`crate::misere::misere_nim_outcome`]) when every part is a heap of Nim.
//!    A heap game is Nim when its proved closed form is `G(n) = n` (period 1, saltus 1 from heap 0) and no move
//!    splits a heap: then the options of a heap of `n` are exactly the heaps `0..n`.
//! 3. **The SJ theorem** (anti-SG; [`crate::misere::sj_outcome`]) when every part is a heap of a game that never
//!    splits a heap and whose non-empty heaps all have non-zero nim-values (checked on the computed sequence).
//! 4. **Exact search** over sums of components ([`crate::misere::search`]), bounded by the limits' positions
//!    budget, clock and memory. When every part is a heap of one heap game, the search is first given only
//!    [`QUICK_STATES`] sums (so small sums keep their misère nim-value), and past that (when the positions budget
//!    is larger than that: a smaller budget was the search's whole budget, and its limit error is the answer):
//! 5. **The misère quotient** ([`crate::misere::quotient`]; Plambeck and Siegel) of the game for heaps up to the
//!    largest one, built within [`QUOTIENT_SECONDS`] and cached on disk: the outcome is whether the product of the
//!    heaps' images lies in the P-portion, and each winning move is a move whose product does — linear in the
//!    number of heaps once built. A heap above [`QUOTIENT_MAX_HEAP`] (any size, e.g. 10^12) is answered when the
//!    quotient is *certified for every heap* (an octal game whose heap map `Φ` is periodic within the theorem's
//!    bound, `docs/quotient.md`): `Φ(n)` is then read modulo the period, and the moves that split a huge heap are
//!    given as arithmetic families of the smaller part. A sum of heaps of two or more heap games is handled the same way (quick search,
//!    then the quotient of the union of their heap sets, [`crate::misere::quotient::mixed`], cached likewise and
//!    certified for every heap when each game's part of its heap map is periodic within the theorem's bound). When it
//!    cannot be built (it grows past its size limit, or a heap is above [`QUOTIENT_MAX_HEAP`] and no certificate
//!    is reached) the exact search runs again within the full limits.
//!
//! The genus `g^γ0γ1…` of each heap up to [`GENUS_MAX_HEAP`] is added where it is cheap (within [`GENUS_BUDGET`]
//! states and [`GENUS_SECONDS`]); running out drops it, never the answer.

use super::Sum;
use crate::context::Context;
use crate::error::Result;
use crate::game::HeapView;
use crate::game::NotationView;
use crate::game::{Known, Outcome, Play};
use crate::heap::HeapGame;
use crate::misere::genus::{GenusTable, HeapGenus};
use crate::misere::search::{MisereSearch, Numbered, Part};
use crate::misere::{misere_nim_outcome, misere_nim_winning_moves, sj_condition_holds, sj_outcome};
use crate::nimber::Nimber;
use crate::parts::group::show_heaps;
use crate::solver::{Deadline, Limits};
use serde::Serialize;
use std::rc::Rc;

/// The states the exact misère search stores by default (misère states are multisets, larger than the normal
/// solver's positions).
pub const DEFAULT_MAX_STATES: usize = 2_000_000;
/// The time the exact misère search takes at most by default, in seconds.
pub const DEFAULT_SECONDS: u64 = 30;
/// The largest heap for which the SJ theorem's condition is checked from the game's normal sequence.
pub const SJ_MAX_HEAP: u64 = 1_000_000;
/// The largest heap whose genus the analysis shows.
pub const GENUS_MAX_HEAP: u64 = 40;
/// The most states the genus computation may store; past it the genus is not shown.
pub const GENUS_BUDGET: usize = 300_000;
/// The most time the genus computation may take, in seconds (less when the analysis has less left).
pub const GENUS_SECONDS: f64 = 2.0;

/// The misère analysis of a sum.
///
/// Serialises as `{"play": "misere", "outcome", "misere_nim_value", "method", "parts", "winning_moves"}`:
/// `misere_nim_value` is `null` when a rule decided (rules give outcomes, not values); each part has `game`,
/// `position`, `genus` (a string such as `"1^31"`, or `null` when not computed) and `tame` (or `null`); each winning
/// move has `component`, `game`, `position`, `move` (in words) and `result` (the part after the move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereAnalysis {
    /// Always `"misere"`.
    pub play: &'static str,
    /// `P` when the player to move loses; `N` when they win (a sum with no moves at all is `N`: whoever cannot move
    /// wins).
    pub outcome: Outcome,
    /// The misère nim-value of the sum, when the exact search found it (`None` when a rule decided).
    pub misere_nim_value: Option<Nimber>,
    /// The method that decided, in words with its source.
    pub method: String,
    /// Each part, in the order of the sum.
    pub parts: Vec<MiserePart>,
    /// Every move to a misère P-position, in every part (equal parts too, told apart by index).
    pub winning_moves: Vec<MisereWinningMove>,
}

/// One part of a sum under misère play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MiserePart {
    /// The game's name.
    pub game: String,
    /// The position, as the game writes it.
    pub position: String,
    /// The genus `g^γ0γ1…` of a heap, when computed.
    pub genus: Option<String>,
    /// Whether the heap is tame, when its genus was computed.
    pub tame: Option<bool>,
}

/// A winning move of a sum under misère play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereWinningMove {
    /// Index of the part moved in (0-based).
    pub component: usize,
    /// The part's game.
    pub game: String,
    /// The part's position before the move.
    pub position: String,
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The part after the move (a sum of the game's positions; `0` for an emptied heap).
    pub result: String,
}

/// The limits a misère analysis runs under when the caller set none of its own: `command` with the positions
/// budget at [`DEFAULT_MAX_STATES`] unless `max_states` is given, and a deadline of [`DEFAULT_SECONDS`] unless the
/// command has one.
pub fn limits(command: &Limits, max_states: Option<usize>) -> Limits {
    let mut l = *command;
    l.max_positions = max_states.unwrap_or(DEFAULT_MAX_STATES);
    if l.deadline.is_none() {
        l.deadline = Some(Deadline::after_seconds(DEFAULT_SECONDS as f64));
    }
    l
}

/// The misère analysis of `sum` within `limits`: see the module documentation for the order of methods. A sum with a
/// part played misère by its own rules is refused (misère play asked twice): its own analysis is [`super::analyse`] under
/// normal convention, which reads the game's rules as stated.
pub fn analyse(sum: &mut Sum, limits: &Limits) -> Result<MisereAnalysis> {
    if sum.groups().iter().any(|g| g.own_play() == Play::Misere) {
        return Err(already_misere(sum));
    }
    analyse_own(sum, limits)
}

/// The error for misère play asked of a sum whose game is played misère by its own rules already.
pub(crate) fn already_misere(sum: &Sum) -> crate::Error {
    let name = sum
        .groups()
        .iter()
        .find(|g| g.own_play() == Play::Misere)
        .map_or_else(String::new, |g| g.name());
    crate::Error::unsupported(format!(
        "{name} is played misère by its own rules already (the last mover loses)"
    ))
    .with_remedy(crate::error::Remedy::LeaveOutMisere)
}

/// The misère analysis of `sum`, whatever its games' own conventions (the caller has checked them).
///
/// Long: the choice among the methods of misère play (one component by its own rule; heaps of one game by a small
/// search, the quotient, then the full search; else search), then the report; the methods fill the same outcome,
/// method, value and winning moves.
pub(crate) fn analyse_own(sum: &mut Sum, limits: &Limits) -> Result<MisereAnalysis> {
    let groups = sum.groups();
    // Each component: (group, index in the group).
    let comps: Vec<(usize, usize)> = groups
        .iter()
        .enumerate()
        .flat_map(|(g, gr)| (0..gr.len()).map(move |i| (g, i)))
        .collect();
    let game_of = |c: usize| groups[comps[c].0].name();
    let shown = |c: usize| groups[comps[c].0].show(comps[c].1);
    let heap_groups: Option<Vec<(Rc<HeapGame>, Vec<u64>)>> =
        groups.iter().map(|g| g.heaps()).collect();
    let mut moves: Vec<(usize, String, String)> = Vec::new();
    let (outcome, method, value) = if let Some((outcome, winning)) = (comps.len() == 1)
        .then(|| groups[0].alone(0, Play::Misere))
        .flatten()
    {
        moves.extend(winning.into_iter().map(|m| (0, m.description, m.result)));
        (
            outcome,
            format!("{}'s own misère rule for a position alone", game_of(0)),
            None,
        )
    } else if let Some(hg) = heap_groups
        .as_ref()
        .map(|hg| -> Result<Option<_>> {
            for (g, heaps) in hg {
                if !is_nim(g, heaps.iter().copied().max().unwrap_or(0))? {
                    return Ok(None);
                }
            }
            Ok(Some(hg))
        })
        .transpose()?
        .flatten()
    {
        let heaps: Vec<u64> = hg.iter().flat_map(|(_, h)| h.iter().copied()).collect();
        for (i, left) in misere_nim_winning_moves(&heaps) {
            let to: &[u64] = if left == 0 {
                &[]
            } else {
                std::slice::from_ref(&left)
            };
            let g = &hg[comps[i].0].0;
            moves.push((i, g.describe_move(&heaps[i], to), left.to_string()));
        }
        (
            misere_nim_outcome(&heaps),
            "misère Nim's rule (Bouton)".to_string(),
            None,
        )
    } else if let Some(values) = match &heap_groups {
        Some(hg) => sj_values(hg, limits)?,
        None => None,
    } {
        let hg = heap_groups
            .as_ref()
            .expect("SJ is tried on heap games only");
        let heap = |c: usize| hg[comps[c].0].1[comps[c].1];
        let vs: Vec<Nimber> = (0..comps.len())
            .map(|c| values[comps[c].0][heap(c) as usize])
            .collect();
        let mut buf = crate::Options::new();
        for c in 0..comps.len() {
            let (g, h) = (&hg[comps[c].0].0, heap(c));
            buf.clear();
            g.options(&h, &mut buf)?;
            for o in buf.iter() {
                let mut after = vs.clone();
                after.remove(c);
                after.extend(o.iter().map(|&x| values[comps[c].0][x as usize]));
                if sj_outcome(&after) == Outcome::P {
                    moves.push((c, g.describe_move(&h, o), show_heaps(o)));
                }
            }
        }
        (
            sj_outcome(&vs),
            "the SJ theorem (anti-SG: no move splits a heap, and every non-empty heap has a non-zero nim-value)"
                .to_string(),
            None,
        )
    } else {
        // Heaps of one game: exact search first within a small budget (it also gives the misère nim-value), then
        // the misère quotient, then exact search within the full limits.
        let one = one_game(&heap_groups);
        let mixed = if one.is_none() {
            mixed_games(&heap_groups)
        } else {
            None
        };
        let first = if one.is_some() || mixed.is_some() {
            Limits {
                max_positions: limits.max_positions.min(QUICK_STATES),
                ..*limits
            }
        } else {
            *limits
        };
        let (outcome, method, value, found) = match exact(groups, &comps, &first) {
            Ok(r) => r,
            // A positions budget no larger than the first one was the search's whole budget: its limit stands.
            Err(e)
                if e.kind() == crate::ErrorKind::Limit
                    && (one.is_some() || mixed.is_some())
                    && limits.max_positions > QUICK_STATES =>
            {
                let quotient = match (&one, &mixed) {
                    (Some((game, heaps)), _) => by_quotient(game, heaps, limits),
                    (None, Some(hg)) => by_mixed_quotient(hg, limits),
                    (None, None) => None,
                };
                match quotient {
                    Some(r) => r,
                    None => exact(groups, &comps, limits)?,
                }
            }
            Err(e) => return Err(e),
        };
        moves.extend(found);
        (outcome, method, value)
    };
    // The genus of each heap, where it is cheap.
    let mut genera: Vec<Option<Vec<HeapGenus>>> = Vec::new();
    for g in groups {
        genera.push(g.heaps().and_then(|(game, heaps)| {
            let max = heaps.iter().copied().max().unwrap_or(0);
            (max <= GENUS_MAX_HEAP)
                .then(|| genus_table(&game, max, limits))
                .flatten()
        }));
    }
    let parts = (0..comps.len())
        .map(|c| {
            let (g, i) = comps[c];
            let genus = genera[g].as_ref().and_then(|t| {
                let h = groups[g].heaps()?.1[i];
                t.get(h as usize)
            });
            MiserePart {
                game: game_of(c),
                position: shown(c),
                genus: genus.map(|h| h.genus.to_string()),
                tame: genus.map(|h| h.tame),
            }
        })
        .collect();
    let winning_moves = moves
        .into_iter()
        .map(|(component, description, result)| MisereWinningMove {
            component,
            game: game_of(component),
            position: shown(component),
            description,
            result,
        })
        .collect();
    Ok(MisereAnalysis {
        play: "misere",
        outcome,
        misere_nim_value: value,
        method,
        parts,
        winning_moves,
    })
}

/// An answer: outcome, method, misère nim-value (when known), and the winning moves as (component, move in words,
/// result).
type Answer = (
    Outcome,
    String,
    Option<Nimber>,
    Vec<(usize, String, String)>,
);

/// The most sums the exact search stores before a sum of heaps of one game is handed to the misère quotient.
pub const QUICK_STATES: usize = 20_000;
/// The largest heap for which a sum is answered by the misère quotient.
pub const QUOTIENT_MAX_HEAP: u64 = 500;
/// The most time the misère quotient may take to build, in seconds (less when the analysis has less left).
pub const QUOTIENT_SECONDS: f64 = 10.0;

/// The exact search over sums of components (the reference method: any finite games, any sum).
fn exact(
    groups: &[Box<dyn crate::parts::group::Group>],
    comps: &[(usize, usize)],
    limits: &Limits,
) -> Result<Answer> {
    let mut games: Vec<Box<dyn Numbered>> = Vec::new();
    let mut parts = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let (game, ids) = group.misere_game()?;
        games.push(game);
        parts.extend(ids.into_iter().map(|pos| Part {
            game: g as u32,
            pos,
        }));
    }
    let mut search = MisereSearch::new(games, *limits);
    let mut moves = Vec::new();
    let v = search.value(&parts)?;
    for m in search.moves(&parts)? {
        if m.value_after != 0 {
            continue;
        }
        let g = comps[m.component].0;
        let result = if let Some(r) = m.result {
            if m.to.is_empty() {
                "nothing in this component".to_string()
            } else {
                r
            }
        } else if groups[g].heaps().is_some() {
            show_heaps(&m.to)
        } else if m.to.is_empty() {
            "nothing in this component".to_string()
        } else {
            let game = search.game(g as u32);
            m.to.iter()
                .map(|&q| game.show(q))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        moves.push((m.component, m.description, result));
    }
    Ok((
        if v == 0 { Outcome::P } else { Outcome::N },
        format!("exact search over {} sums of components", search.stored()),
        Some(v),
        moves,
    ))
}

/// The game and heaps when every part of the sum is a heap of one and the same heap game.
fn one_game(
    heap_groups: &Option<Vec<(Rc<HeapGame>, Vec<u64>)>>,
) -> Option<(Rc<HeapGame>, Vec<u64>)> {
    let hg = heap_groups.as_ref()?;
    let first = hg.first()?;
    if hg.iter().any(|(g, _)| g.name() != first.0.name()) {
        return None;
    }
    Some((
        first.0.clone(),
        hg.iter().flat_map(|(_, h)| h.iter().copied()).collect(),
    ))
}

/// The limits a misère quotient is built within: the analysis's, with a deadline of [`QUOTIENT_SECONDS`] or the
/// time the analysis has left, whichever is less; `None` when no time is left.
fn quotient_limits(limits: &Limits) -> Option<Limits> {
    let seconds = match &limits.deadline {
        Some(d) => d.remaining().as_secs_f64().min(QUOTIENT_SECONDS),
        None => QUOTIENT_SECONDS,
    };
    if seconds <= 0.0 {
        return None;
    }
    Some(Limits {
        deadline: Some(Deadline::after_seconds(seconds)),
        ..*limits
    })
}

/// The answer from the game's misère quotient ([`crate::misere::quotient`], cached on disk), when it can be built
/// within [`quotient_limits`] and the size limit; `None` otherwise. For heaps up to [`QUOTIENT_MAX_HEAP`] it is
/// built to the largest heap (or a cached quotient certified for every heap is used); a larger heap needs a
/// quotient certified for every heap (the periodicity theorem, `docs/quotient.md`), grown up to
/// [`crate::misere::quotient::AUTO_MAX_HEAP`]. The outcome is that of the product of the heaps' images; each
/// winning move is a move of one heap whose product lands in the P-portion (moves that split a heap too large to
/// list are given as families, every member checked by the same product). The misère nim-value is given only when
/// it is 0 (a P-position): the quotient decides outcomes.
fn by_quotient(game: &Rc<HeapGame>, heaps: &[u64], limits: &Limits) -> Option<Answer> {
    use crate::misere::quotient::{cache, AUTO_MAX_HEAP, DEFAULT_MAX_ORDER};
    let max = heaps.iter().copied().max().unwrap_or(0);
    let sub = quotient_limits(limits)?;
    let q = if max <= QUOTIENT_MAX_HEAP {
        cache::quotient(game.as_ref(), max, DEFAULT_MAX_ORDER, &sub).ok()?
    } else {
        cache::certified(game.as_ref(), AUTO_MAX_HEAP, DEFAULT_MAX_ORDER, &sub)?
    };
    if !heaps.iter().all(|&h| q.covers(h)) {
        return None;
    }
    let outcome = q.outcome(heaps)?;
    let (listed, families) = q.winning_moves_compact(game.as_ref(), heaps)?;
    let mut moves: Vec<(usize, String, String)> = listed
        .into_iter()
        .map(|m| {
            (
                m.component,
                game.describe_move(&heaps[m.component], &m.to),
                show_heaps(&m.to),
            )
        })
        .collect();
    moves.extend(families.iter().map(|f| family_move(f, heaps[f.component])));
    let method = match &q.periodic {
        Some(c) => format!(
            "the misère quotient of {} for every heap (order {}; Plambeck and Siegel), certified: built to heap {} with Φ(n + {}) = Φ(n) for every n ≥ {} (the periodicity theorem for octal games, docs/quotient.md): a sum is P exactly when the product of its heaps' images is in the P-portion",
            q.game, q.order, q.heaps, c.period, c.preperiod
        ),
        None => format!(
            "the misère quotient of {} for heaps up to {} (order {}; Plambeck and Siegel): a sum is P exactly when the product of its heaps' images is in the P-portion",
            q.game, q.heaps, q.order
        ),
    };
    Some((outcome, method, (outcome == Outcome::P).then_some(0), moves))
}

/// A family of winning moves that split heap `h` (a certified quotient, [`crate::misere::quotient::SplitFamily`]) as
/// (component, move in words, result).
fn family_move(f: &crate::misere::quotient::SplitFamily, h: u64) -> (usize, String, String) {
    let result = match f.count {
        // A family of one move is that move.
        1 => format!("{} + {}", f.first, f.rest - f.first),
        n => {
            let values = match n {
                2 => format!("{}, {}", f.first, f.last),
                _ => format!("{}, {}, …, {}", f.first, f.first + f.step, f.last),
            };
            format!(
                "a + ({} − a) for each of the {n} values a = {values} (step {})",
                f.rest, f.step
            )
        }
    };
    let what = match f.removed {
        0 => format!("split the heap of {h}"),
        t => format!("take {t} from the heap of {h} and split the rest"),
    };
    (f.component, format!("{what}, leaving {result}"), result)
}

/// The heap groups when every part is a heap and they belong to two or more different heap games.
fn mixed_games(
    heap_groups: &Option<Vec<(Rc<HeapGame>, Vec<u64>)>>,
) -> Option<Vec<(Rc<HeapGame>, Vec<u64>)>> {
    let hg = heap_groups.as_ref()?;
    let first = hg.first()?;
    hg.iter()
        .any(|(g, _)| g.name() != first.0.name())
        .then(|| hg.clone())
}

/// The answer from the misère quotient of the union of the games' heap sets ([`crate::misere::quotient::mixed`],
/// the games taken in the order of their names, cached on disk like one game's), when it can be built within
/// [`quotient_limits`]; `None` otherwise. For heaps up to [`QUOTIENT_MAX_HEAP`] it is built to each game's largest
/// heap (or a cached one certified for every heap is used); a larger heap needs the union certified for every heap
/// (every game octal with its part of `Φ` periodic within the theorem's bound), grown up to
/// [`crate::misere::quotient::AUTO_MAX_HEAP`]. Components are numbered as in the sum (group by group).
fn by_mixed_quotient(hg: &[(Rc<HeapGame>, Vec<u64>)], limits: &Limits) -> Option<Answer> {
    use crate::misere::quotient::{cache, AUTO_MAX_HEAP, DEFAULT_MAX_ORDER};
    // Distinct games (by name, in the order of their names), each with its largest heap.
    let mut games: Vec<Rc<HeapGame>> = Vec::new();
    for (g, _) in hg {
        if !games.iter().any(|x| x.name() == g.name()) {
            games.push(g.clone());
        }
    }
    games.sort_by_key(|g| g.name());
    let mut tops = vec![0u64; games.len()];
    // Every component as (game index, heap).
    let mut parts: Vec<(usize, u64)> = Vec::new();
    for (g, heaps) in hg {
        let i = games.iter().position(|x| x.name() == g.name())?;
        for &h in heaps {
            tops[i] = tops[i].max(h);
            parts.push((i, h));
        }
    }
    let sub = quotient_limits(limits)?;
    let refs: Vec<&HeapGame> = games.iter().map(|g| g.as_ref()).collect();
    let m = if tops.iter().all(|&t| t <= QUOTIENT_MAX_HEAP) {
        cache::mixed(&refs, &tops, DEFAULT_MAX_ORDER, &sub).ok()?
    } else {
        cache::mixed_certified(&refs, AUTO_MAX_HEAP, DEFAULT_MAX_ORDER, &sub)?
    };
    if !parts.iter().all(|&(g, h)| m.covers(g, h)) {
        return None;
    }
    let outcome = m.outcome(&parts)?;
    let (listed, families) = m.winning_moves_compact(&refs, &parts)?;
    let mut moves: Vec<(usize, String, String)> = listed
        .into_iter()
        .map(|mv| {
            let (g, h) = parts[mv.component];
            (
                mv.component,
                refs[g].describe_move(&h, &mv.to),
                show_heaps(&mv.to),
            )
        })
        .collect();
    moves.extend(
        families
            .iter()
            .map(|f| family_move(f, parts[f.component].1)),
    );
    let method = if m.certified() {
        let each: Vec<String> = m
            .names
            .iter()
            .zip(&m.tops)
            .zip(&m.periodic)
            .filter_map(|((n, t), c)| {
                let c = c.as_ref()?;
                Some(format!(
                    "{n} built to heap {t} with Φ(n + {}) = Φ(n) for every n ≥ {}",
                    c.period, c.preperiod
                ))
            })
            .collect();
        format!(
            "the misère quotient of the union of the heaps of {} for every heap (order {}; Plambeck and Siegel), certified: {} (the periodicity theorem for octal games, game by game, docs/quotient.md): a sum is P exactly when the product of its heaps' images is in the P-portion",
            m.names.join(" and "),
            m.quotient.order,
            each.join("; ")
        )
    } else {
        format!(
            "the misère quotient of the union of the heaps of {} (order {}; Plambeck and Siegel): a sum is P exactly when the product of its heaps' images is in the P-portion",
            m.quotient.game, m.quotient.order
        )
    };
    Some((outcome, method, (outcome == Outcome::P).then_some(0), moves))
}

/// True when the heap game is Nim: its proved closed form is `G(n) = n` and no move splits a heap, so the options
/// of `n` are single heaps `h < n` with values covering `0..n`, that is every heap below `n`. The closed form is the
/// game's proof ([`crate::HeapFacts::period`]); "no move splits" must be stated (`Some(false)`) and is checked against
/// the options of the heaps up to the largest one of the sum ([`crate::heap::facts`]) as far as the scan's budget
/// reaches (a heap of 10^18 is taken on the closed form's proof past it).
fn is_nim(game: &HeapGame, max: u64) -> Result<bool> {
    if game.period() != Some((0, 1, 1))
        || game.splits() != Some(false)
        || game.known_value(&0, &Context::default().with_formulas_only(true)) != Some(0)
    {
        return Ok(false);
    }
    let scanned = max.min(NIM_CHECKED_HEAP);
    crate::heap::facts::splits_up_to(game, scanned)?;
    Ok(true)
}

/// The largest heap whose options [`is_nim`] reads to check a game's statement that no move splits a heap (Nim's
/// heap of `n` has `n` options: about 8·10^6 options in all).
const NIM_CHECKED_HEAP: u64 = 4_000;

/// Genera of heaps `0..=max`, or `None` when that is not cheap: within [`GENUS_BUDGET`] states and
/// [`GENUS_SECONDS`] or the analysis's remaining time, whichever is less.
fn genus_table(game: &Rc<HeapGame>, max: u64, limits: &Limits) -> Option<Vec<HeapGenus>> {
    let seconds = match &limits.deadline {
        Some(d) => d.remaining().as_secs_f64().min(GENUS_SECONDS),
        None => GENUS_SECONDS,
    };
    if seconds <= 0.0 {
        return None;
    }
    let normal = crate::heap::sequence::values(game, max, &mut |_| {}).ok()?;
    let budget = Limits {
        max_positions: GENUS_BUDGET.min(limits.max_positions),
        deadline: Some(Deadline::after_seconds(seconds)),
        max_memory: limits.max_memory,
    };
    GenusTable::new(game.clone(), normal, budget)
        .sequence(max, &mut |_| {})
        .ok()
}

/// The normal nim-values of each heap group up to its largest heap, when the SJ condition holds for every group.
fn sj_values(
    groups: &[(Rc<HeapGame>, Vec<u64>)],
    limits: &Limits,
) -> Result<Option<Vec<Vec<Nimber>>>> {
    let mut out = Vec::new();
    for (game, heaps) in groups {
        let max = heaps.iter().copied().max().unwrap_or(0);
        if max > SJ_MAX_HEAP {
            return Ok(None);
        }
        let values = crate::heap::sequence::values(game, max, &mut |_| {})?;
        limits.check_time()?;
        // "No move splits a heap" is read off the options of heaps 1..=max, never taken from a default.
        let never_splits = crate::heap::facts::never_splits_up_to(&**game, max)?;
        if !sj_condition_holds(!never_splits, &values) {
            return Ok(None);
        }
        out.push(values);
    }
    Ok(Some(out))
}
