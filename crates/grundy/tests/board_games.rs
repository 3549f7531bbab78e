//! The catalog's board games (the games whose positions are not heaps) through the one game model,
//! [`grundy::Game`]: every closed form each game states is checked against brute force on small positions.
//!
//! - `nim_value` and the normal-play `outcome` against the solver run on the game's options alone ([`RulesOnly`]:
//!   none of its closed forms), or, for games known only by outcome, against a direct recursive search;
//! - the misère `outcome` (Wythoff's game, Candy Piles) against a direct recursive search of misère play;
//! - `options_with_value` and `winning_options` against the options filtered by their brute-force values;
//! - `parse` and `show` round trip, and `parse` refuses bad words with the messages the command line gives;
//! - the catalog's analysis (`grundy value`) gives, move for move, the words and results of the game's own methods
//!   (`describe_move`, `show_sum`), where they agree (the few places where they differ are checked as such).

use grundy::game::{Game, Options, Outcome, Play};
use grundy::games::arpa::{ArpaGame, ArpaPosition, MAX_NUMBER};
use grundy::games::candy_piles::CandyPilesGame;
use grundy::games::chocolate::{ChocolateGame, ChocolatePosition};
use grundy::games::cutting::CuttingGame;
use grundy::games::digraph::{Dag, GraphGame};
use grundy::games::ed::EAndDGame;
use grundy::games::fibonacci_nim::FibonacciNim;
use grundy::games::staircase::{ChessmenGame, StaircaseGame};
use grundy::games::wythoff::WythoffGame;
use grundy::Known;
use grundy::NotationView;
use grundy::{Nimber, Solver};
use proptest::prelude::*;
use std::collections::HashMap;
use std::hash::Hash;
use std::rc::Rc;

// ---------------------------------------------------------------------------------------------------------------
// Brute force, from the options alone.
// ---------------------------------------------------------------------------------------------------------------

/// A game's rules alone: its name and options, none of its closed forms, so that the solver searches.
struct RulesOnly<'a, G>(&'a G);

impl<G: Game> Game for RulesOnly<'_, G> {
    type Position = G::Position;
    fn name(&self) -> String {
        self.0.name()
    }
    fn options(&self, p: &G::Position, out: &mut Options<G::Position>) -> grundy::Result<()> {
        self.0.options(p, out)
    }
}

/// The options of `p`, each a sum of components.
fn options_of<G: Game>(game: &G, p: &G::Position) -> Vec<Vec<G::Position>> {
    let mut o = Options::new();
    game.options(p, &mut o).unwrap();
    o.iter().map(<[G::Position]>::to_vec).collect()
}

/// The options as a multiset (a list of options, order ignored).
fn multiset<P: Hash + Eq>(list: Vec<Vec<P>>) -> HashMap<Vec<P>, usize> {
    let mut m = HashMap::new();
    for o in list {
        *m.entry(o).or_insert(0) += 1;
    }
    m
}

/// The options as a set (repeats ignored).
fn set<P: Hash + Eq>(list: Vec<Vec<P>>) -> std::collections::HashSet<Vec<P>> {
    list.into_iter().collect()
}

/// True when the player to move at `p` wins under `play`, by recursion over the options (memoised); only for
/// games whose options are single positions (or the empty sum).
fn wins<G: Game>(
    game: &G,
    p: &G::Position,
    play: Play,
    memo: &mut HashMap<G::Position, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let options = options_of(game, p);
    let w = if options.is_empty() {
        play == Play::Misere
    } else {
        options.iter().any(|o| match o.as_slice() {
            [] => play == Play::Normal, // moving to the empty sum: the last move
            [q] => !wins(game, q, play, memo),
            _ => panic!("the recursive search takes options of one component"),
        })
    };
    memo.insert(p.clone(), w);
    w
}

