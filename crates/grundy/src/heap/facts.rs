//! Facts about a heap game's moves that a theorem relies on, read off the game's own options.
//!
//! Several theorems the analyses apply hold only for games of a certain shape: the SJ theorem of misère play (and
//! misère Nim's rule) needs a game no move of which splits a heap, and a heap of nim-value 0 with no moves. A game
//! may *state* such a fact ([`crate::HeapFacts::splits`]), but no analysis takes a statement, or its absence, on trust: the fact
//! is read here off the options of the heaps the answer depends on (every heap up to the largest one of the sum,
//! since a move from a smaller heap can be reached in play), and a statement that the options contradict is an error
//! that names the first heap where it fails. A scan that would cost more than [`SCAN_BUDGET`] options gives no
//! answer (`None`), and the theorem is then not applied: the analysis searches instead.
//!
//! Where each fact comes from, for each theorem the library applies:
//! - **SJ theorem** ([`crate::misere::sj_outcome`]): "no move splits a heap" from [`splits_up_to`] on heaps
//!   `1..=max`; "every non-empty heap has a non-zero nim-value" from the computed sequence.
//! - **Misère Nim's rule**: the game's proved closed form `G(n) = n` ([`crate::HeapFacts::period`]) and "no move splits a heap"
//!   from [`splits_up_to`] on the heaps it can scan (a heap of 10^18 is taken on the closed form's proof).
//! - **Guy–Smith theorem and the subtraction certificate** ([`super::period`]): the take-and-break code, which is the
//!   statement of the moves themselves (the options are generated from it), so nothing is assumed past it.
//! - **The misère quotient's periodicity certificate** ([`crate::misere::quotient::octal_reach`]): the longest move
//!   `k` and the octal shape, both read off the code's digits; a game without a code is never certified.
//! - **A game's own convention** ([`Game::play`](crate::Game::play)): stated by the game (a script's `PLAY`, Python's
//!   `play=`), and honoured by every analysis ([`crate::analysis::Sum::own_play`]).

use super::HeapGame;
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::game::Options;

/// The most options [`splits_up_to`] lists before it gives up (`None`: not known within the budget).
pub const SCAN_BUDGET: u64 = 20_000_000;

/// Whether some move from a heap of `1..=max` leaves two or more heaps, read off [`Game::options`](crate::Game::options):
/// `Some(true)` at the first such option, `Some(false)` when no heap up to `max` has one, `None` when the scan would
/// list more than [`SCAN_BUDGET`] options. A heap 0 that has an option (a move that leaves nothing from nothing) counts
/// as a shape the theorems do not cover, as a split does. When the game states that no move splits
/// ([`crate::HeapFacts::splits`] is `Some(false)`) and the options show a split, the answer is an error naming
/// the heap and the option.
pub fn splits_up_to(game: &HeapGame, max: u64) -> Result<Option<bool>> {
    let stated = game.splits();
    let mut out = Options::new();
    let mut listed: u64 = 0;
    for n in 0..=max {
        out.clear();
        game.options(&n, &mut out)?;
        listed += out.len() as u64;
        let found = if n == 0 {
            (!out.is_empty()).then(Vec::new)
        } else {
            out.iter().find(|o| o.len() >= 2).map(<[u64]>::to_vec)
        };
        if let Some(o) = found {
            if stated == Some(false) {
                return Err(Error::input(format!(
                    "{}: the game states that no move splits a heap, but the heap of {n} has the option {}",
                    game.name(),
                    show_option(&o)
                )));
            }
            return Ok(Some(true));
        }
        if listed > SCAN_BUDGET {
            return Ok(None);
        }
    }
    Ok(Some(false))
}

/// [`splits_up_to`] as the theorems read it: `true` only when no move from a heap up to `max` splits (and heap 0 has
/// no move), as read off the options; a scan over its budget is `false` (the theorem is not applied).
pub fn never_splits_up_to(game: &HeapGame, max: u64) -> Result<bool> {
    Ok(splits_up_to(game, max)? == Some(false))
}

/// An option as the messages write it: `1 + 6`, or `nothing` for the empty sum.
fn show_option(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "nothing (a move from the empty heap)".to_string();
    }
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}
