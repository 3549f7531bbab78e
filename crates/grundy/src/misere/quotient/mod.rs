//! Misère quotients of heap games (Plambeck; Plambeck and Siegel): every misère sum of heaps, answered by a product
//! in a small finite monoid.
//!
//! **What it computes.** For a heap game restricted to heaps `0..=N`, the *misère quotient* (T. E. Plambeck,
//! "Taming the wild in impartial combinatorial games", INTEGERS 5, 2005; T. E. Plambeck and A. N. Siegel, "Misère
//! quotients for impartial games", JCTA 115, 2008) is the set of sums of those heaps modulo *indistinguishability*:
//! two sums `x` and `y` are identified when `x + z` and `y + z` have the same misère outcome for every sum `z` of the
//! same heaps. It is a commutative monoid `Q` with a marked subset `P` (the *P-portion*) and a map `Φ` (heap →
//! element) such that a sum `h1 + h2 + …` is a misère P-position exactly when `Φ(h1)·Φ(h2)·… ∈ P`. A quotient is
//! reported by its order, a presentation (generators `a, b, c, …` standing for heaps, and relations such as
//! `a² = 1`, `b³ = b`, as the papers write them), its P-portion, and the map `Φ`.
//!
//! **How, and why it is right.** See `docs/quotient.md`: heaps are added one at a time as in Siegel's MisereSolver (CGSuite);
//! every quotient returned has passed a check that proves, by induction over the options, that it gives every sum
//! of the heaps covered its misère outcome, and it is then reduced to the smallest such monoid. Only the search for
//! a candidate is heuristic, and it can only fail to find one (a limit), never return a wrong one.
//!
//! **Cost.** Building: per heap, the check walks pairs (element, set of elements) reached by sums — at most a few
//! times the order times the number of distinct option profiles — with `O(order)` work per pair and generator; the
//! size of candidate monoids is capped at [`MAX_CANDIDATE`] elements and the order at the caller's
//! `max_order`: past either the result is "order at least K at heaps up to N", not an out-of-memory kill. A
//! quotient is held as its Cayley graph (the products of each element by the generators), linear in its order
//! ([`table_bytes`]); a reduction's memory is estimated before it starts ([`reduce_bytes`]), and one that would
//! not fit the limits' memory ends in the limit's error naming the memory. Answering
//! a sum once built: one table product per heap for the outcome, and one product per option for the winning moves
//! (prefix and suffix products), so linear in the number of heaps.
//!
//! **Scope.** A quotient computed to heap `N` is stated "for heaps up to N", and for *every* heap when a
//! periodicity certificate holds ([`Periodic`], [`certificate`]): the game is octal with finitely many digits
//! (`k` of them after the point), and the heap map `Φ` satisfies `Φ(n + p) = Φ(n)` for `n0 ≤ n ≤ N − p`, with
//! `n0 ≥ 1` and `N ≥ 2·n0 + 2·p + k − 2`. Then (the Guy–Smith periodicity argument of Winning Ways ch. 4, carried
//! from nim-values to quotient elements; proof in `docs/quotient.md`) every heap `n > N` has the same image and
//! the same option images as heap `n − p`, so the check that proved the quotient for heaps up to `N` proves it for
//! every sum of any heaps, and `Φ(n)` is `Φ(n0 + (n − n0) mod p)`.

mod answer;
pub(crate) mod build;
pub mod cache;
pub(crate) mod failure;
pub mod mixed;
pub mod monoid;

use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::game::Outcome;
use crate::heap::HeapGame;
use crate::solver::Limits;
pub use answer::{answer, answer_mixed, answer_partial, Goal, AUTO_SECONDS, DEFAULT_HEAPS};
pub use build::{reduce_bytes, MAX_CANDIDATE};
use build::{HeapOptions, Pretension, Step};
pub use monoid::{table_bytes, DENSE_MAX};
use monoid::{Monoid, Table};
use serde::Serialize;

/// The default largest order the construction accepts: no bound of its own ([`MAX_CANDIDATE`], which no quotient
/// can pass), so the memory limit decides how large a quotient may grow (a reduction that would not fit ends in
/// the limit's error, [`reduce_bytes`]), and every code MisereSolver solves at its defaults
/// (0.64–0.67 reach order 2248) is solved by default.
pub const DEFAULT_MAX_ORDER: usize = MAX_CANDIDATE;
/// The largest heap a quotient is computed to. (A far bound: the clock and the memory limit end a build first;
/// an octal code's moves are made when asked for, so the memory per heap is its image and its moves while it is
/// added.)
pub const MAX_HEAP: u64 = 1_000_000;
/// The most options (summed over the heaps) the construction lists.
pub const MAX_OPTIONS: usize = 200_000;
/// The most options of one heap the construction lists.
pub const MAX_HEAP_OPTIONS: usize = 5_000;

/// A generator of a presentation: its letter and the heap it is the image of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// The letter (`a`, `b`, …).
    pub name: String,
    /// The heap whose image it is.
    pub heap: u64,
}

