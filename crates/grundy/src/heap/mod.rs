//! Heap games: a position is a sum of heaps, a move changes one heap into a (possibly empty) sum of heaps.
//!
//! - [`code`]: take-and-break codes in CGSuite's notation, and their options.
//! - [`HeapGame`]: a heap game is a [`Game`] whose positions are heap sizes (`Position = u64`) and that says so with
//!   [`crate::HeapView::is_heap_game`]; [`TakeAndBreak`] is the game of a code, the catalog ([`crate::games`]) has the others.
//! - [`SequenceEngine`]: the one trait of the engines that compute nim-value sequences:
//!   - [`plain`]: the plain mex engine, exact for every heap game;
//!   - [`multi`]: the multi-heap engine, nim-sum sets of moves that leave three or more heaps, by dynamic programming;
//!   - [`sparse`]: the sparse-space (rare/common) engine for codes that leave at most two heaps.
//! - [`table`]: heap positions as components of sums, valued from a sequence computed once.
//! - [`period`]: periodicity of nim-value sequences, found and, where a theorem allows, certified.
//! - [`sequence`]: the nim-values of heaps `0..=N` by the cheapest exact method (closed form, counting mex,
//!   certified period, engines): what `seq`, `period` and value look-ups call.

pub use crate::code;
pub mod engine;
pub mod facts;
pub mod multi;
pub mod period;
pub mod plain;
pub mod rare;
pub mod reachable;
pub mod recognise;
pub mod rules;
pub use rules::{Heap, HeapRules};

pub mod sequence;
pub mod sparse;
pub use sparse::scan;
pub mod table;

use crate::error::{Error, Result};
use crate::game::HeapFacts;
use crate::game::{Game, Options};
use crate::nimber::Nimber;
pub use code::{Code, Constraint, Digit};
pub use engine::SequenceEngine;

/// The default largest heap the plain engine computes up to when a game splits heaps (its cost grows as `n²`).
pub const PLAIN_MAX_HEAP_SPLITTING: u64 = 200_000;
/// The default largest heap the plain engine computes up to otherwise.
pub const PLAIN_MAX_HEAP: u64 = 50_000_000;

/// A heap game behind a pointer: a [`Game`] whose positions are heap sizes (see [`crate::HeapView::is_heap_game`]). The
/// engines, periodicity and the heap table read it. Every heap game implements [`Game`] with `Position = u64` and
/// answers `true` to [`crate::HeapView::is_heap_game`]; its options are sums of smaller heaps.
pub type HeapGame = dyn Game<Position = u64>;

/// Words for a heap move: "take 3 from the heap of 7, leaving 4", "split the heap of 7 into 1 and 6".
pub fn describe_heap_move(n: u64, heaps: &[u64]) -> String {
    let left: u64 = heaps.iter().sum();
    let taken = n.saturating_sub(left);
    match (heaps.len(), taken) {
        (0, _) => format!("take all {n} from the heap of {n}"),
        (1, t) => format!("take {t} from the heap of {n}, leaving {}", heaps[0]),
        (_, 0) => format!("split the heap of {n} into {}", join_heaps(heaps)),
        (_, t) => format!(
            "take {t} from the heap of {n} and split the rest into {}",
            join_heaps(heaps)
        ),
    }
}

fn join_heaps(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        _ => format!(
            "{} and {}",
            parts[..parts.len() - 1].join(", "),
            parts[parts.len() - 1]
        ),
    }
}

impl HeapGame {
    /// Calls `f` with the heaps left by each move from a heap of `n` (an empty slice: the heap is gone), in the
    /// order of [`Game::options`]: a convenience for callers that look at each option once. An error of the rules
    /// (a script's, a Python function's) is returned before `f` is called.
    pub fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) -> Result<()> {
        let mut out = Options::new();
        self.options(&n, &mut out)?;
        for o in out.iter() {
            f(o);
        }
        Ok(())
    }
}

/// Reads heap sizes from words, as the catalog's heap games do ([`crate::Notation::parse`]): at least one, each a whole number;
/// `name` is the game's name in the messages.
pub fn parse_heaps(name: &str, words: &[String]) -> Result<Vec<u64>> {
    if words.is_empty() {
        return Err(Error::input(format!("{name}: give at least one heap size")));
    }
    // The label made once, not once a heap (a judge's 10^5 heaps spent a tenth of their time making it).
    let what = format!("{name}: heap size");
    words
        .iter()
        .map(|a| crate::error::parse_u64(a, &what))
        .collect()
}

