//! The construction: heaps added one at a time, each checked by the consistency theorem.
//!
//! A *pretension* is a finite commutative monoid `Q` (a [`Table`]), a marked set `P ⊆ Q`, and a map `Φ` from heaps
//! to `Q` (extended to sums of heaps as a homomorphism, the empty sum to 1). Write `T_h` for the set of images
//! `Φ(o)` of the options `o` of heap `h`.
//!
//! **The check ([`verify`]).** For a sum of heaps `w` let `O(w)` be the set of images of its options. Then
//! `O(w + h) = O(w)·Φ(h) ∪ Φ(w)·T_h`, so the pair `(Φ(w), Ô(w))`, where `Ô(w) = {r : O(w)·r ∩ P ≠ ∅}`, is a function
//! of the pair for `w` and of `h`: `Ô(w + h) = {r : Φ(h)·r ∈ Ô(w)} ∪ {r : Φ(w)·r ∈ Ť_h}` with `Ť_h = {u : u·T_h ∩ P ≠
//! ∅}`. Only finitely many pairs exist, and a breadth-first walk from the empty sum visits every pair any sum
//! reaches. The pretension is *consistent* when every pair reached satisfies `Φ(w) ∈ P ⇔ (w ≠ 0 and 1 ∉ Ô(w))`,
//! and the empty sum is not in `P`. Then, by induction over the options, a sum `w` is a misère P-position exactly
//! when `Φ(w) ∈ P`: under misère play a sum with no move is won by the player to move (so it is N), and otherwise it
//! is P exactly when no option is P, i.e. when `O(w) ∩ P = ∅`, i.e. `1 ∉ Ô(w)`. (Only heaps with at least one move
//! are generators, so `w ≠ 0` is the same as "w has an option".)
//!
//! **The quotient.** Given a consistent pretension, the misère quotient (Plambeck and Siegel, "Misère quotients for
//! impartial games", JCTA 115, 2008) is the submonoid `Φ(heaps)` modulo indistinguishability — `x ≡ y` when `x·r ∈
//! P ⇔ y·r ∈ P` for every `r` in it — which [`reduce`] computes exactly. So every quotient this module
//! returns is proved: its heap map gives the right outcome for every sum of the heaps covered, and it is the
//! smallest monoid that does.
//!
//! **Finding a pretension (heuristic, then checked).** As Siegel's MisereSolver does: for the next heap `n`, first
//! try every element of the current quotient as `Φ(n)` (a *conservative extension*, the quotient unchanged); if
//! none is consistent, take `Q × C` with `C` a cyclic monoid on a new generator, mark `P` by walking sums in an
//! order where every option is met before the sum ([`mark`]), reduce, and check. When the check fails it returns
//! the failing sum; the heaps in it are freed (given cyclic components of their own, large enough for the
//! exponents in the failing sum) and the candidate is rebuilt, until the check passes or the size limit is met.
//! Only the search for a candidate is heuristic; what is returned has passed the check.

use super::monoid::{reduce, Monoid, Product, Table};
use crate::error::{Error, Result};
use crate::solver::Limits;
use rustc_hash::FxHashMap;

/// A candidate: table, marked set, heap map (`phi[h]`; heaps without moves map to 1).
#[derive(Debug, Clone)]
pub(crate) struct Pretension {
    pub table: Table,
    pub p: Vec<bool>,
    pub phi: Vec<u32>,
}

/// The options of each heap `0..=n`, each a sorted list of the heaps it leaves.
pub(crate) type HeapOptions = Vec<Vec<Vec<u64>>>;