/// One heap added by the construction, as its progress reports it: the heap, and the order and the size of the
/// P-portion of the quotient of the heaps up to it. While a heap's recalibration runs (it can take minutes), each
/// of its trials is reported too, with `round` its round (from 1) and the trial's order and P-portion; `round` is
/// 0 for a heap done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HeapDone {
    /// The heap added (or being added, when `round` is not 0).
    pub heap: u64,
    /// The order of the quotient of heaps up to it (of the trial, when `round` is not 0).
    pub order: usize,
    /// The number of elements of its P-portion (of the trial's).
    pub p_portion: usize,
    /// 0 for a heap done; else the recalibration round of the heap whose trial this is.
    pub round: usize,
}

/// The heap at which the quotient changed, and its order from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The heap added.
    pub heap: u64,
    /// The order of the quotient of heaps up to it.
    pub order: usize,
}

/// A periodicity certificate: the quotient holds for every heap, with `Φ(n + period) = Φ(n)` for every
/// `n ≥ preperiod` (see the module documentation and `docs/quotient.md` for the theorem and its proof).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Periodic {
    /// `n0`: the least heap from which `Φ` repeats with [`Periodic::period`] (at least 1).
    pub preperiod: u64,
    /// `p`: the least period of `Φ` for which the theorem's bound holds.
    pub period: u64,
    /// The largest number of tokens a move removes (`k`, the digits after the point of the octal code).
    pub max_removed: u64,
    /// The least largest heap the theorem needs: `2·n0 + 2·p + k − 2` (the quotient was built to at least this).
    pub needs_heaps: u64,
    /// The theorem, in words.
    pub certified_by: String,
}

/// The misère quotient of a heap game restricted to heaps `0..=heaps`.
///
/// Serialises (the `--json` schema of `grundy quotient`) as `{"game", "heaps", "order", "p_portion_size",
/// "generators": [{"name", "heap"}], "relations", "p_portion", "elements", "heap_elements", "changes": [{"heap",
/// "order"}], "same_from", "scope", "stopped"}`: `elements` lists every element by its normal form in the
/// generators, `heap_elements[h]` is the normal form of heap `h`'s image, `p_portion` lists the elements of the
/// P-portion, `same_from` is the smallest heap from which the quotient of heaps up to it is this one, `periodic`
/// (or `null`) is the certificate that carries it to every heap (`{"preperiod", "period", "max_removed",
/// "needs_heaps", "certified_by"}`), `no_certificate` (or `null`) why a growth toward one ended without it, and
/// `stopped` (or `null`) says why it was not computed further (its order passed the limit).
#[derive(Debug, Clone, Serialize)]
pub struct Quotient {
    /// The game's name.
    pub game: String,
    /// The largest heap covered.
    pub heaps: u64,
    /// The number of elements.
    pub order: usize,
    /// The number of elements of the P-portion.
    pub p_portion_size: usize,
    /// The generators, in the order of their heaps.
    pub generators: Vec<Generator>,
    /// The relations, e.g. `a² = 1`: with the generators a presentation of the monoid.
    pub relations: Vec<String>,
    /// The P-portion, each element by its normal form.
    pub p_portion: Vec<String>,
    /// Every element by its normal form (index = element number; element 0 is `1`).
    pub elements: Vec<String>,
    /// The normal form of the image of each heap `0..=heaps`.
    pub heap_elements: Vec<String>,
    /// Every heap at which the quotient changed.
    pub changes: Vec<Change>,
    /// The quotient of heaps up to `k` is this one for every `k` from `same_from` to `heaps`.
    pub same_from: u64,
    /// What the result covers, in words ("for heaps up to N", or "for every heap" when certified).
    pub scope: String,
    /// The periodicity certificate that carries the quotient to every heap, when it holds.
    pub periodic: Option<Periodic>,
    /// Why a growth toward the certificate ([`compute_auto`]) ended without one (`None` otherwise).
    pub no_certificate: Option<String>,
    /// Why the quotient was not computed to the heap asked for, when it was not ("order at least K at heaps up to
    /// N", or the limit that ended a heap).
    pub stopped: Option<String>,
    /// Whether a limit (the clock or the memory) ended the construction before the heap asked for: the quotient is
    /// then that of the last heap completed ([`compute_partial`]), and [`Quotient::limit`] is the limit's error.
    pub partial: bool,
    /// The limit's error when [`Quotient::partial`].
    #[serde(skip)]
    pub limit: Option<Error>,
    #[serde(skip)]
    pub(crate) table: Table,
    #[serde(skip)]
    pub(crate) p: Vec<bool>,
    #[serde(skip)]
    pub(crate) phi: Vec<u32>,
}

/// The options of heaps `0..=n` of `game`, each a sorted list of heaps, checked to leave only smaller heaps.
pub(crate) fn heap_options(game: &HeapGame, n: u64, limits: &Limits) -> Result<HeapOptions> {
    match heap_options_upto(game, n, limits)? {
        (opts, None) => Ok(opts),
        (_, Some(why)) => Err(Error::limit(why)),
    }
}

