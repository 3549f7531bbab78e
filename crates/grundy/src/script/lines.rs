//! A line of a tuple script recognised as a take-and-break code: the positions `(1, x)` of a game of two numbers
//! whose options from `(1, x)` are sums of positions `(1, y)` (every number fixed but one) are a heap game of their
//! own, and when its options on `x = 0..=N` are exactly a code's ([`crate::heap::recognise`]), the code's proved
//! results answer for the line's positions far along it.
//!
//! A Funny Game (POJ 2484) written as a pair `(c, n)`, a circle (`c = 0`) or a row (`c = 1`) of `n` coins, is the
//! example: the rows are Kayles (`0.77`), so the circle of 10^6 coins, whose options are two rows, is answered at
//! once, where valuing the rows through the script costs the square of their length.
//!
//! **What it rests on.** As for a one-number script ([`crate::heap::table::HeapTable`]), recognition never claims a
//! code the options disagree with on the heaps read; past them it is an assumption that the rule does not change,
//! stated with every answer it shapes ([`Lines::assumptions`]), so it is used only by analyses that state their
//! notes ([`crate::Context::states_notes`]: `value`, not a table or a sequence), and only where computing is out of
//! reach: for a position with a number of at least [`LINE_FROM`] (the point from which a one-number script
//! recognised as a splitting code is answered as that code), along that number's line.

use super::games::ListGame;
use super::tuple::Flat;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::{Game, Options};
use crate::heap::recognise::{self, Recognised};
use crate::heap::table::{HeapTable, RECOGNISED_SPLITS_FROM};
use crate::heap::{HeapGame, TakeAndBreak};
use crate::Nimber;
use std::cell::RefCell;
use std::rc::Rc;

/// The smallest number of a position whose line is looked at.
pub(super) const LINE_FROM: u64 = RECOGNISED_SPLITS_FROM;

/// The most lines one game reads (each costs up to the options of 1,025 positions): a game whose positions far out
/// lie on many different lines is not read line after line.
const MAX_LINES: usize = 8;

/// One line read: where it lies, and the code it was recognised as (with that code's table), if any.
struct Read {
    /// The free number's index.
    axis: usize,
    /// The position's numbers, 0 at `axis`.
    fixed: Vec<u64>,
    found: Option<(Recognised, HeapTable)>,
    /// Whether an answer was taken from it (its assumption is then stated).
    used: bool,
}

/// The lines a tuple script's positions were looked up on.
#[derive(Default)]
pub(super) struct Lines {
    read: Vec<Read>,
}

impl Lines {
    /// The assumptions the answers taken from recognised lines rest on, one line each.
    pub(super) fn assumptions(&self, game: &str) -> Vec<String> {
        self.read
            .iter()
            .filter(|r| r.used)
            .filter_map(|r| {
                let (rec, _) = r.found.as_ref()?;
                Some(rec.assumption(&line_name(game, &r.fixed, r.axis)))
            })
            .collect()
    }
}

/// `circle (1, x)`: the game's name and the line's numbers, `x` the free one.
fn line_name(game: &str, fixed: &[u64], axis: usize) -> String {
    let words: Vec<String> = fixed
        .iter()
        .enumerate()
        .map(|(i, v)| if i == axis { "x".into() } else { v.to_string() })
        .collect();
    format!("{game} ({})", words.join(", "))
}

/// The line of `game` through `fixed` along `axis`, as a heap game: heap `x` is the position with `x` at `axis`.
/// An option with a position off the line is given as a move that adds tokens, which no code has, so that the
/// line is not recognised.
struct LineView<'a> {
    game: &'a ListGame,
    fixed: Vec<u64>,
    axis: usize,
    flat: RefCell<Flat>,
    opts: RefCell<Options<Vec<u64>>>,
}