/// The error of a sequence run stopped early (by its deadline or by its progress callback): which heaps it had
/// done (`0..=last`, of `0..=to`) and, when given, why (the budget of `why`, if any, is the new error's). Every
/// engine words it this way.
pub(crate) fn stopped_error(name: &str, last: u64, to: u64, why: Option<&Error>) -> Error {
    let done = format!("{name}: stopped after heaps 0..={last} of 0..={to}");
    match why {
        Some(why) if why.budget().is_some() => why.clone().context(done),
        Some(why) => why.remedies().iter().fold(
            Error::limit(format!("{done}: {}", why.message())),
            |e, &r| e.with_remedy(r),
        ),
        None => Error::limit(done),
    }
}

/// The most options a search or a session of play lists for one heap of a game whose heap of `n` has about `n`
/// options (Nim, Lasker's Nim, Not a Nim): past it [`check_listable`] refuses the heap at once, before a buffer of
/// options fills memory (16 bytes an option: 320 MB), and the game's closed form answers it.
pub const MAX_LISTED_HEAP_OPTIONS: u64 = 20_000_000;

/// [`Game::check_searchable`] for a heap game whose heap of `n` has `options` options: an error naming the heap when
/// that is more than [`MAX_LISTED_HEAP_OPTIONS`].
pub fn check_listable(name: &str, n: u64, options: u64) -> Result<()> {
    if options > MAX_LISTED_HEAP_OPTIONS {
        return Err(Error::limit(format!(
            "{name} {n}: the heap has about {options} moves, too many to list (the limit is {MAX_LISTED_HEAP_OPTIONS}); its closed form answers 'grundy value' of it"
        )));
    }
    Ok(())
}

/// Adds to `out` the option of a move that leaves `left` tokens in one heap: that heap, or nothing when `left` is 0.
#[inline]
pub fn leave(out: &mut Options<u64>, left: u64) {
    if left == 0 {
        out.push([]);
    } else {
        out.push_one(left);
    }
}

/// Which sequence engine computes a heap game's nim-values (`--engine plain|fast|auto`). The engines themselves
/// implement [`SequenceEngine`]; [`sequence::engine_for`] resolves this choice for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// The plain mex by the definition, on every heap: the plain engine ([`plain::Plain`]), or for codes some move of
    /// which leaves three or more heaps the multi-heap engine ([`multi::MultiHeapEngine`]), which is the plain mex
    /// with those moves' nim-sums from dynamic programming.
    Plain,
    /// The sparse-space engine ([`sparse::Sparse`]): finite codes whose moves leave at most two heaps.
    Fast,
    /// The cheapest exact method (see [`sequence`]): a closed form, the game's own method, a counting mex or a
    /// certified period where one applies, else the fast engine where it applies, else the plain one.
    #[default]
    Auto,
}

impl Engine {
    /// Parses `plain`, `fast` or `auto`.
    pub fn parse(text: &str) -> Result<Engine> {
        match text.trim() {
            "plain" => Ok(Engine::Plain),
            "fast" => Ok(Engine::Fast),
            "auto" => Ok(Engine::Auto),
            other => Err(Error::input(format!(
                "unknown engine '{other}' (use plain, fast or auto)"
            ))),
        }
    }
}

/// The largest heap the fast engine computes up to by default (its memory: about 12 bytes per heap on one thread,
/// 14 on two: the values as `u64` for the caller, and one `u16` or `u32` copy per worker).
pub const FAST_MAX_HEAP: u64 = 2_000_000_000;