/// The images `Φ(o)` of the options of heap `h`, sorted and without repeats.
pub(crate) fn transitions<M: Monoid>(table: &M, phi: &[u32], options: &[Vec<u64>]) -> Vec<u32> {
    let mut out: Vec<u32> = options
        .iter()
        .map(|o| o.iter().fold(0, |a, &c| table.mul(a, phi[c as usize])))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The heaps that are generators: every heap up to `phi.len() - 1` with at least one move.
fn generators(opts: &HeapOptions, upto: usize) -> Vec<usize> {
    (1..=upto).filter(|&h| !opts[h].is_empty()).collect()
}

/// Marks `P` on a candidate by walking sums with the largest heap most significant (each option of a sum is met
/// before the sum), and stopping a run of a heap once its element is already marked (so each element is marked
/// once, by the first sum met that reaches it). Elements no sum reached are left unmarked (not in `P`). This is the
/// heuristic step; [`verify`] decides.
pub(crate) fn mark<M: Monoid>(table: &M, phi: &[u32], opts: &HeapOptions) -> Vec<bool> {
    let upto = phi.len() - 1;
    let gens = generators(opts, upto);
    let trans: Vec<Vec<u32>> = (0..=upto)
        .map(|h| transitions(table, phi, &opts[h]))
        .collect();
    let mut marked = vec![false; table.size()];
    let mut p = vec![false; table.size()];
    struct Walk<'a, M: Monoid> {
        table: &'a M,
        phi: &'a [u32],
        gens: &'a [usize],
        trans: &'a [Vec<u32>],
        marked: &'a mut [bool],
        p: &'a mut [bool],
    }
    impl<M: Monoid> Walk<'_, M> {
        fn go(&mut self, depth: usize, mut elem: u32, mut opts: Vec<u32>) {
            if depth == 0 {
                if !self.marked[elem as usize] {
                    self.p[elem as usize] =
                        !opts.is_empty() && opts.iter().all(|&o| !self.p[o as usize]);
                    self.marked[elem as usize] = true;
                }
                return;
            }
            let h = self.gens[depth - 1];
            let g = self.phi[h];
            loop {
                self.go(depth - 1, elem, opts.clone());
                let mut next: Vec<u32> = opts.iter().map(|&o| self.table.mul(o, g)).collect();
                next.extend(self.trans[h].iter().map(|&t| self.table.mul(elem, t)));
                next.sort_unstable();
                next.dedup();
                elem = self.table.mul(elem, g);
                opts = next;
                if self.marked[elem as usize] {
                    break;
                }
            }
        }
    }
    let mut walk = Walk {
        table,
        phi,
        gens: &gens,
        trans: &trans,
        marked: &mut marked,
        p: &mut p,
    };
    walk.go(gens.len(), 0, Vec::new());
    p
}

/// The most pairs the check visits before it gives up with a limit error.
pub const MAX_CHECK_STATES: usize = 4_000_000;

/// The consistency check of the module documentation: `Ok(None)` when the pretension is consistent, `Ok(Some(w))`
/// with a failing sum `w` (as a list of heaps) when it is not.
pub(crate) fn verify(
    pre: &Pretension,
    opts: &HeapOptions,
    limits: &Limits,
) -> Result<Option<Vec<u64>>> {
    let table = &pre.table;
    let n = table.size();
    let words = n.div_ceil(64);
    let upto = pre.phi.len() - 1;
    let gens = generators(opts, upto);
    if pre.p[0] {
        return Ok(Some(Vec::new()));
    }
    // Ť_h for each generator.
    let tcheck: Vec<Vec<bool>> = gens
        .iter()
        .map(|&h| {
            let tr = transitions(table, &pre.phi, &opts[h]);
            (0..n as u32)
                .map(|u| tr.iter().any(|&t| pre.p[table.mul(u, t) as usize]))
                .collect()
        })
        .collect();
    // States: (element, Ô as a bitset, empty?). Parents give the failing sum.
    let mut ids: FxHashMap<(u32, Vec<u64>, bool), usize> = FxHashMap::default();
    let mut states: Vec<(u32, Vec<u64>)> = vec![(0, vec![0; words])];
    let mut parent: Vec<(usize, usize)> = vec![(usize::MAX, 0)];
    ids.insert((0, vec![0; words], true), 0);
    let mut i = 0;
    let mut bits = vec![0u64; words];
    while i < states.len() {
        if i % 4096 == 0 {
            limits.check_time()?;
            limits.check_memory(
                (states.len() as u64) * (words as u64 * 8 + 64) * 2,
                "checking the misère quotient",
            )?;
            if states.len() > MAX_CHECK_STATES {
                return Err(Error::limit(format!(
                    "checking the misère quotient visited more than {MAX_CHECK_STATES} states"
                )));
            }
        }
        let (q, hat) = states[i].clone();
        for (gi, &h) in gens.iter().enumerate() {
            let g = pre.phi[h];
            bits.iter_mut().for_each(|b| *b = 0);
            for r in 0..n as u32 {
                let a = table.mul(g, r) as usize;
                if hat[a / 64] >> (a % 64) & 1 == 1 || tcheck[gi][table.mul(q, r) as usize] {
                    bits[r as usize / 64] |= 1 << (r % 64);
                }
            }
            let q2 = table.mul(q, g);
            let key = (q2, bits.clone(), false);
            if ids.contains_key(&key) {
                continue;
            }
            let id = states.len();
            ids.insert(key, id);
            states.push((q2, bits.clone()));
            parent.push((i, h));
            limits.check_positions(states.len())?;
            let one_option_p = bits[0] & 1 == 1;
            if pre.p[q2 as usize] == one_option_p {
                // Φ(w) ∈ P must hold exactly when no option is in P.
                let mut word = Vec::new();
                let mut s = id;
                while parent[s].0 != usize::MAX {
                    word.push(parent[s].1 as u64);
                    s = parent[s].0;
                }
                word.sort_unstable();
                return Ok(Some(word));
            }
        }
        i += 1;
    }
    Ok(None)
}

