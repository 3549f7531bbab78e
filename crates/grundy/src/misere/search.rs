//! The exact misère value of any sum of positions of finite games, by search over multisets of components.
//!
//! **What it computes.** Under misère play the player who makes the last move loses. The *misère nim-value*
//! (Winning Ways ch. 13; Conway, *On Numbers and Games* ch. 12; Siegel, *Combinatorial Game Theory*, V.1) is
//! `G⁻(X) = 1` when `X` has no options and `G⁻(X) = mex { G⁻(X') }` over the options `X'` otherwise. `X` is a misère
//! P-position exactly when `G⁻(X) = 0`. Unlike normal play, `G⁻` of a sum is *not* a function of the parts' values,
//! so a sum is searched as a whole: a state is the multiset of its component positions, and a move replaces one
//! component by one of its options (a sum of components).
//!
//! **Why it is exact.** It is the definition, evaluated on every state reachable from the root, with one
//! simplification that holds in misère play too: a component with no options is the game 0, and `X + 0 = X`, so
//! terminal components are dropped. Equal multisets are the same position (components are independent), so states
//! are kept sorted and memoised.
//!
//! **How, and cost.** A depth-first search with an explicit stack (never the call stack). Each state reachable from
//! the root is expanded once, so time is the number of such states times their options; that number grows
//! exponentially with the number and size of components, so [`Limits`] bounds the memo and the clock, and past them
//! the search stops with a [`crate::ErrorKind::Limit`] error.

use crate::error::Result;
use crate::game::HeapView;
use crate::game::NotationView;
use crate::game::{Game, Options, Outcome};
use crate::heap::HeapGame;
use crate::nimber::{MexSet, Nimber};
use crate::solver::Limits;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// One game of a sum as the search sees it: its positions numbered by `u64` (a heap game numbers them by heap
/// size). It is not a way to state a game — every game states its rules once, as a [`Game`] — but the view the
/// library makes of one: [`NumberedGame`] for any game, [`HeapPositions`] for a heap game. The trait is sealed.
pub trait Numbered: sealed::Sealed {
    /// Short name for messages.
    fn name(&self) -> String;
    /// The options of position `p`: each a (possibly empty) sum of positions of the same game. An error of the
    /// game's rules (a script's, a Python function's) ends the search.
    fn options(&mut self, p: u64, out: &mut Options<u64>) -> Result<()>;
    /// The options of `p` as [`Numbered::options`] gives them, but at most `limit` of them: false (with `out`
    /// holding some) when `p` has more. A game whose positions can have very many options (a heap of a code whose
    /// digits allow many heaps) stops listing at `limit + 1`, so the search's budget is checked while the options
    /// are made, never after; the default lists them all and then counts.
    fn options_within(&mut self, p: u64, out: &mut Options<u64>, limit: usize) -> Result<bool> {
        self.options(p, out)?;
        Ok(out.len() <= limit)
    }
    /// How position `p` is shown.
    fn show(&self, p: u64) -> String {
        p.to_string()
    }
    /// An error when position `p` is too large for the exact search to enumerate its options at all (checked
    /// before any option of a sum's parts is listed, so that a huge heap is refused at once, not after its options
    /// have filled memory).
    fn validate(&self, _p: u64) -> Result<()> {
        Ok(())
    }
    /// The moves of the `root`-th position handed out by [`NumberedGame::root`], each with its option's numbers and
    /// named in that position *as it was given* (a Cram region where the user drew it, a graph's own vertices), not
    /// in the copy the memo keeps for it ([`Game::memo_key`]); `None` for views whose numbers are their positions (a
    /// heap is its size), whose moves [`Numbered::options`] and [`Numbered::describe_move`] name already.
    fn root_moves(&mut self, root: usize) -> Option<Vec<RootMove>> {
        let _ = root;
        None
    }
    /// The move from `p` to the sum `to`, in words.
    fn describe_move(&self, p: u64, to: &[u64]) -> String {
        let shown: Vec<String> = to.iter().map(|&q| self.show(q)).collect();
        format!(
            "move {} to {}",
            self.show(p),
            if shown.is_empty() {
                "nothing".to_string()
            } else {
                shown.join(" + ")
            }
        )
    }
}

