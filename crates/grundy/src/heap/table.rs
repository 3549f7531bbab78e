//! Heap positions as components of sums, valued from a nim-value table computed once per game.
//!
//! Heaps beyond what a table can hold are valued from a *certified* period (see [`super::period`]): for a code the
//! Guy–Smith theorem covers, the sequence is computed (by the fast engine where it applies) until its period is
//! certified, and `G(n) = G(e + (n − e) mod p)` for every larger heap. A period that is only observed is never
//! used.
//!
//! **Winning moves of huge heaps, in families.** A heap above [`HeapTable::families_from`] (by default
//! [`PERIOD_FROM`], where values already come from the period) whose code has a certified period `p` from
//! preperiod `e` (saltus 0) has its moves to a nim-value `target` listed compactly ([`HeapTable::winning_options`]):
//!
//! - every move that leaves no heap or one heap (at most `t + 1` of them, `t` the most tokens removed) and every
//!   split `a + b` with `a < max(e, 1)` is listed one by one;
//! - the splits with `a ≥ e' = max(e, 1)` come in families: removing `j` tokens and splitting the rest `r = n − j`
//!   into `a ≤ b = r − a`, for `e' ≤ a ≤ ⌊r/2⌋`, the members `a = e' + c, e' + c + p, …` of one residue class `c`
//!   (`0 ≤ c < p`) are all winning or all not.
//!
//! *Why.* Both heaps of such a split are at least `e`, since `b ≥ a ≥ e' ≥ e`. The certificate gives
//! `G(x + p) = G(x)` for every `x ≥ e`, so `G(a + p) = G(a)`, and `b` changes by `−p` when `a` grows by `p`, so
//! `G(b − p) = G(b)` as `b − p ≥ a + p ≥ e`. Hence `G(a) ⊕ G(b)` is the same for every member of a class, and the
//! class is winning exactly when its first member is. The certified theorem (see [`super::period`]) only covers
//! codes whose two-heap moves have no constraint, so every split `a + b` with `1 ≤ a ≤ b` is a move: nothing is
//! excluded from a family. Listed moves and families are disjoint and together are every move to `target`.
//!
//! *Cost.* `O((t + 1)(e + p))` nim-value look-ups, each O(1) from the certified values, whatever the heap: a Kayles
//! heap of 10^12 needs about 3·(71 + 12) instead of 10^12 option evaluations.

use super::period::{self, Periodicity};
use super::recognise::{self, Recognised};
use super::{reachable, sequence, Engine, HeapGame, TakeAndBreak};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::game::Known;
use crate::game::NotationView;
use crate::nimber::Nimber;
use crate::sum::{Component, ComponentMoves, Move, MoveFamily};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

/// The largest heap whose options are enumerated when looking for winning moves.
pub const MAX_LISTED_OPTIONS: u64 = 50_000_000;
/// The most options of one heap enumerated when looking for its winning moves (a code that leaves three or more
/// heaps has about `p(n)` options): beyond it the moves are not even counted, and asking is a limit error. It is
/// above [`MAX_LISTED_OPTIONS`], so a game whose moves leave at most one heap (`n + 1` options at most) is never
/// refused by it.
pub const MAX_ENUMERATED_OPTIONS: u64 = 60_000_000;
/// The most winning moves of one heap listed one by one by [`HeapTable::winning_moves`]; the others are counted.
/// Large enough that a heap whose moves leave at most two heaps lists them all up to heaps of about 10^6 (Kayles
/// 10^6 has 83338), small enough to bound memory (each move is a description of some 60 bytes) when a code that
/// leaves three or more heaps has millions.
pub const MAX_LISTED_WINNING_MOVES: usize = 100_000;
/// The most moves [`HeapTable::options_with_value`] lists (it lists all of them or fails).
pub const MAX_ALL_LISTED: usize = 1_000_000;

/// The moves of a heap to one nim-value: some listed, the rest counted, and families of splits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WinningOptions {
    /// Moves listed one by one: the heaps each leaves.
    pub listed: Vec<Vec<u64>>,
    /// How many more moves there are (exact), neither listed nor in a family.
    pub unlisted: u64,
    /// Families of splits (see the module docs).
    pub families: Vec<MoveFamily>,
}

