//! The outcome of one position by a win-loss search: the [`Solver`]'s answer when only the outcome is asked
//! ([`Solver::outcome_alone`]), as a contestant's memoised brute force answers it.
//!
//! **What it computes, and why it is exact.** Under normal play a position is an N-position exactly when some option
//! is a P-position, and a P-position exactly when every option is an N-position (a position without options is a
//! P-position: the player to move cannot move and loses). An option that is a sum of two or more components is a
//! P-position exactly when the nim-sum of its components' values is 0 (Sprague–Grundy), so those are valued (the
//! plain search, [`Solver::nim_value`]); an option of one component is searched the same way as the root; the empty
//! sum is a P-position. The cut: a position is settled as an N-position by its first option found to be a P-position,
//! and the options after it are never looked at — the plain search values every option of every position it meets,
//! this search only as many as it needs. (Fibonacci Nim from 300 tokens: 1,275 positions expanded of the 12,987
//! reachable from it.)
//!
//! **What it remembers.** A P-position is exactly a position of value 0, so it goes to the memo as such (what a
//! saved table holds); an N-position leaves the fact "`G(x) ≠ 0`" of the search by tests (module `by_tests`). Both
//! are exact, so a later [`Solver::nim_value`] reads them.
//!
//! A game valued by tests ([`crate::SearchHints::search_by_tests`]: Node Kayles, whose options split into components)
//! asks its own test "is `G = 0`?" instead, which tests the largest component of a sum rather than valuing it.
//!
//! **How.** An explicit stack of frames, never the call stack, so play of 10^6 moves needs no deep recursion; a
//! position met again while its own frame is open closes a cycle: the game is loopy, and the search stops with
//! [`ErrorKind::Loopy`](crate::ErrorKind::Loopy) as the plain search does. The limits are those of the plain search:
//! positions stored, the deadline (read every 256 expansions), the memory budget.

use super::{Frame, Solver};
use crate::error::{Error, Result};
use crate::game::{Game, NotationView, Options, Outcome};
use rustc_hash::FxHashSet;

/// What one option of a frame turned out to be, or that it must be searched first.
enum Step<P> {
    /// The option is a P-position: the frame is an N-position.
    P,
    /// The option is an N-position: look at the next one.
    N,
    /// The option is one position whose outcome is unknown: search it.
    Search(P),
}