/// The largest candidate monoid the construction builds (its products are computed component by component).
pub const MAX_CANDIDATE: usize = 400_000;
/// The largest quotient kept (its table has `order²` entries).
pub const MAX_TABLE: usize = 4096;

/// What [`extend`] found for the next heap.
pub(crate) enum Step {
    /// A consistent (reduced) pretension for the heaps so far, and whether the quotient changed.
    Done(Pretension, bool),
    /// No candidate within [`MAX_CANDIDATE`] elements (or `max_order`) was found: the quotient has at least the
    /// given order. (When no conservative extension is consistent the quotient grew: were it of the same order as
    /// the last, the last would be it, and one of its elements would have passed the check; so the last order plus
    /// one is a proved lower bound.)
    TooLarge(usize),
}

/// Reduces a marked candidate to its quotient by indistinguishability over the generators' submonoid.
fn reduced<M: Monoid>(table: &M, p: &[bool], phi: &[u32], max: usize) -> Option<Pretension> {
    let (t, marks, map) = reduce(table, p, phi, max)?;
    Some(Pretension {
        table: t,
        p: marks,
        phi: phi.iter().map(|&x| map[x as usize]).collect(),
    })
}

/// Adds heap `n = cur.phi.len()` to a consistent reduced pretension `cur` of the heaps below it.
pub(crate) fn extend(
    cur: &Pretension,
    opts: &HeapOptions,
    max_order: usize,
    limits: &Limits,
) -> Result<Step> {
    let n = cur.phi.len();
    let mut phi = cur.phi.clone();
    if opts[n].is_empty() {
        // A heap with no move is the game 0: it maps to 1 and changes nothing.
        phi.push(0);
        return Ok(Step::Done(
            Pretension {
                table: cur.table.clone(),
                p: cur.p.clone(),
                phi,
            },
            false,
        ));
    }
    let table = &cur.table;
    let tr = transitions(table, &cur.phi, &opts[n]);
    let n_is_p = tr.iter().all(|&t| !cur.p[t as usize]);
    // Conservative extension: Φ(n) = x for an element x already there. A cheap filter first (the sums of n with
    // one smaller heap), then the full check.
    let small_trans: Vec<Vec<u32>> = (0..n)
        .map(|h| transitions(table, &cur.phi, &opts[h]))
        .collect();
    phi.push(0);
    for x in 0..table.size() as u32 {
        if cur.p[x as usize] != n_is_p {
            continue;
        }
        let ok = (1..n).filter(|&h| !opts[h].is_empty()).all(|h| {
            let g = cur.phi[h];
            let no_p = tr.iter().all(|&t| !cur.p[table.mul(g, t) as usize])
                && small_trans[h]
                    .iter()
                    .all(|&t| !cur.p[table.mul(x, t) as usize]);
            cur.p[table.mul(g, x) as usize] == no_p
        });
        if !ok {
            continue;
        }
        phi[n] = x;
        let trial = Pretension {
            table: table.clone(),
            p: cur.p.clone(),
            phi: phi.clone(),
        };
        if verify(&trial, opts, limits)?.is_none() {
            return Ok(Step::Done(trial, false));
        }
    }
    // Expansion: Q × C(2, 2) with heap n the new generator.
    let max = max_order.min(MAX_TABLE);
    let Some(big) = Product::new(table.clone(), vec![(2, 2)], MAX_CANDIDATE) else {
        return Ok(Step::TooLarge(table.size() + 1));
    };
    let mut bphi: Vec<u32> = cur.phi.iter().map(|&x| big.embed(x)).collect();
    bphi.push(big.cycle_generator(0));
    let marks = mark(&big, &bphi, opts);
    let Some(mut trial) = reduced(&big, &marks, &bphi, max) else {
        return Ok(Step::TooLarge(table.size() + 1));
    };
    for _round in 0..200 {
        limits.check_time()?;
        let Some(fail) = verify(&trial, opts, limits)? else {
            return Ok(Step::Done(trial, true));
        };
        match recalibrate(&trial, opts, &fail, max, limits)? {
            Some(t) => trial = t,
            None => return free_all(cur, opts, fail, max, limits),
        }
    }
    Ok(Step::TooLarge(cur.table.size() + 1))
}