/// A heap game with its nim-value table, extended on demand.
pub struct HeapTable {
    game: Rc<HeapGame>,
    values: Vec<Nimber>,
    /// `values` again a byte each, when every one is below 256 (else empty): a judge's 10^5 heaps below 10^6 are
    /// looked up at random, and a table of a million values fits the core's cache a byte each (8 MB of `u64` did
    /// not: the look-ups were a fifth of the time).
    bytes: Vec<u8>,
    /// A certified period, once looked for (`Some(None)`: looked for, none certified).
    period: Option<Option<Periodicity>>,
    /// The values that certify [`HeapTable::period`] (heaps `0 … values_computed − 1`).
    period_values: Vec<Nimber>,
    /// Heaps above this list their winning moves in families when a period is certified.
    families_from: u64,
    /// The most options of one heap enumerated to find its moves to a nim-value.
    max_enumerated: u64,
    /// The most moves of one heap [`HeapTable::winning_moves`] lists one by one.
    max_listed: usize,
    /// Heaps above the table valued by a search over the heaps reachable from them ([`super::reachable`]).
    reached: reachable::Reached,
    /// A game of its own rules recognised as a code on the heaps it read ([`super::recognise`]), with that
    /// code's table: looked for once, the first time a heap is past what the table and the reachable search can do
    /// (`Some(None)`: looked for, not recognised).
    recognised: Option<Option<(Recognised, Box<HeapTable>)>>,
    /// A period observed on the first [`OBSERVE_TO`] + 1 values of a black box, with those values, used only when
    /// the context allows it ([`Context::assumes_periods`]); `Some(None)`: looked for, none seen.
    observed: Option<Option<(Periodicity, Vec<Nimber>)>>,
    /// What the table's work runs under: where its progress goes, and the context the game's closed forms are
    /// asked under (the table's sequence methods bound themselves; see [`HeapTable::value`]).
    cx: Context,
    /// The largest heap the caller will ask for, when it said so ([`HeapTable::expect_heaps_up_to`]).
    expected: u64,
}

/// Heaps from this on, of a game without a code, are first valued by a search over the heaps reachable from them
/// ([`super::reachable`]); smaller heaps are valued from the table, which costs next to nothing there.
pub const REACHABLE_FROM: u64 = 1 << 12;

/// The last heap of the values a period is observed on, for a black box whose observed period the caller allows
/// ([`Context::assumes_periods`]).
pub const OBSERVE_TO: u64 = (1 << 16) - 1;

/// Heaps from this on, of a game of its own rules recognised as a code that splits heaps ([`super::recognise`]),
/// are answered as that code: the table through the rules would cost the square of the heap.
pub const RECOGNISED_SPLITS_FROM: u64 = 1 << 16;

/// Heaps above this are valued from a certified period when the game has one (tables stay small).
pub const PERIOD_FROM: u64 = 1 << 20;

/// How far a table looks for a certified period (heaps computed): 2^20, enough for the octal games with the
/// longest certified periods the project's tests and benchmarks meet (0.16: preperiod 105351, period 149459, needs
/// 360161 values; 0.56: 653424), and a few seconds of work for the games that have none in reach (Treblecross,
/// Officers). `grundy period GAME --to N` searches further.
pub const PERIOD_SEARCH: u64 = 1 << 20;

/// The most seconds the search for a certified period takes (within [`PERIOD_SEARCH`] heaps): past it the heap is
/// refused as having no certified period in reach (`grundy period GAME` searches as long as it is told). 0.16's,
/// the longest the tests meet, is certified in about 1 s on the project machine; Treblecross's search to
/// [`PERIOD_SEARCH`] took 20 s and found none.
pub const PERIOD_SEARCH_SECONDS: f64 = 10.0;

impl HeapTable {
    /// An empty table for the heap game `game`, with the default limits ([`PERIOD_FROM`],
    /// [`MAX_ENUMERATED_OPTIONS`], [`MAX_LISTED_WINNING_MOVES`]); values are computed on first use.
    pub fn new(game: Rc<HeapGame>) -> Self {
        HeapTable {
            game,
            values: Vec::new(),
            bytes: Vec::new(),
            period: None,
            period_values: Vec::new(),
            families_from: PERIOD_FROM,
            max_enumerated: MAX_ENUMERATED_OPTIONS,
            max_listed: MAX_LISTED_WINNING_MOVES,
            reached: reachable::Reached::default(),
            recognised: None,
            observed: None,
            cx: Context::default(),
            expected: 0,
        }
    }

    /// Says that heaps up to `most` will be asked for: the first heap asked that the table does not hold has `most`
    /// valued first (if it is at most [`PERIOD_FROM`]), so that a table computed for it holds every heap asked,
    /// computed once rather than grown by doubling from the first heap asked. The values are the same either way.
    pub fn expect_heaps_up_to(&mut self, most: u64) {
        self.expected = most;
    }

    /// Works under `cx` from now on: its progress, and the context of the game's closed forms.
    pub fn set_context(&mut self, cx: &Context) {
        self.cx = cx.clone();
    }

    /// The context the table works under.
    pub fn context(&self) -> &Context {
        &self.cx
    }

    /// Sets the most moves of one heap [`HeapTable::winning_moves`] lists one by one (by default
    /// [`MAX_LISTED_WINNING_MOVES`]; tests lower it).
    pub fn set_max_listed(&mut self, moves: usize) {
        self.max_listed = moves;
    }

    /// Sets the most options of one heap enumerated to find its moves to a nim-value (by default
    /// [`MAX_ENUMERATED_OPTIONS`]; tests lower it).
    pub fn set_max_enumerated(&mut self, options: u64) {
        self.max_enumerated = options;
    }

    /// Heaps above this list their winning moves in families ([`HeapTable::winning_options`]) when the game has a
    /// certified period; smaller heaps list every move. The default is [`PERIOD_FROM`].
    pub fn families_from(&self) -> u64 {
        self.families_from
    }

