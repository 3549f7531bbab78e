//! Valuing by tests: the [`Solver`]'s search for games that declare [`crate::SearchHints::search_by_tests`] (finite, acyclic,
//! with short play: Node Kayles and Arc Kayles, where a move removes at least one vertex).
//!
//! **What it computes, and why it is exact.** `G(x) = w` exactly when (a) no option of `x` has value `w` and (b)
//! for every `u < w` some option has value `u`. So `G(x)` is the least `u` for which no option has value `u`, and
//! the search asks "has some option the value `u`?" for `u = 0, 1, …` in turn. Each question stops at the first
//! option found with value `u` — the cut that the plain search (every option valued) cannot make, and a sound one:
//! one option of value `u` proves it, whatever the others are. An option is a sum of components; every component
//! but the largest (by [`crate::SearchHints::search_size`]) is valued exactly, and the largest is asked the *test* "is your value
//! `u ⊕ (the others' nim-sum)`?", which is the same search with one value to look for: it fails at once when an
//! option has that value (so the component's other values are never needed), and otherwise runs the questions for
//! the smaller values, which settle the component's exact value on the way. This is the method Lemoine and
//! Viennot describe for Sprouts and Cram (J. Lemoine, S. Viennot, *Nimbers are inevitable*, arXiv:1011.5841) and
//! the one [`crate::games::cram::CramEngine`] uses on boards.
//!
//! **What it remembers.** Exact values go to the solver's memo (what a saved table holds); each failed test leaves
//! the fact "`G(x) ≠ v`" (a bit per value below 64), so that a test met again is answered at once. Both are
//! evicted together past the memory budget (see [`Solver::evict_if_full`]); the answers stay exact.
//!
//! **Cost.** At worst that of the plain search times the largest value (each question may read every option);
//! in practice far less, as most positions with a nonzero value are settled by their first few options. The
//! recursion is on the call stack, a few frames a move, which is why only games with short play use it.
//!
//! [`Solver`]: super::Solver
//! [`Solver::evict_if_full`]: super::Solver

use super::Solver;
use crate::error::Result;
use crate::game::HintsView;
use crate::game::{Game, Options};
use crate::nimber::Nimber;

impl<R: Game> Solver<R> {
    /// The value of the memo key `p`, by tests.
    pub(super) fn value_by_tests(&mut self, p: &R::Position) -> Result<Nimber> {
        let v = self.scan(p, Nimber::MAX)?;
        Ok(v.expect("a scan without a value to test ends with the value"))
    }

    /// The questions "has some option of `p` the value `u`?" for `u = 0, 1, …`: the first `u` answered no is
    /// `G(p)`. With `test` = [`Nimber::MAX`] the answer is `Some(G(p))`. Otherwise it is the test "is `G(p) =
    /// test`?": `Some(test)` if so, `None` if not (an option of value `test` ends it at once; without one, the
    /// smaller values are asked and the exact value is remembered on the way).
    pub(super) fn scan(&mut self, p: &R::Position, test: Nimber) -> Result<Option<Nimber>> {
        let answer = |v: Nimber| (test == Nimber::MAX || v == test).then_some(v);
        if let Some(v) = self.known(p) {
            return Ok(answer(v));
        }
        let not = self.nots.get(p).copied().unwrap_or(0)
            | self.facts.as_ref().map_or(0, |f| f.get(p).not);
        if test < 64 && not >> test & 1 == 1 {
            return Ok(None);
        }
        self.step()?;
        let mut opts = self.spare.pop().unwrap_or_default();
        opts.clear();
        let listed = self.ruleset.distinct_options(p, &mut opts);
        let r = match listed {
            Ok(()) => self.scan_options(p, &opts, not, test),
            Err(e) => Err(e),
        };
        opts.clear();
        self.spare.push(opts);
        let v = r?;
        Ok(v.and_then(answer))
    }

