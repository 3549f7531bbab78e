//! The catalog: every game `grundy` knows by name, one module per game, each with its rules, its closed form
//! where one is proved, and the argument for it.
//!
//! A game is looked up by a *spec*: a name (`kayles`), a take-and-break code (`0.77`, `4!.0`), or a parametrised
//! form (`subtraction:1,3,4`, `allbut:1,2`, `bash:3`, `constrained:3,14`). Games whose positions are not heaps have
//! their own syntax (`fibonacci-nim STONES [MAX]`, `arpa NUMBER...`). [`lookup`] turns a spec into a [`Family`], and
//! the family turns position arguments into validated [`Component`]s: an unchecked setup becomes a position only
//! through validation, with a precise error.

pub mod anti_sg;
pub mod arpa;
pub mod bash;
pub mod candy_piles;
pub mod chocolate;
pub mod consecutive_split;
pub mod constrained_nim;
pub mod cutting;
pub mod digraph;
pub mod ed;
pub mod fibonacci_nim;
pub mod fibonacci_subtraction;
pub mod fox_cards;
pub mod lasker;
pub mod listed;
pub mod nim;
pub mod not_a_nim;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

use crate::error::{Error, Result};
use crate::heap::table::{HeapComponent, HeapTable};
use crate::heap::{all_but_code, parse_amounts, subtraction_code, HeapGame, TakeAndBreak};
use crate::sum::Component;
use std::cell::RefCell;
use std::rc::Rc;

/// A game of the catalog, before any position is given.
pub trait Family {
    /// The name or spec it was looked up by, normalised.
    fn name(&self) -> String;
    /// What a position looks like on the command line, e.g. `HEAP...`.
    fn position_syntax(&self) -> &'static str {
        "HEAP..."
    }
    /// Validates position arguments and turns them into components of a sum.
    fn components(&self, args: &[String]) -> Result<Vec<Box<dyn Component>>>;
    /// The game, for games whose positions are heaps (`grundy seq`, `grundy period`, misère search).
    fn heap_game(&self) -> Option<Rc<HeapGame>> {
        None
    }
    /// For exact misère search (`grundy value … --misere`) of a game whose positions are not heaps: the game with its
    /// positions numbered, and the numbers of the positions `args` name. Heap games need not provide it (the search
    /// uses [`Family::heap_game`]); `None` means misère play is not supported for this game.
    fn misere_parts(&self, _args: &[String]) -> Option<Result<MisereParts>> {
        None
    }
    /// The misère outcome and every winning move of a position standing alone, when a proved rule gives them
    /// without search (Wythoff's game: any heaps up to 10^18). `None` means no such rule: the exact search is used.
    fn misere_alone(&self, _args: &[String]) -> Option<Result<MisereAlone>> {
        None
    }
    /// A note shown with every analysis (for example, that a game is a scoring game, not impartial).
    fn note(&self) -> Option<String> {
        None
    }
    /// For a game that is not impartial (a scoring game), its own answer for a position standing alone; such a
    /// game has no nim-value and no place in a sum.
    fn report(&self, _args: &[String]) -> Option<Result<Report>> {
        None
    }
}

/// The answer for a position of a game that is not impartial: lines for people and named integers for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The answer in lines for people (newline-separated, no trailing newline needed).
    pub text: String,
    /// The same answer as named integers for programs, in a fixed order.
    pub fields: Vec<(String, u64)>,
}

/// One entry of the catalog listing.
pub struct Entry {
    /// The game's name on the command line (`kayles`).
    pub name: &'static str,
    /// The take-and-break code or rule, as a spec.
    pub spec: &'static str,
    /// One line saying what a move is (and the closed form, when there is one).
    pub summary: &'static str,
}