    /// Sets [`HeapTable::families_from`] (tests lower it to compare families with explicit lists).
    pub fn set_families_from(&mut self, heap: u64) {
        self.families_from = heap;
    }

    /// The game the table values.
    pub fn game(&self) -> &HeapGame {
        &*self.game
    }

    /// The nim-value of a heap of `n`: from the game's closed form when it has one, else from the table.
    pub fn value(&mut self, n: u64) -> Result<Nimber> {
        if n == 0 {
            return Ok(0);
        }
        if let Some(v) = self.game.known_value(&n, &self.cx) {
            return Ok(v);
        }
        if self.expected > n && n as usize >= self.values.len() {
            // The largest heap the caller will ask is valued first, by whatever values it (a reachable search, a
            // recognised code, a period, the table): when that is the table, it now holds `n` too, computed once
            // rather than grown by doubling from the first heap asked. Taken as a hint once; an error is left to
            // the heap that meets it. (Sizing the table by the largest heap instead cost a divisor game at 5 and
            // 10^6 11 s, the table through the rules, where the reachable search from 10^6 takes milliseconds;
            // Kayles as a script at 5 and 150,000 4.3 s, where 150,000 is the recognised code's.)
            let most = std::mem::take(&mut self.expected);
            if most <= PERIOD_FROM {
                let _ = self.value(most);
            }
            if let Some(v) = self.in_table(n) {
                return Ok(v);
            }
        }
        if n > PERIOD_FROM && n as usize >= self.values.len() {
            if let Some(v) = self.periodic_value(n)? {
                return Ok(v);
            }
        }
        if n as usize >= self.values.len() {
            // Past the table's reach, a game of its own rules recognised as a code is answered as that code
            // (reading its options on 1,025 heaps costs less than a reachable search that would give up there);
            // so is a heap from RECOGNISED_SPLITS_FROM on when that code splits heaps, whose table from heap 0
            // costs the square of the heap through the rules (Kayles as a script: minutes at 10^6).
            if n > PERIOD_FROM || (n >= RECOGNISED_SPLITS_FROM && self.recognised_splits()?) {
                if let Some(v) = self.recognised_value(n)? {
                    return Ok(v);
                }
            }
            if n > PERIOD_FROM {
                if let Some(v) = self.observed_value(n)? {
                    return Ok(v);
                }
            }
            if let Some(v) = self.reachable_value(n)? {
                return Ok(v);
            }
            // Grow geometrically, so that many small queries cost one computation; fall back to exactly `n` when
            // the larger table would pass a limit.
            // (At least 64 heaps for a code, whose values cost next to nothing; a game of its own rules, a script
            // or a Python function, computes no heap the answer does not ask for.)
            let least = if self.game.code().is_some() { 64 } else { 0 };
            let mut want = n.max(self.values.len() as u64 * 2).max(least);
            if n < RECOGNISED_SPLITS_FROM
                && want >= RECOGNISED_SPLITS_FROM
                && matches!(&self.recognised, Some(Some((r, _))) if r.code.max_heaps() >= 2)
            {
                // Heaps from RECOGNISED_SPLITS_FROM on are the code's: a table through the script stops below
                // them (growing past would cost up to four times the square of the heap asked for).
                want = RECOGNISED_SPLITS_FROM - 1;
            }
            let searched = n > PERIOD_FROM && matches!(self.period, Some(None));
            let black_box = self.game.black_box();
            let direct = |e: Error| {
                if black_box && n > PERIOD_FROM && e.kind() == crate::ErrorKind::Limit {
                    // No theorem covers a black box: it is answered past the table only as a code it was
                    // recognised as, or from an observed period the caller allows.
                    e.context(format!(
                        "{} is not recognised as a take-and-break code on heaps 0..={}, and no theorem covers it, \
                         so heap {n} must be computed",
                        self.game.name(),
                        recognise::RECOGNISE_TO
                    ))
                    .with_remedy(crate::error::Remedy::AssumePeriod)
                } else if searched && e.kind() == crate::ErrorKind::Limit {
                    e.context(format!(
                        "no period of {} is certified within {PERIOD_SEARCH} heaps or {PERIOD_SEARCH_SECONDS} s of \
                         search, so heap {n} must be computed",
                        self.game.name(),
                    ))
                    .with_remedy(crate::error::Remedy::SearchFurther)
                } else {
                    e
                }
            };
            self.values = match sequence::values(&*self.game, want, &mut |_| {}) {
                Ok(v) => v,
                Err(_) if want > n => match sequence::values(&*self.game, n, &mut |_| {}) {
                    Ok(v) => v,
                    Err(e) => return self.recognised_or(n, direct(e)),
                },
                Err(e) => return self.recognised_or(n, direct(e)),
            };
            self.bytes = if self.values.iter().all(|&v| v < 256) {
                self.values.iter().map(|&v| v as u8).collect()
            } else {
                Vec::new()
            };
        }
        Ok(self.in_table(n).expect("the table holds n"))
    }

    /// The value of heap `n` when the table holds it (a byte a value when it has them).
    fn in_table(&self, n: u64) -> Option<Nimber> {
        let i = usize::try_from(n).ok()?;
        match self.bytes.get(i) {
            Some(&b) => Some(Nimber::from(b)),
            None => self.values.get(i).copied(),
        }
    }