/// The options of heaps `0..=n`, or of the heaps before the first one whose moves pass [`MAX_HEAP_OPTIONS`] (or
/// the total [`MAX_OPTIONS`]), with the reason in words.
pub(crate) fn heap_options_upto(
    game: &HeapGame,
    n: u64,
    limits: &Limits,
) -> Result<(HeapOptions, Option<String>)> {
    if octal_reach(game).is_some() {
        // Every move leaves smaller heaps; the options are made when asked for (no memory, no listing limit).
        let code = game.code().expect("an octal code").clone();
        return Ok((HeapOptions::from_code(code, n as usize + 1), None));
    }
    let mut out: Vec<Vec<Vec<u64>>> = Vec::with_capacity(n as usize + 1);
    let (mut total, mut items) = (0usize, 0usize);
    let mut buf = crate::game::Options::new();
    for h in 0..=n {
        buf.clear();
        let complete = match game.code() {
            Some(code) => {
                crate::misere::search::code_options_within(code, h, &mut buf, MAX_HEAP_OPTIONS)
            }
            None => {
                game.options(&h, &mut buf)?;
                buf.len() <= MAX_HEAP_OPTIONS
            }
        };
        if !complete {
            return Ok((
                HeapOptions::listed(out),
                Some(format!(
                    "{}: a heap of {h} has more than {MAX_HEAP_OPTIONS} moves, too many to build a misère quotient",
                    game.name()
                )),
            ));
        }
        let mut list = Vec::with_capacity(buf.len());
        for o in buf.iter() {
            let mut v = o.to_vec();
            v.sort_unstable();
            if let Some(&big) = v.iter().find(|&&x| x >= h) {
                return Err(Error::unsupported(format!(
                    "{}: a move from a heap of {h} leaves a heap of {big} (a misère quotient needs every move to leave smaller heaps)",
                    game.name()
                )));
            }
            items += v.len();
            list.push(v);
        }
        list.sort();
        list.dedup();
        total += list.len();
        if total > MAX_OPTIONS {
            return Ok((
                HeapOptions::listed(out),
                Some(format!(
                    "{}: heaps up to {h} have more than {MAX_OPTIONS} moves in all, too many to build a misère quotient",
                    game.name()
                )),
            ));
        }
        limits.check_memory(
            (items as u64) * 8 + (total as u64) * 24,
            "listing the moves for the misère quotient",
        )?;
        out.push(list);
        if h % 16 == 0 {
            limits.check_time()?;
        }
    }
    Ok((HeapOptions::listed(out), None))
}

/// The options of heaps `0..=to` of `game` for a quotient ([`heap_options`]), `to` at most [`MAX_HEAP`].
fn options_to(game: &HeapGame, to: u64, limits: &Limits) -> Result<HeapOptions> {
    if to > MAX_HEAP {
        return Err(Error::limit(format!(
            "misère quotients are computed for heaps up to {MAX_HEAP}; {to} is larger"
        )));
    }
    heap_options(game, to, limits)
}

