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
//! `max_order`: past either the result is "order at least K at heaps up to N", not an out-of-memory kill. Answering
//! a sum once built: one table product per heap for the outcome, and one product per option for the winning moves
//! (prefix and suffix products), so linear in the number of heaps.
//!
//! **Scope.** A quotient computed to heap `N` is stated "for heaps up to N" only. Where the quotient has stayed the
//! same for many heaps, the papers' periodicity results could extend it to every heap; that extension is not made
//! here, so nothing is claimed beyond `N`.

pub(crate) mod build;
pub mod cache;
pub(crate) mod failure;
pub mod mixed;
pub mod monoid;

use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::heap::HeapGame;
use crate::solver::Limits;
use build::{HeapOptions, Pretension, Step};
pub use build::{MAX_CANDIDATE, MAX_TABLE};
use monoid::{Monoid, Table};
use serde::Serialize;

/// The default largest order the construction accepts before it stops with "order at least K".
pub const DEFAULT_MAX_ORDER: usize = 2048;
/// The largest heap a quotient is computed to.
pub const MAX_HEAP: u64 = 2000;
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

/// The heap at which the quotient changed, and its order from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The heap added.
    pub heap: u64,
    /// The order of the quotient of heaps up to it.
    pub order: usize,
}

/// The misère quotient of a heap game restricted to heaps `0..=heaps`.
///
/// Serialises (the `--json` schema of `grundy quotient`) as `{"game", "heaps", "order", "p_portion_size",
/// "generators": [{"name", "heap"}], "relations", "p_portion", "elements", "heap_elements", "changes": [{"heap",
/// "order"}], "same_from", "scope", "stopped"}`: `elements` lists every element by its normal form in the
/// generators, `heap_elements[h]` is the normal form of heap `h`'s image, `p_portion` lists the elements of the
/// P-portion, `same_from` is the smallest heap from which the quotient of heaps up to it is this one, and `stopped`
/// (or `null`) says why it was not computed further.
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
    /// What the result covers, in words (for heaps up to N).
    pub scope: String,
    /// Why the quotient was not computed to the heap asked for, when it was not ("order at least K at heaps up to
    /// N").
    pub stopped: Option<String>,
    #[serde(skip)]
    pub(crate) table: Table,
    #[serde(skip)]
    pub(crate) p: Vec<bool>,
    #[serde(skip)]
    pub(crate) phi: Vec<u32>,
}