/// The outcome letter of "the player to move wins".
fn outcome_of(first_wins: bool) -> Outcome {
    if first_wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Checks every normal-play closed form of `game` at `p` against the solver on the rules alone: the nim-value,
/// the outcome, the options of each value (for every value an option has, and one more) and the winning options.
/// Returns the brute-force nim-value.
fn check_normal<G: Game>(
    game: &G,
    solver: &mut Solver<RulesOnly<'_, G>>,
    p: &G::Position,
) -> Result<Nimber, TestCaseError> {
    let v = solver.nim_value(p).unwrap();
    if let Some(c) = game.known_value(p, &grundy::Context::default()) {
        prop_assert_eq!(c, v, "nim-value of {}", game.show(p));
    }
    if let Some(o) = game.known_outcome(p, Play::Normal, &grundy::Context::default()) {
        prop_assert_eq!(o, Outcome::of_nim_value(v), "outcome of {}", game.show(p));
    }
    let valued: Vec<(Vec<G::Position>, Nimber)> = options_of(game, p)
        .into_iter()
        .map(|o| {
            let w = solver.sum_value(&o).unwrap();
            (o, w)
        })
        .collect();
    let with = |t: Nimber| -> Vec<Vec<G::Position>> {
        valued
            .iter()
            .filter(|(_, w)| *w == t)
            .map(|(o, _)| o.clone())
            .collect()
    };
    let top = valued.iter().map(|(_, w)| *w).max().unwrap_or(0);
    for t in 0..=top + 1 {
        if let Some(list) = game.known_options_with_value(p, t, &grundy::Context::default()) {
            prop_assert_eq!(
                multiset(list),
                multiset(with(t)),
                "options of {} with value {}",
                game.show(p),
                t
            );
        }
    }
    if let Some(list) = game.known_winning_options(p, Play::Normal, &grundy::Context::default()) {
        prop_assert_eq!(
            multiset(list),
            multiset(with(0)),
            "winning options of {}",
            game.show(p)
        );
    }
    Ok(v)
}

/// Checks the misère closed forms of `game` at `p` (options of one component) against the recursive search: the
/// outcome and the winning options. Returns whether the player to move wins.
fn check_misere<G: Game>(
    game: &G,
    memo: &mut HashMap<G::Position, bool>,
    p: &G::Position,
) -> Result<bool, TestCaseError> {
    let w = wins(game, p, Play::Misere, memo);
    if let Some(o) = game.known_outcome(p, Play::Misere, &grundy::Context::default()) {
        prop_assert_eq!(o, outcome_of(w), "misère outcome of {}", game.show(p));
    }
    if let Some(list) = game.known_winning_options(p, Play::Misere, &grundy::Context::default()) {
        let want: Vec<Vec<G::Position>> = options_of(game, p)
            .into_iter()
            .filter(|o| o.len() == 1 && !wins(game, &o[0], Play::Misere, memo))
            .collect();
        prop_assert_eq!(
            multiset(list),
            multiset(want),
            "misère winning options of {}",
            game.show(p)
        );
    }
    Ok(w)
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// `parse` refuses `text` with an error whose message contains `needle`.
fn refuses<G: Game>(game: &G, text: &str, needle: &str) {
    match game.parse(&words(text)) {
        Ok(p) => panic!("{}: '{text}' was read as {p:?}", game.name()),
        Err(e) => assert!(
            e.message().contains(needle),
            "{}: '{text}': '{}' does not say '{needle}'",
            game.name(),
            e.message()
        ),
    }
}

/// `show` then `parse` gives the position back.
fn round_trip<G: Game>(game: &G, p: &G::Position) -> Result<(), TestCaseError> {
    let shown = game.show(p);
    let back = game.parse(&words(&shown));
    prop_assert_eq!(back.ok(), Some(vec![p.clone()]), "'{}'", shown);
    prop_assert!(game.validate(p).is_ok());
    Ok(())
}

/// Random words: numbers, garbage, the words a syntax uses.
fn any_words() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(
        prop_oneof![
            (0u64..20).prop_map(|n| n.to_string()),
            any::<u64>().prop_map(|n| n.to_string()),
            Just("18446744073709551616".to_string()),
            Just("out:".to_string()),
            Just("3x4".to_string()),
            Just("1x9".to_string()),
            "[a-z0-9x:+-]{0,6}",
        ],
        0..6,
    )
}

/// Whatever words it is given, `parse` answers (no panic), and what it accepts validates.
fn parse_never_panics<G: Game>(game: &G, w: &[String]) -> Result<(), TestCaseError> {
    if let Ok(ps) = game.parse(w) {
        for p in &ps {
            prop_assert!(game.validate(p).is_ok(), "{:?} from {:?}", p, w);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// The catalog's components (today's command line) against the game's own methods.
// ---------------------------------------------------------------------------------------------------------------

/// The moves of `p` to options of value `target` as the game's methods list and word them: the closed form where
/// there is one, else the options filtered by their nim-values (closed forms).
fn game_moves<G: Game>(game: &G, p: &G::Position, target: Nimber) -> Vec<(String, String)> {
    let list = game
        .known_options_with_value(p, target, &grundy::Context::default())
        .or_else(|| {
            (target == 0)
                .then(|| game.known_winning_options(p, Play::Normal, &grundy::Context::default()))
                .flatten()
        })
        .unwrap_or_else(|| {
            options_of(game, p)
                .into_iter()
                .filter(|o| {
                    o.iter()
                        .map(|c| {
                            game.known_value(c, &grundy::Context::default())
                                .expect("a closed form")
                        })
                        .fold(0, |a, b| a ^ b)
                        == target
                })
                .collect()
        });
    list.iter()
        .map(|o| (game.describe_move(p, o), game.show_sum(o)))
        .collect()
}

/// The normal-play analysis of `spec words` as `grundy value` makes it (through the catalog), with a Nim heap of
/// `nim` added when given (so that the winning moves of the first part are its moves to that value).
fn catalog_analysis(spec: &str, text: &[String], nim: Option<u64>) -> grundy::sum::Analysis {
    use grundy::analysis::{analyse, Convention, Report, Sum};
    let mut sum = Sum::new();
    grundy::games::lookup(spec)
        .unwrap()
        .add_to(&mut sum, text)
        .unwrap();
    if let Some(t) = nim {
        grundy::games::lookup("nim")
            .unwrap()
            .add_to(&mut sum, &[t.to_string()])
            .unwrap();
    }
    match analyse(&mut sum, Convention::Normal, &grundy::Context::default()) {
        Ok(Report::Normal(a)) => a,
        other => panic!("{spec} {text:?}: {other:?}"),
    }
}

/// The moves the catalog's analysis of `spec words` lists to value `target`: (description, result). A move to
/// `target` is a winning move once a Nim heap of `target` is added (its own value is never `target`).
fn family_moves(spec: &str, text: &[String], target: Nimber) -> Vec<(String, String)> {
    let a = catalog_analysis(spec, text, (target != 0).then_some(target));
    a.winning_moves
        .into_iter()
        .filter(|w| w.component == 0)
        .map(|w| (w.mv.description, w.mv.result))
        .collect()
}

/// The catalog's analysis of `spec words` and the game agree on the position, the nim-value (or outcome), and,
/// for the targets given, every move, word for word.
fn family_agrees<G: Game>(game: &G, spec: &str, text: &[String], targets: &[Nimber]) {
    let p = game.parse(text).unwrap().remove(0);
    let a = catalog_analysis(spec, text, None);
    assert_eq!(a.parts.len(), 1);
    assert_eq!(a.parts[0].game, game.name(), "{spec} {text:?}");
    assert_eq!(a.parts[0].position, game.show(&p), "{spec} {text:?}");
    if let Some(v) = game.known_value(&p, &grundy::Context::default()) {
        assert_eq!(a.parts[0].nim_value, Some(v), "{spec} {text:?}");
    }
    assert_eq!(
        Some(a.outcome),
        game.known_outcome(&p, Play::Normal, &grundy::Context::default())
            .or_else(|| a.parts[0].nim_value.map(Outcome::of_nim_value)),
        "{spec} {text:?}"
    );
    for &t in targets {
        assert_eq!(
            family_moves(spec, text, t),
            game_moves(game, &p, t),
            "{spec} {text:?} to {t}"
        );
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Wythoff's game.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn wythoff_closed_forms_are_brute_force(a in 0u64..25, b in 0u64..25) {
        let game = WythoffGame::new();
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &(a, b))?;
        check_misere(&game, &mut HashMap::new(), &(a, b))?;
        round_trip(&game, &(a, b))?;
        prop_assert!(game.check_searchable(&(a, b), &grundy::Limits::default()).is_ok());
    }

    #[test]
    fn wythoff_huge_heaps_by_rule(a in 0u64..=1_000_000_000_000_000_000, b in 0u64..=1_000_000_000_000_000_000) {
        // Beyond any search: every winning option is one move away and a P-position by the rule, under both plays,
        // and the rule's outcome agrees with the options listed.
        let game = WythoffGame::new();
        for play in [Play::Normal, Play::Misere] {
            let outcome = game.known_outcome(&(a, b), play, &grundy::Context::default()).unwrap();
            let moves = game.known_winning_options(&(a, b), play, &grundy::Context::default()).unwrap();
            prop_assert_eq!(moves.is_empty(), outcome == Outcome::P || (play == Play::Misere && (a, b) == (0, 0)));
            for m in moves {
                let [(x, y)] = m[..] else { panic!() };
                prop_assert!(grundy::games::wythoff::is_move(a, b, x, y));
                prop_assert_eq!(game.known_outcome(&(x, y), play, &grundy::Context::default()), Some(Outcome::P));
            }
        }
        prop_assert_eq!(game.known_options_with_value(&(a, b), 0, &grundy::Context::default()), game.known_winning_options(&(a, b), Play::Normal, &grundy::Context::default()));
        // No table past 2048: an N-position has no nim-value, a P-position has 0.
        if a.max(b) >= 2048 {
            let p = game.known_outcome(&(a, b), Play::Normal, &grundy::Context::default()) == Some(Outcome::P);
            prop_assert_eq!(game.known_value(&(a, b), &grundy::Context::default()), p.then_some(0));
            prop_assert_eq!(game.tabled(), 0);
        }
        prop_assert_eq!(game.check_searchable(&(a, b), &grundy::Limits::default()).is_ok(), a.max(b) <= 10_000);
    }

    #[test]
    fn wythoff_parse_never_panics(w in any_words()) {
        parse_never_panics(&WythoffGame::new(), &w)?;
    }
}

#[test]
fn wythoff_table_is_lazy_and_positions_are_checked() {
    let game = WythoffGame::new();
    assert_eq!(
        game.known_value(&(3, 5), &grundy::Context::default()),
        Some(0)
    ); // a P-position: no table
    assert_eq!(game.tabled(), 0);
    assert_eq!(
        game.known_value(&(4, 4), &grundy::Context::default()),
        Some(7)
    ); // OEIS A317205
    assert_eq!(game.tabled(), 5);
    let reference = grundy::games::wythoff::ValueTable::new(101);
    assert_eq!(
        game.known_value(&(100, 3), &grundy::Context::default()),
        reference.get(100, 3)
    );
    assert_eq!(game.tabled(), 101);
    assert_eq!(
        game.known_value(&(2047, 0), &grundy::Context::default()),
        Some(2047)
    );
    assert_eq!(game.tabled(), 2048);
    assert_eq!(
        game.known_value(&(2048, 0), &grundy::Context::default()),
        None
    );
    assert!(game.validate(&(1_000_000_000_000_000_001, 0)).is_err());
    assert_eq!(
        game.known_value(&(u64::MAX, 0), &grundy::Context::default()),
        None
    );
    assert_eq!(
        game.known_outcome(&(u64::MAX, 0), Play::Normal, &grundy::Context::default()),
        None
    );
    let e = game
        .check_searchable(&(10_001, 1), &grundy::Limits::default())
        .unwrap_err();
    assert!(
        e.message().contains("too large for the exact search"),
        "{}",
        e.message()
    );
    refuses(&game, "1", "give the two heaps");
    refuses(&game, "", "give the two heaps");
    refuses(&game, "1 x", "'x'");
    refuses(&game, "1000000000000000001 1", "too large");
    assert_eq!(game.parse(&words("1 2 3 4")).unwrap(), [(1, 2), (3, 4)]);
    assert_eq!(
        game.describe_move(&(5, 7), &[(2, 4)]),
        "take 3 from both heaps, leaving 2 4"
    );
}

#[test]
fn wythoff_family_agrees() {
    let game = WythoffGame::new();
    for text in ["3 5", "4 4", "10 7", "0 9", "100 3"] {
        family_agrees(&game, "wythoff", &words(text), &[0, 1, 2, 5]);
    }
    // Beyond the table an N-position is known by its outcome and winning moves only.
    family_agrees(
        &game,
        "wythoff",
        &words("1000000000000000000 999999999999999990"),
        &[0],
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Staircase Nim and the chessmen.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn staircase_closed_forms_are_brute_force(coins in proptest::collection::vec(0u64..4, 1..5)) {
        let game = StaircaseGame;
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &coins)?;
        round_trip(&game, &coins)?;
    }

    #[test]
    fn chessmen_closed_forms_are_brute_force(cells in proptest::collection::btree_set(1u64..10, 1..5)) {
        let game = ChessmenGame;
        let cells: Vec<u64> = cells.into_iter().collect();
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &cells)?;
        round_trip(&game, &cells)?;
        // The cells may be given in any order.
        let reversed: Vec<String> = cells.iter().rev().map(u64::to_string).collect();
        prop_assert_eq!(game.parse(&reversed).unwrap(), vec![cells]);
    }

    #[test]
    fn staircase_and_chessmen_parse_never_panic(w in any_words()) {
        parse_never_panics(&StaircaseGame, &w)?;
        parse_never_panics(&ChessmenGame, &w)?;
    }
}

#[test]
fn staircase_and_chessmen_bad_positions() {
    refuses(&StaircaseGame, "", "staircase: give the coins");
    refuses(&StaircaseGame, "1 x", "'x'");
    let e = StaircaseGame
        .check_searchable(&vec![5000, 5001], &grundy::Limits::default())
        .unwrap_err();
    assert!(
        e.message().contains("too large for the exact search"),
        "{}",
        e.message()
    );
    assert!(StaircaseGame
        .check_searchable(&vec![5000, 5000], &grundy::Limits::default())
        .is_ok());
    assert_eq!(
        StaircaseGame.known_value(&vec![u64::MAX, 7, 1], &grundy::Context::default()),
        Some(u64::MAX ^ 1)
    );

    refuses(&ChessmenGame, "", "give the chessmen's cells");
    refuses(&ChessmenGame, "3 1 3", "two chessmen on cell 3");
    refuses(&ChessmenGame, "0 2", "cell 0");
    refuses(&ChessmenGame, "10000001", "too large");
    for bad in [vec![3, 1], vec![0, 2], vec![2, 2], vec![10_000_001]] {
        assert!(ChessmenGame.validate(&bad).is_err(), "{bad:?}");
        assert_eq!(
            ChessmenGame.known_options_with_value(&bad, 0, &grundy::Context::default()),
            None
        );
    }
    let e = ChessmenGame
        .check_searchable(&vec![1, 10_001], &grundy::Limits::default())
        .unwrap_err();
    assert!(
        e.message().contains("too large for the exact search"),
        "{}",
        e.message()
    );
}

#[test]
fn staircase_and_chessmen_family_agrees() {
    for text in ["3 1 4 1 5", "1 2 0", "0 0 7", "2"] {
        family_agrees(&StaircaseGame, "staircase", &words(text), &[0, 1, 2, 3, 6]);
    }
    for text in ["17 1 5 6 7 9 12 14", "3 1 2", "4", "2 9"] {
        family_agrees(&ChessmenGame, "chessmen", &words(text), &[0, 1, 2, 3, 4]);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The cutting game.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn cutting_closed_form_is_brute_force(w in 2u64..10, h in 2u64..10) {
        let game = CuttingGame::new();
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &(w, h))?;
        round_trip(&game, &(w, h))?;
        prop_assert_eq!(game.tabled(), w.max(h).max(2) as usize);
    }

    #[test]
    fn cutting_parse_never_panics(w in any_words()) {
        parse_never_panics(&CuttingGame::new(), &w)?;
    }
}

#[test]
fn cutting_bad_positions_and_family() {
    let game = CuttingGame::new();
    refuses(&game, "", "give a piece");
    refuses(&game, "1x5", "side below 2");
    refuses(&game, "4", "expected a piece WxH");
    refuses(&game, "401x2", "too large");
    refuses(&game, "4x5 3xy", "'y'");
    assert!(game.validate(&(1, 5)).is_err());
    assert!(game.validate(&(401, 5)).is_err());
    assert_eq!(
        game.known_value(&(401, 5), &grundy::Context::default()),
        None
    );
    assert_eq!(game.parse(&words("4x5 2X3")).unwrap(), [(4, 5), (2, 3)]);
    for text in ["4x5", "6x7", "2x9", "8x8", "2x2"] {
        family_agrees(&game, "cutting", &words(text), &[0, 1, 2, 3]);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// E&D.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ed_closed_form_is_brute_force(x in 1u64..24, y in 1u64..24) {
        let game = EAndDGame;
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &(x, y))?;
        round_trip(&game, &(x, y))?;
    }

    #[test]
    fn ed_parse_never_panics(w in any_words()) {
        parse_never_panics(&EAndDGame, &w)?;
    }
}

#[test]
fn ed_bad_positions_and_family() {
    let game = EAndDGame;
    refuses(&game, "", "give the heaps in pairs");
    refuses(&game, "1 2 3", "give the heaps in pairs");
    refuses(&game, "0 1", "positive");
    refuses(&game, "1 x", "'x'");
    assert!(game.validate(&(0, 1)).is_err());
    assert_eq!(game.known_value(&(0, 1), &grundy::Context::default()), None);
    let e = game
        .check_searchable(&(10_001, 1), &grundy::Limits::default())
        .unwrap_err();
    assert!(
        e.message().contains("too large for the exact search"),
        "{}",
        e.message()
    );
    assert_eq!(
        game.known_options_with_value(&(1_000_001, 1), 0, &grundy::Context::default()),
        None
    );
    assert_eq!(
        game.known_value(&(1 << 40, 1 << 40), &grundy::Context::default()),
        Some(40)
    );
    for text in ["3 4", "1 2", "5 1", "8 13", "1 1"] {
        family_agrees(&game, "ed", &words(text), &[0, 1, 2, 3]);
    }
    // Equal heaps: each split is one option, listed once (the old catalog component listed it once per heap).
    let listed = family_moves("ed", &words("6 6"), 0);
    let once = game_moves(&game, &(6, 6), 0);
    assert!(!once.is_empty());
    assert_eq!(listed, once);
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens on a DAG.
// ---------------------------------------------------------------------------------------------------------------

/// A file in a fresh temporary directory of this test process.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-board-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn graph_closed_form_is_brute_force(
        n in 1usize..25,
        raw in proptest::collection::vec((0u32..25, 0u32..25), 0..60),
        case in any::<u64>(),
    ) {
        // Edges from a higher to a lower node: acyclic.
        let edges: Vec<(u32, u32)> = raw
            .into_iter()
            .map(|(a, b)| (a % n as u32, b % n as u32))
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a.max(b), a.min(b)))
            .collect();
        let mut text = format!("nodes {n}\n");
        for (x, y) in &edges {
            text += &format!("{x} {y}\n");
        }
        let file = temp_file(&format!("dag-{case}.txt"), &text);
        let game = GraphGame::empty();
        let all: Vec<String> = std::iter::once(file.clone()).chain((0..n).map(|v| v.to_string())).collect();
        let tokens = game.parse(&all).unwrap();
        prop_assert_eq!(tokens, (0..n as u32).collect::<Vec<_>>());
        prop_assert_eq!(game.name(), format!("graph {file}"));
        let mut solver = Solver::new(RulesOnly(&game));
        for v in 0..n as u32 {
            check_normal(&game, &mut solver, &v)?;
            prop_assert_eq!(game.parse(&[file.clone(), game.show(&v)]).unwrap(), vec![v]);
        }
        // The same graph made by the caller: Dag::new's node v + 1 is position v.
        let one_based: Vec<(u32, u32)> = edges.iter().map(|&(x, y)| (x + 1, y + 1)).collect();
        let made = GraphGame::new(Rc::new(Dag::new(n, &one_based).unwrap()));
        prop_assert_eq!(made.name(), "graph");
        for v in 0..n as u32 {
            prop_assert_eq!(made.known_value(&v, &grundy::Context::default()), game.known_value(&v, &grundy::Context::default()));
            prop_assert_eq!(multiset(options_of(&made, &v)), multiset(options_of(&game, &v)));
        }
        prop_assert!(made.validate(&(n as u32)).is_err());
        let _ = std::fs::remove_file(&file);
    }
}