    /// The value of heap `n` by a search over the heaps reachable from it ([`super::reachable`]), for a game of its
    /// own rules (a code's engines are faster than any search), when that search, with every search before it,
    /// stays within an eighth of the heaps the table would add (`None`: the search gave up, or was not tried, and the table is computed). Small
    /// heaps go to the table, whose cost is then negligible.
    fn reachable_value(&mut self, n: u64) -> Result<Option<Nimber>> {
        if let Some(v) = self.reached.get(n) {
            return Ok(Some(v));
        }
        let table = self.values.len() as u64;
        if self.game.code().is_some() || n < REACHABLE_FROM {
            return Ok(None);
        }
        // The heaps valued by every search so far count against the budget: many heaps asked one after the other
        // (a judge's 10^6 heaps) share one table once their searches have cost an eighth of it.
        let budget = usize::try_from((n - table) / 8)
            .unwrap_or(usize::MAX)
            .min(reachable::MAX_REACHABLE)
            .saturating_sub(self.reached.len());
        let values = &self.values;
        let known = |h: u64| values.get(usize::try_from(h).ok()?).copied();
        reachable::value(&*self.game, n, &known, &mut self.reached, budget, &self.cx)
    }

    /// Values every heap of every option of heap `n` that has no value at hand (a closed form that skips it, a
    /// heap past the table), as a heap asked alone is valued.
    fn value_options(&mut self, n: u64) -> Result<()> {
        let mut heaps = Vec::new();
        self.game
            .for_each_option(n, &mut |h| heaps.extend_from_slice(h))?;
        heaps.sort_unstable();
        heaps.dedup();
        for h in heaps {
            if h as usize >= self.values.len() && self.reached.get(h).is_none() {
                let v = self.value(h)?;
                self.reached.insert(h, v);
            }
        }
        Ok(())
    }

    /// The value of heap `n` as the code the game was recognised as ([`super::recognise`]), when the table could
    /// not reach it (`e`, the table's error): a limit error is answered that way when the game is recognised, and
    /// every other error is returned as it is.
    fn recognised_or(&mut self, n: u64, e: Error) -> Result<Nimber> {
        if e.kind() == crate::ErrorKind::Limit {
            if let Some(v) = self.recognised_value(n)? {
                return Ok(v);
            }
            if let Some(v) = self.observed_value(n)? {
                return Ok(v);
            }
        }
        Err(e)
    }

    /// The value of heap `n` of a black box from a period observed on heaps `0..=`[`OBSERVE_TO`], when the
    /// context allows it ([`Context::assumes_periods`]) and a period shows at least
    /// [`super::period::OBSERVED_PERIODS`] times past its preperiod (`None` otherwise). The answer rests on the
    /// assumption [`HeapTable::assumption`] states.
    fn observed_value(&mut self, n: u64) -> Result<Option<Nimber>> {
        if !self.cx.assumes_periods() || !self.game.black_box() {
            return Ok(None);
        }
        if self.observed.is_none() {
            self.observed = Some(None);
            let values = sequence::values(&*self.game, OBSERVE_TO, &mut |_| {})?;
            if let Some(p) = period::observe_with(&values, self.game.longest_move()) {
                self.observed = Some(Some((p, values)));
            }
        }
        let Some(Some((p, values))) = &self.observed else {
            return Ok(None);
        };
        if n < values.len() as u64 {
            return Ok(Some(values[n as usize]));
        }
        let r = p.preperiod + (n - p.preperiod) % p.period;
        let laps = (n - r) / p.period;
        Ok(laps
            .checked_mul(p.saltus)
            .and_then(|s| values[r as usize].checked_add(s)))
    }

    /// The value of heap `n` of a game of its own rules as the code it was recognised as on heaps
    /// `0..=`[`recognise::RECOGNISE_TO`], from that code's table (its certified period, for a huge heap); `None`
    /// when the game is not a black box ([`crate::HeapFacts::black_box`]) or was not recognised. The answer rests on the assumption
    /// [`HeapTable::assumption`] states.
    fn recognised_value(&mut self, n: u64) -> Result<Option<Nimber>> {
        // Only a black box is recognised: a game of the library answers by what it states.
        if !self.game.black_box() {
            return Ok(None);
        }
        self.recognise_once()?;
        match &mut self.recognised {
            Some(Some((_, table))) => table.value(n).map(Some),
            _ => Ok(None),
        }
    }

    /// Reads the game's options on heaps `0..=`[`recognise::RECOGNISE_TO`] and keeps the code it is, with that
    /// code's table, the first time this is asked (a black box only; see [`HeapTable::recognised_value`]).
    fn recognise_once(&mut self) -> Result<()> {
        if self.recognised.is_none() {
            self.recognised = Some(None);
            if let Some(r) = recognise::recognise(&*self.game, recognise::RECOGNISE_TO)? {
                let game: Rc<HeapGame> = Rc::new(TakeAndBreak::new(r.code.clone())?);
                let mut table = HeapTable::new(game);
                table.set_context(&self.cx);
                self.recognised = Some(Some((r, Box::new(table))));
            }
        }
        Ok(())
    }

