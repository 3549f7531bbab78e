//! The catalog: every game `grundy` knows by name, one module per game, each with its rules, its closed form
//! where one is proved, and the argument for it.
//!
//! A game is looked up by a *spec*: a name (`kayles`), a take-and-break code (`0.77`, `4!.0`), or a parametrised
//! form (`subtraction:1,3,4`, `allbut:1,2`, `bash:3`, `constrained:3,14`). Games whose positions are not heaps have
//! their own syntax (`fibonacci-nim STONES [MAX]`, `arpa NUMBER...`). [`Registry::lookup`] turns a spec into the game
//! ([`AnyGame`]), and the game reads position arguments with its own [`crate::Notation::parse`] and validates them
//! ([`crate::Game::validate`]) before any analysis: an unchecked setup becomes a position only through
//! validation, with a precise error.
//!
//! Every game states its rules once, as a [`crate::Game`]; the table of [`registry`] lists them.

pub mod anti_sg;
pub mod arc_kayles;
pub mod arpa;
pub mod bash;
pub mod board_table;
pub mod candy_piles;
pub mod chocolate;
pub mod chomp;
pub mod consecutive_split;
pub mod constrained_nim;
pub mod cram;
pub mod cutting;
pub mod digraph;
pub mod ed;
pub mod erased;
pub mod fibonacci_nim;
pub mod fibonacci_subtraction;
pub mod fox_cards;
pub mod lasker;
pub mod line;
pub mod nim;
pub mod node_kayles;
pub mod not_a_nim;
pub mod registry;
pub mod ruler;
pub mod staircase;
pub mod subtraction;
pub mod ugraph;
pub mod wythoff;

use crate::error::{Error, Result};
pub use registry::{
    entry, erase, erase_dyn, erase_heap, erase_rules, lookup, AnyGame, Caps, Entry, Kind, Registry,
    ScoringReport,
};