impl<R: Game> Solver<R> {
    /// The outcome (P or N, normal play) of `root` alone, by a search that stops at the first option found to be a
    /// P-position (see the module `win_loss`). The same outcome as [`Solver::outcome`] of `[root]`, often reached
    /// after far fewer positions; its nim-value is not computed.
    pub fn outcome_alone(&mut self, root: &R::Position) -> Result<Outcome> {
        let root = self.ruleset.memo_key(root).into_owned();
        if let Some(o) = self.known_outcome(&root) {
            return Ok(o);
        }
        if self.by_tests {
            // The search by tests asks "is G = 0?" as it asks any value (module `by_tests`): a sum of components
            // among the options is tested, not valued, which this search cannot do.
            return Ok(if self.scan(&root, 0)?.is_some() {
                Outcome::P
            } else {
                Outcome::N
            });
        }
        let mut open: FxHashSet<R::Position> = FxHashSet::default();
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        let mut spare: Vec<Options<R::Position>> = Vec::new();
        let before = self.expanded;
        self.push_win_loss(root.clone(), &mut stack, &mut open, &mut spare)?;
        // The outcome of the frame just closed, for its parent.
        let mut closed: Option<Outcome> = None;
        while let Some(top) = stack.last_mut() {
            let mut settled = (closed.take() == Some(Outcome::P)).then_some(Outcome::N);
            let mut child = None;
            while settled.is_none() && top.next < top.options.len() {
                let option = top.options.get(top.next);
                top.next += 1;
                match self.option_step(option)? {
                    Step::P => settled = Some(Outcome::N),
                    Step::N => {}
                    Step::Search(c) => {
                        child = Some(c);
                        break;
                    }
                }
            }
            if let Some(c) = child {
                if open.contains(&c) {
                    return Err(Error::loopy(format!(
                        "{}: the position {} can be reached from itself, so the game is loopy",
                        self.ruleset.name(),
                        self.ruleset.show(&c)
                    ))
                    .with_remedy(crate::error::Remedy::Loopy));
                }
                self.push_win_loss(c, &mut stack, &mut open, &mut spare)?;
                continue;
            }
            // Settled by an option that is a P-position, or every option is an N-position.
            let frame = stack.pop().expect("stack is not empty");
            open.remove(&frame.position);
            let outcome = settled.unwrap_or(Outcome::P);
            match outcome {
                Outcome::P => self.remember(frame.position, 0),
                _ => self.set_not(&frame.position, 0),
            }
            let mut opts = frame.options;
            opts.clear();
            spare.push(opts);
            closed = Some(outcome);
        }
        if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
            eprintln!("win-loss search: expanded {}", self.expanded - before);
        }
        Ok(closed.expect("the root's frame was closed"))
    }

    /// The outcome of the memo key `p` if it is known without a search: its value (memo, closed forms by formula),
    /// or the fact "`G(p) ≠ 0`".
    fn known_outcome(&self, p: &R::Position) -> Option<Outcome> {
        if let Some(v) = self.known(p) {
            return Some(Outcome::of_nim_value(v));
        }
        let not = self.nots.get(p).copied().unwrap_or(0)
            | self.facts.as_ref().map_or(0, |f| f.get(p).not);
        (not & 1 == 1).then_some(Outcome::N)
    }

    /// One option (a sum of components) of a frame: a P- or N-position when that is known or found by valuing a
    /// sum of two or more components, else its one component to search.
    fn option_step(&mut self, option: &[R::Position]) -> Result<Step<R::Position>> {
        match option {
            [] => Ok(Step::P),
            [one] => {
                let c = self.ruleset.memo_key(one).into_owned();
                Ok(match self.known_outcome(&c) {
                    Some(Outcome::P) => Step::P,
                    Some(_) => Step::N,
                    None => Step::Search(c),
                })
            }
            many => Ok(if self.sum_value(many)? == 0 {
                Step::P
            } else {
                Step::N
            }),
        }
    }

    /// Lists the options of `position` into a new frame on `stack`, within the search's limits.
    fn push_win_loss(
        &mut self,
        position: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
        open: &mut FxHashSet<R::Position>,
        spare: &mut Vec<Options<R::Position>>,
    ) -> Result<()> {
        self.evict_if_full();
        self.cx
            .limits
            .check_positions(self.memo.len() + self.nots.len() + stack.len())?;
        if self.expanded & 0xff == 0 {
            self.cx.check()?;
        }
        if self.expanded & 0xfff == 0 && self.expanded > 0 && self.cx.wants_progress() {
            self.cx.report(
                &self.progress_label(),
                (self.memo.len() + self.nots.len()) as u64,
                crate::context::UNKNOWN_TOTAL,
            );
        }
        // The plain search's frame, its `next` the next option (not component) to look at; no values kept.
        self.push_frame(position, stack, open, spare, 0)
    }
}