/// Extends `values` (heaps `0..values.len()`) to heaps `0..=to` of `code` with the engine `engine` names for it
/// ([`sequence::engine_for`]: `Auto` is the fast engine where it applies, else the plain one; no closed form or
/// period here); returns the engine used. Unlike [`TakeAndBreak::new`] it takes any code: the engines refuse a
/// loopy one themselves.
pub fn extend_code(
    code: &Code,
    name: &str,
    engine: Engine,
    values: &mut Vec<Nimber>,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Engine> {
    extend_code_with_threads(code, name, engine, values, to, 1, progress)
}

/// [`extend_code`] with the fast engine on up to `threads` threads (the values are the same).
pub fn extend_code_with_threads(
    code: &Code,
    name: &str,
    engine: Engine,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Engine> {
    let game = Heap(CodeRules {
        code: code.clone(),
        name: name.to_string(),
    });
    let used = sequence::engine_for(&game, engine)?;
    if (values.len() as u64) > to {
        values.truncate(to as usize + 1);
        return Ok(used.engine());
    }
    let limits = crate::solver::Limits::default();
    used.extend(&game, values, to, threads, &limits, progress)?;
    Ok(used.engine())
}

/// The rules of a take-and-break code, under a name (the code itself, or a catalog name such as `kayles`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CodeRules {
    code: Code,
    name: String,
}

/// A heap game given by a take-and-break code: the [`Heap`] of its [`CodeRules`].
pub type TakeAndBreak = Heap<CodeRules>;

impl TakeAndBreak {
    /// The game of a code. Codes whose moves can repeat a position are refused here (see [`crate::loopy`]).
    pub fn new(code: Code) -> Result<Self> {
        if code.is_loopy() {
            return Err(Error::loopy(format!(
                "the code {code} has moves that add tokens or change nothing, so positions can repeat"
            ))
            .with_remedy(crate::error::Remedy::Loopy));
        }
        let name = code.to_string();
        Ok(Heap(CodeRules { code, name }))
    }
    /// Parses a code and makes its game.
    pub fn parse(text: &str) -> Result<Self> {
        Self::new(Code::parse(text)?)
    }
    /// The same game under another name (`kayles` for `0.77`).
    pub fn named(mut self, name: &str) -> Self {
        self.0.name = name.to_string();
        self
    }
}

/// A code's game: its options are the code's ([`Code::for_each_option`]); it knows no closed form, and its
/// sequence comes from the engines (see [`sequence`]), which read the code.
impl HeapRules for CodeRules {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        let mut buf = Vec::new();
        self.code
            .for_each_option(*n, &mut buf, |_, h| out.push(h.iter().copied()));
        Ok(())
    }
}

impl HeapFacts for CodeRules {
    fn code(&self) -> Option<&Code> {
        Some(&self.code)
    }
}

/// The code of the subtraction game `S(s1, s2, …)`: remove `s` tokens for `s` in the set (leaving 0 or 1 heap).
pub fn subtraction_code(set: &[u64]) -> Result<Code> {
    if set.is_empty() {
        return Err(Error::input("a subtraction set needs at least one amount"));
    }
    let max = *set.iter().max().expect("not empty");
    if set.contains(&0) {
        return Err(Error::input(
            "a subtraction set may not contain 0 (a move must take something)",
        ));
    }
    if max > 1_000_000 {
        return Err(Error::input(format!(
            "subtraction amount {max} is too large (the largest allowed is 1000000)"
        )));
    }
    let mut digits = vec![Digit::zero(); max as usize + 1];
    for &s in set {
        digits[s as usize] = Digit::from_mask(3, Constraint::Any);
    }
    Code::new(digits, 0, vec![])
}

/// The code of the all-but subtraction game: remove any number of tokens except those in `set`.
pub fn all_but_code(set: &[u64]) -> Result<Code> {
    let max = set.iter().copied().max().unwrap_or(0);
    if set.contains(&0) {
        return Err(Error::input("an all-but set may not contain 0"));
    }
    if max > 1_000_000 {
        return Err(Error::input(format!(
            "all-but amount {max} is too large (the largest allowed is 1000000)"
        )));
    }
    let three = Digit::from_mask(3, Constraint::Any);
    let mut digits = vec![Digit::zero()];
    for j in 1..=max + 1 {
        digits.push(if set.contains(&j) {
            Digit::zero()
        } else {
            three.clone()
        });
    }
    Code::new(digits, 1, vec![])
}

/// Parses a comma-separated list of positive amounts (`1,3,4`).
pub fn parse_amounts(text: &str, what: &str) -> Result<Vec<u64>> {
    let mut v = Vec::new();
    for t in text.split(',') {
        v.push(crate::error::parse_bounded(t, what, 1_000_000)?);
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_and_all_but_codes() {
        assert_eq!(subtraction_code(&[1, 3, 4]).unwrap().to_string(), "0.3033");
        assert_eq!(subtraction_code(&[1, 2, 3]).unwrap().to_string(), "0.333");
        assert_eq!(all_but_code(&[1, 2]).unwrap().to_string(), "0.00[3]");
        assert_eq!(all_but_code(&[]).unwrap().to_string(), "0.[3]");
        assert!(subtraction_code(&[]).is_err());
        assert!(parse_amounts("1,x", "amount").is_err());
    }

    #[test]
    fn describing_moves() {
        assert_eq!(
            describe_heap_move(7, &[1, 6]),
            "split the heap of 7 into 1 and 6"
        );
        assert_eq!(
            describe_heap_move(7, &[4]),
            "take 3 from the heap of 7, leaving 4"
        );
        assert_eq!(describe_heap_move(7, &[]), "take all 7 from the heap of 7");
        assert_eq!(
            describe_heap_move(7, &[2, 3]),
            "take 2 from the heap of 7 and split the rest into 2 and 3"
        );
    }
}