/// The named games, with their codes and a line each.
pub fn catalog() -> Vec<Entry> {
    vec![
        Entry { name: "nim", spec: "0.[3]", summary: "take any number of tokens from one heap; G(n) = n" },
        Entry { name: "kayles", spec: "0.77", summary: "knock down one pin or two adjacent pins from a row" },
        Entry { name: "dawsons-kayles", spec: "0.07", summary: "knock down two adjacent pins from a row" },
        Entry { name: "dawsons-chess", spec: "0.137", summary: "Dawson's chess: pawns on a 3xN board, captures compulsory" },
        Entry { name: "grundys-game", spec: "4!.0", summary: "split one heap into two unequal heaps" },
        Entry {
            name: "lasker",
            spec: "4.[3]",
            summary: "Lasker's Nim: take any number from a heap, or split a heap in two; closed form for any heap",
        },
        Entry { name: "treblecross", spec: "0.007", summary: "one-dimensional tic-tac-toe: whoever makes three in a row wins" },
        Entry { name: "officers", spec: "0.6", summary: "remove one token, leaving one or two non-empty heaps" },
        Entry { name: "bash:K", spec: "0.33…3 (K threes)", summary: "Bash game: take 1..K tokens; G(n) = n mod (K+1)" },
        Entry { name: "constrained:L,R", spec: "take L..R", summary: "Constrained Nim: take L..R tokens; G(n) = floor((n mod (L+R)) / L)" },
        Entry { name: "fibonacci-subtraction", spec: "take 1,2,3,5,8,…", summary: "take a Fibonacci number of tokens from one heap (seed 002)" },
        Entry { name: "fibonacci-nim", spec: "STONES [MAX]", summary: "Fibonacci Nim: take 1..MAX, then the next move takes 1..2x; wins by Zeckendorf" },
        Entry { name: "not-a-nim", spec: "take y, gcd(n, y) = 1", summary: "Not a Nim: values by a linear sieve (0 even, prime index, least prime)" },
        Entry { name: "arpa", spec: "NUMBER...", summary: "Arpa and Mojtaba: divide out a prime power; a sum over primes of exponent sets" },
        Entry { name: "subtraction:S", spec: "e.g. subtraction:1,3,4", summary: "take s tokens for some s in the set S" },
        Entry { name: "allbut:S", spec: "e.g. allbut:1,2", summary: "take any number of tokens except those in S" },
        Entry { name: "wythoff", spec: "A B", summary: "Wythoff's game: take from one heap, or the same from both; exact P-positions to 10^18" },
        Entry { name: "staircase", spec: "C1 C2 ...", summary: "staircase Nim: move coins from a step to the next lower one; XOR of the odd steps" },
        Entry { name: "chessmen", spec: "CELL...", summary: "chessmen slide left on a line, no jumping (POJ 1704): staircase Nim on the gaps" },
        Entry { name: "cutting", spec: "WxH", summary: "cut grid paper in two; whoever cuts out a 1x1 wins (POJ 2311)" },
        Entry { name: "ed", spec: "X Y", summary: "E&D: remove one heap of a pair, split the other into a new pair" },
        Entry { name: "graph", spec: "FILE NODE...", summary: "tokens on a directed acyclic graph read from an edge-list file" },
        Entry { name: "consecutive-split", spec: "N", summary: "split a pile into k >= 2 piles of consecutive sizes (Codeforces 87C)" },
        Entry { name: "candy-piles", spec: "PILE...", summary: "Candy Piles: eat a largest pile or one from each; last candy loses (outcome only)" },
        Entry { name: "chocolate", spec: "LENGTH...", summary: "chocolate bars in a box: take bars out, or eat from one that is out (outcome only)" },
        Entry { name: "fox-cards", spec: "PILE...", summary: "Fox and Card Game: a scoring game, not impartial (best-play scores)" },
    ]
}

/// A heap game of the catalog, its positions being heaps.
pub struct HeapFamily {
    table: Rc<RefCell<HeapTable>>,
    game: Rc<HeapGame>,
}

impl HeapFamily {
    /// The family of a heap game (shared by its table and [`Family::heap_game`]).
    pub fn new(game: impl crate::Game<Position = u64> + 'static) -> Self {
        let game: Rc<HeapGame> = Rc::new(game);
        let table = Rc::new(RefCell::new(HeapTable::new(game.clone())));
        HeapFamily { table, game }
    }
}