/// Computes the misère quotient of `game` restricted to heaps `0..=to`: see the module documentation. A quotient
/// whose order passes `max_order` (or whose candidates pass [`MAX_CANDIDATE`]) stops at the last heap it
/// covered, with `stopped` saying "order at least K at heaps up to N". `progress` is called with each heap done
/// ([`HeapDone`]: its order and P-portion).
pub fn compute(
    game: &HeapGame,
    to: u64,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Quotient> {
    let opts = options_to(game, to, limits)?;
    let (cur, changes, stopped) = construct(&opts, max_order, limits, progress)?;
    let mut q = finish(game.name(), cur, changes, stopped);
    q.certify(game);
    Ok(q)
}

/// As [`compute`], except that a limit (the clock or the memory) that ends heap `n` before `to` is not an error:
/// the quotient of heaps up to `n − 1` is returned, [`Quotient::partial`], with the limit's error in
/// [`Quotient::limit`] and `stopped` saying where it stopped. An error before any heap (the options) stays one.
pub fn compute_partial(
    game: &HeapGame,
    to: u64,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Quotient> {
    let opts = options_to(game, to, limits)?;
    let g = grow(&opts, max_order, limits, progress, &mut |_| false)?;
    let (stopped, limit) = match g.end {
        End::Limit(n, e) => (
            Some(format!(
                "a limit ended heap {n}: {}; shown for heaps up to {}",
                e.message(),
                n - 1
            )),
            Some(e),
        ),
        End::TooLarge(why) => (Some(why), None),
        End::Covered | End::Stopped => (None, None),
    };
    let mut q = finish(game.name(), g.cur, g.changes, stopped);
    q.certify(game);
    q.partial = limit.is_some();
    q.limit = limit;
    Ok(q)
}

/// The most heaps [`compute_auto`] builds to when it is not told otherwise: [`MAX_HEAP`]. The growth stops at the
/// certificate's own bound (`2·n0 + 2·p + k − 2`, met when it holds), so in practice the clock of the limits ends a
/// game that never certifies.
pub const AUTO_MAX_HEAP: u64 = MAX_HEAP;

/// Builds the quotient of `game` heap by heap until the periodicity certificate holds (then it covers every heap),
/// or until heap `budget`, the option limits ([`MAX_OPTIONS`], [`MAX_HEAP_OPTIONS`]), or the limits' clock or
/// memory end the growth: then the quotient of the heaps built so far is returned with `no_certificate` saying
/// why (its scope is "for heaps up to N" only); past `max_order` it is returned with `stopped`, as [`compute`]
/// does. A game that [`octal_reach`] does not cover cannot be certified:
/// it is built to `budget` as [`compute`] does.
pub fn compute_auto(
    game: &HeapGame,
    budget: u64,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Quotient> {
    let budget = budget.min(MAX_HEAP);
    let Some(k) = octal_reach(game) else {
        return compute(game, budget, max_order, limits, progress);
    };
    let (opts, opts_stop) = heap_options_upto(game, budget, limits)?;
    let g = grow(&opts, max_order, limits, progress, &mut |cur| {
        certificate(&cur.phi, k).is_some()
    })?;
    let (cur, changes) = (g.cur, g.changes);
    let (mut why, stopped, certified) = match g.end {
        End::Stopped => (None, None, true),
        End::Covered => (None, None, false),
        End::TooLarge(msg) => (None, Some(msg), false),
        End::Limit(n, e) => (
            Some(format!(
                "no certificate by heap {}: the growth stopped at heap {n} ({e})",
                n - 1
            )),
            None,
            false,
        ),
    };
    let last = cur.phi.len() - 1;
    if !certified && stopped.is_none() && why.is_none() {
        why = Some(match opts_stop {
            Some(limit) => format!("no certificate by heap {last}: {limit}"),
            None => format!(
                "no certificate by heap {last} (the budget): Φ has no preperiod n0 ≥ 1 and period p with Φ(n + p) = Φ(n) for n0 ≤ n ≤ {last} − p and {last} ≥ 2·n0 + 2·p + {k} − 2"
            ),
        });
    }
    if stopped.is_some() {
        why = Some(format!(
            "no certificate: the quotient grew past its limit at heap {}",
            last + 1
        ));
    }
    let mut q = finish(game.name(), cur, changes, stopped);
    q.certify(game);
    if q.periodic.is_none() {
        q.no_certificate = why;
    }
    Ok(q)
}

/// `k`, the most tokens a move removes, when `game`'s moves are those of an octal code with finitely many digits
/// (every digit at most 7, no repeating part, no digits that add tokens): the games the periodicity certificate
/// covers. `None` for every other game.
pub fn octal_reach(game: &HeapGame) -> Option<u64> {
    let code = game.code()?;
    (code.is_octal() && code.period() == 0 && code.additive().is_empty() && !code.is_loopy())
        .then(|| code.digits().len() as u64 - 1)
}

/// The least `(n0, p)` — least period `p`, then least `n0 ≥ 1` — with `Φ(n + p) = Φ(n)` for `n0 ≤ n ≤ N − p`
/// (`N = phi.len() − 1`) and `N ≥ 2·n0 + 2·p + k − 2`, the bound of the periodicity theorem (`docs/quotient.md`).
/// `None` when no pair meets it.
pub fn certificate(phi: &[u32], k: u64) -> Option<(u64, u64)> {
    let n = phi.len() as u64 - 1;
    let mut p = 1u64;
    // With n0 ≥ 1 the bound needs N ≥ 2p + k: no larger p can meet it.
    while 2 * p + k <= n {
        let mut n0 = 1;
        let mut m = n - p;
        while m >= 1 {
            if phi[(m + p) as usize] != phi[m as usize] {
                n0 = m + 1;
                break;
            }
            m -= 1;
        }
        if 2 * n0 + 2 * p + k - 2 <= n {
            return Some((n0, p));
        }
        p += 1;
    }
    None
}

/// The periodicity certificate of a heap map `phi` (heaps `0..phi.len()`) of an octal game whose moves remove at
/// most `k` tokens, when [`certificate`] finds one.
pub(crate) fn periodic(phi: &[u32], k: u64) -> Option<Periodic> {
    let (n0, p) = certificate(phi, k)?;
    Some(Periodic {
        preperiod: n0,
        period: p,
        max_removed: k,
        needs_heaps: 2 * n0 + 2 * p + k - 2,
        certified_by: format!(
            "an octal game with {k} digit{} after the point, built to heap {} ≥ 2·{n0} + 2·{p} + {k} − 2: every larger heap has the image and option images of the heap {p} below it (the Guy–Smith periodicity argument, Winning Ways ch. 4, carried to quotient elements; docs/quotient.md)",
            if k == 1 { "" } else { "s" },
            phi.len() - 1
        ),
    })
}

/// The most options a heap beyond the quotient's range may have for its winning moves to be listed one by one;
/// past it, moves that split the heap are given as arithmetic families ([`SplitFamily`]).
pub const MAX_LISTED_OPTIONS: u64 = 5_000;

/// The construction over any list of heaps (`opts[h]`: the options of heap `h`, each a list of smaller heaps),
/// heap by heap: the last consistent reduced pretension, the heaps where it changed, and why it stopped early.
pub(crate) fn construct(
    opts: &HeapOptions,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<(Pretension, Vec<Change>, Option<String>)> {
    let g = grow(opts, max_order, limits, progress, &mut |_| false)?;
    match g.end {
        End::Limit(_, e) => Err(e),
        End::TooLarge(why) => Ok((g.cur, g.changes, Some(why))),
        End::Covered | End::Stopped => Ok((g.cur, g.changes, None)),
    }
}

/// How [`grow`] ended.
pub(crate) enum End {
    /// Every heap of the list is covered.
    Covered,
    /// `stop` held after the last heap covered.
    Stopped,
    /// The quotient passed its order limit; the message says where.
    TooLarge(String),
    /// The limits' clock or memory ended the growth at this heap (not covered).
    Limit(u64, Error),
}

/// What [`grow`] built: the last consistent reduced pretension, the heaps where it changed, and how it ended.
pub(crate) struct Growth {
    pub cur: Pretension,
    pub changes: Vec<Change>,
    pub end: End,
}

/// The construction heap by heap, calling `progress` with each heap covered and stopping as soon as
/// `stop(pretension)` holds. A limit reached is an [`End`], not an error; other errors are returned.
pub(crate) fn grow(
    opts: &HeapOptions,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
    stop: &mut dyn FnMut(&Pretension) -> bool,
) -> Result<Growth> {
    let mut cur = Pretension {
        table: Table::trivial(),
        p: vec![false],
        phi: vec![0],
    };
    let mut check = build::Checker::new(1);
    let mut changes = Vec::new();
    for n in 1..opts.len() as u64 {
        // The memory of this step, estimated before it: the heap map and the moves of heap n (made when asked for,
        // at most three heaps' worth per token for an octal code).
        let step = limits
            .check_memory(
                n * 4 + n * 3 * 24 + check.memory(),
                "building the misère quotient",
            )
            .and_then(|_| limits.check_time())
            .and_then(|_| {
                extend_reporting(&mut cur, &mut check, opts, max_order, limits, progress)
            });
        match step {
            Ok(Step::Same) => {}
            Ok(Step::Grew(grown)) => {
                let (next, walked) = *grown;
                changes.push(Change {
                    heap: n,
                    order: next.table.size(),
                });
                cur = next;
                check = walked;
            }
            Ok(Step::TooLarge(t)) => {
                let why = if t.exact() {
                    format!(
                        "the quotient of heaps up to {n} has order {}, past the limit of {max_order} elements; shown for heaps up to {}",
                        t.order(),
                        n - 1
                    )
                } else {
                    format!(
                        "the quotient of heaps up to {n} has order at least {} ({}); shown for heaps up to {}",
                        t.order(),
                        t.reason(),
                        n - 1
                    )
                };
                return Ok(Growth {
                    cur,
                    changes,
                    end: End::TooLarge(why),
                });
            }
            Err(e) if e.kind() == crate::ErrorKind::Limit => {
                return Ok(Growth {
                    cur,
                    changes,
                    end: End::Limit(n, e),
                });
            }
            Err(e) => return Err(e),
        }
        progress(HeapDone {
            heap: n,
            order: cur.table.size(),
            p_portion: cur.p.iter().filter(|&&x| x).count(),
            round: 0,
        });
        if stop(&cur) {
            return Ok(Growth {
                cur,
                changes,
                end: End::Stopped,
            });
        }
    }
    Ok(Growth {
        cur,
        changes,
        end: End::Covered,
    })
}

/// [`build::extend`] for heap `cur.phi.len()`, each trial of its recalibration told to `progress` (a
/// [`HeapDone`] with its round).
fn extend_reporting(
    cur: &mut Pretension,
    check: &mut build::Checker,
    opts: &HeapOptions,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Step> {
    let heap = cur.phi.len() as u64;
    build::extend(cur, check, opts, max_order, limits, &mut |round, t| {
        progress(HeapDone {
            heap,
            order: t.table.size(),
            p_portion: t.p.iter().filter(|&&x| x).count(),
            round,
        })
    })
}

/// The quotient's presentation and names, from a consistent reduced pretension.
///
/// Long: the presentation built in order (generators, normal forms and relations in one frontier walk, then the
/// elements shown, the P-portion and the heaps' images), each step reading the tables the one before made.
pub(crate) fn finish(
    game: String,
    pre: Pretension,
    changes: Vec<Change>,
    stopped: Option<String>,
) -> Quotient {
    let heaps = pre.phi.len() as u64 - 1;
    let table = pre.table;
    // Generators: each heap whose image is not in the submonoid the earlier generators make.
    let mut gens: Vec<(u64, u32)> = Vec::new();
    let mut reach = vec![false; table.size()];
    reach[0] = true;
    for (h, &x) in pre.phi.iter().enumerate() {
        if !reach[x as usize] {
            gens.push((h as u64, x));
            let imgs: Vec<u32> = gens.iter().map(|g| g.1).collect();
            let (_, map) = table.submonoid(&imgs);
            reach = map.iter().map(|&m| m != u32::MAX).collect();
        }
    }
    let names: Vec<String> = (0..gens.len()).map(letter).collect();
    // Normal forms: the least exponent vector of each element, by degree and then with later generators most
    // significant (a monomial order), so normal forms are closed under division and the minimal other monomials
    // give a complete set of relations.
    let k = gens.len();
    let mut nf: Vec<Option<Vec<u32>>> = vec![None; table.size()];
    nf[0] = Some(vec![0; k]);
    let mut normal: rustc_hash::FxHashSet<Vec<u32>> = Default::default();
    normal.insert(vec![0; k]);
    let mut frontier: Vec<(Vec<u32>, u32)> = vec![(vec![0; k], 0)];
    let mut relations: Vec<(Vec<u32>, u32)> = Vec::new();
    while !frontier.is_empty() {
        let mut cands: Vec<(Vec<u32>, u32)> = Vec::new();
        for (v, e) in &frontier {
            for (i, g) in gens.iter().enumerate() {
                let mut w = v.clone();
                w[i] += 1;
                cands.push((w, table.mul(*e, g.1)));
            }
        }
        cands.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
        cands.dedup_by(|a, b| a.0 == b.0);
        let mut next = Vec::new();
        for (w, e) in cands {
            if nf[e as usize].is_none() {
                nf[e as usize] = Some(w.clone());
                normal.insert(w.clone());
                next.push((w, e));
            } else if (0..k).all(|j| {
                w[j] == 0 || {
                    let mut d = w.clone();
                    d[j] -= 1;
                    normal.contains(&d)
                }
            }) {
                relations.push((w, e));
            }
        }
        frontier = next;
    }
    let show = |v: &[u32]| monomial(v, &names);
    let elements: Vec<String> = nf
        .iter()
        .map(|v| {
            show(
                v.as_deref()
                    .expect("every element is a product of generators"),
            )
        })
        .collect();
    let relations = relations
        .iter()
        .map(|(w, e)| format!("{} = {}", show(w), elements[*e as usize]))
        .collect();
    let mut p_portion: Vec<String> = (0..table.size())
        .filter(|&e| pre.p[e])
        .map(|e| elements[e].clone())
        .collect();
    p_portion.sort_by(|a, b| a.chars().count().cmp(&b.chars().count()).then(a.cmp(b)));
    let heap_elements = pre
        .phi
        .iter()
        .map(|&x| elements[x as usize].clone())
        .collect();
    let same_from = changes.last().map_or(0, |c| c.heap);
    Quotient {
        game,
        heaps,
        order: table.size(),
        p_portion_size: p_portion.len(),
        generators: gens
            .iter()
            .zip(&names)
            .map(|(g, n)| Generator {
                name: n.clone(),
                heap: g.0,
            })
            .collect(),
        relations,
        p_portion,
        elements,
        heap_elements,
        changes,
        same_from,
        scope: format!("for heaps up to {heaps}"),
        periodic: None,
        no_certificate: None,
        stopped,
        partial: false,
        limit: None,
        table,
        p: pre.p,
        phi: pre.phi,
    }
}

/// The `i`-th generator's letter: `a` … `z`, then `g27`, `g28`, ….
fn letter(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// A monomial as the papers write it: `1`, `a`, `ab²`, `b³`.
fn monomial(v: &[u32], names: &[String]) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::new();
    for (i, &e) in v.iter().enumerate() {
        if e == 0 {
            continue;
        }
        s.push_str(&names[i]);
        if e > 1 {
            s.extend(e.to_string().bytes().map(|d| SUP[(d - b'0') as usize]));
        }
    }
    if s.is_empty() {
        "1".to_string()
    } else {
        s
    }
}

/// Winning moves of one heap that split it, given compactly: remove `removed` tokens from heap `heap` (component
/// `component`) and split the `rest` left into `a` and `rest − a`, for every `a = first, first + step, …, last`
/// (`count` moves, each to a misère P-position). Made only for a heap beyond the quotient's range with a
/// certificate, where every `a ≥ n0` with `rest − a ≥ a` gives the same product as `a − p`'s class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitFamily {
    /// Index of the heap moved in.
    pub component: usize,
    /// The tokens removed.
    pub removed: u64,
    /// The tokens left, split in two.
    pub rest: u64,
    /// The least smaller part.
    pub first: u64,
    /// The step between smaller parts (the period).
    pub step: u64,
    /// The largest smaller part (at most `rest / 2`).
    pub last: u64,
    /// The number of moves.
    pub count: u64,
}

/// One winning move found from a quotient: the component, and the heaps it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientMove {
    /// Index of the heap moved in.
    pub component: usize,
    /// The heaps left in its place (sorted; empty when the heap is gone).
    pub to: Vec<u64>,
}

/// One game's heap map read through a monoid: the table, the P-portion, the images `phi` of heaps `0..phi.len()`
/// and the certificate that carries them to every heap, when there is one (a quotient's own, or one game's letters
/// of a mixed quotient, [`mixed`]).
#[derive(Clone, Copy)]
pub(crate) struct HeapMap<'a> {
    pub table: &'a Table,
    pub p: &'a [bool],
    pub phi: &'a [u32],
    pub periodic: Option<&'a Periodic>,
}

impl HeapMap<'_> {
    /// The image of heap `h`: from `phi` when it covers it, else `Φ(n0 + (h − n0) mod p)` when certified.
    pub(crate) fn image(&self, h: u64) -> Option<u32> {
        if h < self.phi.len() as u64 {
            return Some(self.phi[h as usize]);
        }
        let c = self.periodic?;
        Some(self.phi[(c.preperiod + (h - c.preperiod) % c.period) as usize])
    }

    /// For each of the images, the product of the others (prefix times suffix products).
    pub(crate) fn rests(&self, images: &[u32]) -> Vec<u32> {
        let n = images.len();
        let mut prefix = vec![0u32; n + 1];
        for i in 0..n {
            prefix[i + 1] = self.table.mul(prefix[i], images[i]);
        }
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = self.table.mul(suffix[i + 1], images[i]);
        }
        (0..n)
            .map(|i| self.table.mul(prefix[i], suffix[i + 1]))
            .collect()
    }

    /// The moves of heap `h` (component `i` of a sum whose other heaps' product is `rest`) to a misère P-position:
    /// listed one by one, or for a heap beyond `phi` with more than [`MAX_LISTED_OPTIONS`] split moves, its
    /// one-heap moves and small splits one by one and its other splits as [`SplitFamily`] progressions. `None`
    /// when an option is not covered (or the rules fail: the search reports that).
    pub(crate) fn heap_moves(
        &self,
        game: &HeapGame,
        i: usize,
        h: u64,
        rest: u32,
        out: &mut Vec<QuotientMove>,
        families: &mut Vec<SplitFamily>,
    ) -> Option<()> {
        if h >= self.phi.len() as u64 {
            let c = self.periodic?;
            let code = game.code()?;
            // Split moves of heap h: at most h / 2 per digit.
            let splits = (0..=c.max_removed)
                .filter(|&t| code.digit(t).allows(2))
                .map(|t| (h - t) / 2)
                .sum::<u64>();
            if splits > MAX_LISTED_OPTIONS {
                self.compact_moves(code, i, h, rest, out, families);
                return Some(());
            }
        }
        let mut bad = false;
        game.for_each_option(h, &mut |o| {
            let mut e = rest;
            for &c in o {
                match self.image(c) {
                    Some(x) => e = self.table.mul(e, x),
                    None => {
                        bad = true;
                        return;
                    }
                }
            }
            if self.p[e as usize] {
                let mut to = o.to_vec();
                to.sort_unstable();
                out.push(QuotientMove { component: i, to });
            }
        })
        // An error of the rules: the moves are left to the search, which reports it.
        .ok()?;
        (!bad).then_some(())
    }

    /// The winning moves of heap `h` (component `i`, the other heaps' product `rest`) of a certified quotient of an
    /// octal code, with `h` beyond the range built: one-heap moves and splits with a smaller part below the
    /// preperiod one by one; other splits by the class of the smaller part modulo the period (every smaller part
    /// `a` with `n0 ≤ a ≤ (h − t) / 2` has both parts at least `n0`, so `Φ(a)·Φ(h − t − a)` depends only on
    /// `a mod p`).
    fn compact_moves(
        &self,
        code: &crate::heap::Code,
        i: usize,
        h: u64,
        rest: u32,
        out: &mut Vec<QuotientMove>,
        families: &mut Vec<SplitFamily>,
    ) {
        let c = self.periodic.expect("compact moves need a certificate");
        let img = |x: u64| {
            self.image(x)
                .expect("a certified quotient covers every heap")
        };
        let in_p = |parts: &[u64]| {
            let e = parts.iter().fold(rest, |a, &x| self.table.mul(a, img(x)));
            self.p[e as usize]
        };
        for t in 0..=c.max_removed.min(h) {
            let d = code.digit(t);
            let m = h - t;
            if m == 0 && d.allows(0) && in_p(&[]) {
                out.push(QuotientMove {
                    component: i,
                    to: vec![],
                });
            }
            if t > 0 && m >= 1 && d.allows(1) && in_p(&[m]) {
                out.push(QuotientMove {
                    component: i,
                    to: vec![m],
                });
            }
            if m >= 2 && d.allows(2) {
                let half = m / 2;
                for a in 1..c.preperiod.min(half + 1) {
                    if in_p(&[a, m - a]) {
                        out.push(QuotientMove {
                            component: i,
                            to: vec![a, m - a],
                        });
                    }
                }
                for a in c.preperiod..(c.preperiod + c.period).min(half + 1) {
                    if in_p(&[a, m - a]) {
                        let count = (half - a) / c.period + 1;
                        families.push(SplitFamily {
                            component: i,
                            removed: t,
                            rest: m,
                            first: a,
                            step: c.period,
                            last: a + (count - 1) * c.period,
                            count,
                        });
                    }
                }
            }
        }
    }
}