    /// Whether the game, a black box, was recognised as a code some move of which splits a heap (looking for the
    /// code the first time).
    fn recognised_splits(&mut self) -> Result<bool> {
        if !self.game.black_box() {
            return Ok(false);
        }
        self.recognise_once()?;
        Ok(matches!(&self.recognised, Some(Some((r, _))) if r.code.max_heaps() >= 2))
    }

    /// The assumption answers rest on when heaps past the table were valued as the code the game was recognised
    /// as ([`HeapTable::value`]): one line for every answer it shapes.
    pub fn assumption(&self) -> Option<String> {
        if let Some(Some((r, _))) = &self.recognised {
            return Some(r.assumption(&self.game.name()));
        }
        let Some(Some((p, values))) = &self.observed else {
            return None;
        };
        Some(format!(
            "{} is answered past heap {} from the period observed on heaps 0..={} (preperiod {}, period {}{}), as asked: \
             an assumption, not a theorem",
            self.game.name(),
            values.len() - 1,
            values.len() - 1,
            p.preperiod,
            p.period,
            if p.saltus == 0 { String::new() } else { format!(", saltus {}", p.saltus) }
        ))
    }

    /// The value of heap `n` from a certified period, looking for one the first time (`None`: the game has none
    /// certified within [`PERIOD_SEARCH`] heaps).
    fn periodic_value(&mut self, n: u64) -> Result<Option<Nimber>> {
        self.certified_period()?;
        Ok(match &self.period {
            Some(Some(p)) => p.value(&self.period_values, n),
            _ => None,
        })
    }

    /// The game's certified period (saltus 0), looked for the first time this is asked (`None`: the game's code
    /// is not covered by the theorem of [`super::period`], or no period is certified within
    /// [`PERIOD_SEARCH`] heaps).
    pub fn certified_period(&mut self) -> Result<Option<&Periodicity>> {
        if self.period.is_none() {
            let certifiable = self.game.code().is_some_and(period::certifiable);
            self.period = Some(None);
            if certifiable {
                let what = format!("{}: looking for a certified period", self.game.name());
                let report = self.cx.wants_progress();
                // Within its own time budget too: a default that answers in seconds or says it could not.
                let budget = crate::solver::Limits {
                    deadline: Some(crate::solver::Deadline::after_seconds(
                        PERIOD_SEARCH_SECONDS,
                    )),
                    ..crate::solver::Limits::default()
                };
                let cx = &self.cx;
                let a = period::analyse_limited(
                    &*self.game,
                    PERIOD_SEARCH,
                    Engine::Auto,
                    1,
                    &budget,
                    &mut |n, _| {
                        if report {
                            cx.report(&what, n, PERIOD_SEARCH)
                        }
                    },
                );
                self.cx.report(&what, PERIOD_SEARCH, PERIOD_SEARCH);
                let a = match a {
                    // The search's own budget ran out: no period certified in reach (the caller then computes the
                    // heap directly where it can, and says so where it cannot).
                    Err(e)
                        if e.kind() == crate::ErrorKind::Limit
                            && budget.deadline.is_some_and(|d| d.remaining().is_zero()) =>
                    {
                        return Ok(None);
                    }
                    a => a?,
                };
                if let Some(p) = a.periodicity.filter(|p| p.certified && p.saltus == 0) {
                    self.period_values = a.values;
                    self.period = Some(Some(p));
                }
            }
        }
        Ok(self.period.as_ref().and_then(Option::as_ref))
    }

    /// Every move of a heap of `n` to a nim-value `target`: options listed one by one, and families of splits.
    ///
    /// Heaps up to [`HeapTable::families_from`], and games without a certified period, list every move (as
    /// [`HeapTable::options_with_value`]) and no family. Larger heaps of a game with a certified period use the
    /// families of the module docs, whatever their size. More than [`MAX_ALL_LISTED`] moves listed one by one is a
    /// limit error ([`HeapTable::winning_moves`] counts them instead).
    pub fn winning_options(
        &mut self,
        n: u64,
        target: Nimber,
    ) -> Result<(Vec<Vec<u64>>, Vec<MoveFamily>)> {
        let w = self.moves_to_value(n, target, MAX_ALL_LISTED)?;
        if w.unlisted > 0 {
            return Err(self.too_many(n, w.listed.len() as u64 + w.unlisted));
        }
        Ok((w.listed, w.families))
    }

    /// [`HeapTable::winning_options`] with at most [`MAX_LISTED_WINNING_MOVES`] moves listed one by one (see
    /// [`HeapTable::set_max_listed`]) and the others counted exactly: memory stays bounded whatever the number of
    /// moves.
    pub fn winning_moves(&mut self, n: u64, target: Nimber) -> Result<WinningOptions> {
        self.moves_to_value(n, target, self.max_listed)
    }

    fn too_many(&self, n: u64, count: u64) -> Error {
        Error::limit(format!(
            "{}: a heap of {n} has {count} such moves, more than the {MAX_ALL_LISTED} listed one by one",
            self.game.name()
        ))
    }

