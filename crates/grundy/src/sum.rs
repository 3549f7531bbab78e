//! Sums of positions of different games, and their analysis for people.
//!
//! A component is one position of some game, behind a trait object so that a sum can mix games: `kayles 5 7 +
//! nim 3 + 0.07 10` is four components of three games. Under normal play the nim-value of the sum is the nim-sum
//! of the components' values, and a move wins exactly when it changes one component `c` of value `v_c` into an
//! option of value `v_c ⊕ total` (then the new total is 0). [`crate::analysis::analyse`] returns every such move.
//!
//! A huge heap can have more winning moves than can be listed (a Kayles heap of 10^12 has about 10^11). A
//! component may then answer with [`MoveFamily`]s besides explicit [`Move`]s: a family is "take `j` tokens and
//! split the rest `r` into `a` and `r − a` for every `a = first, first + step, …, last`", an arithmetic progression
//! of moves that all lead to the same nim-value, stored in O(1) with its exact count (see
//! [`crate::heap::table`] for why the winning moves of a heap whose period is certified form such families).
//!
//! A heap of a code that leaves three or more heaps can have millions of winning moves with no such structure
//! (`0.*` from a heap of 81 has about 1.6·10^7): a heap lists at most
//! [`crate::heap::table::MAX_LISTED_WINNING_MOVES`] of them and counts the others exactly
//! ([`Analysis::unlisted_winning_moves`]), so memory stays bounded; when even counting would enumerate more than
//! [`crate::heap::table::MAX_ENUMERATED_OPTIONS`] options, the analysis is a limit error instead.
//!
//! The result types serialise with serde ([`serde::Serialize`]): an [`Analysis`] is the JSON object that
//! `grundy value … --json` prints under normal play, and its documentation is the one description of that schema
//! (`docs/json.md` shows it with an example).

use crate::error::Result;
use crate::game::Outcome;
use crate::nimber::Nimber;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// A move of one component, for people and for programs.
///
/// Serialises as `{"move": description, "result": …, "value_after": …}` (the keys of a winning move in
/// [`Analysis`]'s schema).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// In words: "split the heap of 7 into 1 and 6".
    #[serde(rename = "move")]
    pub description: String,
    /// The component's position after the move, as the game's syntax writes it (a sum may be `1 + 6`).
    pub result: String,
    /// The nim-value of the component after the move.
    pub value_after: Nimber,
}

/// A family of moves of one heap of `heap` tokens: remove `take` tokens and split the rest `heap − take` into `a`
/// and `heap − take − a`, for every `a = first, first + step, …, last` (`first ≤ last ≤ (heap − take)/2`, and
/// `step` divides `last − first`). Every member leads to a component of nim-value `value_after`.
///
/// Serialises as `{"move": describe(), "take", "rest": rest(), "first", "step", "last", "count", "value_after"}`:
/// the heap itself is `take + rest` (and is the component's `position` in a [`WinningMoveFamily`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveFamily {
    /// The size of the heap moved in (tokens), `take + rest`.
    pub heap: u64,
    /// How many tokens every move of the family removes before splitting the rest.
    pub take: u64,
    /// The smallest first part `a` of the split (at least 1).
    pub first: u64,
    /// The difference between consecutive first parts `a` (at least 1).
    pub step: u64,
    /// The largest first part `a` of the split (`first ≤ last ≤ (heap − take)/2`).
    pub last: u64,
    /// How many moves the family holds: `(last − first)/step + 1`.
    pub count: u64,
    /// The nim-value of the component after any move of the family.
    pub value_after: Nimber,
}