impl Quotient {
    /// The image `Φ(h)` of heap `h`: from the table for `h ≤` [`Quotient::heaps`], and for a larger heap
    /// `Φ(n0 + (h − n0) mod p)` when the quotient is certified for every heap; `None` otherwise.
    pub fn image(&self, h: u64) -> Option<u32> {
        self.map().image(h)
    }

    /// The heap map as a [`HeapMap`] (the table, the P-portion, `Φ` and the certificate).
    pub(crate) fn map(&self) -> HeapMap<'_> {
        HeapMap {
            table: &self.table,
            p: &self.p,
            phi: &self.phi,
            periodic: self.periodic.as_ref(),
        }
    }

    /// True when the quotient answers sums containing heap `h`.
    pub fn covers(&self, h: u64) -> bool {
        h <= self.heaps || self.periodic.is_some()
    }

    /// The element of a sum of heaps (each covered, see [`Quotient::covers`]; `None` otherwise).
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        let mut e = 0;
        for &h in heaps {
            e = self.table.mul(e, self.image(h)?);
        }
        Some(e)
    }

    /// Sets the periodicity certificate when it holds: `game` is octal with finitely many digits ([`octal_reach`]),
    /// the quotient was not stopped early, and [`certificate`] finds a preperiod and period within the bound.
    pub fn certify(&mut self, game: &HeapGame) {
        self.periodic = None;
        self.scope = format!("for heaps up to {}", self.heaps);
        if self.stopped.is_some() {
            return;
        }
        let Some(k) = octal_reach(game) else { return };
        self.periodic = periodic(&self.phi, k);
        if self.periodic.is_none() {
            return;
        }
        self.scope = "for every heap".to_string();
    }

    /// Whether element `e` is in the P-portion.
    pub fn is_p(&self, e: u32) -> bool {
        self.p[e as usize]
    }

    /// The misère outcome of a sum of heaps, or `None` when some heap is not covered.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let e = self.element(heaps)?;
        Some(if self.is_p(e) { Outcome::P } else { Outcome::N })
    }

    /// The normal form of the element of a sum of heaps.
    pub fn show_element(&self, e: u32) -> &str {
        &self.elements[e as usize]
    }

    /// Every move of every heap of `heaps` to a misère P-position (options of `game`, whose quotient this is),
    /// found by one product per option: the product of the other heaps (prefix times suffix) times the option's.
    /// `None` when some heap is beyond the quotient.
    /// `None` when some heap is not covered, or is beyond [`Quotient::heaps`] with more than
    /// [`MAX_LISTED_OPTIONS`] split moves (use [`Quotient::winning_moves_compact`] for those).
    pub fn winning_moves(&self, game: &HeapGame, heaps: &[u64]) -> Option<Vec<QuotientMove>> {
        let (moves, families) = self.winning_moves_compact(game, heaps)?;
        families.is_empty().then_some(moves)
    }

    /// Every move to a misère P-position, as [`Quotient::winning_moves`], for any covered heaps: a heap beyond
    /// [`Quotient::heaps`] (certified quotient) whose moves number more than [`MAX_LISTED_OPTIONS`] gives its
    /// one-heap moves and its splits with a part below the preperiod one by one, and its other winning splits as
    /// [`SplitFamily`] progressions (their product depends only on the smaller part modulo the period). `None`
    /// when some heap is not covered.
    pub fn winning_moves_compact(
        &self,
        game: &HeapGame,
        heaps: &[u64],
    ) -> Option<(Vec<QuotientMove>, Vec<SplitFamily>)> {
        let map = self.map();
        let images: Vec<u32> = heaps.iter().map(|&h| map.image(h)).collect::<Option<_>>()?;
        let rests = map.rests(&images);
        let mut out = Vec::new();
        let mut families = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            map.heap_moves(game, i, h, rests[i], &mut out, &mut families)?;
        }
        Some((out, families))
    }

    /// Checks the quotient against the game's moves by the consistency theorem (`docs/quotient.md`): true when it gives every
    /// sum of heaps up to [`Quotient::heaps`] its misère outcome. A quotient read from a file is used only after this.
    pub fn check(&self, game: &HeapGame, limits: &Limits) -> Result<bool> {
        let opts = heap_options(game, self.heaps, limits)?;
        if self
            .phi
            .iter()
            .enumerate()
            .any(|(h, &x)| !opts.has_moves(h) && x != 0)
        {
            return Ok(false);
        }
        let pre = Pretension {
            table: self.table.clone(),
            p: self.p.clone(),
            phi: self.phi.clone(),
        };
        Ok(build::verify(&pre, &opts, limits)?.is_none())
    }
}

#[cfg(test)]
mod tests;