#[test]
fn graph_bad_input_and_family() {
    let game = GraphGame::empty();
    assert!(game.validate(&0).is_err());
    assert_eq!(game.known_value(&0, &grundy::Context::default()), None);
    assert!(options_of(&game, &0).is_empty());
    refuses(&game, "", "give an edge-list FILE");
    refuses(&game, "/nonexistent/g.txt", "give an edge-list FILE");
    refuses(&game, "/nonexistent/g.txt 1", "cannot read");
    let cycle = temp_file("cycle.txt", "0 1\n1 2\n2 0\n");
    refuses(&game, &format!("{cycle} 1"), "cycle through the edge");
    let f = temp_file(
        "loj10243.txt",
        "# loj10243 sample\nnodes 6\n1 0\n1 3\n0 3\n0 4\n3 4\n0 2\n2 4\n2 5\n",
    );
    refuses(
        &game,
        &format!("{f} 6"),
        "node 6 is not in the graph (it has nodes 0..5)",
    );
    refuses(&game, &format!("{f} x"), "'x'");
    assert_eq!(
        game.parse(&words(&format!("{f} 0 1 3 5"))).unwrap(),
        [0, 1, 3, 5]
    );
    let e = game.validate(&6).unwrap_err();
    assert!(
        e.message().contains("node 6 is not in the graph"),
        "{}",
        e.message()
    );
    // The game holds its graph: another file is refused, the same one is read again.
    let other = temp_file("other.txt", "0 1\n");
    refuses(&game, &format!("{other} 0"), "holds the graph of");
    assert_eq!(game.parse(&words(&format!("{f} 2"))).unwrap(), [2]);
    for node in ["0", "1", "2", "3", "4", "5"] {
        family_agrees(
            &GraphGame::empty(),
            "graph",
            &words(&format!("{f} {node}")),
            &[0, 1, 2, 3],
        );
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Fibonacci Nim.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fibonacci_nim_closed_forms_are_brute_force(n in 0u64..40, m in 0u64..90) {
        let game = FibonacciNim::new();
        let mut solver = Solver::new(RulesOnly(&game));
        check_normal(&game, &mut solver, &(n, m))?;
        round_trip(&game, &(n, m))?;
        prop_assert_eq!(game.parse(&[n.to_string()]).unwrap(), vec![(n, n)]);
    }

    #[test]
    fn fibonacci_nim_huge_heaps_by_rule(n in any::<u64>(), m in any::<u64>()) {
        let game = FibonacciNim::new();
        let outcome = game.known_outcome(&(n, m), Play::Normal, &grundy::Context::default()).unwrap();
        let moves = game.known_winning_options(&(n, m), Play::Normal, &grundy::Context::default()).unwrap();
        prop_assert_eq!(moves.is_empty(), outcome == Outcome::P);
        let all = game.known_options_with_value(&(n, m), 0, &grundy::Context::default()).unwrap();
        prop_assert_eq!(&all, &moves);
        for o in moves {
            let [(left, max)] = o[..] else { panic!() };
            let x = n - left;
            prop_assert!(x >= 1 && x <= m.min(n));
            prop_assert_eq!(max, x.saturating_mul(2));
            prop_assert_eq!(game.known_outcome(&(left, max), Play::Normal, &grundy::Context::default()), Some(Outcome::P));
        }
        if n > 3000 {
            prop_assert_eq!(game.known_value(&(n, m), &grundy::Context::default()), (outcome == Outcome::P).then_some(0));
            prop_assert!(game.check_searchable(&(n, m), &grundy::Limits::default()).is_err());
        }
        prop_assert_eq!(game.tabled(), 0);
    }

    #[test]
    fn fibonacci_nim_parse_never_panics(w in any_words()) {
        parse_never_panics(&FibonacciNim::new(), &w)?;
    }
}

#[test]
fn fibonacci_nim_bad_positions_table_and_family() {
    let game = FibonacciNim::new();
    refuses(&game, "", "a position is STONES [MAX]");
    refuses(&game, "1 2 3", "a position is STONES [MAX]");
    refuses(&game, "5 x", "'x'");
    refuses(&game, "x", "fibonacci-nim: stones");
    let e = game
        .check_searchable(&(10_001, 1), &grundy::Limits::default())
        .unwrap_err();
    assert!(
        e.message().contains("too large for the exact search"),
        "{}",
        e.message()
    );
    assert!(game
        .check_searchable(&(10_000, 10_000), &grundy::Limits::default())
        .is_ok());
    // The table is built only as far as asked (at least doubling), never past 3000.
    assert!(game
        .known_value(&(20, 20), &grundy::Context::default())
        .is_some_and(|v| v > 0));
    assert_eq!(game.tabled(), 21);
    assert!(game
        .known_value(&(100, 100), &grundy::Context::default())
        .is_some());
    assert_eq!(game.tabled(), 101);
    assert!(game
        .known_value(&(150, 150), &grundy::Context::default())
        .is_some());
    assert_eq!(game.tabled(), 203);
    assert_eq!(
        game.known_value(&(3001, 3001), &grundy::Context::default()),
        None
    );
    assert!(game
        .known_value(&(3000, 3000), &grundy::Context::default())
        .is_some());
    assert_eq!(game.tabled(), 3001);
    assert_eq!(
        game.describe_move(&(20, 20), &[(18, 4)]),
        "take 2, leaving 18 (the next move takes at most 4)"
    );
    for text in [
        "20",
        "20 4",
        "13",
        "12 3",
        "100",
        "7 100",
        "12200160415121876738 10",
    ] {
        let p = game.parse(&words(text)).unwrap().remove(0);
        let targets: Vec<Nimber> = if p.0 <= 3000 {
            (0..4).collect()
        } else {
            vec![0]
        };
        // The component writes the position "N (take at most M)"; the moves are the game's, word for word.
        for t in targets {
            assert_eq!(
                family_moves("fibonacci-nim", &words(text), t),
                game_moves(&game, &p, t),
                "{text} to {t}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Arpa and Mojtaba.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arpa_closed_form_is_brute_force(numbers in proptest::collection::vec(1u64..100, 1..4)) {
        let game = ArpaGame::new();
        let p = ArpaPosition::Numbers(numbers.clone());
        let mut solver = Solver::new(RulesOnly(&game));
        let v = check_normal(&game, &mut solver, &p)?;
        round_trip(&game, &p)?;
        // The list is the sum of its primes' parts, each a position of the same game.
        let parts = game.components(&p).unwrap();
        let mut x = 0;
        for part in &parts {
            prop_assert!(game.validate(part).is_ok());
            x ^= check_normal(&game, &mut solver, part)?;
        }
        prop_assert_eq!(x, v);
        prop_assert_eq!(parts.is_empty(), numbers.iter().all(|&a| a == 1));
    }

    #[test]
    fn arpa_parse_never_panics(w in any_words()) {
        parse_never_panics(&ArpaGame::new(), &w)?;
    }
}

#[test]
fn arpa_bad_positions_words_and_family() {
    let game = ArpaGame::new();
    refuses(&game, "", "give at least one number");
    refuses(&game, "0", "positive");
    refuses(&game, "1000000001", "too large");
    refuses(&game, "4 x", "'x'");
    for bad in [
        ArpaPosition::Numbers(vec![0]),
        ArpaPosition::Numbers(vec![MAX_NUMBER + 1]),
        ArpaPosition::Exponents {
            prime: 4,
            exponents: 2,
        },
        ArpaPosition::Exponents {
            prime: 2,
            exponents: 3,
        },
        ArpaPosition::Exponents {
            prime: 2,
            exponents: 1 << 30,
        },
        ArpaPosition::Exponents {
            prime: 1_000_000_007,
            exponents: 2,
        },
    ] {
        assert!(game.validate(&bad).is_err(), "{bad:?}");
        assert_eq!(game.known_value(&bad, &grundy::Context::default()), None);
        assert!(options_of(&game, &bad).is_empty());
    }
    assert!(game
        .validate(&ArpaPosition::Exponents {
            prime: 2,
            exponents: (1 << 30) - 2
        })
        .is_ok());
    let p = ArpaPosition::Numbers(vec![4, 12]);
    assert_eq!(
        game.components(&p).unwrap(),
        [
            ArpaPosition::Exponents {
                prime: 2,
                exponents: 4
            },
            ArpaPosition::Exponents {
                prime: 3,
                exponents: 2
            },
        ]
    );
    assert_eq!(
        game.show(&game.components(&p).unwrap()[0]),
        "the exponents {2} of 2"
    );
    let opts = options_of(&game, &p);
    assert_eq!(opts.len(), 3); // 2^1, 2^2, 3^1
    assert_eq!(
        game.describe_move(&p, &opts[1]),
        "divide every number divisible by 2^2 = 4 by it"
    );
    let part = ArpaPosition::Exponents {
        prime: 2,
        exponents: 0b110,
    };
    let opts = options_of(&game, &part);
    assert_eq!(opts.len(), 1); // 2^1 and 2^2 leave the same set {1}: one option
    assert_eq!(
        game.describe_move(&part, &opts[0]),
        "divide by 2^1 (or equally by 2^2) every number it divides"
    );
    for text in [
        "1 1 17 17",
        "1 2 3 4 5",
        "4 12",
        "6 8 9",
        "16 18 5",
        "360 7",
    ] {
        family_agrees(&game, "arpa", &words(text), &[0, 1, 2, 3]);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Candy Piles (played misère).
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn candy_piles_misere_rule_is_brute_force(piles in proptest::collection::vec(1u64..8, 0..7)) {
        let game = CandyPilesGame;
        let mut p = piles.clone();
        p.sort_unstable_by(|a, b| b.cmp(a));
        prop_assert!(game.validate(&p).is_ok());
        let w = check_misere(&game, &mut HashMap::new(), &p)?;
        prop_assert_eq!(game.known_outcome(&p, CandyPilesGame::PLAY, &grundy::Context::default()), Some(outcome_of(w)));
        prop_assert!(game.known_winning_options(&p, Play::Misere, &grundy::Context::default()).is_some());
        prop_assert_eq!(game.known_outcome(&p, Play::Normal, &grundy::Context::default()), None);
        prop_assert_eq!(game.known_winning_options(&p, Play::Normal, &grundy::Context::default()), None);
        prop_assert_eq!(game.known_value(&p, &grundy::Context::default()), None);
        if !p.is_empty() {
            round_trip(&game, &p)?;
            // The piles in any order, and empty piles, give the same position.
            let mut given: Vec<String> = piles.iter().map(u64::to_string).collect();
            given.push("0".into());
            prop_assert_eq!(game.parse(&given).unwrap(), vec![p]);
        }
    }

    #[test]
    fn candy_piles_parse_never_panics(w in any_words()) {
        parse_never_panics(&CandyPilesGame, &w)?;
    }
}

#[test]
fn candy_piles_bad_positions_and_family() {
    let game = CandyPilesGame;
    refuses(&game, "", "give the piles");
    refuses(&game, "1 x", "'x'");
    assert!(game.validate(&vec![1, 3]).is_err());
    assert!(game.validate(&vec![3, 0]).is_err());
    assert_eq!(game.show(&vec![]), "nothing");
    // AtCoder AGC 002 E's samples.
    for (text, o) in [
        ("1 3", Outcome::N),
        ("1 2 1", Outcome::N),
        ("1 2 3", Outcome::P),
    ] {
        let p = game.parse(&words(text)).unwrap().remove(0);
        assert_eq!(
            game.known_outcome(&p, Play::Misere, &grundy::Context::default()),
            Some(o),
            "{text}"
        );
    }
    // The catalog's analysis (under the game's own convention, misère: it is asked for normal play and answers by
    // the rules as stated): the same position, outcome and winning moves, word for word.
    for text in ["1 3", "1 2 1", "1 2 3", "5 5 2", "4 1 1 1", "7", "2 2", "0"] {
        use grundy::analysis::{analyse, Convention, Report, Sum};
        let p = game.parse(&words(text)).unwrap().remove(0);
        let mut sum = Sum::new();
        grundy::games::lookup("candy-piles")
            .unwrap()
            .add_to(&mut sum, &words(text))
            .unwrap();
        let Ok(Report::Misere(a)) =
            analyse(&mut sum, Convention::Normal, &grundy::Context::default())
        else {
            panic!("candy-piles {text}: not answered under misère play")
        };
        assert_eq!(a.parts[0].position, game.show(&p));
        assert_eq!(
            Some(a.outcome),
            game.known_outcome(&p, Play::Misere, &grundy::Context::default())
        );
        let listed: Vec<(String, String)> = game
            .known_winning_options(&p, Play::Misere, &grundy::Context::default())
            .unwrap()
            .iter()
            .map(|o| (game.describe_move(&p, o), game.show_sum(o)))
            .collect();
        let printed: Vec<(String, String)> = a
            .winning_moves
            .iter()
            .map(|w| (w.description.clone(), w.result.clone()))
            .collect();
        assert_eq!(printed, listed, "{text}");
        // Misère play asked of a game played misère by its own rules is refused, not answered twice over.
        assert!(analyse(&mut sum, Convention::Misere, &grundy::Context::default()).is_err());
    }
    let p = vec![2, 1];
    let opts = options_of(&game, &p);
    assert_eq!(opts, [vec![vec![1]]]);
    assert_eq!(
        game.describe_move(&p, &opts[0]),
        "eat a largest pile (or equally one candy from every pile), leaving 1"
    );
    // Both moves from 2 1 leave the pile 1: one option, one winning move (the old component listed two).
    let mut sum = grundy::analysis::Sum::new();
    grundy::games::lookup("candy-piles")
        .unwrap()
        .add_to(&mut sum, &words("1 2"))
        .unwrap();
    let Ok(grundy::analysis::Report::Misere(a)) = grundy::analysis::analyse(
        &mut sum,
        grundy::analysis::Convention::Normal,
        &grundy::Context::default(),
    ) else {
        panic!("candy-piles 1 2: not answered under misère play")
    };
    assert_eq!(a.winning_moves.len(), 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Chocolate bars.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn chocolate_rules_are_brute_force(
        boxed in proptest::collection::vec(0u64..6, 0..4),
        out in proptest::collection::vec(1u64..6, 0..3),
    ) {
        let game = ChocolateGame;
        let p = ChocolatePosition { boxed: boxed.clone(), out };
        let mut memo = HashMap::new();
        let w = wins(&game, &p, Play::Normal, &mut memo);
        let all_in_box = p.out.is_empty();
        match game.known_outcome(&p, Play::Normal, &grundy::Context::default()) {
            Some(o) => prop_assert_eq!(o, outcome_of(w)),
            None => prop_assert!(!all_in_box, "every position with all bars in the box has a rule"),
        }
        let winning: Vec<Vec<ChocolatePosition>> = options_of(&game, &p)
            .into_iter()
            .filter(|o| !wins(&game, &o[0], Play::Normal, &mut memo))
            .collect();
        match game.known_winning_options(&p, Play::Normal, &grundy::Context::default()) {
            None => prop_assert!(game.known_outcome(&p, Play::Normal, &grundy::Context::default()).is_none()),
            Some(list) if grundy::games::chocolate::independent(&p.boxed) => {
                // Every winning option (options with equal bars may repeat a position: compare as sets).
                prop_assert_eq!(set(list), set(winning));
            }
            Some(list) => {
                // One winning option, to a calm position.
                prop_assert_eq!(list.len(), 1);
                prop_assert!(winning.contains(&list[0]));
                prop_assert!(list[0][0].is_calm());
            }
        }
        prop_assert_eq!(game.known_outcome(&p, Play::Misere, &grundy::Context::default()), None);
        prop_assert_eq!(game.known_value(&p, &grundy::Context::default()), None);
        round_trip(&game, &p)?;
        if all_in_box && !boxed.is_empty() {
            let given: Vec<String> = boxed.iter().map(u64::to_string).collect();
            prop_assert_eq!(game.parse(&given).unwrap(), vec![p]);
        }
    }

    #[test]
    fn chocolate_parse_never_panics(w in any_words()) {
        parse_never_panics(&ChocolateGame, &w)?;
    }
}

#[test]
fn chocolate_bad_positions_and_family() {
    let game = ChocolateGame;
    refuses(&game, "", "give the bars' lengths");
    refuses(&game, "1 x", "'x'");
    refuses(&game, "1 out: y", "'y'");
    // A position no rule covers: 1 out, 2 2 in the box, a P-position that is not calm.
    let p = game.parse(&words("2 2 out: 1")).unwrap().remove(0);
    assert_eq!(
        p,
        ChocolatePosition {
            boxed: vec![2, 2],
            out: vec![1]
        }
    );
    assert_eq!(
        game.known_outcome(&p, Play::Normal, &grundy::Context::default()),
        None
    );
    assert!(!wins(&game, &p, Play::Normal, &mut HashMap::new()));
    let big = ChocolatePosition::in_box(vec![1; 17]);
    assert!(game
        .check_searchable(&big, &grundy::Limits::default())
        .is_err());
    assert!(game
        .check_searchable(
            &ChocolatePosition::in_box(vec![1; 16]),
            &grundy::Limits::default()
        )
        .is_ok());
    assert!(game
        .check_searchable(
            &ChocolatePosition::in_box(vec![10_001]),
            &grundy::Limits::default()
        )
        .is_err());
    assert!(options_of(&game, &ChocolatePosition::in_box(vec![1; 64])).is_empty());
    // loj10245's first rounds: 11 10 15 is a P-position, 13 6 7 15 3 is not.
    let p = game.parse(&words("11 10 15")).unwrap().remove(0);
    assert_eq!(
        game.known_outcome(&p, Play::Normal, &grundy::Context::default()),
        Some(Outcome::P)
    );
    assert_eq!(
        game.known_winning_options(&p, Play::Normal, &grundy::Context::default()),
        Some(vec![])
    );
    // The catalog's component: the same outcome and the same one winning move, word for word; its result wrote
    // only the bars out ("out: …"), the game's position also writes the bars left in the box.
    for text in ["13 6 7 15 3", "1 1", "3 5 6", "0", "4 4 4", "1 2 3 4 5 6 7"] {
        let p = game.parse(&words(text)).unwrap().remove(0);
        let a = catalog_analysis("chocolate", &words(text), None);
        assert_eq!(a.parts[0].position, game.show(&p));
        assert_eq!(
            Some(a.outcome),
            game.known_outcome(&p, Play::Normal, &grundy::Context::default())
        );
        let old = family_moves("chocolate", &words(text), 0);
        let new = game
            .known_winning_options(&p, Play::Normal, &grundy::Context::default())
            .unwrap();
        assert_eq!(old.len(), new.len(), "{text}");
        for ((description, result), o) in old.iter().zip(&new) {
            assert_eq!(description, &game.describe_move(&p, o), "{text}");
            assert!(description.contains("one winning move, others may exist"));
            assert!(
                game.show_sum(o).ends_with(result.as_str()),
                "{text}: {result} / {}",
                game.show_sum(o)
            );
            if o[0].boxed.is_empty() {
                assert_eq!(result, &game.show_sum(o));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Every small position, not a sample: the closed forms differ from a wrong rule on few positions (misère Wythoff
// differs from normal play at six), which a sample can miss.
// ---------------------------------------------------------------------------------------------------------------

/// Every list of `len` numbers from `lo..hi`, for each `len` in `lens`.
fn lists(lens: std::ops::Range<usize>, lo: u64, hi: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for len in lens {
        let mut cur = vec![lo; len];
        loop {
            out.push(cur.clone());
            let Some(i) = (0..len).rev().find(|&i| cur[i] + 1 < hi) else {
                break;
            };
            cur[i] += 1;
            for c in &mut cur[i + 1..] {
                *c = lo;
            }
        }
    }
    out
}

#[test]
fn every_small_position_of_each_game() {
    let wythoff = WythoffGame::new();
    let mut solver = Solver::new(RulesOnly(&wythoff));
    let mut memo = HashMap::new();
    for a in 0..18 {
        for b in 0..18 {
            check_normal(&wythoff, &mut solver, &(a, b)).unwrap();
            check_misere(&wythoff, &mut memo, &(a, b)).unwrap();
        }
    }
    let mut solver = Solver::new(RulesOnly(&StaircaseGame));
    for coins in lists(0..4, 0, 4) {
        check_normal(&StaircaseGame, &mut solver, &coins).unwrap();
    }
    let mut solver = Solver::new(RulesOnly(&ChessmenGame));
    for cells in lists(0..4, 1, 9) {
        if cells.windows(2).all(|w| w[0] < w[1]) {
            check_normal(&ChessmenGame, &mut solver, &cells).unwrap();
        }
    }
    let cutting = CuttingGame::new();
    let mut solver = Solver::new(RulesOnly(&cutting));
    for w in 2..11 {
        for h in 2..11 {
            check_normal(&cutting, &mut solver, &(w, h)).unwrap();
        }
    }
    let mut solver = Solver::new(RulesOnly(&EAndDGame));
    for x in 1..18 {
        for y in 1..18 {
            check_normal(&EAndDGame, &mut solver, &(x, y)).unwrap();
        }
    }
    let fib = FibonacciNim::new();
    let mut solver = Solver::new(RulesOnly(&fib));
    for n in 0..30 {
        for m in 0..65 {
            check_normal(&fib, &mut solver, &(n, m)).unwrap();
        }
    }
    let arpa = ArpaGame::new();
    let mut solver = Solver::new(RulesOnly(&arpa));
    for numbers in lists(1..3, 1, 40) {
        let p = ArpaPosition::Numbers(numbers);
        let v = check_normal(&arpa, &mut solver, &p).unwrap();
        let parts: Nimber = arpa
            .components(&p)
            .unwrap()
            .iter()
            .map(|c| check_normal(&arpa, &mut solver, c).unwrap())
            .fold(0, |a, b| a ^ b);
        assert_eq!(parts, v, "{p:?}");
    }
    let mut memo = HashMap::new();
    for piles in lists(0..6, 1, 6) {
        if piles.windows(2).all(|w| w[0] >= w[1]) {
            check_misere(&CandyPilesGame, &mut memo, &piles).unwrap();
        }
    }
    let mut memo = HashMap::new();
    for boxed in lists(0..4, 0, 5) {
        for out in lists(0..3, 1, 5) {
            let p = ChocolatePosition {
                boxed: boxed.clone(),
                out,
            };
            let w = wins(&ChocolateGame, &p, Play::Normal, &mut memo);
            if let Some(o) =
                ChocolateGame.known_outcome(&p, Play::Normal, &grundy::Context::default())
            {
                assert_eq!(o, outcome_of(w), "{p:?}");
            }
            let winning: Vec<Vec<ChocolatePosition>> = options_of(&ChocolateGame, &p)
                .into_iter()
                .filter(|o| !wins(&ChocolateGame, &o[0], Play::Normal, &mut memo))
                .collect();
            match ChocolateGame.known_winning_options(&p, Play::Normal, &grundy::Context::default())
            {
                None => assert!(
                    ChocolateGame
                        .known_outcome(&p, Play::Normal, &grundy::Context::default())
                        .is_none(),
                    "{p:?}"
                ),
                Some(list) if grundy::games::chocolate::independent(&p.boxed) => {
                    assert_eq!(set(list), set(winning), "{p:?}")
                }
                Some(list) => {
                    assert!(list.len() == 1 && winning.contains(&list[0]), "{p:?}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The words of moves, as `grundy value` has always printed them (from its output before the game model).
// ---------------------------------------------------------------------------------------------------------------

fn said(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn moves_are_worded_as_before() {
    let w = WythoffGame::new();
    assert_eq!(
        game_moves(&w, &(10, 7), 0),
        said(&[
            ("take 6 from the first heap, leaving 4 7", "4 7"),
            ("take 1 from the second heap, leaving 10 6", "10 6"),
            ("take 3 from both heaps, leaving 7 4", "7 4"),
        ])
    );
    assert_eq!(
        game_moves(&w, &(4, 4), 1),
        said(&[("take 2 from both heaps, leaving 2 2", "2 2")])
    );
    assert_eq!(
        game_moves(&StaircaseGame, &vec![3, 1, 4, 1, 5], 0),
        said(&[("move 2 coins from step 1 to the ground", "1 1 4 1 5")])
    );
    assert_eq!(
        game_moves(&StaircaseGame, &vec![0, 3], 2),
        said(&[("move 2 coins from step 2 to step 1", "2 1")])
    );
    assert_eq!(
        game_moves(&ChessmenGame, &vec![1, 5, 6, 7, 9, 12, 14, 17], 0),
        said(&[
            (
                "move the chessman on cell 5 to cell 2",
                "1 2 6 7 9 12 14 17"
            ),
            (
                "move the chessman on cell 12 to cell 11",
                "1 5 6 7 9 11 14 17"
            ),
            (
                "move the chessman on cell 17 to cell 16",
                "1 5 6 7 9 12 14 16"
            ),
        ])
    );
    let c = CuttingGame::new();
    assert_eq!(
        game_moves(&c, &(6, 7), 0),
        said(&[("cut across the width into 3x7 and 3x7", "3x7 + 3x7")])
    );
    assert_eq!(
        c.describe_move(&(2, 9), &[(2, 4), (2, 5)]),
        "cut across the height into 2x4 and 2x5"
    );
    assert_eq!(
        game_moves(&EAndDGame, &(3, 4), 0),
        said(&[(
            "remove the heap of 3, split the second heap of 4 into 1 and 3",
            "1 3"
        )])
    );
    assert_eq!(
        EAndDGame.describe_move(&(5, 1), &[(2, 3)]),
        "remove the heap of 1, split the first heap of 5 into 2 and 3"
    );
    let f = temp_file(
        "words.txt",
        "# t\nnodes 7\n1 2\n1 3\n2 3\n2 4\n3 4\n4 5\n3 5\n5 6\n1 6\n",
    );
    let g = GraphGame::empty();
    let tokens = g.parse(&words(&format!("{f} 1"))).unwrap();
    assert_eq!(
        game_moves(&g, &tokens[0], 0),
        said(&[("move the token from node 1 to node 6", "6")])
    );
    let fib = FibonacciNim::new();
    assert_eq!(
        game_moves(&fib, &(13, 13), 0),
        said(&[(
            "take 13, leaving 0 (the next move takes at most 26)",
            "0 26"
        )])
    );
    assert_eq!(
        game_moves(&fib, &(20, 20), 1),
        said(&[
            ("take 1, leaving 19 (the next move takes at most 2)", "19 2"),
            (
                "take 6, leaving 14 (the next move takes at most 12)",
                "14 12"
            ),
            (
                "take 19, leaving 1 (the next move takes at most 38)",
                "1 38"
            ),
        ])
    );
    let arpa = ArpaGame::new();
    assert_eq!(
        game_moves(&arpa, &ArpaPosition::Numbers(vec![1, 1, 17, 17]), 0),
        said(&[(
            "divide every number divisible by 17^1 = 17 by it",
            "1 1 1 1"
        )])
    );
    assert_eq!(
        game_moves(&arpa, &ArpaPosition::Numbers(vec![4, 12]), 0),
        said(&[("divide every number divisible by 2^1 = 2 by it", "2 6")])
    );
    // Misère play searches the primes' parts, worded as the search has always worded them.
    let part = ArpaPosition::Exponents {
        prime: 2,
        exponents: 4,
    };
    assert_eq!(arpa.show(&part), "the exponents {2} of 2");
    assert_eq!(
        arpa.describe_move(&part, &[]),
        "divide by 2^2 every number it divides"
    );
    let candy = |piles: Vec<u64>| -> Vec<(String, String)> {
        let g = CandyPilesGame;
        g.known_winning_options(&piles, Play::Misere, &grundy::Context::default())
            .unwrap()
            .iter()
            .map(|o| (g.describe_move(&piles, o), g.show_sum(o)))
            .collect()
    };
    assert_eq!(
        candy(vec![2, 1, 1]),
        said(&[("eat one candy from every pile, leaving 1", "1")])
    );
    assert_eq!(
        candy(vec![3, 1]),
        said(&[("eat a largest pile, leaving 1", "1")])
    );
    let p = ChocolatePosition::in_box(vec![13, 6, 7, 15, 3]);
    let o = ChocolateGame
        .known_winning_options(&p, Play::Normal, &grundy::Context::default())
        .unwrap();
    assert_eq!(
        o.iter()
            .map(|o| (ChocolateGame.describe_move(&p, o), ChocolateGame.show_sum(o)))
            .collect::<Vec<_>>(),
        said(&[(
            "take the bars #1 (13), #2 (6), #3 (7), #4 (15), #5 (3) out of the box (their lengths XOR to 0 and the \
             bars left in the box are independent over GF(2); one winning move, others may exist)",
            "out: 13 6 7 15 3"
        )])
    );
}