impl MoveFamily {
    /// The family `first, first + step, …` up to the largest member not above `bound`; `None` when it is empty
    /// (`first > bound`), `step` is 0, `first` is 0 (a split leaves two non-empty heaps) or `take > heap`. The
    /// count cannot overflow: it is at most `bound − first + 1 ≤ 2^64 − 1`.
    pub fn new(
        heap: u64,
        take: u64,
        first: u64,
        step: u64,
        bound: u64,
        value_after: Nimber,
    ) -> Option<Self> {
        if step == 0 || first == 0 || first > bound || take > heap {
            return None;
        }
        let count = (bound - first) / step + 1;
        Some(MoveFamily {
            heap,
            take,
            first,
            step,
            last: first + (count - 1) * step,
            count,
            value_after,
        })
    }
    /// The tokens left to split: `heap − take`.
    pub fn rest(&self) -> u64 {
        self.heap - self.take
    }
    /// The heaps left by the `i`-th member (0-based), smaller first; `None` past the last member.
    pub fn member(&self, i: u64) -> Option<[u64; 2]> {
        (i < self.count).then(|| {
            let a = self.first + i * self.step;
            [a, self.rest() - a]
        })
    }
    /// Every member, in increasing `a` (only for families small enough to list).
    pub fn members(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        (0..self.count).filter_map(|i| self.member(i))
    }
    /// In words: "take 2 from the heap of 10 and split the rest into a and 8 − a, for each a ≡ 1 (mod 3) with
    /// 1 ≤ a ≤ 4: 2 moves".
    pub fn describe(&self) -> String {
        let r = self.rest();
        let what = if self.take == 0 {
            format!("split the heap of {} into a and {r} − a", self.heap)
        } else {
            format!(
                "take {} from the heap of {} and split the rest into a and {r} − a",
                self.take, self.heap
            )
        };
        let moves = if self.count == 1 { "move" } else { "moves" };
        format!(
            "{what}, for each a ≡ {} (mod {}) with {} ≤ a ≤ {}: {} {moves}",
            self.first % self.step,
            self.step,
            self.first,
            self.last,
            self.count
        )
    }
}

impl Serialize for MoveFamily {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("MoveFamily", 8)?;
        st.serialize_field("move", &self.describe())?;
        st.serialize_field("take", &self.take)?;
        st.serialize_field("rest", &self.rest())?;
        st.serialize_field("first", &self.first)?;
        st.serialize_field("step", &self.step)?;
        st.serialize_field("last", &self.last)?;
        st.serialize_field("count", &self.count)?;
        st.serialize_field("value_after", &self.value_after)?;
        st.end()
    }
}

/// One position of some game, as a part of a sum: the library's own view, which [`crate::analysis`] builds for every
/// game from its one statement of the rules ([`crate::Game`]); games do not implement it.
pub(crate) trait Component {
    /// The game's name, e.g. `kayles`.
    fn game(&self) -> String;
    /// The position in the game's syntax, e.g. `7`.
    fn position(&self) -> String;
    /// The nim-value of this component.
    fn nim_value(&mut self) -> Result<Nimber>;
    /// Every move of this component to a position of nim-value `target`.
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>>;
    /// Every move of this component to a position of nim-value `target`, some of them grouped in families when
    /// there are too many to list one by one. The default lists them all ([`Component::moves_to`]) and no family.
    fn moves_and_families_to(&mut self, target: Nimber) -> Result<(Vec<Move>, Vec<MoveFamily>)> {
        Ok((self.moves_to(target)?, Vec::new()))
    }
    /// The moves of this component to a position of nim-value `target` as [`analyse`] reports them: some listed,
    /// some in families, and the rest only counted (a heap whose winning moves are too many to hold, see
    /// [`crate::heap::table::MAX_LISTED_WINNING_MOVES`]). The default is [`Component::moves_and_families_to`], with
    /// nothing left unlisted.
    fn winning_moves_to(&mut self, target: Nimber) -> Result<ComponentMoves> {
        let (moves, families) = self.moves_and_families_to(target)?;
        Ok(ComponentMoves {
            moves,
            families,
            unlisted: 0,
        })
    }
    /// The outcome of this component played alone. A game whose outcomes are known in closed form but whose
    /// nim-values are not (Fibonacci Nim) overrides this, so that a position standing alone is still answered.
    fn outcome_alone(&mut self) -> Result<Outcome> {
        Ok(Outcome::of_nim_value(self.nim_value()?))
    }
    /// When only the outcome of this component alone is asked: `Some` outcome found by a search that does not value
    /// the position (a win-loss search, [`crate::Solver::outcome_alone`]), or `None` when the component is answered
    /// from its nim-value (a closed form, a table: the default).
    fn outcome_searched(&mut self) -> Result<Option<Outcome>> {
        Ok(None)
    }
    /// The winning moves of this component alone after [`Component::outcome_searched`] found it an N-position:
    /// its moves to P-positions (`value_after` 0).
    fn winning_moves_searched(&mut self) -> Result<Vec<Move>> {
        self.moves_to(0)
    }
}