/// The positions of a heap game for the search: position `n` is a heap of `n` (numbered by its size).
pub struct HeapPositions(pub Rc<HeapGame>);

/// The largest heap whose misère value the exact search will try: a heap of `n` has up to about `n/2` options per
/// digit, and the search keeps the options of every heap on its path, so memory grows as `n²`.
pub const MAX_SEARCHED_HEAP: u64 = 20_000;

mod sealed {
    /// Only the library's own views implement [`super::Numbered`].
    pub trait Sealed {}
    impl Sealed for super::HeapPositions {}
    impl<R: crate::Game> Sealed for super::NumberedGame<R> {}
}

impl Numbered for HeapPositions {
    fn name(&self) -> String {
        self.0.name()
    }
    fn validate(&self, p: u64) -> Result<()> {
        if p > MAX_SEARCHED_HEAP {
            return Err(crate::Error::limit(format!(
                "{}: heap {p} is too large for the exact misère search (the limit is {MAX_SEARCHED_HEAP}); misère Nim's \
                 rule and the SJ theorem answer larger heaps where their conditions hold",
                self.0.name()
            )));
        }
        Ok(())
    }
    fn options(&mut self, p: u64, out: &mut Options<u64>) -> Result<()> {
        self.0.options(&p, out)
    }
    fn options_within(&mut self, p: u64, out: &mut Options<u64>, limit: usize) -> Result<bool> {
        match self.0.code() {
            Some(code) => Ok(code_options_within(code, p, out, limit)),
            None => {
                self.options(p, out)?;
                Ok(out.len() <= limit)
            }
        }
    }
    fn describe_move(&self, p: u64, to: &[u64]) -> String {
        self.0.describe_move(&p, to)
    }
}

/// The options of a heap of `n` of a take-and-break code, in the order of [`crate::heap::Code::for_each_option`]
/// (tokens removed `j` ascending, then heaps left `k` ascending, then the partitions in order), stopping with false
/// once more than `limit` have been made: the partitions are listed by [`crate::loopy::multiset::each_partition`],
/// which can stop, so a heap with 10^19 options costs `limit` steps, not 10^19.
pub fn code_options_within(
    code: &crate::heap::Code,
    n: u64,
    out: &mut Options<u64>,
    limit: usize,
) -> bool {
    code_options_each(code, n, &mut |heaps| {
        out.push(heaps.iter().copied());
        out.len() <= limit
    })
}

/// Calls `f` with the heaps of each option of a heap of `n` of a take-and-break code, in the order of
/// [`code_options_within`], until `f` returns false; returns false when it was stopped. Nothing is stored: a caller
/// that reads each option once (a quotient's option images) makes no buffer of them.
pub fn code_options_each(
    code: &crate::heap::Code,
    n: u64,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    if n == 0 {
        return true;
    }
    let mut buf = Vec::new();
    let last = code.max_removed().map_or(n, |k| k.min(n));
    for j in 0..=last {
        let d = code.digit(j);
        if d.is_zero() {
            continue;
        }
        let m = n - j;
        for k in 0..=d.max_heaps().min(m as usize) {
            if j == 0 && k == 1 {
                continue; // removing nothing and leaving the heap is no move
            }
            let Some(c) = d.constraint(k) else { continue };
            let go_on = if k == 0 {
                m != 0 || f(&[])
            } else {
                crate::loopy::multiset::each_partition(m, k, c, m, &mut buf, f)
            };
            if !go_on {
                return false;
            }
        }
    }
    true
}

/// A move of a position as it was given ([`Numbered::root_moves`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
    /// The numbers of the option's components (as the search numbers them).
    pub to: Vec<u64>,
    /// The move in words, in the position as given.
    pub description: String,
    /// The option as the game shows it, in the position as given.
    pub result: String,
}