impl<R: Game> Solver<R> {
    /// The winning moves of `position` alone, in the ruleset's order: its options that are P-positions, each found
    /// by the search of [`Solver::outcome_alone`] (an option of two or more components by its nim-sum).
    pub fn winning_options_alone(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<Vec<R::Position>>> {
        let mut opts = Options::new();
        self.ruleset.options(position, &mut opts)?;
        let mut out = Vec::new();
        for to in opts.iter() {
            let p = match to {
                [] => true,
                [one] => self.outcome_alone(one)? == Outcome::P,
                many => self.sum_value(many)? == 0,
            };
            if p {
                out.push(to.to_vec());
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::Nimber;

    /// A random acyclic game on positions `0..n`: position `p` has a few options below it, some of them sums of two
    /// positions and some the empty sum (a move that ends the game), drawn from `seed` and `p` alone.
    struct RandomGame {
        seed: u64,
    }

    fn mix(mut x: u64) -> u64 {
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }

    impl Game for RandomGame {
        type Position = u64;
        fn name(&self) -> String {
            "random".into()
        }
        fn options(&self, p: &u64, out: &mut Options<u64>) -> crate::Result<()> {
            if *p == 0 {
                return Ok(());
            }
            let r = mix(self.seed ^ p.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            for i in 0..(r % 7) {
                let x = mix(r.wrapping_add(i));
                let a = x % p;
                match (x >> 20) % 9 {
                    0 => out.push([a, (x >> 40) % p]),
                    1 if p.is_multiple_of(5) => out.push([]),
                    _ => out.push_one(a),
                }
            }
            Ok(())
        }
    }

    /// Every outcome of the win-loss search is that of the plain search's value, on positions asked in a random
    /// order (so that the memo of P-positions and the facts "not 0" of earlier searches are read); the winning
    /// options are those of value 0; and it expands fewer positions than the plain search.
    #[test]
    fn the_win_loss_search_gives_the_outcome_of_the_nim_value() {
        let (mut fewer, mut p_positions) = (0, 0);
        for seed in 0..40u64 {
            let game = RandomGame { seed };
            let mut plain = Solver::new(RandomGame { seed });
            let mut search = Solver::new(game);
            for i in 0..60u64 {
                let root = mix(seed * 1000 + i) % 400;
                let v: Nimber = plain.nim_value(&root).unwrap();
                let o = search.outcome_alone(&root).unwrap();
                assert_eq!(o, Outcome::of_nim_value(v), "seed {seed}, position {root}");
                p_positions += usize::from(v == 0);
                let wins: Vec<Vec<u64>> = plain
                    .options_of_value(&root, 0)
                    .unwrap()
                    .into_iter()
                    .collect();
                assert_eq!(search.winning_options_alone(&root).unwrap(), wins);
            }
            // The memo it leaves holds exact values: the plain search reading it gives the same values.
            for root in 0..400 {
                assert_eq!(
                    search.nim_value(&root).unwrap(),
                    plain.nim_value(&root).unwrap()
                );
            }
            let mut fresh = Solver::new(RandomGame { seed });
            let mut whole = Solver::new(RandomGame { seed });
            fresh.outcome_alone(&399).unwrap();
            whole.nim_value(&399).unwrap();
            fewer += usize::from(fresh.expanded() < whole.expanded());
        }
        assert!(p_positions > 200, "{p_positions}");
        assert!(fewer > 30, "{fewer}");
    }

    /// Node Kayles and Arc Kayles (valued by tests) on random graphs: the outcome of each component alone is the
    /// one of its nim-value by the plain search, and so are the winning options.
    #[test]
    fn games_valued_by_tests_give_the_outcome_of_the_nim_value() {
        use crate::games::arc_kayles::ArcKayles;
        use crate::games::node_kayles::NodeKayles;
        use crate::games::ugraph::graph_components;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut outcomes = [0usize; 2];
        for i in 0..150u64 {
            let n = 3 + (i % 12) as usize;
            let mut edges = Vec::new();
            for u in 0..n as u32 {
                for v in u + 1..n as u32 {
                    seed = mix(seed);
                    if seed % 16 < 1 + i % 7 {
                        edges.push((u, v));
                    }
                }
            }
            let parts = graph_components(n, &edges).unwrap();
            for c in &parts {
                let mut plain = Solver::new(NodeKayles);
                plain.set_search_by_tests(false);
                let v = plain.nim_value(c).unwrap();
                let o = Solver::new(NodeKayles).outcome_alone(c).unwrap();
                assert_eq!(o, Outcome::of_nim_value(v), "node kayles, graph {i}");
                outcomes[usize::from(v == 0)] += 1;
                assert_eq!(
                    Solver::new(NodeKayles).winning_options_alone(c).unwrap(),
                    plain.options_of_value(c, 0).unwrap()
                );
                let mut plain = Solver::new(ArcKayles);
                plain.set_search_by_tests(false);
                let v = plain.nim_value(c).unwrap();
                let o = Solver::new(ArcKayles).outcome_alone(c).unwrap();
                assert_eq!(o, Outcome::of_nim_value(v), "arc kayles, graph {i}");
            }
        }
        assert!(outcomes[0] > 20 && outcomes[1] > 20, "{outcomes:?}");
    }

    #[test]
    fn a_cycle_is_a_loopy_error_and_limits_end_the_search() {
        let e = Solver::new(crate::solver::tests::Cycle)
            .outcome_alone(&0)
            .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Loopy, "{e}");
        let limits = crate::Limits {
            max_positions: 50,
            ..crate::Limits::default()
        };
        let e = Solver::with_limits(RandomGame { seed: 3 }, limits)
            .outcome_alone(&100_000)
            .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Limit, "{e}");
    }
}