    /// The moves of a heap of `n` to `target`, at most `max_listed` listed one by one.
    fn moves_to_value(
        &mut self,
        n: u64,
        target: Nimber,
        max_listed: usize,
    ) -> Result<WinningOptions> {
        if let Some(mut found) = self.game.known_options_with_value(&n, target, &self.cx) {
            let unlisted = found.len().saturating_sub(max_listed) as u64;
            found.truncate(max_listed);
            return Ok(WinningOptions {
                listed: found,
                unlisted,
                families: Vec::new(),
            });
        }
        // A heap past the table of a game recognised as a code: the code's moves (in families for a huge heap),
        // under the assumption the value was found under.
        if (n > PERIOD_FROM || (n >= RECOGNISED_SPLITS_FROM && self.recognised_splits()?))
            && n as usize >= self.values.len()
            && self.recognised_value(n)?.is_some()
        {
            if let Some(Some((_, table))) = &mut self.recognised {
                return table.moves_to_value(n, target, max_listed);
            }
        }
        let huge = n > self.families_from && n > 0 && self.game.code().is_some();
        if huge {
            self.certified_period()?;
        }
        let (true, Some(code), Some(Some(p))) = (huge, self.game.code(), &self.period) else {
            let (listed, total) = self.listed_options(n, target, max_listed)?;
            return Ok(WinningOptions {
                unlisted: total - listed.len() as u64,
                listed,
                families: Vec::new(),
            });
        };
        let values = &self.period_values;
        let g = |x: u64| {
            p.value(values, x).ok_or_else(|| {
                Error::limit(format!(
                    "{}: no certified value for heap {x}",
                    self.game.name()
                ))
            })
        };
        let t = code.max_removed().unwrap_or(0).min(n);
        let e1 = p.preperiod.max(1);
        let mut out = WinningOptions::default();
        let mut list = |o: Vec<u64>| {
            if out.listed.len() < max_listed {
                out.listed.push(o);
            } else {
                out.unlisted += 1;
            }
        };
        let mut families = Vec::new();
        for j in 0..=t {
            let d = code.digit(j);
            let r = n - j;
            if d.allows(0) && r == 0 && target == 0 {
                list(Vec::new());
            }
            if j > 0 && r >= 1 && d.allows(1) && g(r)? == target {
                list(vec![r]);
            }
            if r < 2 || !d.allows(2) {
                continue;
            }
            if d.constraint(2) != Some(super::Constraint::Any) {
                return Err(Error::unsupported(format!(
                    "{}: the moves of a huge heap are listed in families only for splits with no constraint",
                    self.game.name()
                )));
            }
            let half = r / 2;
            for a in 1..e1.min(half + 1) {
                if g(a)? ^ g(r - a)? == target {
                    list(vec![a, r - a]);
                }
            }
            for c in 0..p.period {
                let a = e1 + c;
                if a > half {
                    break;
                }
                if g(a)? ^ g(r - a)? == target {
                    families.extend(MoveFamily::new(n, j, a, p.period, half, target));
                }
            }
        }
        out.families = families;
        Ok(out)
    }

    /// The options of a heap of `n` whose nim-value is `target`: all of them, or a limit error when there are more
    /// than [`MAX_ALL_LISTED`].
    pub fn options_with_value(&mut self, n: u64, target: Nimber) -> Result<Vec<Vec<u64>>> {
        if let Some(found) = self.game.known_options_with_value(&n, target, &self.cx) {
            return Ok(found);
        }
        let (listed, total) = self.listed_options(n, target, MAX_ALL_LISTED)?;
        if total > listed.len() as u64 {
            return Err(self.too_many(n, total));
        }
        Ok(listed)
    }