impl Game for LineView<'_> {
    type Position = u64;
    fn name(&self) -> String {
        line_name(&self.game.name(), &self.fixed, self.axis)
    }
    fn options(&self, x: &u64, out: &mut Options<u64>) -> Result<()> {
        let mut q = self.fixed.clone();
        q[self.axis] = *x;
        let mut flat = self.flat.borrow_mut();
        if !self.game.expand(&q, &mut flat, &mut self.opts.borrow_mut()) {
            return Err(Error::input(format!(
                "{}: the options of x = {x} were not read",
                self.name()
            )));
        }
        let mut heaps = Vec::new();
        for o in 0..flat.opt_ends.len() {
            heaps.clear();
            for p in flat.option(o) {
                let pos = flat.position(p);
                let on = pos.len() == self.fixed.len()
                    && pos
                        .iter()
                        .zip(&self.fixed)
                        .enumerate()
                        .all(|(i, (a, b))| i == self.axis || a == b);
                if !on {
                    heaps.clear();
                    heaps.push(x.saturating_add(1));
                    break;
                }
                heaps.push(pos[self.axis]);
            }
            out.push(heaps.iter().copied());
        }
        Ok(())
    }
}

impl ListGame {
    /// The value of the tuple `q` from a recognised line through it: a line read already, or one along a number of
    /// `q` of at least [`LINE_FROM`] (read now); `None` when no such line is recognised.
    pub(super) fn line_value(&self, q: &[u64], cx: &Context) -> Option<Nimber> {
        if !cx.states_notes() {
            // No note would say what the answer rests on (a table, a sequence): computed, or refused.
            return None;
        }
        // On a line recognised already, at any x: up to the heaps read the code's options are the script's, so its
        // values are too; past them the same assumption as far out (the winning moves of a position far out are
        // sums of positions anywhere on the line).
        {
            let mut lines = self.lines.borrow_mut();
            let on = lines.read.iter_mut().find(|r| {
                r.found.is_some()
                    && r.fixed.len() == q.len()
                    && (0..q.len()).all(|i| i == r.axis || q[i] == r.fixed[i])
            });
            if let Some(read) = on {
                if let Some((_, table)) = read.found.as_mut() {
                    if let Ok(v) = table.value(q[read.axis]) {
                        read.used |= q[read.axis] > read.found.as_ref().map_or(0, |(r, _)| r.to);
                        return Some(v);
                    }
                }
            }
        }
        for (axis, &x) in q.iter().enumerate() {
            if x < LINE_FROM {
                continue;
            }
            let mut fixed = q.to_vec();
            fixed[axis] = 0;
            let at = self.line_read(axis, fixed, cx)?;
            let mut lines = self.lines.borrow_mut();
            let read = &mut lines.read[at];
            if let Some((_, table)) = read.found.as_mut() {
                if let Ok(v) = table.value(x) {
                    read.used = true;
                    return Some(v);
                }
            }
        }
        None
    }

    /// The index of the line through `fixed` along `axis` among those read, reading it now if it was not (`None`
    /// past [`MAX_LINES`] lines).
    fn line_read(&self, axis: usize, fixed: Vec<u64>, cx: &Context) -> Option<usize> {
        if let Some(i) = self
            .lines
            .borrow()
            .read
            .iter()
            .position(|r| r.axis == axis && r.fixed == fixed)
        {
            return Some(i);
        }
        if self.lines.borrow().read.len() >= MAX_LINES {
            return None;
        }
        let view = LineView {
            game: self,
            fixed: fixed.clone(),
            axis,
            flat: RefCell::default(),
            opts: RefCell::default(),
        };
        // An error of the script on the line (a position it refuses) leaves the line unrecognised: the search
        // meets the error where it matters.
        let found = recognise::recognise(&view, recognise::RECOGNISE_TO)
            .ok()
            .flatten()
            .and_then(|r| {
                let game: Rc<HeapGame> = Rc::new(TakeAndBreak::new(r.code.clone()).ok()?);
                let mut table = HeapTable::new(game);
                table.set_context(cx);
                Some((r, table))
            });
        let mut lines = self.lines.borrow_mut();
        lines.read.push(Read {
            axis,
            fixed,
            found,
            used: false,
        });
        Some(lines.read.len() - 1)
    }
}
