//! Many sums of one game's positions, answered with one memo: a judge's test cases.
//!
//! A judge gives `T` test cases, each a sum of positions of one game (heaps, pairs), and wants one outcome per case.
//! Valuing each case as a separate command would compute the game's table `T` times; here every position of every
//! case is valued through one heap table ([`HeapTable`]: closed forms, certified periods, the reachable heaps of a
//! huge heap, a script recognised as a code) or, for a game whose positions are tuples of numbers, one search with
//! one memo ([`AnyGame::values_at`]), and each case's value is the nim-sum of its positions' values.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::AnyGame;
use crate::heap::table::HeapTable;
use crate::nimber::Nimber;
use rustc_hash::FxHashMap;

/// The nim-values of the cases, in order, and the notes their answers rest on ([`HeapTable::assumption`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CaseValues {
    /// One nim-value per case: the nim-sum of its positions' values (0 for a case with no position).
    pub values: Vec<Nimber>,
    /// What the answers rest on beyond the rules, one line each (empty when nothing).
    pub notes: Vec<String>,
}

/// How many numbers name one position of `game` in a judge's input: 1 for a heap game, else the numbers of its
/// table ([`AnyGame::parameters`]); an error for a game whose positions are not numbers.
pub fn numbers_per_position(game: &dyn AnyGame) -> Result<usize> {
    if game.heap_game().is_some() {
        return Ok(1);
    }
    match game.parameters() {
        0 => Err(Error::unsupported(format!(
            "{}: its positions are not numbers ({}), so they cannot be read as a judge's test cases",
            game.name(),
            game.position_syntax()
        ))),
        k => Ok(k),
    }
}

/// The nim-values of `cases`, each a sum of positions of `game` (each position [`numbers_per_position`] numbers),
/// under normal play, with one memo for all of them, within the context `cx`.
pub fn nim_values(game: &dyn AnyGame, cases: &[Vec<Vec<u64>>], cx: &Context) -> Result<CaseValues> {
    game.normal_values_only("a nim-value of a test case")?;
    let k = numbers_per_position(game)?;
    if let Some((i, p)) = cases
        .iter()
        .enumerate()
        .find_map(|(i, c)| c.iter().find(|p| p.len() != k).map(|p| (i, p)))
    {
        return Err(wrong_size(game, i, k, p));
    }
    if let Some(heaps) = game.heap_game() {
        let mut table = HeapTable::new(heaps.clone());
        table.set_context(cx);
        let mut values = Vec::with_capacity(cases.len());
        for case in cases {
            let mut v = 0;
            for p in case {
                heaps.validate(&p[0])?;
                v ^= table.value(p[0])?;
                cx.check()?;
            }
            values.push(v);
        }
        let notes = table.assumption().into_iter().collect();
        return Ok(CaseValues { values, notes });
    }
    // One search for the distinct positions of all the cases. Their notes are stated with the answers, so an
    // answer may rest on one (a script's line or pair answered far out as the catalog game it was recognised as).
    let cx = &cx.clone().with_notes_stated(true);
    let mut index: FxHashMap<&[u64], usize> = FxHashMap::default();
    let mut cells: Vec<Vec<u64>> = Vec::new();
    for p in cases.iter().flatten() {
        index.entry(p.as_slice()).or_insert_with(|| {
            cells.push(p.clone());
            cells.len() - 1
        });
    }
    let found = game.values_at(&cells, cx, &mut |_| {})?;
    let mut values = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let mut v = 0;
        for p in case {
            match found[index[p.as_slice()]] {
                Some(x) => v ^= x,
                None => {
                    return Err(Error::input(format!(
                        "{}: case {}: {p:?} names no position of the game",
                        game.name(),
                        i + 1
                    )))
                }
            }
        }
        values.push(v);
    }
    Ok(CaseValues {
        values,
        notes: game.note().into_iter().collect(),
    })
}

/// The error for case `i` (0-based) holding the position `p`, not of `k` numbers.
fn wrong_size(game: &dyn AnyGame, i: usize, k: usize, p: &[u64]) -> Error {
    Error::input(format!(
        "{}: case {}: a position is {k} number{}, not {}",
        game.name(),
        i + 1,
        if k == 1 { "" } else { "s" },
        p.len()
    ))
}

/// The outcome of each case (normal play), each a sum of positions of `game` as in [`nim_values`]. When only who
/// wins is asked, a case of one position of a game searched move by move is settled by a win-loss search that
/// stops at the first move to a P-position ([`AnyGame::outcomes_alone`], one memo for all such cases); a case of
/// several positions needs their nim-values and a heap game's table gives them all at once, so those are
/// [`nim_values`]'. The same outcomes as [`nim_values`] gives, often after far fewer positions.
pub fn outcomes(game: &dyn AnyGame, cases: &[Vec<Vec<u64>>], cx: &Context) -> Result<CaseOutcomes> {
    game.normal_values_only("a nim-value of a test case")?;
    let alone = |c: &Vec<Vec<u64>>| c.len() == 1;
    if game.heap_game().is_some() || !cases.iter().any(alone) {
        let found = nim_values(game, cases, cx)?;
        return Ok(CaseOutcomes {
            outcomes: found
                .values
                .into_iter()
                .map(Outcome::of_nim_value)
                .collect(),
            notes: found.notes,
        });
    }
    let (single, several): (Vec<usize>, Vec<usize>) =
        (0..cases.len()).partition(|&i| alone(&cases[i]));
    let several_cases: Vec<Vec<Vec<u64>>> = several.iter().map(|&i| cases[i].clone()).collect();
    let valued = nim_values(game, &several_cases, cx)?;
    let k = numbers_per_position(game)?;
    let cells: Vec<Vec<u64>> = single.iter().map(|&i| cases[i][0].clone()).collect();
    if let Some((i, p)) = single.iter().zip(&cells).find(|(_, p)| p.len() != k) {
        return Err(wrong_size(game, *i, k, p));
    }
    let found = game.outcomes_alone(&cells, &cx.clone().with_notes_stated(true))?;
    let mut outcomes = vec![Outcome::P; cases.len()];
    for (j, &i) in several.iter().enumerate() {
        outcomes[i] = Outcome::of_nim_value(valued.values[j]);
    }
    for (j, &i) in single.iter().enumerate() {
        outcomes[i] = found[j].ok_or_else(|| {
            Error::input(format!(
                "{}: case {}: {:?} names no position of the game",
                game.name(),
                i + 1,
                cells[j]
            ))
        })?;
    }
    // The game's notes read after every answer: the single cases' may add to the sums'.
    Ok(CaseOutcomes {
        outcomes,
        notes: game.note().into_iter().collect(),
    })
}