    /// [`Solver::scan`] on the listed options of `p`: `Some(G(p))` when it was found, `None` when the test
    /// failed first.
    fn scan_options(
        &mut self,
        p: &R::Position,
        opts: &Options<R::Position>,
        not: u64,
        test: Nimber,
    ) -> Result<Option<Nimber>> {
        if test != Nimber::MAX && (test > opts.len() as Nimber || self.has_option(opts, test)?) {
            // The mex of k values is at most k; or an option has the value tested.
            self.set_not(p, test);
            return Ok(None);
        }
        let mut u: Nimber = 0;
        loop {
            // No option has the value `test` (when there is one), so the loop ends there at the latest.
            let settled =
                (u < 64 && not >> u & 1 == 1) || (u != test && self.has_option(opts, u)?);
            if !settled {
                self.remember(p.clone(), u);
                if self.nots.remove(p).is_some() {
                    self.memo_heap -= self.ruleset.heap_bytes(p);
                }
                return Ok(Some(u));
            }
            self.set_not(p, u);
            u += 1;
        }
    }

    /// Whether some option in `opts` has the value `u`: first those whose components the memo values (or the
    /// known facts settle), then the rest in order, each by one test of its largest component.
    fn has_option(&mut self, opts: &Options<R::Position>, u: Nimber) -> Result<bool> {
        let mut open = Vec::new();
        for (i, opt) in opts.iter().enumerate() {
            let mut x = 0;
            let mut unknown = None;
            let mut count = 0;
            for c in opt {
                match self.known(c) {
                    Some(v) => x ^= v,
                    None => {
                        count += 1;
                        unknown = Some(c);
                    }
                }
            }
            match (count, unknown) {
                (0, _) if x == u => return Ok(true),
                (0, _) => {}
                (1, Some(c)) if self.known_not(c, u ^ x) => {}
                _ => open.push(i),
            }
        }
        // Options whose largest component is smallest first: they split the position most evenly, and their
        // parts are the most likely to be known or quick to value.
        let hints = self.ruleset.hints();
        let size = |o: &[R::Position]| {
            o.iter()
                .map(|c| hints.map_or(0, |h| h.search_size(c)))
                .max()
                .unwrap_or(0)
        };
        open.sort_by_cached_key(|&i| size(opts.get(i)));
        for i in open {
            if self.option_is(opts.get(i), u)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the sum `opt` has value `u`: every component but the largest valued, the largest tested.
    pub(super) fn option_is(&mut self, opt: &[R::Position], u: Nimber) -> Result<bool> {
        let hints = self.ruleset.hints();
        let size = |c: &R::Position| hints.map_or(0, |h| h.search_size(c));
        let Some(big) = (0..opt.len()).max_by_key(|&i| size(&opt[i])) else {
            return Ok(u == 0);
        };
        let mut t = u;
        for (i, c) in opt.iter().enumerate() {
            if i != big {
                let key = self.ruleset.memo_key(c).into_owned();
                t ^= self.value_by_tests(&key)?;
            }
        }
        let key = self.ruleset.memo_key(&opt[big]).into_owned();
        Ok(self.scan(&key, t)? == Some(t))
    }

    /// Whether `c` is known not to have value `v`.
    fn known_not(&self, c: &R::Position, v: Nimber) -> bool {
        if v >= 64 {
            return false;
        }
        let key = self.ruleset.memo_key(c);
        self.nots.get(key.as_ref()).is_some_and(|n| n >> v & 1 == 1)
            || self
                .facts
                .as_ref()
                .is_some_and(|f| f.get(&key).not >> v & 1 == 1)
    }

    pub(super) fn set_not(&mut self, p: &R::Position, v: Nimber) {
        if v >= 64 {
            return;
        }
        if let Some(f) = &self.facts {
            f.update(p, self.ruleset.heap_bytes(p), |f| f.not |= 1 << v);
        }
        if let Some(n) = self.nots.get_mut(p) {
            *n |= 1 << v;
            return;
        }
        self.memo_heap += self.ruleset.heap_bytes(p);
        self.nots.insert(p.clone(), 1 << v);
    }

    /// One position expanded: the memory budget (evicting), the positions limit, the deadline and the progress bar.
    fn step(&mut self) -> Result<()> {
        if self.expanded >= self.budget {
            return Err(crate::Error::limit("the search used its budget"));
        }
        if self.expanded & 0x3f == 0
            && self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
        {
            return Err(crate::Error::limit("the search was stopped"));
        }
        self.evict_if_full();
        self.cx
            .limits
            .check_positions(self.memo.len() + self.nots.len())?;
        if self.expanded & 0xff == 0 {
            self.cx.check()?;
        }
        if self.expanded & 0xfff == 0 && self.reports && self.cx.wants_progress() {
            self.cx.report(
                &self.progress_label(),
                (self.memo.len() + self.nots.len()) as u64,
                crate::context::UNKNOWN_TOTAL,
            );
        }
        self.expanded += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::arc_kayles::ArcKayles;
    use crate::games::node_kayles::NodeKayles;
    use crate::games::ugraph::{graph_components, grid, Component};

    /// Lasker's Nim, written here without its closed form: take any number from a heap, or split a heap into two
    /// non-empty heaps. Options with two components, and values past 64 and 128 for heaps that large.
    struct LaskerByTests;
    impl Game for LaskerByTests {
        type Position = u64;
        fn name(&self) -> String {
            "lasker".into()
        }
        fn options(&self, p: &u64, out: &mut Options<u64>) -> crate::Result<()> {
            for k in 0..*p {
                out.push_one(k);
            }
            for a in 1..=*p / 2 {
                out.push([a, p - a]);
            }
            Ok(())
        }
        fn hints(&self) -> Option<&dyn crate::game::SearchHints<Self::Position>> {
            Some(self)
        }
    }

    impl crate::game::SearchHints<u64> for LaskerByTests {
        fn search_by_tests(&self) -> bool {
            true
        }
    }

    /// Lasker's Nim (Winning Ways ch. 4): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    fn lasker(n: u64) -> Nimber {
        match n % 4 {
            3 => n + 1,
            0 if n > 0 => n - 1,
            _ => n,
        }
    }

    #[test]
    fn lasker_nim_by_tests_has_its_closed_form_past_the_remembered_values() {
        // Values up to 160: the facts "G != v" are kept below 64 only, so above that every test is searched.
        let mut by_tests = Solver::new(LaskerByTests);
        for n in (0..=160).rev().step_by(7) {
            assert_eq!(by_tests.nim_value(&n).unwrap(), lasker(n), "heap {n}");
        }
        let mut plain = Solver::new(LaskerByTests);
        plain.set_search_by_tests(false);
        for n in 0..=40 {
            assert_eq!(plain.nim_value(&n).unwrap(), lasker(n), "heap {n}");
        }
    }

    /// A random graph on `n` vertices, each edge present with probability `num / 16`, as its components.
    fn random_graph(seed: &mut u64, n: u32, num: u64) -> Vec<Component> {
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                if *seed % 16 < num {
                    edges.push((u, v));
                }
            }
        }
        graph_components(n as usize, &edges).unwrap()
    }