impl Family for HeapFamily {
    fn name(&self) -> String {
        self.game.name()
    }
    fn components(&self, args: &[String]) -> Result<Vec<Box<dyn Component>>> {
        let mut out: Vec<Box<dyn Component>> = Vec::new();
        for n in self.game.parse(args)? {
            self.game.validate(&n)?;
            out.push(Box::new(HeapComponent::new(self.table.clone(), n)));
        }
        Ok(out)
    }
    fn heap_game(&self) -> Option<Rc<HeapGame>> {
        Some(self.game.clone())
    }
}

fn code_family(code: &'static str, name: &'static str) -> Result<Box<dyn Family>> {
    Ok(Box::new(HeapFamily::new(
        TakeAndBreak::parse(code)?.named(name),
    )))
}

/// Looks a game up by name, code or parametrised spec.
pub fn lookup(spec: &str) -> Result<Box<dyn Family>> {
    let lower = spec.trim().to_ascii_lowercase();
    let (head, param) = match lower.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (lower.as_str(), None),
    };
    match (head, param) {
        ("nim", None) => Ok(Box::new(HeapFamily::new(nim::Nim))),
        ("lasker", None) | ("laskers-nim", None) => Ok(Box::new(HeapFamily::new(lasker::Lasker))),
        ("wythoff", None) => Ok(Box::new(wythoff::Wythoff)),
        ("staircase", None) => Ok(Box::new(staircase::Staircase)),
        ("chessmen", None) => Ok(Box::new(staircase::Chessmen)),
        ("cutting", None) => Ok(Box::new(cutting::Cutting)),
        ("ed", None) | ("e&d", None) => Ok(Box::new(ed::EAndD)),
        ("graph", None) => Ok(Box::new(digraph::Graph)),
        ("fox-cards", None) => Ok(Box::new(fox_cards::FoxCards)),
        ("candy-piles", None) => Ok(Box::new(candy_piles::CandyPiles)),
        ("chocolate", None) => Ok(Box::new(chocolate::Chocolate)),
        ("consecutive-split", None) => Ok(Box::new(HeapFamily::new(
            consecutive_split::ConsecutiveSplit,
        ))),
        ("kayles", None) => code_family("0.77", "kayles"),
        ("dawsons-kayles", None) => code_family("0.07", "dawsons-kayles"),
        ("dawsons-chess", None) => code_family("0.137", "dawsons-chess"),
        ("grundys-game", None) | ("grundy", None) => code_family("4!.0", "grundys-game"),
        ("treblecross", None) => code_family("0.007", "treblecross"),
        ("officers", None) => code_family("0.6", "officers"),
        ("subtraction", Some(p)) | ("sub", Some(p)) => {
            let set = parse_amounts(p, "subtraction amount")?;
            let code = subtraction_code(&set)?;
            let name = format!("subtraction:{}", join(&set));
            Ok(Box::new(HeapFamily::new(
                TakeAndBreak::new(code)?.named(&name),
            )))
        }
        ("allbut", Some(p)) => {
            let set = if p.trim().is_empty() {
                vec![]
            } else {
                parse_amounts(p, "all-but amount")?
            };
            let code = all_but_code(&set)?;
            let name = format!("allbut:{}", join(&set));
            Ok(Box::new(HeapFamily::new(
                TakeAndBreak::new(code)?.named(&name),
            )))
        }
        ("bash", Some(p)) => {
            let k =
                crate::error::parse_bounded(p, "bash: the most tokens a move takes", bash::MAX_K)?;
            let rules = bash::Bash::new(k)
                .ok_or_else(|| Error::input("bash:K needs K >= 1 (a move takes 1..K tokens)"))?;
            Ok(Box::new(HeapFamily::new(rules)))
        }
        ("constrained", Some(p)) | ("constrained-nim", Some(p)) => {
            let (l, r) = p.split_once(',').ok_or_else(|| {
                Error::input("constrained:L,R needs two amounts, e.g. constrained:3,14")
            })?;
            let l = crate::error::parse_bounded(l, "constrained: L", constrained_nim::MAX_R)?;
            let r = crate::error::parse_bounded(r, "constrained: R", constrained_nim::MAX_R)?;
            let rules = constrained_nim::ConstrainedNim::new(l, r).ok_or_else(|| {
                Error::input(format!(
                    "constrained:L,R needs 1 <= L <= R, found L = {l}, R = {r}"
                ))
            })?;
            Ok(Box::new(HeapFamily::new(rules)))
        }
        ("fibonacci-subtraction", None) | ("fib-subtraction", None) => Ok(Box::new(
            HeapFamily::new(fibonacci_subtraction::FibonacciSubtraction),
        )),
        ("fibonacci-nim", None) | ("fib-nim", None) => {
            Ok(Box::new(fibonacci_nim::FibonacciNimFamily))
        }
        ("not-a-nim", None) => Ok(Box::new(HeapFamily::new(not_a_nim::NotANim))),
        ("arpa", None) | ("arpa-mojtaba", None) => Ok(Box::new(arpa::ArpaFamily::new())),
        (h, Some(_)) if ["subtraction", "sub", "allbut", "bash"].contains(&h) => unreachable!(),
        (h, None) if ["subtraction", "sub", "allbut", "bash", "constrained"].contains(&h) => Err(
            Error::input(format!("'{h}' needs a parameter, e.g. {h}:1,3,4")),
        ),
        _ => {
            if spec
                .trim()
                .starts_with(|c: char| c.is_ascii_alphanumeric() || "&{*[".contains(c))
                && spec.contains('.')
            {
                let code = crate::heap::Code::parse(spec)?;
                return Ok(Box::new(HeapFamily::new(TakeAndBreak::new(code)?)));
            }
            Err(Error::input(format!(
                "unknown game '{spec}' (see 'grundy games' for names; a take-and-break code has a point, as in 0.77)"
            )))
        }
    }
}