/// The moves of one component to one nim-value: listed, in families, and counted but not listed. Together they are
/// every such move, each exactly once.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ComponentMoves {
    /// The moves listed one by one.
    pub moves: Vec<Move>,
    /// The moves grouped as arithmetic families of splits of a heap (none of them also in `moves`).
    pub families: Vec<MoveFamily>,
    /// How many other moves there are (exact), neither listed nor in a family.
    pub unlisted: u64,
}

/// One part of an analysed sum. Serialises as `{"game", "position", "nim_value"}` (`nim_value` an integer or
/// `null`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PartValue {
    /// The game's name or code, as the sum was written (`kayles`, `0.77`).
    pub game: String,
    /// The position in the game's syntax (a heap size for heap games).
    pub position: String,
    /// `None` only for a position analysed alone by its outcome (a game whose outcome is known by rule but not its nim-value).
    pub nim_value: Option<Nimber>,
}

/// A winning move of a sum: which component, and the move. Serialises as `{"component", "game", "position"}`
/// together with the keys of the [`Move`] (`move`, `result`, `value_after`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct WinningMove {
    /// Index of the component in the sum (0-based).
    pub component: usize,
    /// The game of the component (as in [`PartValue::game`]).
    pub game: String,
    /// The component's position before the move, in the game's syntax.
    pub position: String,
    /// The move itself, and the component's position and nim-value after it.
    #[serde(flatten)]
    pub mv: Move,
}

/// A family of winning moves of a sum: which component, and the family of moves. Serialises as
/// `{"component", "game", "position"}` together with the keys of the [`MoveFamily`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct WinningMoveFamily {
    /// Index of the component in the sum (0-based).
    pub component: usize,
    /// The game of the component (as in [`PartValue::game`]).
    pub game: String,
    /// The component's position (the heap) before the moves, in the game's syntax.
    pub position: String,
    /// The family of moves of that heap, all to the same nim-value.
    #[serde(flatten)]
    pub family: MoveFamily,
}

/// Winning moves of one component that are counted but not listed (there are too many to hold). Serialises as
/// `{"component", "game", "position", "count"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct UnlistedWinningMoves {
    /// Index of the component in the sum (0-based).
    pub component: usize,
    /// The game of the component (as in [`PartValue::game`]).
    pub game: String,
    /// The component's position before the moves, in the game's syntax.
    pub position: String,
    /// How many (exact): winning moves of this component besides those in `winning_moves` and
    /// `winning_move_families`.
    pub count: u64,
}