/// The second way to find a candidate, when freeing a few heaps of the trial did not work: start again from the
/// checked quotient of the heaps below `n`, and free every heap met in any failing sum so far (each with a cyclic
/// factor whose index passes its largest exponent in those sums), until the check passes or the candidate passes
/// the size limit.
fn free_all(
    cur: &Pretension,
    opts: &HeapOptions,
    first: Vec<u64>,
    max: usize,
    limits: &Limits,
) -> Result<Step> {
    let n = cur.phi.len() as u64;
    let mut exps: std::collections::BTreeMap<u64, u32> = std::collections::BTreeMap::new();
    exps.insert(n, 2);
    let mut fail = first;
    for _round in 0..100 {
        limits.check_time()?;
        for &h in &fail {
            let e = fail.iter().filter(|&&x| x == h).count() as u32 + 1;
            let x = exps.entry(h).or_insert(2);
            *x = (*x).max(e).max(
                cur.phi
                    .get(h as usize)
                    .map_or(0, |&g| cur.table.index_of(g) as u32 + 1),
            );
        }
        let mut kept = cur.phi.clone();
        for &h in exps.keys() {
            if (h as usize) < kept.len() {
                kept[h as usize] = 0;
            }
        }
        let (base, map) = cur.table.submonoid(&kept);
        let cycles: Vec<(u32, u32)> = exps.values().map(|&i| (i, 2)).collect();
        let Some(table) = Product::new(base, cycles, MAX_CANDIDATE) else {
            return Ok(Step::TooLarge(cur.table.size() + 1));
        };
        let mut bphi: Vec<u32> = kept.iter().map(|&x| table.embed(map[x as usize])).collect();
        bphi.push(0);
        for (i, &h) in exps.keys().enumerate() {
            bphi[h as usize] = table.cycle_generator(i);
        }
        let marks = mark(&table, &bphi, opts);
        let Some(trial) = reduced(&table, &marks, &bphi, max) else {
            return Ok(Step::TooLarge(cur.table.size() + 1));
        };
        match verify(&trial, opts, limits)? {
            None => return Ok(Step::Done(trial, true)),
            Some(f) => fail = f,
        }
    }
    Ok(Step::TooLarge(cur.table.size() + 1))
}

/// Frees the heaps of the failing sum `fail`: for the smallest set `F` of them that works, the candidate is the
/// submonoid generated by the other heaps' images times one cyclic monoid per heap of `F` (index above both the
/// heap's current index and its exponent in `fail`, period 2), marked and reduced; it works when it gives `fail`
/// the other outcome. `None` when no set does within [`MAX_CANDIDATE`] elements.
fn recalibrate(
    trial: &Pretension,
    opts: &HeapOptions,
    fail: &[u64],
    max: usize,
    limits: &Limits,
) -> Result<Option<Pretension>> {
    let phi_of =
        |t: &Pretension, w: &[u64]| w.iter().fold(0, |a, &h| t.table.mul(a, t.phi[h as usize]));
    let should_be_p = !trial.p[phi_of(trial, fail) as usize];
    let mut involved: Vec<u64> = fail.to_vec();
    involved.dedup();
    let exponent = |h: u64| fail.iter().filter(|&&x| x == h).count();
    for (k, slack) in (1..=involved.len())
        .map(|k| (k, 1))
        .chain([(involved.len(), 3)])
    {
        let mut found = None;
        for_each_subset(&involved, k, &mut |free: &[u64]| {
            if found.is_some() {
                return;
            }
            let mut kept = trial.phi.clone();
            for &h in free {
                kept[h as usize] = 0;
            }
            let (base, map) = trial.table.submonoid(&kept);
            let cycles: Vec<(u32, u32)> = free
                .iter()
                .map(|&h| {
                    let index =
                        trial.table.index_of(trial.phi[h as usize]).max(exponent(h)) + slack;
                    (index as u32, 2)
                })
                .collect();
            let Some(table) = Product::new(base, cycles, MAX_CANDIDATE) else {
                return;
            };
            let mut bphi: Vec<u32> = kept.iter().map(|&x| table.embed(map[x as usize])).collect();
            for (i, &h) in free.iter().enumerate() {
                bphi[h as usize] = table.cycle_generator(i);
            }
            let marks = mark(&table, &bphi, opts);
            let Some(cand) = reduced(&table, &marks, &bphi, max) else {
                return;
            };
            if cand.p[phi_of(&cand, fail) as usize] == should_be_p {
                found = Some(cand);
            }
        });
        limits.check_time()?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// Calls `f` with each `k`-element subset of `items` (in order).
fn for_each_subset(items: &[u64], k: usize, f: &mut dyn FnMut(&[u64])) {
    fn go(items: &[u64], k: usize, start: usize, cur: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            go(items, k, i + 1, cur, f);
            cur.pop();
        }
    }
    go(items, k, 0, &mut Vec::new(), f);
}