    /// The values of `sum` by the plain search and by tests; the winning moves of the two must be the same.
    fn both<G: Game<Position = Component> + Copy>(game: G, sum: &[Component]) -> (Nimber, Nimber) {
        let mut plain = Solver::new(game);
        plain.set_search_by_tests(false);
        let mut by_tests = Solver::new(game);
        let values = (
            plain.sum_value(sum).unwrap(),
            by_tests.sum_value(sum).unwrap(),
        );
        let moves = by_tests.winning_moves(sum).unwrap();
        assert_eq!(plain.winning_moves(sum).unwrap(), moves);
        // Each leads to a P-position.
        for m in &moves {
            let mut after = sum.to_vec();
            after.splice(m.component..=m.component, m.to.iter().cloned());
            assert_eq!(plain.sum_value(&after).unwrap(), 0);
        }
        values
    }

    #[test]
    fn tests_and_the_plain_search_agree_on_random_graphs() {
        // (The graph games use tests by default; the plain search is the one set here.)
        assert!(NodeKayles.search_by_tests() && ArcKayles.search_by_tests());
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut nonzero = [0; 2];
        for i in 0..300 {
            let n = 4 + i % 13;
            let g = random_graph(&mut seed, n, 1 + u64::from(i) % 8);
            let (p, t) = both(NodeKayles, &g);
            assert_eq!(p, t, "node kayles, graph {i}");
            nonzero[0] += usize::from(p > 1);
            let (p, t) = both(ArcKayles, &g);
            assert_eq!(p, t, "arc kayles, graph {i}");
            nonzero[1] += usize::from(p > 1);
        }
        // Values past 1, so that tests of several values were made.
        assert!(nonzero[0] > 20 && nonzero[1] > 20, "{nonzero:?}");
    }

