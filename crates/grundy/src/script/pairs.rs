//! A script of two numbers recognised as a catalog game of two numbers: when its options on every position
//! `(a, b)` with `a, b ≤` [`PAIR_BOX`] are exactly a catalog game's (up to positions that game holds equal), that
//! game's proved rules answer for the script's positions far out.
//!
//! Fibonacci Nim (HDU 2516) written as a pair `(n, m)`, `n` tokens left and at most `m` to take, is the example: a
//! heap of 2^31 − 1 has 2^31 − 2 options, which no search lists, while the catalog's `fibonacci-nim` answers its
//! outcome from the Zeckendorf form of `n`. The candidates are the catalog's games of two numbers whose rules answer
//! far out: `fibonacci-nim` (outcomes and winning moves at any size), `wythoff` (outcomes and P-positions at any
//! size) and `ed` (nim-values at any size).
//!
//! **What equal means.** A script's position and the catalog's may write one game two ways: Fibonacci Nim's bound
//! `m` above `n` allows taking everything, so `(n, m)` and `(n, min(m, n))` are one game; Wythoff's game and E&D are
//! symmetric in their two numbers (swapping them maps moves to moves). Each candidate's [`Candidate::canonical`]
//! writes a position in one way, and the options are compared as sets of sums of canonical positions. Equal sets on
//! every position of the box (whose options stay in the box, as every move of these games makes no number larger
//! than the position's largest) make the values equal there, by induction on the positions; past the box it is an
//! assumption that the rule does not change, stated with every answer it shapes ([`Pairs::assumption`]), used only by
//! analyses that state their notes and only for a position with a number of at least
//! [`super::lines::LINE_FROM`], where computing is out of reach.

use super::games::ListGame;
use super::tuple::Flat;
use super::Shape;
use crate::context::Context;
use crate::game::{Game, Known, Options, Outcome, Play};
use crate::games::ed::EAndDGame;
use crate::games::fibonacci_nim::FibonacciNim;
use crate::games::wythoff::WythoffGame;
use crate::nimber::Nimber;

/// The largest number of a position the options are compared on: `(a, b)` with `a, b ≤ PAIR_BOX`, 1,681
/// positions (Fibonacci Nim's have up to 40 options, Wythoff's up to 120).
pub(super) const PAIR_BOX: u64 = 40;

/// A catalog game of two numbers a script may be recognised as.
pub(super) enum Candidate {
    Fibonacci(FibonacciNim),
    Wythoff(WythoffGame),
    EAndD(EAndDGame),
}

/// A sum of positions, canonical and sorted: one option compared.
type Sum = Vec<(u64, u64)>;

impl Candidate {
    fn all() -> Vec<Candidate> {
        vec![
            Candidate::Fibonacci(FibonacciNim::new()),
            Candidate::Wythoff(WythoffGame::new()),
            Candidate::EAndD(EAndDGame),
        ]
    }

    /// The catalog game itself.
    fn game(&self) -> &dyn Game<Position = (u64, u64)> {
        match self {
            Candidate::Fibonacci(g) => g,
            Candidate::Wythoff(g) => g,
            Candidate::EAndD(g) => g,
        }
    }

    pub(super) fn name(&self) -> String {
        self.game().name()
    }

    /// The one way this game writes the position `p` among those it holds equal (see the module's doc).
    fn canonical(&self, (a, b): (u64, u64)) -> (u64, u64) {
        match self {
            Candidate::Fibonacci(_) => (a, b.min(a)),
            Candidate::Wythoff(_) | Candidate::EAndD(_) => (a.min(b), a.max(b)),
        }
    }

    /// The game, when `p` is one of its positions (`None` for a position it refuses: never answered as it).
    fn at(&self, p: (u64, u64)) -> Option<&dyn Game<Position = (u64, u64)>> {
        let g = self.game();
        g.validate(&p).is_ok().then_some(g)
    }

    /// The options of `p`, canonical and sorted; `None` when `p` is not a position of this game.
    fn options(&self, p: (u64, u64)) -> Option<Vec<Sum>> {
        let mut out = Options::new();
        self.at(p)?.options(&p, &mut out).ok()?;
        Some(self.sorted(out.iter().map(|o| o.to_vec())))
    }