/// Any [`Game`], its positions numbered as they are met.
pub struct NumberedGame<R: Game> {
    ruleset: R,
    ids: FxHashMap<R::Position, u64>,
    positions: Vec<R::Position>,
    /// The positions given by [`NumberedGame::root`], as given (their numbers are their memo keys').
    roots: Vec<R::Position>,
    buf: Options<R::Position>,
}

impl<R: Game> NumberedGame<R> {
    /// The positions of `ruleset`, none numbered yet (numbers are given in the order positions are met, from 0).
    pub fn new(ruleset: R) -> Self {
        NumberedGame {
            ruleset,
            ids: FxHashMap::default(),
            positions: Vec::new(),
            roots: Vec::new(),
            buf: Options::new(),
        }
    }
    /// The number of a position of the sum being analysed ([`NumberedGame::id`]), kept as given as well, so that
    /// its moves are named in it ([`Numbered::root_moves`], root `k` for the `k`-th call).
    pub fn root(&mut self, p: &R::Position) -> u64 {
        self.roots.push(p.clone());
        self.id(p)
    }
    /// The number of a position (numbering it if it is new). Positions with one [`Game::memo_key`] (the same game
    /// up to a relabelling, such as a Cram region and its mirror image) get one number, and the key is the position
    /// kept for it.
    pub fn id(&mut self, p: &R::Position) -> u64 {
        let k = self.ruleset.memo_key(p);
        if let Some(&i) = self.ids.get(k.as_ref()) {
            return i;
        }
        let k = k.into_owned();
        let i = self.positions.len() as u64;
        self.positions.push(k.clone());
        self.ids.insert(k, i);
        i
    }
    /// The position numbered `id` (panics when no position has that number yet).
    pub fn position(&self, id: u64) -> &R::Position {
        &self.positions[id as usize]
    }
}

impl<R: Game> Numbered for NumberedGame<R> {
    fn name(&self) -> String {
        self.ruleset.name()
    }
    fn options(&mut self, p: u64, out: &mut Options<u64>) -> Result<()> {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let pos = self.positions[p as usize].clone();
        let listed = self.ruleset.options(&pos, &mut buf);
        if listed.is_ok() {
            for opt in buf.iter() {
                let ids: Vec<u64> = opt.iter().map(|q| self.id(q)).collect();
                out.push(ids);
            }
        }
        self.buf = buf;
        listed
    }
    fn show(&self, p: u64) -> String {
        self.ruleset.show(&self.positions[p as usize])
    }
    fn root_moves(&mut self, root: usize) -> Option<Vec<RootMove>> {
        let pos = self.roots.get(root)?.clone();
        let mut buf = Options::new();
        // On an error, the caller lists the options itself ([`Numbered::options`]) and meets the error again.
        self.ruleset.options(&pos, &mut buf).ok()?;
        Some(
            buf.iter()
                .map(|opt| RootMove {
                    to: opt.iter().map(|q| self.id(q)).collect(),
                    description: self.ruleset.describe_move(&pos, opt),
                    result: self.ruleset.show_sum(opt),
                })
                .collect(),
        )
    }
    fn describe_move(&self, p: u64, to: &[u64]) -> String {
        let to: Vec<R::Position> = to
            .iter()
            .map(|&q| self.positions[q as usize].clone())
            .collect();
        self.ruleset.describe_move(&self.positions[p as usize], &to)
    }
}

/// One component of a sum: a position of game number `game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    /// Index of the game in the search's list of games.
    pub game: u32,
    /// The position's number in that game (see [`Numbered`]).
    pub pos: u64,
}

/// A move of one component of a sum, and the misère value after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereMove {
    /// Index of the component in the sum as given.
    pub component: usize,
    /// The option the component becomes (a sum of positions of its game).
    pub to: Vec<u64>,
    /// In words.
    pub description: String,
    /// The option as the game shows it, when the move was named in a position as given ([`Numbered::root_moves`]).
    pub result: Option<String>,
    /// The misère nim-value of the whole sum after the move (0: the move wins).
    pub value_after: Nimber,
}