    #[test]
    fn threads_give_the_one_thread_values_and_prove_only_true_facts() {
        use crate::solver::{value_on_threads, Deadline, Limits};
        fn check<G: Game<Position = Component> + Copy + Send + Sync>(
            game: G,
            g: &Component,
            what: &str,
        ) {
            let key = game.memo_key(g).into_owned();
            let mut one = Solver::new(game);
            let want = one.nim_value(&key).unwrap();
            for threads in [2, 3] {
                let (v, proved) =
                    value_on_threads(&game, &key, threads, Limits::default()).unwrap();
                assert_eq!(v, want, "{what}, {threads} threads");
                assert!(proved.contains(&(key.clone(), v)), "{what}");
                // The values proved on the way, each checked by a fresh one-thread search.
                for (p, x) in proved.iter().step_by(7).take(12) {
                    assert_eq!(Solver::new(game).nim_value(p).unwrap(), *x, "{what}");
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut valued = [0; 2];
        for i in 0..80 {
            let g = random_graph(&mut seed, 10 + i % 9, 2 + u64::from(i) % 5);
            let big = g.iter().max_by_key(|c| c.len()).unwrap();
            check(NodeKayles, big, &format!("node kayles, graph {i}"));
            check(ArcKayles, big, &format!("arc kayles, graph {i}"));
            valued[0] += usize::from(Solver::new(NodeKayles).nim_value(big).unwrap() > 1);
            valued[1] += usize::from(Solver::new(ArcKayles).nim_value(big).unwrap() > 1);
        }
        assert!(valued[0] > 5 && valued[1] > 5, "{valued:?}");
        // The grids, whose options are equal in fours by symmetry.
        for (r, c) in [(4, 5), (5, 5), (3, 7)] {
            check(
                NodeKayles,
                &grid(r, c).unwrap(),
                &format!("node kayles {r}x{c}"),
            );
            check(
                ArcKayles,
                &grid(r, c).unwrap(),
                &format!("arc kayles {r}x{c}"),
            );
        }
        // A deadline ends the search with its error on every thread, not a hang.
        let late = Limits {
            deadline: Some(Deadline::after_seconds(0.0)),
            ..Limits::default()
        };
        let g = grid(6, 7).unwrap();
        let err = value_on_threads(&NodeKayles, &g, 2, late).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Limit, "{err}");
    }

    #[test]
    fn the_cut_expands_fewer_positions_than_the_plain_search() {
        let g = grid(6, 6).unwrap();
        let mut plain = Solver::new(NodeKayles);
        plain.set_search_by_tests(false);
        let mut by_tests = Solver::new(NodeKayles);
        assert_eq!(plain.nim_value(&g).unwrap(), 0);
        assert_eq!(by_tests.nim_value(&g).unwrap(), 0);
        // Measured: 5,468 positions expanded by the plain search; 1,414 expansions by tests (a position may be
        // expanded once for each value tested).
        assert!(
            by_tests.expanded() * 3 < plain.expanded() * 2,
            "{} {}",
            by_tests.expanded(),
            plain.expanded()
        );
    }
}