    /// Options given as sums of positions, canonical, each sum sorted, the list sorted without repeats.
    fn sorted(&self, options: impl Iterator<Item = Sum>) -> Vec<Sum> {
        let mut all: Vec<Sum> = options
            .map(|mut o| {
                o.iter_mut().for_each(|p| *p = self.canonical(*p));
                o.sort_unstable();
                o
            })
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    fn value(&self, p: (u64, u64), cx: &Context) -> Option<Nimber> {
        self.at(p)?.known_value(&p, cx)
    }

    fn outcome(&self, p: (u64, u64), play: Play, cx: &Context) -> Option<Outcome> {
        self.at(p)?.known_outcome(&p, play, cx)
    }

    /// The winning options of `p` by the game's rule, in its order ([`Candidate::shown`]).
    fn winning_options(&self, p: (u64, u64), play: Play, cx: &Context) -> Option<Vec<Sum>> {
        Some(self.shown(self.at(p)?.known_winning_options(&p, play, cx)?))
    }

    /// The options of `p` of nim-value `target` by the game's rule, in its order ([`Candidate::shown`]).
    fn options_with_value(&self, p: (u64, u64), target: Nimber, cx: &Context) -> Option<Vec<Sum>> {
        Some(self.shown(self.at(p)?.known_options_with_value(&p, target, cx)?))
    }

    /// Options as the game writes them, but Fibonacci Nim's bound written at most the tokens left (the way "at
    /// most `m` may be taken" reads when `m > n`).
    fn shown(&self, to: Vec<Sum>) -> Vec<Sum> {
        to.into_iter()
            .map(|o| match self {
                Candidate::Fibonacci(_) => o.into_iter().map(|q| self.canonical(q)).collect(),
                _ => o,
            })
            .collect()
    }
}

/// What the script of two numbers was recognised as, once looked at.
#[derive(Default)]
pub(super) struct Pairs {
    /// `None` until looked at; then the candidate found, if any.
    found: Option<Option<Candidate>>,
    /// Whether an answer was taken from it (its assumption is then stated).
    used: bool,
}

impl Pairs {
    /// The assumption the answers taken from the recognised game rest on, if one was taken.
    pub(super) fn assumption(&self, game: &str) -> Option<String> {
        let c = self.found.as_ref()?.as_ref()?;
        self.used.then(|| {
            format!(
                "{game} has the moves of the catalog's {} on every position (a, b) with a, b <= {PAIR_BOX} (checked; \
                 positions that game holds equal taken as one), and is answered as {} past them: an assumption that \
                 its rule does not change",
                c.name(),
                c.name()
            )
        })
    }
}

impl ListGame {
    /// The catalog game this script of two numbers was recognised as, looked at on first use: `None` for a script
    /// of another shape or one whose options differ from every candidate's on some position of the box.
    fn pair_game(&self, cx: &Context) -> bool {
        if self.pairs.borrow().found.is_some() {
            return self
                .pairs
                .borrow()
                .found
                .as_ref()
                .is_some_and(Option::is_some);
        }
        let found = self.recognise_pair(cx);
        let some = found.is_some();
        self.pairs.borrow_mut().found = Some(found);
        some
    }

    /// Reads the script's options on the box and compares them with each candidate's.
    fn recognise_pair(&self, cx: &Context) -> Option<Candidate> {
        if self.core.shape != Shape::Tuple(2) {
            return None;
        }
        let mut flat = Flat::default();
        let mut opts = Options::new();
        // The script's options on the box, as sums of positions; an error of the script (a position it refuses)
        // or a position not of two numbers leaves it unrecognised.
        let mut script: Vec<Vec<Sum>> = Vec::new();
        for a in 0..=PAIR_BOX {
            for b in 0..=PAIR_BOX {
                if b == 0 && cx.check().is_err() {
                    return None;
                }
                if !self.expand(&[a, b], &mut flat, &mut opts) {
                    return None;
                }
                let mut sums = Vec::with_capacity(flat.opt_ends.len());
                for o in 0..flat.opt_ends.len() {
                    let mut sum = Sum::new();
                    for i in flat.option(o) {
                        let &[x, y] = flat.position(i) else {
                            return None;
                        };
                        sum.push((x, y));
                    }
                    sums.push(sum);
                }
                script.push(sums);
            }
        }
        Candidate::all().into_iter().find(|c| {
            (0..=PAIR_BOX).all(|a| {
                (0..=PAIR_BOX).all(|b| match c.options((a, b)) {
                    // Not a position of the candidate: nothing to compare (and never answered as it).
                    None => true,
                    Some(want) => {
                        let at = (a * (PAIR_BOX + 1) + b) as usize;
                        c.sorted(script[at].iter().cloned()) == want
                    }
                })
            })
        })
    }

    /// Whether `q` is a position this module answers: two numbers, one of them far out, and a caller that states
    /// the notes.
    fn far_pair(&self, q: &[u64], cx: &Context) -> Option<(u64, u64)> {
        let &[a, b] = q else {
            return None;
        };
        (cx.states_notes() && a.max(b) >= super::lines::LINE_FROM).then_some((a, b))
    }

    /// Runs `f` on the recognised candidate and marks it used when `f` answers.
    fn with_pair<T>(
        &self,
        q: &[u64],
        cx: &Context,
        f: impl FnOnce(&Candidate, (u64, u64)) -> Option<T>,
    ) -> Option<T> {
        let p = self.far_pair(q, cx)?;
        if !self.pair_game(cx) {
            return None;
        }
        let mut pairs = self.pairs.borrow_mut();
        let c = pairs.found.as_ref()?.as_ref()?;
        let r = f(c, p);
        pairs.used |= r.is_some();
        r
    }

    /// The nim-value of `q` far out from the recognised catalog game, where its rules give one.
    pub(super) fn pair_value(&self, q: &[u64], cx: &Context) -> Option<Nimber> {
        self.with_pair(q, cx, |c, p| c.value(p, cx))
    }