    /// The first `max_listed` options of a heap of `n` whose nim-value is `target` (in the order the rules give
    /// them), and how many there are in all. The options are streamed, never stored; more than the table's
    /// [`MAX_ENUMERATED_OPTIONS`] options (or a heap above [`MAX_LISTED_OPTIONS`]) is a limit error.
    fn listed_options(
        &mut self,
        n: u64,
        target: Nimber,
        max_listed: usize,
    ) -> Result<(Vec<Vec<u64>>, u64)> {
        // A code's heap of `n` has about `n` options or more; a game of its own rules lists its options itself
        // (a script's are bounded by its array size), and says whether a heap is too large to search.
        if self.game.code().is_none() {
            self.game.check_searchable(&n, &self.cx.limits)?;
        } else if n > MAX_LISTED_OPTIONS {
            return Err(Error::limit(format!(
                "{}: listing the moves from a heap of {n} would enumerate too many options (limit: heaps up to {MAX_LISTED_OPTIONS})",
                self.game.name()
            )));
        }
        self.value(n)?;
        for attempt in 0..2 {
            let mut listed = Vec::new();
            let mut total = 0u64;
            let mut enumerated = 0u64;
            let mut missing = false;
            let max = self.max_enumerated;
            let (game, values, reached, period, period_values, cx) = (
                &*self.game,
                &self.values,
                &self.reached,
                &self.period,
                &self.period_values,
                &self.cx,
            );
            let known = |h: u64| -> Option<Nimber> {
                if h == 0 {
                    return Some(0);
                }
                game.known_value(&h, cx)
                    .or_else(|| values.get(usize::try_from(h).ok()?).copied())
                    .or_else(|| reached.get(h))
                    .or_else(|| match period {
                        Some(Some(p)) => p.value(period_values, h),
                        _ => None,
                    })
            };
            let mut visit = |h: &[u64]| -> ControlFlow<()> {
                if missing || enumerated > max {
                    return ControlFlow::Break(()); // stopped already: the rules' enumeration cannot be cut short
                }
                enumerated += 1;
                if enumerated > max {
                    return ControlFlow::Break(());
                }
                let mut v = 0;
                for &x in h {
                    match known(x) {
                        Some(g) => v ^= g,
                        None => {
                            missing = true;
                            return ControlFlow::Break(());
                        }
                    }
                }
                if v == target {
                    if listed.len() < max_listed {
                        listed.push(h.to_vec());
                    }
                    total += 1;
                }
                ControlFlow::Continue(())
            };
            match game.code() {
                // A code's options can be cut short as soon as the budget is spent.
                Some(code) => {
                    let _ = code.try_for_each_option(n, &mut Vec::new(), |_, h| visit(h));
                }
                None => game.for_each_option(n, &mut |h| {
                    let _ = visit(h);
                })?,
            }
            if enumerated > max {
                return Err(Error::limit(format!(
                    "{}: a heap of {n} has more than {max} options, too many to count its moves to nim-value {target}",
                    game.name()
                )));
            }
            if !missing {
                return Ok((listed, total));
            }
            if attempt == 0 && n > 0 {
                self.value_options(n)?;
            }
        }
        Err(Error::limit(format!(
            "{}: some option of a heap of {n} has no value at hand",
            self.game.name()
        )))
    }
}

/// One heap of a heap game, as a component of a sum.
pub struct HeapComponent {
    table: Rc<RefCell<HeapTable>>,
    heap: u64,
}

impl HeapComponent {
    /// A heap of `heap` tokens, valued through `table` (share one table between the heaps of a game).
    pub fn new(table: Rc<RefCell<HeapTable>>, heap: u64) -> Self {
        HeapComponent { table, heap }
    }
}

impl Component for HeapComponent {
    fn game(&self) -> String {
        self.table.borrow().game.name()
    }
    fn position(&self) -> String {
        self.heap.to_string()
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        self.table.borrow_mut().value(self.heap)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        let mut t = self.table.borrow_mut();
        let opts = t.options_with_value(self.heap, target)?;
        Ok(self.listed(&t, opts, target))
    }
    fn moves_and_families_to(&mut self, target: Nimber) -> Result<(Vec<Move>, Vec<MoveFamily>)> {
        let mut t = self.table.borrow_mut();
        let (opts, families) = t.winning_options(self.heap, target)?;
        Ok((self.listed(&t, opts, target), families))
    }
    fn winning_moves_to(&mut self, target: Nimber) -> Result<ComponentMoves> {
        let mut t = self.table.borrow_mut();
        let w = t.winning_moves(self.heap, target)?;
        Ok(ComponentMoves {
            moves: self.listed(&t, w.listed, target),
            families: w.families,
            unlisted: w.unlisted,
        })
    }
}