/// The options of heaps `0..=n` of `game`, each a sorted list of heaps, checked to leave only smaller heaps.
pub(crate) fn heap_options(game: &HeapGame, n: u64, limits: &Limits) -> Result<HeapOptions> {
    let mut out: HeapOptions = Vec::with_capacity(n as usize + 1);
    let (mut total, mut items) = (0usize, 0usize);
    let mut buf = crate::game::Options::new();
    for h in 0..=n {
        buf.clear();
        let complete = match game.code() {
            Some(code) => {
                crate::misere::search::code_options_within(code, h, &mut buf, MAX_HEAP_OPTIONS)
            }
            None => {
                game.options(&h, &mut buf);
                buf.len() <= MAX_HEAP_OPTIONS
            }
        };
        if !complete {
            return Err(Error::limit(format!(
                "{}: a heap of {h} has more than {MAX_HEAP_OPTIONS} moves, too many to build a misère quotient",
                game.name()
            )));
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
            return Err(Error::limit(format!(
                "{}: heaps up to {h} have more than {MAX_OPTIONS} moves in all, too many to build a misère quotient",
                game.name()
            )));
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
    Ok(out)
}

/// Computes the misère quotient of `game` restricted to heaps `0..=to`: see the module documentation. A quotient
/// whose order passes `max_order` (or whose candidates pass [`MAX_CANDIDATE`]) stops at the last heap it
/// covered, with `stopped` saying "order at least K at heaps up to N". `progress` is called with each heap done.
pub fn compute(
    game: &HeapGame,
    to: u64,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Quotient> {
    if to > MAX_HEAP {
        return Err(Error::limit(format!(
            "misère quotients are computed for heaps up to {MAX_HEAP}; {to} is larger"
        )));
    }
    let opts = heap_options(game, to, limits)?;
    let (cur, changes, stopped) = construct(&opts, max_order, limits, progress)?;
    Ok(finish(game.name(), cur, changes, stopped))
}

/// The construction over any list of heaps (`opts[h]`: the options of heap `h`, each a list of smaller heaps),
/// heap by heap: the last consistent reduced pretension, the heaps where it changed, and why it stopped early.
pub(crate) fn construct(
    opts: &HeapOptions,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Pretension, Vec<Change>, Option<String>)> {
    let mut cur = Pretension {
        table: Table::trivial(),
        p: vec![false],
        phi: vec![0],
    };
    let mut changes = Vec::new();
    let mut stopped = None;
    for n in 1..opts.len() as u64 {
        limits.check_time()?;
        match build::extend(&cur, opts, max_order, limits)? {
            Step::Done(next, changed) => {
                if changed {
                    changes.push(Change {
                        heap: n,
                        order: next.table.size(),
                    });
                }
                cur = next;
            }
            Step::TooLarge(k) => {
                stopped = Some(format!(
                    "the quotient of heaps up to {n} has order at least {k} (the limit is {} elements); shown for heaps up to {}",
                    max_order.min(build::MAX_TABLE),
                    n - 1
                ));
                break;
            }
        }
        progress(n);
    }
    Ok((cur, changes, stopped))
}

/// The quotient's presentation and names, from a consistent reduced pretension.
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
        stopped,
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

/// One winning move found from a quotient: the component, and the heaps it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientMove {
    /// Index of the heap moved in.
    pub component: usize,
    /// The heaps left in its place (sorted; empty when the heap is gone).
    pub to: Vec<u64>,
}

impl Quotient {
    /// The element of a sum of heaps (each at most [`Quotient::heaps`]; `None` otherwise).
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        let mut e = 0;
        for &h in heaps {
            e = self.table.mul(e, *self.phi.get(h as usize)?);
        }
        Some(e)
    }

    /// Whether element `e` is in the P-portion.
    pub fn is_p(&self, e: u32) -> bool {
        self.p[e as usize]
    }

    /// The misère outcome of a sum of heaps, or `None` when some heap is beyond the quotient.
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
    pub fn winning_moves(&self, game: &HeapGame, heaps: &[u64]) -> Option<Vec<QuotientMove>> {
        if heaps.iter().any(|&h| h > self.heaps) {
            return None;
        }
        let n = heaps.len();
        let mut prefix = vec![0u32; n + 1];
        for i in 0..n {
            prefix[i + 1] = self.table.mul(prefix[i], self.phi[heaps[i] as usize]);
        }
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = self.table.mul(suffix[i + 1], self.phi[heaps[i] as usize]);
        }
        let mut out = Vec::new();
        for i in 0..n {
            let rest = self.table.mul(prefix[i], suffix[i + 1]);
            game.for_each_option(heaps[i], &mut |o| {
                let e = o
                    .iter()
                    .fold(rest, |a, &c| self.table.mul(a, self.phi[c as usize]));
                if self.p[e as usize] {
                    let mut to = o.to_vec();
                    to.sort_unstable();
                    out.push(QuotientMove { component: i, to });
                }
            });
        }
        Some(out)
    }

    /// Checks the quotient against the game's moves by the consistency theorem (`docs/quotient.md`): true when it gives every
    /// sum of heaps up to [`Quotient::heaps`] its misère outcome. A quotient read from a file is used only after this.
    pub fn check(&self, game: &HeapGame, limits: &Limits) -> Result<bool> {
        let opts = heap_options(game, self.heaps, limits)?;
        if self
            .phi
            .iter()
            .enumerate()
            .any(|(h, &x)| opts[h].is_empty() && x != 0)
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