/// The games built into `grundy`, in the order `grundy games` lists them: the table [`Registry::builtin`] holds.
///
/// Long: one table of the catalog, a row a game.
pub(crate) fn builtin_entries() -> Vec<Entry> {
    use crate::heap::Heap;
    use registry::{all_but, erase, erase_dyn, erase_heap, erase_rules, named_code, subtraction};
    use std::rc::Rc;
    vec![
        Entry { name: "nim", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.[3]",
            summary: "take any number of tokens from one heap; G(n) = n",
            make: |_| Ok(erase_heap(Rc::new(Heap(nim::Nim)))) },
        Entry { name: "kayles", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.77",
            summary: "knock down one pin or two adjacent pins from a row",
            make: |_| named_code("0.77", "kayles") },
        Entry { name: "dawsons-kayles", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.07",
            summary: "knock down two adjacent pins from a row",
            make: |_| named_code("0.07", "dawsons-kayles") },
        Entry { name: "dawsons-chess", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.137",
            summary: "Dawson's chess: pawns on a 3xN board, captures compulsory",
            make: |_| named_code("0.137", "dawsons-chess") },
        Entry { name: "grundys-game", aliases: &["grundy"], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "4!.0",
            summary: "split one heap into two unequal heaps",
            make: |_| named_code("4!.0", "grundys-game") },
        Entry { name: "lasker", aliases: &["laskers-nim"], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "4.[3]",
            summary: "Lasker's Nim: take any number from a heap, or split a heap in two; closed form for any heap",
            make: |_| Ok(erase_heap(Rc::new(Heap(lasker::Lasker)))) },
        Entry { name: "treblecross", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.007",
            summary: "one-dimensional tic-tac-toe: whoever makes three in a row wins",
            make: |_| named_code("0.007", "treblecross") },
        Entry { name: "officers", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "0.6",
            summary: "remove one token, leaving one or two non-empty heaps",
            make: |_| named_code("0.6", "officers") },
        Entry { name: "bash", aliases: &[], param: Some("K"), kind: Kind::Heap, caps: Caps::NONE, spec: "0.33…3 (K threes), e.g. bash:3",
            summary: "Bash game: take 1..K tokens; G(n) = n mod (K+1)",
            make: |p| {
                let k = crate::error::parse_bounded(
                    p.unwrap_or_default(),
                    "bash: the most tokens a move takes",
                    bash::MAX_K,
                )?;
                let rules = bash::Bash::new(k)
                    .ok_or_else(|| Error::input("bash:K needs K >= 1 (a move takes 1..K tokens)"))?;
                Ok(erase_heap(Rc::new(Heap(rules))))
            } },
        Entry { name: "constrained", aliases: &["constrained-nim"], param: Some("L,R"), kind: Kind::Heap, caps: Caps::NONE,
            spec: "take L..R, e.g. constrained:3,14",
            summary: "Constrained Nim: take L..R tokens; G(n) = floor((n mod (L+R)) / L)",
            make: |p| {
                let (l, r) = p.unwrap_or_default().split_once(',').ok_or_else(|| {
                    Error::input("constrained:L,R needs two amounts, e.g. constrained:3,14")
                })?;
                let l = crate::error::parse_bounded(l, "constrained: L", constrained_nim::MAX_R)?;
                let r = crate::error::parse_bounded(r, "constrained: R", constrained_nim::MAX_R)?;
                let rules = constrained_nim::ConstrainedNim::new(l, r).ok_or_else(|| {
                    Error::input(format!("constrained:L,R needs 1 <= L <= R, found L = {l}, R = {r}"))
                })?;
                Ok(erase_heap(Rc::new(Heap(rules))))
            } },
        Entry { name: "fibonacci-subtraction", aliases: &["fib-subtraction"], param: None, kind: Kind::Heap, caps: Caps::NONE,
            spec: "take 1,2,3,5,8,…",
            summary: "take a Fibonacci number of tokens from one heap (seed 002)",
            make: |_| Ok(erase_heap(Rc::new(Heap(fibonacci_subtraction::FibonacciSubtraction)))) },
        Entry { name: "fibonacci-nim", aliases: &["fib-nim"], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "STONES [MAX]",
            summary: "Fibonacci Nim: take 1..MAX, then the next move takes 1..2x; wins by Zeckendorf",
            make: |_| Ok(erase_dyn(fibonacci_nim::FibonacciNim::new())) },
        Entry { name: "not-a-nim", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "take y, gcd(n, y) = 1",
            summary: "Not a Nim: values by a linear sieve (0 even, prime index, least prime)",
            make: |_| Ok(erase_heap(Rc::new(Heap(not_a_nim::NotANim)))) },
        Entry { name: "ruler", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "turn a run of coins",
            summary: "Ruler: turn over a run of coins, the rightmost heads to tails; heap n is a heads coin at place n; G(n) = ruler(n)",
            make: |_| Ok(erase_heap(Rc::new(Heap(ruler::Ruler)))) },
        Entry { name: "arpa", aliases: &["arpa-mojtaba"], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "NUMBER...",
            summary: "Arpa and Mojtaba: divide out a prime power; a sum over primes of exponent sets",
            make: |_| Ok(erase_dyn(arpa::ArpaGame::default())) },
        Entry { name: "subtraction", aliases: &["sub"], param: Some("S"), kind: Kind::Heap, caps: Caps::NONE,
            spec: "e.g. subtraction:1,3,4",
            summary: "take s tokens for some s in the set S",
            make: subtraction },
        Entry { name: "allbut", aliases: &[], param: Some("S"), kind: Kind::Heap, caps: Caps::NONE, spec: "e.g. allbut:1,2",
            summary: "take any number of tokens except those in S",
            make: all_but },
        Entry { name: "wythoff", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "A B",
            summary: "Wythoff's game: take from one heap, or the same from both; exact P-positions to 10^18",
            make: |_| Ok(erase_dyn(wythoff::WythoffGame::default())) },
        Entry { name: "staircase", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "C1 C2 ...",
            summary: "staircase Nim: move coins from a step to the next lower one; XOR of the odd steps",
            make: |_| Ok(erase_dyn(staircase::StaircaseGame)) },
        Entry { name: "chessmen", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "CELL...",
            summary: "chessmen slide left on a line, no jumping (POJ 1704): staircase Nim on the gaps",
            make: |_| Ok(erase_dyn(staircase::ChessmenGame)) },
        Entry { name: "cutting", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "WxH",
            summary: "cut grid paper in two; whoever cuts out a 1x1 wins (POJ 2311)",
            make: |_| Ok(erase_dyn(cutting::CuttingGame::default())) },
        Entry { name: "cram", aliases: &[], param: None, kind: Kind::Board, caps: Caps { threads: true, saved_table: Some(cram::saved_table), ..Caps::NONE }, spec: "RxC | FILE | ROWS",
            summary: "Cram: place a domino on two adjacent empty cells; boards to 128 cells, split into regions",
            make: |_| Ok(erase(cram::CramGame)) },
        Entry { name: "chomp", aliases: &[], param: None, kind: Kind::Board, caps: Caps { threads: false, saved_table: Some(|| crate::table_file::shared(chomp::ChompGame)), ..Caps::NONE }, spec: "RxC | ROW...",
            summary: "Chomp: eat a square and all below-right of it; whoever eats the poisoned corner loses",
            make: |_| Ok(erase(chomp::ChompGame)) },
        Entry { name: "ed", aliases: &["e&d"], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "X Y",
            summary: "E&D: remove one heap of a pair, split the other into a new pair",
            make: |_| Ok(erase_dyn(ed::EAndDGame)) },
        Entry { name: "graph", aliases: &[], param: None, kind: Kind::Graph, caps: Caps { holds_its_graph: true, ..Caps::NONE }, spec: "FILE NODE...",
            summary: "tokens on a directed acyclic graph read from an edge-list file",
            make: |_| Ok(erase_dyn(digraph::GraphGame::default())) },
        Entry { name: "loopy-graph", aliases: &[], param: None, kind: Kind::Graph, caps: Caps { holds_its_graph: true, ..Caps::NONE }, spec: "FILE NODE...",
            summary: "tokens on a digraph with cycles: outcomes P, N or D (draw), Smith's values",
            make: |_| Ok(erase_dyn(crate::loopy::graph::LoopyGraph::default())) },
        Entry { name: "node-kayles", aliases: &[], param: None, kind: Kind::Graph, caps: Caps { threads: true, saved_table: Some(|| crate::table_file::shared(Rc::new(node_kayles::NodeKayles) as Rc<ugraph::GraphRules>)), ..Caps::NONE }, spec: "FILE | grid:RxC | path:N",
            summary: "Node Kayles on an undirected graph file: take a vertex, remove it and its neighbours",
            make: |_| Ok(erase_rules::<ugraph::Component>(Rc::new(node_kayles::NodeKayles))) },
        Entry { name: "arc-kayles", aliases: &[], param: None, kind: Kind::Graph, caps: Caps { threads: true, saved_table: Some(|| crate::table_file::shared(Rc::new(arc_kayles::ArcKayles) as Rc<ugraph::GraphRules>)), ..Caps::NONE }, spec: "FILE | grid:RxC | path:N",
            summary: "Arc Kayles on an undirected graph file: take an edge, remove both its ends",
            make: |_| Ok(erase_rules::<ugraph::Component>(Rc::new(arc_kayles::ArcKayles))) },
        Entry { name: "consecutive-split", aliases: &[], param: None, kind: Kind::Heap, caps: Caps::NONE, spec: "N",
            summary: "split a pile into k >= 2 piles of consecutive sizes (Codeforces 87C)",
            make: |_| Ok(erase_heap(Rc::new(Heap(consecutive_split::ConsecutiveSplit)))) },
        Entry { name: "candy-piles", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "PILE...",
            summary: "Candy Piles: eat a largest pile or one from each; last candy loses (outcome only)",
            make: |_| Ok(erase_dyn(candy_piles::CandyPilesGame)) },
        Entry { name: "chocolate", aliases: &[], param: None, kind: Kind::Board, caps: Caps::NONE, spec: "LENGTH...",
            summary: "chocolate bars in a box: take bars out, or eat from one that is out (outcome only)",
            make: |_| Ok(erase_dyn(chocolate::ChocolateGame)) },
        Entry { name: "fox-cards", aliases: &[], param: None, kind: Kind::Scoring, caps: Caps::NONE, spec: "PILE...",
            summary: "Fox and Card Game: a scoring game, not impartial (best-play scores)",
            make: |_| Ok(Box::new(fox_cards::FoxCards)) },
    ]
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

/// The error for a position too large for the exact searches (one position's options are listed at once): what
/// [`crate::Game::check_searchable`] answers for such a position. The searches are misère play, and normal play
/// where no closed form answers.
pub fn too_large_to_search(game: &str, what: &str, bound: u64) -> Error {
    Error::limit(format!(
        "{game}: no proved rule gives what was asked of this position, and it is too large for the exact search, which takes {what} up to {bound}"
    ))
}