impl HeapComponent {
    fn listed(&self, t: &HeapTable, opts: Vec<Vec<u64>>, target: Nimber) -> Vec<Move> {
        opts.into_iter()
            .map(|h| Move {
                description: t.game.describe_move(&self.heap, &h),
                result: if h.is_empty() {
                    "0".to_string()
                } else {
                    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
                },
                value_after: target,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::heap::{Code, TakeAndBreak};

    /// The divisor game (move to a proper divisor), counting the heaps whose options it lists.
    #[derive(Default)]
    struct Divisors {
        listed: std::cell::Cell<u64>,
    }

    impl crate::game::HeapFacts for Divisors {}

    impl crate::heap::HeapRules for Divisors {
        fn name(&self) -> String {
            "divisors".into()
        }
        fn options(&self, &n: &u64, out: &mut crate::game::Options<u64>) -> Result<()> {
            self.listed.set(self.listed.get() + 1);
            for d in (1..n).filter(|d| d * d <= n && n % d == 0) {
                crate::heap::leave(out, d);
                if n / d != d && n / d < n {
                    crate::heap::leave(out, n / d);
                }
            }
            Ok(())
        }
    }

    #[test]
    fn the_largest_heap_expected_is_valued_first_by_what_values_it() {
        // Heaps 5 and 10^6 of a divisor game, 5 asked first: 10^6 is valued by the search over its divisors,
        // and no table through the rules is computed up to it (which sizing the table by the largest heap did,
        // listing the options of a million heaps).
        let game = Rc::new(crate::heap::Heap(Divisors::default()));
        let mut table = HeapTable::new(game.clone());
        table.expect_heaps_up_to(1_000_000);
        let values = (table.value(5).unwrap(), table.value(1_000_000).unwrap());
        assert!(
            game.listed.get() < 1_000,
            "{} heaps listed",
            game.listed.get()
        );
        let mut fresh = HeapTable::new(Rc::new(crate::heap::Heap(Divisors::default())));
        assert_eq!(
            values,
            (fresh.value(5).unwrap(), fresh.value(1_000_000).unwrap())
        );
        // A game whose table values its largest heap: that table holds every heap asked, computed once.
        let code = Rc::new(crate::heap::TakeAndBreak::parse("0.137").unwrap());
        let mut table = HeapTable::new(code.clone());
        table.expect_heaps_up_to(300_000);
        table.value(7).unwrap();
        assert!(table.values.len() > 300_000, "{}", table.values.len());
    }

    /// The moves of heap `n` of `code` to `target`, counted by enumerating its options with the plain values.
    fn count_by_enumeration(code: &str, n: u64, target: Nimber) -> u64 {
        let c = Code::parse(code).unwrap();
        let v = code_sequence(&c, code, n, &mut |_| {}).unwrap();
        let mut count = 0;
        c.for_each_option(n, &mut vec![], |_, h| {
            if h.iter().fold(0, |x, &a| x ^ v[a as usize]) == target {
                count += 1;
            }
        });
        count
    }

    #[test]
    fn many_winning_moves_are_counted_not_held() {
        // 0.* (remove a token, leave any number of heaps) has thousands of moves to 0 from a heap of 31 (value 1):
        // with the listing bound lowered to 1000, 1000 are listed and the count is exact.
        let mut t = HeapTable::new(Rc::new(TakeAndBreak::parse("0.*").unwrap()));
        t.set_max_listed(1000);
        let w = t.winning_moves(31, 0).unwrap();
        let want = count_by_enumeration("0.*", 31, 0);
        assert!(want > 1000, "{want}");
        assert_eq!(w.listed.len(), 1000);
        assert_eq!(w.listed.len() as u64 + w.unlisted, want);
        assert!(w.families.is_empty());
        let v = code_sequence(&Code::parse("0.*").unwrap(), "0.*", 31, &mut |_| {}).unwrap();
        for o in &w.listed {
            assert_eq!(o.iter().fold(0, |x, &a| x ^ v[a as usize]), 0, "{o:?}");
        }
        // Listing them all is within MAX_ALL_LISTED here, and gives the same first ones.
        let all = t.options_with_value(31, 0).unwrap();
        assert_eq!(all.len() as u64, want);
        assert_eq!(all[..1000], w.listed[..]);
        // A budget of options too small to count them is a limit error, not a partial answer.
        t.set_max_enumerated(1000);
        let e = t.winning_moves(31, 0).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Limit);
        assert!(e.message().contains("more than 1000 options"), "{e}");
        assert!(t.options_with_value(31, 0).is_err());
        // Six heaps from a heap of 400 (0.&64;): far more options than the default budget, refused up front
        // rather than held in memory.
        let mut six = HeapTable::new(Rc::new(TakeAndBreak::parse("0.&64;").unwrap()));
        six.set_max_enumerated(100_000);
        let e = six.winning_moves(400, 0).unwrap_err();
        assert!(e.message().contains("more than 100000 options"), "{e}");
    }

    #[test]
    fn a_sum_counts_its_unlisted_winning_moves() {
        use crate::sum::analyse;
        let table = Rc::new(RefCell::new(HeapTable::new(Rc::new(
            TakeAndBreak::parse("0.*").unwrap(),
        ))));
        table.borrow_mut().set_max_listed(1000);
        let mut sum: Vec<Box<dyn Component>> =
            vec![Box::new(HeapComponent::new(table.clone(), 31))];
        let a = analyse(&mut sum).unwrap();
        let g = a.nim_value.unwrap();
        assert_ne!(g, 0);
        let want = count_by_enumeration("0.*", 31, 0);
        assert_eq!(a.winning_moves.len(), 1000);
        assert_eq!(a.unlisted_winning_moves.len(), 1);
        assert_eq!(a.unlisted_winning_moves[0].count, want - 1000);
        assert_eq!(a.winning_move_count(), want as u128);
    }

    #[test]
    fn huge_heaps_from_a_certified_period() {
        // Kayles 0.77: certified preperiod 71 and period 12, so G(10^12) = G(71 + (10^12 − 71) mod 12).
        let mut t = HeapTable::new(Rc::new(TakeAndBreak::parse("0.77").unwrap()));
        let v = code_sequence(&Code::parse("0.77").unwrap(), "0.77", 200, &mut |_| {}).unwrap();
        let n = 1_000_000_000_000u64;
        assert_eq!(t.value(n).unwrap(), v[(71 + (n - 71) % 12) as usize]);
        assert_eq!(
            t.value(n + 1).unwrap(),
            v[(71 + (n + 1 - 71) % 12) as usize]
        );
        assert_eq!(t.value(150).unwrap(), v[150]);
        // Grundy's game has no certified period: a huge heap is a limit error, not a guess.
        let mut g = HeapTable::new(Rc::new(TakeAndBreak::parse("4!.0").unwrap()));
        assert!(g.value(1 << 40).is_err());
    }
}