    /// The outcome of `q` far out under `play` from the recognised catalog game, where its rules give one.
    pub(super) fn pair_outcome(&self, q: &[u64], play: Play, cx: &Context) -> Option<Outcome> {
        self.with_pair(q, cx, |c, p| c.outcome(p, play, cx))
    }

    /// The winning moves of `q` far out from the recognised catalog game.
    pub(super) fn pair_winning_options(
        &self,
        q: &[u64],
        play: Play,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        self.with_pair(q, cx, |c, p| c.winning_options(p, play, cx))
            .map(tuples)
    }

    /// The options of `q` far out of nim-value `target`, from the recognised catalog game.
    pub(super) fn pair_options_with_value(
        &self,
        q: &[u64],
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        self.with_pair(q, cx, |c, p| c.options_with_value(p, target, cx))
            .map(tuples)
    }
}

/// Sums of pairs as sums of the script's positions.
fn tuples(to: Vec<Sum>) -> Vec<Vec<Vec<u64>>> {
    to.into_iter()
        .map(|sum| sum.into_iter().map(|(x, y)| vec![x, y]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::script::{Script, Settings};
    use crate::Context;

    /// The catalog game `text` is recognised as, if any.
    fn recognised(text: &str) -> Option<String> {
        let s = Script::inline(text, Settings::default()).unwrap();
        let g = s.list_game().unwrap();
        g.recognise_pair(&Context::default()).map(|c| c.name())
    }

    /// Fibonacci Nim with the next take at most `mult` times the last, and `extra` pasted into the loop's body.
    fn fibonacci(mult: u64, extra: &str) -> String {
        format!(
            "(n, m) => {{ let out = []; for k in 1..=min(m, n) {{ out.push([n - k, {mult} * k]); }} {extra} out }}"
        )
    }

    /// Recognition claims a game only where every option on the box agrees: the rules written other ways (the
    /// bound not clamped, the pair sorted) are recognised, and a rule off by one move anywhere in the box is not.
    #[test]
    fn recognition_claims_only_the_game_the_options_agree_with() {
        assert_eq!(
            recognised(&fibonacci(2, "")).as_deref(),
            Some("fibonacci-nim")
        );
        for mult in [1, 3] {
            assert_eq!(recognised(&fibonacci(mult, "")), None, "{mult}");
        }
        // One option more at one position of the box: not recognised; past the box: recognised (the assumption).
        for (at, want) in [
            ((37, 12), None),
            ((0, 0), None),
            ((41, 3), Some("fibonacci-nim")),
        ] {
            let extra = format!("if n == {} && m == {} {{ out.push([0, 0]); }}", at.0, at.1);
            assert_eq!(recognised(&fibonacci(2, &extra)).as_deref(), want, "{at:?}");
        }
        let wythoff = "(a, b) => { let out = []; for c in 0..a { out.push([min(c, b), max(c, b)]); } \
                       for c in 0..b { out.push([min(a, c), max(a, c)]); } for d in 1..=min(a, b) { out.push([a - d, b - d]); } out }";
        assert_eq!(recognised(wythoff).as_deref(), Some("wythoff"));
        // Without the diagonal: Nim on two heaps, not Wythoff's game.
        let two_heaps = "(a, b) => { let out = []; for c in 0..a { out.push([c, b]); } for c in 0..b { out.push([a, c]); } out }";
        assert_eq!(recognised(two_heaps), None);
        let ed = "(x, y) => { let out = []; for a in 1..x { out.push([a, x - a]); } for a in 1..y { out.push([a, y - a]); } out }";
        assert_eq!(recognised(ed).as_deref(), Some("ed"));
        // A script of three numbers is never a pair game.
        assert_eq!(recognised("(a, b, c) => [[a - 1, b, c]]"), None);
    }

    /// Far out, and only for an analysis that states its notes, the recognised game answers; its values on the box
    /// are the script's own, computed.
    #[test]
    fn far_positions_only_and_the_box_agrees() {
        let s = Script::inline(&fibonacci(2, ""), Settings::default()).unwrap();
        let g = s.list_game().unwrap();
        let quiet = Context::default();
        let stating = Context::default().with_notes_stated(true);
        let far = vec![2_147_483_647u64, 2_147_483_646];
        assert_eq!(g.pair_outcome(&far, crate::Play::Normal, &quiet), None);
        assert_eq!(
            g.pair_outcome(&far, crate::Play::Normal, &stating),
            Some(crate::Outcome::N)
        );
        assert_eq!(
            g.pair_outcome(&[300, 299], crate::Play::Normal, &stating),
            None
        );
        assert!(g.pairs.borrow().assumption("f").is_some());
        let mut solver = crate::Solver::new(&g);
        for n in 0..=crate::script::pairs::PAIR_BOX {
            for m in 0..=n {
                let v = solver.nim_value(&vec![n, m]).unwrap();
                assert_eq!(
                    v == 0,
                    !crate::games::fibonacci_nim::first_player_wins(n, m),
                    "({n}, {m})"
                );
            }
        }
    }
}