/// The misère search over sums of positions of the given games.
pub struct MisereSearch {
    games: Vec<Box<dyn Numbered>>,
    /// Each component's options, with terminal components dropped and each option sorted.
    options: FxHashMap<Part, Rc<Vec<Vec<Part>>>>,
    terminal: FxHashMap<Part, bool>,
    memo: FxHashMap<Box<[Part]>, Nimber>,
    /// Genera `γ0γ1…` of states (see [`MisereSearch::genus`]), each written to two terms past where it alternates.
    genera: FxHashMap<Box<[Part]>, Rc<[Nimber]>>,
    limits: Limits,
    buf: Options<u64>,
    /// Options held in the cache of component options: counted against the positions budget with the memo, since
    /// they take memory too.
    held: usize,
    /// Children held by the open frames of the running search, and the frames: with the memo and `held`, what the
    /// positions budget bounds.
    open: usize,
    depth: usize,
}

/// What [`MisereSearch::post_order`] does with a state once its children are done: the search, the state and its
/// children.
type Finish<'a> = dyn FnMut(&mut MisereSearch, Box<[Part]>, &[Box<[Part]>]) + 'a;

struct Frame {
    state: Box<[Part]>,
    children: Vec<Box<[Part]>>,
    next: usize,
}

impl MisereSearch {
    /// A search over sums of positions of `games`, with an empty memo, within `limits`.
    pub fn new(games: Vec<Box<dyn Numbered>>, limits: Limits) -> Self {
        MisereSearch {
            games,
            options: FxHashMap::default(),
            terminal: FxHashMap::default(),
            memo: FxHashMap::default(),
            genera: FxHashMap::default(),
            limits,
            buf: Options::new(),
            held: 0,
            open: 0,
            depth: 0,
        }
    }

    /// The game number `i` (as in [`Part::game`]).
    pub fn game(&self, i: u32) -> &dyn Numbered {
        &*self.games[i as usize]
    }

    /// States whose value is stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }

    /// Everything the positions budget counts: stored values, open frames, their children, cached options.
    fn used(&self) -> usize {
        self.memo.len() + self.genera.len() + self.depth + self.open + self.held
    }

    /// The error for a budget reached while `what` was being made.
    fn over_budget(&self, what: &str) -> crate::Error {
        crate::Error::over_budget(
            crate::error::Budget::Positions(self.limits.max_positions as u64),
            format!(
                "the search reached its limit of {} positions while listing {what}",
                self.limits.max_positions
            ),
        )
    }

    /// The options of one component, as its game gives them (within the positions budget).
    pub fn component_options(&mut self, p: Part) -> Result<Vec<Vec<u64>>> {
        self.raw_options(p)
    }

    fn raw_options(&mut self, p: Part) -> Result<Vec<Vec<u64>>> {
        self.buf.clear();
        let mut buf = std::mem::take(&mut self.buf);
        let room = self.limits.max_positions.saturating_sub(self.used());
        let ok = self.games[p.game as usize].options_within(p.pos, &mut buf, room);
        let v = if !ok.as_ref().is_ok_and(|&all| all) {
            match ok {
                Err(e) => Err(e),
                Ok(_) => {
                    let game = &self.games[p.game as usize];
                    Err(self.over_budget(&format!(
                        "the options of {} {}",
                        game.name(),
                        game.show(p.pos)
                    )))
                }
            }
        } else {
            Ok(buf.iter().map(|o| o.to_vec()).collect())
        };
        buf.clear();
        self.buf = buf;
        v
    }

    fn is_terminal(&mut self, p: Part) -> Result<bool> {
        if let Some(&t) = self.terminal.get(&p) {
            return Ok(t);
        }
        self.buf.clear();
        let mut buf = std::mem::take(&mut self.buf);
        // Stops at the first option (for games that can stop).
        let t = self.games[p.game as usize].options_within(p.pos, &mut buf, 0);
        buf.clear();
        self.buf = buf;
        let t = t?;
        self.terminal.insert(p, t);
        Ok(t)
    }