/// The analysis of a sum under normal play.
///
/// # JSON
///
/// An `Analysis` serialises (serde, [`Serialize`]) as the object `grundy value … --json` prints under normal play;
/// `docs/json.md` has an example. Every key is always present:
///
/// - `nim_value` (integer or `null`): [`Analysis::nim_value`], the nim-value of the sum (the XOR of the parts');
///   `null` only for a single position whose outcome is known but not its nim-value.
/// - `outcome` (`"P"` or `"N"`): [`Analysis::outcome`]; `"P"` when the player to move loses, `"N"` when they win.
/// - `parts` (array of objects): [`Analysis::parts`], in the order of the sum, each with `game` (string, the game's
///   name or code), `position` (string, in the game's syntax) and `nim_value` (integer, or `null` as above).
/// - `winning_moves` (array of objects): [`Analysis::winning_moves`], the winning moves listed one by one, each with
///   `component` (integer, the 0-based index of the part in `parts`), `game` and `position` (strings, that part's),
///   `move` (string, the move in words), `result` (string, the part's position after the move: `1 + 6` for a split,
///   `0` for an emptied heap) and `value_after` (integer, the part's nim-value after the move).
/// - `winning_move_families` (array of objects): [`Analysis::winning_move_families`], the other winning moves of a
///   huge heap, grouped as "take `take` from the heap and split the rest `rest` into `a` and `rest − a`, for each
///   `a = first, first + step, …, last`". Each has `component`, `game` and `position` (as in `winning_moves`),
///   `move` (string, the family in words), the integers `take`, `rest`, `first`, `step` and `last`, `count`
///   (integer, the exact number of moves: `(last − first)/step + 1`) and `value_after` (integer, the part's
///   nim-value after any of them).
/// - `unlisted_winning_moves` (array of objects): [`Analysis::unlisted_winning_moves`], winning moves counted but
///   not listed, each with `component`, `game` and `position` (as in `winning_moves`) and `count` (integer, exact).
/// - `winning_move_count` (integer, or string): [`Analysis::winning_move_count`], every winning move (listed, in
///   families, and unlisted); a decimal string when it is above 2^64 − 1.
/// - `winning_moves_stopped` (string, only when a limit stopped the listing): [`Analysis::moves_stopped`]'s message.
///
/// The three lists of moves are all empty exactly for a P-position, and no move is in two of them. Integers are
/// unsigned and below 2^64. (`serde_json::to_value` sorts the keys of every object, as the command prints them.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Each component's game, position and nim-value, in the order of the sum.
    pub parts: Vec<PartValue>,
    /// The nim-value of the sum; `None` only when a single component's outcome is known but not its nim-value.
    pub nim_value: Option<Nimber>,
    /// `P` when the player to move loses (nim-value 0), `N` when they win.
    pub outcome: Outcome,
    /// The winning moves listed one by one.
    pub winning_moves: Vec<WinningMove>,
    /// The other winning moves, in families (empty unless some component has too many moves to list: a heap
    /// above [`crate::heap::table::HeapTable::families_from`]). A family never repeats a move of `winning_moves`,
    /// and `winning_moves`, `winning_move_families` and `unlisted_winning_moves` are all empty exactly for a
    /// P-position.
    pub winning_move_families: Vec<WinningMoveFamily>,
    /// Winning moves counted exactly but not listed, per component (a heap lists at most
    /// [`crate::heap::table::MAX_LISTED_WINNING_MOVES`] of its winning moves one by one).
    pub unlisted_winning_moves: Vec<UnlistedWinningMoves>,
    /// The notes of the sum's games, one line each ([`crate::parts::Sum::notes`]): what an answer rests on beyond
    /// the rules, such as a script answered as the code it was recognised as
    /// ([`crate::heap::table::HeapTable::assumption`]). Serialised only when there is one.
    pub notes: Vec<String>,
    /// The limit (the time, the memory) that stopped the listing of the winning moves after the values and the
    /// outcome were found: the moves listed until then are kept, and [`Analysis::winning_move_count`] counts only
    /// them. `None` when every winning move was listed (or counted). Serialised as `winning_moves_stopped`, the
    /// error's message, only when there is one.
    pub moves_stopped: Option<crate::Error>,
}

impl Analysis {
    /// How many winning moves there are in all (exact): those listed, every family's count, and those counted but
    /// not listed.
    pub fn winning_move_count(&self) -> u128 {
        self.winning_moves.len() as u128
            + self
                .winning_move_families
                .iter()
                .map(|f| f.family.count as u128)
                .sum::<u128>()
            + self
                .unlisted_winning_moves
                .iter()
                .map(|u| u.count as u128)
                .sum::<u128>()
    }
}

impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("Analysis", 8)?;
        st.serialize_field("nim_value", &self.nim_value)?;
        st.serialize_field("outcome", &self.outcome)?;
        st.serialize_field("parts", &self.parts)?;
        st.serialize_field("winning_moves", &self.winning_moves)?;
        st.serialize_field("winning_move_families", &self.winning_move_families)?;
        st.serialize_field("unlisted_winning_moves", &self.unlisted_winning_moves)?;
        st.serialize_field("winning_move_count", &Count(self.winning_move_count()))?;
        if !self.notes.is_empty() {
            st.serialize_field("notes", &self.notes)?;
        }
        if let Some(e) = &self.moves_stopped {
            st.serialize_field("winning_moves_stopped", &e.to_string())?;
        }
        st.end()
    }
}

/// A count that serialises as an integer up to 2^64 − 1 and as a decimal string beyond (where JSON readers lose
/// precision, and `serde_json` has no number for it).
struct Count(u128);

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(n) => serializer.serialize_u64(n),
            Err(_) => serializer.collect_str(&self.0),
        }
    }
}

/// [`analyse_with`] with the moves (the tests' short form).
#[cfg(test)]
pub(crate) fn analyse(components: &mut [Box<dyn Component>]) -> Result<Analysis> {
    analyse_with(components, true, &crate::Limits::default())
}

/// Values every component, nim-sums them, and lists every winning move when `moves` is true (when it is false, the
/// three lists of moves are empty whatever the outcome: only the values and the outcome are computed).
///
/// A single component whose nim-value is not known (an [`ErrorKind::Unsupported`](crate::ErrorKind) error) but
/// whose outcome is, is answered by its outcome and (with `moves`) its moves to P-positions, with no nim-value.
///
/// The deadline of `limits` is looked at before each component's moves are listed (every few while they list fast):
/// when it has passed (or another limit stops a component's listing), the moves listed so far are kept and
/// [`Analysis::moves_stopped`] says why.
pub(crate) fn analyse_with(
    components: &mut [Box<dyn Component>],
    moves: bool,
    limits: &crate::Limits,
) -> Result<Analysis> {
    if let [c] = components {
        if let Err(e) = c.nim_value() {
            if e.kind() != crate::ErrorKind::Unsupported {
                return Err(e);
            }
            let outcome = c.outcome_alone().map_err(|_| e)?;
            return answered_alone(&mut **c, outcome, moves, |c| c.moves_to(0));
        }
    }
    let mut parts = Vec::with_capacity(components.len());
    let mut values = Vec::with_capacity(components.len());
    let mut total = 0;
    for c in components.iter_mut() {
        let v = c.nim_value()?;
        total ^= v;
        values.push(v);
        parts.push(PartValue {
            game: c.game(),
            position: c.position(),
            nim_value: Some(v),
        });
    }
    let mut a = Analysis {
        parts,
        nim_value: Some(total),
        outcome: Outcome::of_nim_value(total),
        winning_moves: Vec::new(),
        winning_move_families: Vec::new(),
        unlisted_winning_moves: Vec::new(),
        notes: Vec::new(),
        moves_stopped: None,
    };
    if total != 0 && moves {
        list_winning_moves(components, &values, limits, &mut a)?;
    }
    Ok(a)
}

/// The analysis of one component answered by its `outcome` alone, with no nim-value: with `moves`, an N-position's
/// winning moves are what `list` gives (its moves to P-positions); a limit met while listing them ends the listing,
/// not the answer ([`Analysis::moves_stopped`]), as in [`analyse_with`].
fn answered_alone(
    c: &mut dyn Component,
    outcome: Outcome,
    moves: bool,
    list: impl FnOnce(&mut dyn Component) -> Result<Vec<Move>>,
) -> Result<Analysis> {
    let (game, position) = (c.game(), c.position());
    let mut a = Analysis {
        parts: vec![PartValue {
            game: game.clone(),
            position: position.clone(),
            nim_value: None,
        }],
        nim_value: None,
        outcome,
        winning_moves: Vec::new(),
        winning_move_families: Vec::new(),
        unlisted_winning_moves: Vec::new(),
        notes: Vec::new(),
        moves_stopped: None,
    };
    if outcome == Outcome::N && moves {
        match list(c) {
            Ok(found) => {
                a.winning_moves = found
                    .into_iter()
                    .map(|mv| WinningMove {
                        component: 0,
                        game: game.clone(),
                        position: position.clone(),
                        mv,
                    })
                    .collect();
            }
            Err(e) if e.kind() == crate::ErrorKind::Limit => a.moves_stopped = Some(e),
            Err(e) => return Err(e),
        }
    }
    Ok(a)
}