fn join(set: &[u64]) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// The game with its positions numbered, and the numbers of the positions asked about: what
/// [`Family::misere_parts`] gives for the exact misère search.
pub type MisereParts = (Box<dyn crate::misere::search::MisereGame>, Vec<u64>);

/// A position's misère answer when it stands alone and a proved rule gives it (no search): see
/// [`Family::misere_alone`].
#[derive(Debug, Clone)]
pub struct MisereAlone {
    /// The misère outcome: `P` when the player to move loses (making the last move loses).
    pub outcome: crate::Outcome,
    /// Every move to a misère P-position.
    pub winning: Vec<crate::sum::Move>,
    /// The rule used, with its source.
    pub method: String,
}

/// The game and the position numbers for [`Family::misere_parts`] from any [`crate::Game`] and its positions.
pub fn numbered_misere_parts<R>(ruleset: R, positions: &[R::Position]) -> MisereParts
where
    R: crate::Game + 'static,
    R::Position: 'static,
{
    let mut game = crate::misere::search::NumberedGame::new(ruleset);
    let ids = positions.iter().map(|p| game.id(p)).collect();
    (Box::new(game), ids)
}

/// The error for a position too large for the exact misère search (one position's options are listed at once).
pub fn misere_too_large(game: &str, what: &str, bound: u64) -> Error {
    Error::limit(format!(
        "{game}: misère play of this position is searched exactly, for {what} up to {bound}"
    ))
}

/// [`Family::misere_parts`] for a game searched exactly only when every position is small enough: `positions` are
/// the parsed positions (or the parse error, returned as it is), `size` measures a position, and a position whose
/// size exceeds `bound` gives [`misere_too_large`] with `game` and `what` (the name of the measure).
pub fn bounded_misere_parts<R>(
    ruleset: R,
    positions: Result<Vec<R::Position>>,
    size: impl Fn(&R::Position) -> u64,
    game: &str,
    what: &str,
    bound: u64,
) -> Option<Result<MisereParts>>
where
    R: crate::Game + 'static,
    R::Position: 'static,
{
    Some(positions.and_then(|positions| {
        if positions.iter().any(|p| size(p) > bound) {
            return Err(misere_too_large(game, what, bound));
        }
        Ok(numbered_misere_parts(ruleset, &positions))
    }))
}

/// The numbers a position is given as, one argument each (piles, bars, coins on steps): `empty` is the error
/// message when there are none, `what` names one number in a parse error.
pub fn parse_numbers(args: &[String], empty: &str, what: &str) -> Result<Vec<u64>> {
    if args.is_empty() {
        return Err(Error::input(empty));
    }
    args.iter()
        .map(|a| crate::error::parse_u64(a, what))
        .collect()
}