    /// The options of a component, terminal parts dropped, each sorted.
    fn part_options(&mut self, p: Part) -> Result<Rc<Vec<Vec<Part>>>> {
        if let Some(o) = self.options.get(&p) {
            return Ok(o.clone());
        }
        let raw = self.raw_options(p)?;
        let mut out = Vec::with_capacity(raw.len());
        for o in raw {
            let mut parts = Vec::with_capacity(o.len());
            for q in o {
                let q = Part {
                    game: p.game,
                    pos: q,
                };
                if !self.is_terminal(q)? {
                    parts.push(q);
                }
            }
            parts.sort_unstable();
            out.push(parts);
        }
        self.held += out.len();
        let rc = Rc::new(out);
        self.options.insert(p, rc.clone());
        Ok(rc)
    }

    /// A sum as a state: terminal parts dropped, sorted.
    fn normalise(&mut self, parts: &[Part]) -> Result<Box<[Part]>> {
        let mut v: Vec<Part> = Vec::with_capacity(parts.len());
        for &p in parts {
            if !self.is_terminal(p)? {
                v.push(p);
            }
        }
        v.sort_unstable();
        Ok(v.into_boxed_slice())
    }

    /// The children of a state, counted against the positions budget (and the clock) as they are made.
    fn children(&mut self, state: &[Part]) -> Result<Vec<Box<[Part]>>> {
        let mut out = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            let opts = self.part_options(state[i])?;
            for o in opts.iter() {
                if self.used() + out.len() >= self.limits.max_positions {
                    return Err(self.over_budget("the moves of a sum"));
                }
                if out.len() % 4096 == 4095 {
                    self.limits.check_time()?;
                    // Each state held is a boxed slice of parts (16 bytes a part) and about 40 bytes of table
                    // entry and pointers: the estimate for what is held once these children are made.
                    let per_state = 40 + 16 * (state.len() + o.len()) as u64;
                    self.limits.check_memory(
                        (self.used() + out.len() + 4096) as u64 * per_state,
                        "the exact misère search",
                    )?;
                }
                out.push(replace(state, i, o));
            }
        }
        Ok(out)
    }

    /// The misère nim-value of a sum.
    pub fn value(&mut self, parts: &[Part]) -> Result<Nimber> {
        for p in parts {
            self.games[p.game as usize].validate(p.pos)?;
        }
        let root = self.normalise(parts)?;
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        self.open = 0;
        self.depth = 0;
        let r = self.search(root);
        self.open = 0;
        self.depth = 0;
        r
    }

    fn search(&mut self, root: Box<[Part]>) -> Result<Nimber> {
        let mut mex = MexSet::new();
        self.post_order(
            root.clone(),
            |s, c| s.memo.contains_key(c),
            &mut |s, state, children| {
                let v = if children.is_empty() {
                    1
                } else {
                    mex.clear();
                    for c in children {
                        mex.insert(s.memo[c]);
                    }
                    mex.mex()
                };
                s.memo.insert(state, v);
            },
        )?;
        Ok(self.memo[&root])
    }

    /// Visits the states reachable from `root` that are not `known`, each once and after all its children (an
    /// explicit stack, never the call stack), and calls `finish` with the state and its children. The budget of
    /// positions and the clock are checked as each state is opened; `open` and `depth` count what the open frames
    /// hold, for the budget.
    fn post_order(
        &mut self,
        root: Box<[Part]>,
        known: fn(&Self, &[Part]) -> bool,
        finish: &mut Finish<'_>,
    ) -> Result<()> {
        let children = self.children(&root)?;
        self.open += children.len();
        self.depth = 1;
        let mut stack = vec![Frame {
            state: root,
            children,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            let mut child = None;
            while top.next < top.children.len() {
                if known(self, &top.children[top.next]) {
                    top.next += 1;
                } else {
                    child = Some(top.children[top.next].clone());
                    break;
                }
            }
            if let Some(c) = child {
                self.limits.check_positions(self.used())?;
                self.limits.check_time()?;
                let children = self.children(&c)?;
                self.open += children.len();
                stack.push(Frame {
                    state: c,
                    children,
                    next: 0,
                });
                self.depth = stack.len();
                continue;
            }
            let frame = stack.pop().expect("not empty");
            self.depth = stack.len();
            self.open -= frame.children.len();
            finish(self, frame.state, &frame.children);
        }
        Ok(())
    }

    /// The misère genus exponents `γ0, γ1, …` of a sum `G`, where `γk = G⁻(G + k·*2)`, written up to two terms past
    /// the index from which they alternate (`γ(j+2) = γj` for every later `j`): the `γ` of CGSuite's genus `g^γ0γ1…`.
    ///
    /// **Exact, with no bound on `k`.** The genus of a state is computed from the genera of its children, by two
    /// facts (ONAG ch. 12, Winning Ways ch. 13; CGSuite's `Genus` computes it the same way):
    /// 1. `G⁻(H + *1) = G⁻(H) ⊕ 1` for every `H` (induction: for `H = 0` both sides are 0; otherwise the options of
    ///    `H + *1` are the `H' + *1` and `H`, of values `G⁻(H') ⊕ 1` and `v = G⁻(H) = mex{G⁻(H')}`, whose mex is
    ///    `v ⊕ 1`). So for `G` with options and `k ≥ 1`, the options of `G + k·*2` are the `G' + k·*2` (values
    ///    `γk(G')`), `G + (k−1)·*2` (value `γ(k−1)`) and `G + (k−1)·*2 + *1` (value `γ(k−1) ⊕ 1`):
    ///    `γ0 = mex{γ0(G')}` and `γk = mex({γk(G')} ∪ {γ(k−1), γ(k−1) ⊕ 1})`. The game 0 has `γ = 1, 2, 0, 2, 0, …`
    ///    (misère Nim on `k` heaps of 2), genus `0^120`.
    /// 2. If every option alternates from index `D` on, `G` alternates from `D + 2` on. For `k ≥ D` the set
    ///    `S_k = {γk(G')}` alternates; with `a = mex S_k` and `a' = mex(S_k ∪ {a, a ⊕ 1})`, `γk` is `a` unless
    ///    `γ(k−1) ∈ {a, a ⊕ 1}`, then `a'`: two candidates per parity. The two-step map `h` from `γk` to `γ(k+2)`
    ///    fixes `a` (from `a` the next value `y` has `y ∉ {a, a ⊕ 1}`: were `y = b` in `{a, a ⊕ 1}` then `a` would be
    ///    in `{b, b ⊕ 1}` and `y` would be `b'`, which is outside `{b, b ⊕ 1} = {a, a ⊕ 1}`), so `h(h(x)) = h(x)`:
    ///    `γ(k+2) = γk` from `k = D + 2` on.
    ///
    /// So each state's `γ` are computed to index `D + 3` for `D` the largest alternation index of its children, then
    /// cut back to two terms past its own. The states are those of [`MisereSearch::value`] (no heaps `*2` are
    /// added), each keeping its `γ` (a few numbers); budget and clock as there.
    pub fn genus(&mut self, parts: &[Part]) -> Result<Vec<Nimber>> {
        for p in parts {
            self.games[p.game as usize].validate(p.pos)?;
        }
        let root = self.normalise(parts)?;
        if let Some(g) = self.genera.get(&root) {
            return Ok(g.to_vec());
        }
        self.open = 0;
        self.depth = 0;
        let r = self.genus_search(root);
        self.open = 0;
        self.depth = 0;
        r
    }

    fn genus_search(&mut self, root: Box<[Part]>) -> Result<Vec<Nimber>> {
        let mut mex = MexSet::new();
        self.post_order(
            root.clone(),
            |s, c| s.genera.contains_key(c),
            &mut |s, state, children| {
                let kids: Vec<Rc<[Nimber]>> =
                    children.iter().map(|c| s.genera[c].clone()).collect();
                let g = genus_from_children(&kids, &mut mex);
                s.genera.insert(state, g.into());
            },
        )?;
        Ok(self.genera[&root].to_vec())
    }

    /// The misère outcome of a sum: P exactly when its misère nim-value is 0.
    pub fn outcome(&mut self, parts: &[Part]) -> Result<Outcome> {
        Ok(if self.value(parts)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every move of the sum with the misère value after it; the winning moves are those with `value_after == 0`.
    /// The parts of a game whose view names its roots ([`Numbered::root_moves`]) are taken to be its roots in order
    /// (the `k`-th part of game `g` is root `k` of `g`, as [`NumberedGame::root`] numbered them), and their moves are
    /// named in the positions as given.
    pub fn moves(&mut self, parts: &[Part]) -> Result<Vec<MisereMove>> {
        let mut out = Vec::new();
        let mut seen_of_game: FxHashMap<u32, usize> = FxHashMap::default();
        for (i, &p) in parts.iter().enumerate() {
            let k = seen_of_game.entry(p.game).or_insert(0);
            let root = *k;
            *k += 1;
            if let Some(moves) = self.games[p.game as usize].root_moves(root) {
                for m in moves {
                    let mut after: Vec<Part> = parts.to_vec();
                    after.remove(i);
                    after.extend(m.to.iter().map(|&q| Part {
                        game: p.game,
                        pos: q,
                    }));
                    let v = self.value(&after)?;
                    out.push(MisereMove {
                        component: i,
                        description: m.description,
                        result: Some(m.result),
                        to: m.to,
                        value_after: v,
                    });
                }
                continue;
            }
            for o in self.raw_options(p)? {
                let mut after: Vec<Part> = parts.to_vec();
                after.remove(i);
                after.extend(o.iter().map(|&q| Part {
                    game: p.game,
                    pos: q,
                }));
                let v = self.value(&after)?;
                out.push(MisereMove {
                    component: i,
                    description: self.games[p.game as usize].describe_move(p.pos, &o),
                    result: None,
                    to: o,
                    value_after: v,
                });
            }
        }
        Ok(out)
    }
}

/// `γk` of a genus written as [`MisereSearch::genus`] writes it (alternating after its last two terms).
pub fn gamma_at(g: &[Nimber], k: usize) -> Nimber {
    if k < g.len() {
        g[k]
    } else {
        g[g.len() - 2 + (k - g.len()) % 2]
    }
}

/// The `γ` of a state from its children's (see [`MisereSearch::genus`]): `1, 2, 0` for a state without moves.
fn genus_from_children(kids: &[Rc<[Nimber]>], mex: &mut MexSet) -> Vec<Nimber> {
    if kids.is_empty() {
        return vec![1, 2, 0];
    }
    // The children alternate from index d on; this state from d + 2 on: compute γ0..=γ(d+3).
    let d = kids.iter().map(|g| g.len() - 2).max().unwrap_or(0);
    let mut out: Vec<Nimber> = Vec::with_capacity(d + 4);
    for k in 0..d + 4 {
        mex.clear();
        for g in kids {
            mex.insert(gamma_at(g, k));
        }
        if let Some(&prev) = out.last() {
            mex.insert(prev);
            mex.insert(prev ^ 1);
        }
        out.push(mex.mex());
    }
    while out.len() > 2 && out[out.len() - 1] == out[out.len() - 3] {
        out.pop();
    }
    out
}

/// `state` with its part `i` replaced by the (sorted) parts `with`, sorted.
fn replace(state: &[Part], i: usize, with: &[Part]) -> Box<[Part]> {
    let mut v = Vec::with_capacity(state.len() - 1 + with.len());
    v.extend_from_slice(&state[..i]);
    v.extend_from_slice(&state[i + 1..]);
    v.extend_from_slice(with);
    v.sort_unstable();
    v.into_boxed_slice()
}