/// [`analyse_with`] when only the outcome is asked: a component alone that a search can settle without its
/// nim-value ([`Component::outcome_searched`]) is answered so (its nim-value `None`, its winning moves its moves to
/// P-positions, a limit met while listing them ends the listing as in [`analyse_with`]); anything else is
/// [`analyse_with`].
pub(crate) fn analyse_outcome(
    components: &mut [Box<dyn Component>],
    moves: bool,
    limits: &crate::Limits,
) -> Result<Analysis> {
    if let [c] = components {
        if let Some(outcome) = c.outcome_searched()? {
            return answered_alone(&mut **c, outcome, moves, |c| c.winning_moves_searched());
        }
    }
    analyse_with(components, moves, limits)
}

/// Lists into `a` the winning moves of each component (of nim-value `values[i]`) to the value that makes the
/// nim-sum 0, component by component; a limit met on the way (the deadline, looked at before each component or, while they list fast, every few) ends
/// the listing with what was listed so far, and [`Analysis::moves_stopped`] says why.
fn list_winning_moves(
    components: &mut [Box<dyn Component>],
    values: &[Nimber],
    limits: &crate::Limits,
    a: &mut Analysis,
) -> Result<()> {
    let total = values.iter().fold(0, |x, v| x ^ v);
    // The clock is read before a part when `stride` parts have been listed since it was last read: the stride
    // doubles (to 64) while parts list in under 50 µs each (10^6 Nim heaps) and falls back to 1 when one takes
    // longer (a sum of large Kayles rows), so the listing overruns its deadline by at most one part.
    let (mut stride, mut since, mut last) = (1usize, 0usize, crate::clock::Instant::now());
    for (i, c) in components.iter_mut().enumerate() {
        since += 1;
        let check = if since >= stride {
            let now = crate::clock::Instant::now();
            let per_part = now.duration_since(last) / since as u32;
            stride = if per_part < std::time::Duration::from_micros(50) {
                (stride * 2).min(64)
            } else {
                1
            };
            (since, last) = (0, now);
            limits.check_time()
        } else {
            Ok(())
        };
        let ComponentMoves {
            moves,
            families,
            unlisted,
        } = match check.and_then(|()| c.winning_moves_to(values[i] ^ total)) {
            Ok(m) => m,
            // The values and the outcome are known: a limit met while listing the moves (a sum of 10^5 Kayles
            // rows of 10^6, each with half a million options to read) ends the listing, not the answer.
            Err(e) if e.kind() == crate::ErrorKind::Limit => {
                a.moves_stopped = Some(e);
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        let (game, position) = (&a.parts[i].game, &a.parts[i].position);
        if unlisted > 0 {
            a.unlisted_winning_moves.push(UnlistedWinningMoves {
                component: i,
                game: game.clone(),
                position: position.clone(),
                count: unlisted,
            });
        }
        for mv in moves {
            a.winning_moves.push(WinningMove {
                component: i,
                game: game.clone(),
                position: position.clone(),
                mv,
            });
        }
        for family in families {
            a.winning_move_families.push(WinningMoveFamily {
                component: i,
                game: game.clone(),
                position: position.clone(),
                family,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_families_count_and_describe_their_members() {
        // Heap 20, take 2, rest 18: a ≡ 1 (mod 3) with 4 ≤ a ≤ 9 is a = 4, 7.
        let f = MoveFamily::new(20, 2, 4, 3, 9, 0).unwrap();
        assert_eq!((f.rest(), f.last, f.count), (18, 7, 2));
        assert_eq!(f.members().collect::<Vec<_>>(), vec![[4, 14], [7, 11]]);
        assert_eq!(f.member(2), None);
        assert_eq!(
            f.describe(),
            "take 2 from the heap of 20 and split the rest into a and 18 − a, for each a ≡ 1 (mod 3) with 4 ≤ a ≤ 7: 2 moves"
        );
        let one = MoveFamily::new(10, 0, 5, 12, 5, 3).unwrap();
        assert_eq!(
            one.describe(),
            "split the heap of 10 into a and 10 − a, for each a ≡ 5 (mod 12) with 5 ≤ a ≤ 5: 1 move"
        );
        assert_eq!(MoveFamily::new(10, 0, 6, 12, 5, 0), None);
        assert_eq!(MoveFamily::new(10, 0, 1, 0, 5, 0), None);
        assert_eq!(MoveFamily::new(10, 0, 0, 1, 5, 0), None);
        // Counts near 2^64 are exact.
        let big = MoveFamily::new(u64::MAX, 1, 1, 1, (u64::MAX - 1) / 2, 0).unwrap();
        assert_eq!(big.count, (u64::MAX - 1) / 2);
    }

    /// The normal-play analysis of `groups` (each a game and its positions), as `grundy value` makes it.
    fn analysed(groups: &[(&str, &[&str])]) -> Analysis {
        let mut sum = crate::analysis::Sum::new();
        for (game, pos) in groups {
            let pos: Vec<String> = pos.iter().map(|p| p.to_string()).collect();
            crate::games::lookup(game)
                .unwrap()
                .add_to(&mut sum, &pos)
                .unwrap();
        }
        match crate::analysis::analyse(
            &mut sum,
            crate::analysis::Convention::Normal,
            &Default::default(),
        ) {
            Ok(crate::analysis::Report::Normal(a)) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_analysis_serialises_as_the_documented_json() {
        // Kayles 5, 7 and nim 3: nim-values 4, 2, 3 (Kayles: 0 1 2 3 1 4 3 2 …), nim-sum 5. Kayles 5 must go to
        // 4 ⊕ 5 = 1: taking 1 leaves 4 (value 1), while 1 + 3, 2 + 2, 3 and 1 + 2 have values 2, 0, 3, 3. Kayles 7
        // must go to 2 ⊕ 5 = 7, which no option of it has (heaps of at most 6 have values at most 4, and no two
        // of them with at most 6 tokens in all XOR to 7), and nim 3 cannot go to 6: one winning move.
        let a = analysed(&[("kayles", &["5", "7"]), ("nim", &["3"])]);
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::json!({
                "nim_value": 5,
                "outcome": "N",
                "parts": [
                    {"game": "kayles", "position": "5", "nim_value": 4},
                    {"game": "kayles", "position": "7", "nim_value": 2},
                    {"game": "nim", "position": "3", "nim_value": 3},
                ],
                "winning_moves": [{
                    "component": 0,
                    "game": "kayles",
                    "position": "5",
                    "move": "take 1 from the heap of 5, leaving 4",
                    "result": "4",
                    "value_after": 1,
                }],
                "winning_move_families": [],
                "unlisted_winning_moves": [],
                "winning_move_count": 1,
            })
        );
        // A P-position: nim 1 2 3 has nim-sum 0 and every list empty.
        let p = analysed(&[("nim", &["1", "2", "3"])]);
        let j = serde_json::to_value(&p).unwrap();
        assert_eq!((&j["nim_value"], &j["outcome"]), (&0.into(), &"P".into()));
        for k in [
            "winning_moves",
            "winning_move_families",
            "unlisted_winning_moves",
        ] {
            assert_eq!(j[k], serde_json::json!([]), "{k}");
        }
        assert_eq!(j["winning_move_count"], 0);
        // The keys are sorted, as the command prints them.
        assert_eq!(
            serde_json::to_string(&j).unwrap(),
            r#"{"nim_value":0,"outcome":"P","parts":[{"game":"nim","nim_value":1,"position":"1"},{"game":"nim","nim_value":2,"position":"2"},{"game":"nim","nim_value":3,"position":"3"}],"unlisted_winning_moves":[],"winning_move_count":0,"winning_move_families":[],"winning_moves":[]}"#
        );
    }

    #[test]
    fn families_unlisted_moves_and_huge_counts_serialise_as_documented() {
        let family = MoveFamily::new(20, 2, 4, 3, 9, 6).unwrap();
        let w = WinningMoveFamily {
            component: 1,
            game: "kayles".into(),
            position: "20".into(),
            family: family.clone(),
        };
        let family_json = serde_json::json!({
            "move": "take 2 from the heap of 20 and split the rest into a and 18 − a, for each a ≡ 1 (mod 3) with 4 ≤ a ≤ 7: 2 moves",
            "take": 2,
            "rest": 18,
            "first": 4,
            "step": 3,
            "last": 7,
            "count": 2,
            "value_after": 6,
        });
        assert_eq!(serde_json::to_value(&family).unwrap(), family_json);
        let mut winning = family_json.clone();
        winning["component"] = 1.into();
        winning["game"] = "kayles".into();
        winning["position"] = "20".into();
        assert_eq!(serde_json::to_value(&w).unwrap(), winning);
        let u = UnlistedWinningMoves {
            component: 0,
            game: "0.*".into(),
            position: "81".into(),
            count: 16_000_000,
        };
        assert_eq!(
            serde_json::to_value(&u).unwrap(),
            serde_json::json!({"component": 0, "game": "0.*", "position": "81", "count": 16_000_000})
        );
        // Two families of 2^63 − 1 moves and 16000000 unlisted ones, and one move listed: the count is a string.
        let half = MoveFamily::new(u64::MAX, 1, 1, 1, u64::MAX / 2, 0).unwrap();
        assert_eq!(half.count, (1 << 63) - 1);
        let mut a = Analysis {
            parts: vec![PartValue {
                game: "kayles".into(),
                position: u64::MAX.to_string(),
                nim_value: None,
            }],
            nim_value: None,
            outcome: Outcome::N,
            winning_moves: vec![WinningMove {
                component: 0,
                game: "kayles".into(),
                position: u64::MAX.to_string(),
                mv: Move {
                    description: "take 1".into(),
                    result: "18446744073709551614".into(),
                    value_after: 0,
                },
            }],
            winning_move_families: vec![w.clone(), w],
            unlisted_winning_moves: vec![u],
            notes: Vec::new(),
            moves_stopped: None,
        };
        for f in &mut a.winning_move_families {
            f.family = half.clone();
        }
        let j = serde_json::to_value(&a).unwrap();
        assert_eq!(j["winning_move_count"], "18446744073725551615");
        assert_eq!(a.winning_move_count(), 18_446_744_073_725_551_615);
        assert_eq!(
            (&j["nim_value"], &j["parts"][0]["nim_value"]),
            (&serde_json::Value::Null, &serde_json::Value::Null)
        );
        assert_eq!(
            j["winning_moves"][0],
            serde_json::json!({
                "component": 0,
                "game": "kayles",
                "position": "18446744073709551615",
                "move": "take 1",
                "result": "18446744073709551614",
                "value_after": 0,
            })
        );
        // Exactly 2^64 − 1 is still an integer.
        a.unlisted_winning_moves[0].count = 0;
        assert_eq!(a.winning_move_count(), u64::MAX as u128);
        assert_eq!(
            serde_json::to_value(&a).unwrap()["winning_move_count"],
            u64::MAX
        );
        for (o, letter) in [(Outcome::P, "P"), (Outcome::N, "N"), (Outcome::D, "D")] {
            assert_eq!(serde_json::to_value(o).unwrap(), letter);
        }
    }
}