/// The outcomes of a judge's cases ([`outcomes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseOutcomes {
    /// One outcome per case (P for a case with no position).
    pub outcomes: Vec<Outcome>,
    /// What the answers rest on beyond the rules, one line each (empty when nothing).
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::lookup;

    #[test]
    fn heap_cases_are_nim_sums_of_the_games_values() {
        let kayles = lookup("kayles").unwrap();
        let cases = vec![
            vec![vec![1], vec![2]],
            vec![],
            vec![vec![4], vec![7], vec![1000000000000]],
        ];
        let got = nim_values(&*kayles, &cases, &Context::default()).unwrap();
        // Kayles: G(1) = 1, G(2) = 2, G(4) = 1, G(7) = 2, and G(10^12) = G(76) = 1 (period 12 from 71, 10^12 ≡ 4
        // (mod 12)), as the table gives each heap alone.
        let mut table = HeapTable::new(kayles.heap_game().unwrap());
        assert_eq!(
            table.value(1000000000000).unwrap(),
            table.value(76).unwrap()
        );
        assert_eq!(table.value(76).unwrap(), 1);
        assert_eq!(got.values, [3, 0, 1 ^ 2 ^ 1]);
        assert!(got.notes.is_empty());
    }

    #[test]
    fn pair_cases_are_valued_with_one_search() {
        let wythoff = lookup("wythoff").unwrap();
        let cases = vec![
            vec![vec![1, 2]],
            vec![vec![3, 5], vec![1, 1]],
            vec![vec![0, 0]],
        ];
        let got = nim_values(&*wythoff, &cases, &Context::default()).unwrap();
        assert_eq!(got.values[0], 0);
        assert_eq!(got.values[1], 2);
        assert_eq!(got.values[2], 0);
    }

    #[test]
    fn positions_of_the_wrong_size_and_unnumbered_games_are_refused() {
        let kayles = lookup("kayles").unwrap();
        let e = nim_values(&*kayles, &[vec![vec![1, 2]]], &Context::default()).unwrap_err();
        assert!(
            e.to_string()
                .contains("case 1: a position is 1 number, not 2"),
            "{e}"
        );
        let graph = lookup("graph").unwrap();
        let e = nim_values(&*graph, &[vec![]], &Context::default()).unwrap_err();
        assert!(e.to_string().contains("not numbers"), "{e}");
    }
}

#[cfg(test)]
mod outcome_tests {
    use super::*;
    use crate::games::registry::lookup;
    use crate::games::Registry;
    use crate::script::{Script, Settings};

    /// Random cases (one position, several, none) of games of two numbers: the outcomes `outcomes` gives (a
    /// case alone by the win-loss search) are those of the nim-values of [`nim_values`].
    #[test]
    fn outcomes_are_those_of_the_nim_values() {
        let script = Script::inline(
            "(n, m) => { let o = []; for k in 1..=min(m, n) { o.push([n - k, min(2 * k, n - k)]) } o }",
            Settings::default(),
        )
        .unwrap();
        let mut registry = Registry::builtin();
        script.register(&mut registry).unwrap();
        let games = [
            registry.lookup("script").unwrap(),
            lookup("wythoff").unwrap(),
            lookup("cutting").unwrap(),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for game in &games {
            let mut cases = Vec::new();
            for _ in 0..120 {
                let parts = match next(6) {
                    0 => 0,
                    1 | 2 => 2,
                    _ => 1,
                };
                cases.push(
                    (0..parts)
                        .map(|_| vec![2 + next(30), 2 + next(30)])
                        .collect::<Vec<_>>(),
                );
            }
            let cx = Context::default();
            let values = nim_values(&**game, &cases, &cx).unwrap().values;
            let got = outcomes(&**game, &cases, &cx).unwrap().outcomes;
            let want: Vec<Outcome> = values.into_iter().map(Outcome::of_nim_value).collect();
            assert_eq!(got, want, "{}", game.name());
            assert!(want.contains(&Outcome::P) && want.contains(&Outcome::N));
        }
        // Heap games are read off their table; a position of the wrong size is refused as nim_values refuses it.
        let kayles = lookup("kayles").unwrap();
        let cases = vec![vec![vec![4]], vec![vec![1], vec![1]], vec![]];
        let got = outcomes(&*kayles, &cases, &Context::default()).unwrap();
        assert_eq!(got.outcomes, [Outcome::N, Outcome::P, Outcome::P]);
        let e = outcomes(&*games[1], &[vec![vec![1, 2, 3]]], &Context::default()).unwrap_err();
        assert!(
            e.to_string()
                .contains("case 1: a position is 2 numbers, not 3"),
            "{e}"
        );
    }
}
