//! What `grundy plot` draws of a game, computed here: the sequence of a heap game with its period (the search of
//! [`crate::heap::period`]) and its rare split, its misère nim-values ([`crate::misere::genus`]), the values of a
//! one-number game that is not a heap game, a table of a two-number game, and a board position with its nim-value; each drawn, with a [`Summary`] of what
//! was drawn.

use super::{
    board, describe_period, sequence, table, table_fits, BoardStyle, Grid, SequenceStyle, Size,
    MISERE_RULE,
};
use crate::analysis::table::{Span, Table};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::games::AnyGame;
use crate::heap::period::{self, Periodicity};
use crate::heap::rare::RareSplit;
use crate::heap::sequence;
use crate::heap::Engine;
use crate::nimber::Nimber;
use crate::Play;

/// The last row and column of a table drawn when none is asked for: `0..=31`, cut to the game's
/// [`AnyGame::table_extent`] ([`Span::default_for`]).
pub const DEFAULT_TABLE_TO: u64 = 31;

/// What to draw of a game whose positions are named by one number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SequenceRequest {
    /// The last heap drawn: heaps `0..=to`.
    pub to: u64,
    /// Misère nim-values instead of nim-values (a heap game's).
    pub misere: bool,
    /// Colour the rare values of the sparse-space split ([`RareSplit`]) apart from the common ones (normal play).
    pub rare: bool,
    /// The most states the misère search may store ([`crate::analysis::misere::limits`]); `None` for its default.
    pub max_positions: Option<usize>,
    /// The picture's size.
    pub size: Size,
}

impl SequenceRequest {
    /// The nim-values of heaps `0..=to`, one colour, on a picture of [`Size::SEQUENCE`].
    pub fn new(to: u64) -> SequenceRequest {
        SequenceRequest {
            to,
            misere: false,
            rare: false,
            max_positions: None,
            size: Size::SEQUENCE,
        }
    }
}

/// A picture and what it shows.
#[derive(Debug, Clone)]
pub struct Plot {
    /// The picture.
    pub scene: Scene,
    /// What was drawn: the JSON object of `grundy plot --json` (without the file and its format).
    pub summary: Summary,
}

use super::scene::Scene;

/// What a picture shows: `grundy plot --json` prints it with `file` and `format` added. Serialised with its kind,
/// `"kind": "scatter"`, `"table"` or `"board"`, beside its fields.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Summary {
    /// A sequence's scatter.
    Scatter(ScatterSummary),
    /// A table's heatmap.
    Table(TableSummary),
    /// A board position.
    Board(BoardSummary),
}

/// What a sequence's scatter shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScatterSummary {
    /// The game's name.
    pub game: String,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
    /// `misere` when misère nim-values were asked for, else `normal`.
    pub play: &'static str,
    /// How many heaps were drawn: `0..heaps`.
    pub heaps: u64,
    /// The largest value drawn.
    pub largest: Nimber,
    /// The preperiod of the period found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<u64>,
    /// The period found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<u64>,
    /// Its saltus (0 for ordinary periodicity).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saltus: Option<u64>,
    /// Whether a theorem certifies it (else it is observed only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// The rare split's mask, when rare values were coloured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rare_mask: Option<u64>,
    /// When rare values were coloured: the heap parity the split also uses, `None` (`null`) when it uses none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rare_heap_parity: Option<Option<u64>>,
    /// How many heaps `n >= 1` are rare (as `grundy seq --stats` counts them), when rare values were coloured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rare_heaps: Option<u64>,
    /// The header's second line: the period found (and how), or the play convention.
    #[serde(skip)]
    pub rule: String,
    /// The rare split coloured.
    #[serde(skip)]
    pub rare: Option<RareSplit>,
}

/// What a table's heatmap shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TableSummary {
    /// The game's name.
    pub game: String,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
    /// The first numbers `a`, both ends included.
    pub rows: [u64; 2],
    /// The second numbers `b`, both ends included.
    pub cols: [u64; 2],
    /// The largest value of the table.
    pub largest: Nimber,
    /// How many of its cells are P-positions.
    pub p_positions: u64,
}

/// What a board's picture shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BoardSummary {
    /// The game's name.
    pub game: String,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
    /// The position as the game writes it.
    pub position: String,
    /// The board's rows.
    pub rows: u64,
    /// The board's columns.
    pub cols: u64,
    /// The position's nim-value, when it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_value: Option<Nimber>,
}

/// The values (nim-values, or misère nim-values) of heaps `0..=req.to` of `game`, a game whose positions are named
/// by one number, drawn as [`sequence()`] draws them: for a heap game with the period `grundy period` finds (looked for
/// over at least [`period::DEFAULT_LIMIT_UNCERTIFIABLE`] heaps, so that a period longer than the picture is still
/// found) and, with `req.rare`, its rare split; for a game played misère by its own rules, or with `req.misere`, its
/// misère nim-values. Within the context `cx` (its limits, threads and progress); heaps past what memory allows are
/// refused before any work.
pub fn plot_sequence(game: &dyn AnyGame, req: &SequenceRequest, cx: &Context) -> Result<Plot> {
    let name = game.name();
    if game.parameters() != 1 {
        return Err(Error::input(format!(
            "{name}: positions of this game are not named by one number, so it has no sequence to draw"
        )));
    }
    if req.rare && game.heap_game().is_none() {
        return Err(Error::input(format!(
            "{name}: the rare split is of a heap game's nim-values"
        )));
    }
    let own_misere = game.play() == Play::Misere;
    if own_misere && req.misere {
        return Err(Error::unsupported(format!(
            "{name} is played misère by its own rules already (the last mover loses)"
        ))
        .with_remedy(crate::error::Remedy::LeaveOutMisere));
    }
    if req.rare && (req.misere || own_misere) {
        return Err(Error::unsupported(format!(
            "{name}: the rare split is of normal-play nim-values, not misère ones"
        )));
    }
    let (values, periodicity, rule) = if req.misere || own_misere {
        (misere_values(game, req, cx)?, None, MISERE_RULE.to_string())
    } else if game.heap_game().is_some() {
        heap_values(game, req.to, cx)?
    } else {
        let heaps = req.to.saturating_add(1);
        let values = searched_values(game, req.to, cx)?;
        (values, None, describe_period(None, heaps))
    };
    // The code's parity only for a code's own values (normal play: the rare split and misère play exclude each
    // other).
    let code = game.heap_game().and_then(|g| g.code().cloned());
    let rare = req.rare.then(|| RareSplit::of(&values, code.as_ref()));
    let heaps = values.len() as u64;
    let style = SequenceStyle {
        size: req.size,
        title: format!(
            "{}nim-values of {name}, heaps 0..={}",
            if req.misere { "misère " } else { "" },
            req.to
        ),
        subtitle: rule.clone(),
        misere: req.misere,
        rare,
    };
    let scene = sequence(&values, periodicity.as_ref(), &style)?;
    let p = periodicity.as_ref();
    let summary = ScatterSummary {
        game: name,
        width: req.size.width,
        height: req.size.height,
        play: if req.misere { "misere" } else { "normal" },
        heaps,
        largest: values.iter().copied().max().unwrap_or(0),
        preperiod: p.map(|p| p.preperiod),
        period: p.map(|p| p.period),
        saltus: p.map(|p| p.saltus),
        certified: p.map(|p| p.certified),
        rare_mask: rare.map(|r| r.mask),
        rare_heap_parity: rare.map(|r| r.phase),
        rare_heaps: rare.map(|r| rare_heaps(&values, r)),
        rule,
        rare,
    };
    Ok(Plot {
        scene,
        summary: Summary::Scatter(summary),
    })
}

/// How many heaps `n >= 1` are rare (as `grundy seq --stats` counts them).
fn rare_heaps(values: &[Nimber], split: RareSplit) -> u64 {
    (1..values.len())
        .filter(|&n| split.is_rare(n as u64, values[n]))
        .count() as u64
}

/// The misère nim-values of heaps `0..=req.to` of a heap game, by the genus search within the misère limits.
fn misere_values(game: &dyn AnyGame, req: &SequenceRequest, cx: &Context) -> Result<Vec<Nimber>> {
    let name = game.name();
    let Some(rules) = game.heap_game() else {
        return Err(Error::unsupported(format!(
            "{name}: misère values are computed for heap games only"
        )));
    };
    let to = req.to;
    let mlimits = crate::analysis::misere::limits(&cx.limits, req.max_positions);
    sequence::check(
        &rules,
        sequence::choose(&rules, Engine::Auto),
        to,
        1,
        &mlimits,
    )?;
    let (normal, _) = sequence::nim_values(&rules, to, Engine::Auto, 1, &mlimits, &mut |_| {})?;
    let mut table = crate::misere::genus::GenusTable::new(rules, normal, mlimits);
    let what = format!("misère values of {name} to {to}");
    let mut values = Vec::with_capacity(to.saturating_add(1) as usize);
    for n in 0..=to {
        values.push(table.misere_value(n)?);
        cx.report(&what, n, to);
    }
    cx.report(&what, to, to);
    Ok(values)
}

/// The nim-values of heaps `0..=to` of a heap game with the period found over them (or over more heaps) and the
/// words for it.
fn heap_values(
    game: &dyn AnyGame,
    to: u64,
    cx: &Context,
) -> Result<(Vec<Nimber>, Option<Periodicity>, String)> {
    let name = game.name();
    let rules = game.heap_game().expect("a heap game");
    let (threads, limits) = (cx.threads(), &cx.limits);
    // The picture holds every value: refuse at once what cannot fit, before any work.
    sequence::check(
        &rules,
        sequence::choose(&rules, Engine::Auto),
        to,
        threads,
        limits,
    )?;
    // The period is looked for as 'grundy period' does, over at least 16384 heaps (so a period longer than the
    // picture is still found), and never further than the heaps drawn when those are more.
    let limit = to.max(period::DEFAULT_LIMIT_UNCERTIFIABLE - 1);
    let what = format!("{name} to {to}");
    let found =
        period::analyse_limited(&rules, limit, Engine::Auto, threads, limits, &mut |n, _| {
            cx.report(&what, n.min(to), to)
        })?;
    let periodicity = found.periodicity;
    let mut values = found.values;
    if values.len() as u64 > to {
        values.truncate(to.saturating_add(1) as usize);
    } else {
        let (v, _) = sequence::nim_values(&rules, to, Engine::Auto, threads, limits, &mut |n| {
            cx.report(&what, n, to)
        })
        .map_err(|e| sequence::stopped(&name, e, 0, to, limits))?;
        values = v;
    }
    cx.report(&what, to, to);
    let rule = describe_period(periodicity.as_ref(), limit.saturating_add(1));
    Ok((values, periodicity, rule))
}

/// The values of positions `0..=to` of a one-number game that is not a heap game, by search.
fn searched_values(game: &dyn AnyGame, to: u64, cx: &Context) -> Result<Vec<Nimber>> {
    let name = game.name();
    let heaps = to.saturating_add(1);
    cx.limits.check_memory(
        heaps.saturating_mul(48),
        &format!("the positions 0..={to} of {name}"),
    )?;
    let cells: Vec<Vec<u64>> = (0..=to).map(|n| vec![n]).collect();
    let what = format!("{name} to {to}");
    let one = cx.clone().with_threads(1);
    let got = game.values_at(&cells, &one, &mut |n| cx.report(&what, n, heaps))?;
    cx.report(&what, heaps, heaps);
    let mut values = Vec::with_capacity(got.len());
    for (n, v) in got.into_iter().enumerate() {
        values.push(v.ok_or_else(|| {
            Error::input(format!(
                "{name}: {n} names no position, so there is no sequence to draw"
            ))
        })?);
    }
    Ok(values)
}

/// The picture of one board position of `game` (Cram or Chomp) written in `words` as the game writes it
/// ([`Grid::parse`]), on a picture of `size`; with `value`, its nim-value (by the analysis of [`crate::analysis`],
/// within the context `cx`) is said in the title: `cram 3x4: nim-value 1 (an N-position)`.
pub fn plot_board(
    game: &dyn AnyGame,
    words: &[String],
    size: Size,
    value: bool,
    cx: &Context,
) -> Result<Plot> {
    let grid = Grid::parse(&game.name(), words)?;
    let mut style = BoardStyle::new(&grid);
    style.size = size;
    let nim_value = if value {
        let mut sum = crate::analysis::Sum::new();
        game.add_to(&mut sum, words)?;
        match crate::analysis::analyse_values(&mut sum, crate::analysis::Convention::Normal, cx)? {
            crate::analysis::Report::Normal(a) => a.nim_value,
            _ => None,
        }
    } else {
        None
    };
    if let Some(v) = nim_value {
        style.title += &format!(
            ": nim-value {v} ({})",
            if v == 0 {
                "a P-position"
            } else {
                "an N-position"
            }
        );
    }
    let scene = board(&grid, &style)?;
    let summary = BoardSummary {
        game: grid.game.clone(),
        width: size.width,
        height: size.height,
        position: grid.position.clone(),
        rows: grid.rows as u64,
        cols: grid.cols as u64,
        nim_value,
    };
    Ok(Plot {
        scene,
        summary: Summary::Board(summary),
    })
}

/// The table of `game` (a game whose positions are named by two numbers) over `rows` × `cols`, valued by
/// [`Table::compute`] within the context `cx`, drawn as [`table`] draws it on a picture of `size`. A table whose
/// cells do not fit the picture at one pixel each is refused before it is valued. `rows` and `cols` default to
/// `0..=`[`DEFAULT_TABLE_TO`], cut to the game's own extent ([`Span::default_for`]: Cram, Chomp).
pub fn plot_table(
    game: &dyn AnyGame,
    rows: Option<Span>,
    cols: Option<Span>,
    size: Size,
    cx: &Context,
) -> Result<(Plot, Table)> {
    let name = game.name();
    game.normal_values_only("a plot")?;
    if game.parameters() != 2 {
        return Err(Error::input(format!(
            "{name}: positions of this game are not named by two numbers, so it has no table to draw"
        )));
    }
    let usual = Span::default_for(game, DEFAULT_TABLE_TO);
    let (rows, cols) = (rows.unwrap_or(usual), cols.unwrap_or(usual));
    // Refuse a table that cannot be drawn before valuing it.
    table_fits((rows.from, rows.to), (cols.from, cols.to), size)?;
    let cells = rows.len().saturating_mul(cols.len());
    cx.limits.check_memory(
        cells.saturating_mul(64),
        &format!("a table of {} x {} cells", rows.len(), cols.len()),
    )?;
    let what = format!("{name} table");
    let one = cx.clone().with_threads(1);
    let t = Table::compute(game, rows, Some(cols), &one, &mut |n| {
        cx.report(&what, n, cells)
    })?;
    cx.report(&what, cells, cells);
    let scene = table(&t, size)?;
    let summary = TableSummary {
        game: name,
        width: size.width,
        height: size.height,
        rows: [rows.from, rows.to],
        cols: [cols.from, cols.to],
        largest: t
            .values
            .iter()
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0),
        p_positions: t.p_positions.len() as u64,
    };
    Ok((
        Plot {
            scene,
            summary: Summary::Table(summary),
        },
        t,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::erase;
    use crate::{Game, Options};

    /// Two-heap Nim numbered by its two heaps: G(a, b) = a xor b, so the P-positions are the diagonal.
    struct TwoHeaps;
    impl Game for TwoHeaps {
        type Position = (u64, u64);
        fn name(&self) -> String {
            "two-heaps".into()
        }
        fn options(&self, p: &(u64, u64), out: &mut Options<(u64, u64)>) -> Result<()> {
            for a in 0..p.0 {
                out.push_one((a, p.1));
            }
            for b in 0..p.1 {
                out.push_one((p.0, b));
            }
            Ok(())
        }
        fn table(&self) -> Option<&dyn crate::Tabular<Self::Position>> {
            Some(self)
        }
    }

    impl crate::Tabular<(u64, u64)> for TwoHeaps {
        fn parameters(&self) -> usize {
            2
        }
        fn position_at(&self, params: &[u64]) -> Option<(u64, u64)> {
            (params[0] + params[1] > 0).then_some((params[0], params[1]))
        }
    }

    /// A game with two parameters is valued through `values_at` and drawn cell by cell: the SVG's cells carry
    /// a xor b, and the numbers that name no position (0, 0) are marked so.
    #[test]
    fn a_two_parameter_game_is_a_heatmap_of_its_values() {
        let game = erase(TwoHeaps);
        let size = Size::new(500, 400).unwrap();
        let (plot, t) = plot_table(
            &*game,
            Some(Span::new(2, 9).unwrap()),
            Some(Span::new(0, 11).unwrap()),
            size,
            &Context::default(),
        )
        .unwrap();
        for a in 2..=9u64 {
            for b in 0..=11u64 {
                assert_eq!(t.get(a, b), Some(a ^ b));
            }
        }
        let svg = plot.scene.to_svg();
        for a in 2..=9u64 {
            for b in 0..=11u64 {
                let want = format!("data-a=\"{a}\" data-b=\"{b}\" data-v=\"{}\"", a ^ b);
                assert!(svg.contains(&want), "{want}");
            }
        }
        assert_eq!(svg.matches("class=\"cell\"").count(), 96);
        assert_eq!(
            svg.matches("fill=\"#000000\" data-a").count(),
            8,
            "the diagonal a = b"
        );
        let Summary::Table(s) = &plot.summary else {
            panic!("{:?}", plot.summary)
        };
        assert_eq!(
            (s.p_positions, s.largest, s.rows, s.cols),
            (8, 15, [2, 9], [0, 11])
        );
        let j = serde_json::to_value(&plot.summary).unwrap();
        assert_eq!(j["kind"], "table");
        let (zero, _) = plot_table(
            &*game,
            Some(Span::new(0, 1).unwrap()),
            Some(Span::new(0, 1).unwrap()),
            size,
            &Context::default(),
        )
        .unwrap();
        assert!(zero
            .scene
            .to_svg()
            .contains("data-a=\"0\" data-b=\"0\" data-v=\"none\""));
        // Too many cells for the picture: refused before any value, with the remedy as data.
        let e = plot_table(
            &*game,
            Some(Span::new(0, 5000).unwrap()),
            None,
            size,
            &Context::default(),
        )
        .unwrap_err();
        assert_eq!(e.remedies(), [crate::error::Remedy::LargerPicture]);
    }

    /// A Cram board and a Chomp bar with their nim-values in the header: `cram 2x4` is a P-position (even sides: the second player
    /// answers each domino with its image through the centre)
    /// and an L of Chomp, first row 4 and two more rows, is Nim on heaps 3 and 2.
    #[test]
    fn a_board_is_drawn_with_its_nim_value() {
        let cram = crate::games::registry::lookup("cram").unwrap();
        let words = ["2x4".to_string()];
        let plot = plot_board(&*cram, &words, Size::BOARD, true, &Context::default()).unwrap();
        assert!(plot
            .scene
            .to_svg()
            .contains(">cram 2x4: nim-value 0 (a P-position)</text>"));
        let j = serde_json::to_value(&plot.summary).unwrap();
        assert_eq!(
            (
                j["kind"].as_str(),
                j["position"].as_str(),
                j["nim_value"].as_u64()
            ),
            (Some("board"), Some("2x4"), Some(0))
        );
        let chomp = crate::games::registry::lookup("chomp").unwrap();
        let words: Vec<String> = ["4", "1", "1"].map(String::from).to_vec();
        let plot = plot_board(&*chomp, &words, Size::BOARD, true, &Context::default()).unwrap();
        let Summary::Board(b) = &plot.summary else {
            panic!("{:?}", plot.summary)
        };
        assert_eq!((b.rows, b.cols, b.nim_value), (3, 4, Some(3 ^ 2)));
        let plain = plot_board(&*chomp, &words, Size::BOARD, false, &Context::default()).unwrap();
        assert!(serde_json::to_value(&plain.summary)
            .unwrap()
            .get("nim_value")
            .is_none());
        let kayles = crate::games::registry::lookup("kayles").unwrap();
        assert!(plot_board(&*kayles, &words, Size::BOARD, true, &Context::default()).is_err());
    }

    /// Kayles to 200: its certified period is found and reported, the values are its sequence.
    #[test]
    fn a_heap_game_is_a_scatter_with_its_period() {
        let game = crate::games::registry::lookup("kayles").unwrap();
        let plot = plot_sequence(&*game, &SequenceRequest::new(200), &Context::default()).unwrap();
        let Summary::Scatter(s) = &plot.summary else {
            panic!("{:?}", plot.summary)
        };
        assert_eq!(
            (s.heaps, s.preperiod, s.period, s.certified, s.largest),
            (201, Some(71), Some(12), Some(true), 8)
        );
        assert!(
            s.rule
                .contains("certified (the Guy-Smith periodicity theorem)"),
            "{}",
            s.rule
        );
        let j = serde_json::to_value(&plot.summary).unwrap();
        assert_eq!(j["kind"], "scatter");
        assert!(
            j.get("rule").is_none() && j.get("rare_mask").is_none(),
            "{j}"
        );
        let mis = SequenceRequest {
            misere: true,
            rare: true,
            ..SequenceRequest::new(10)
        };
        let e = plot_sequence(&*game, &mis, &Context::default()).unwrap_err();
        assert!(e.to_string().contains("normal-play"), "{e}");
        let mis = SequenceRequest { rare: false, ..mis };
        let plot = plot_sequence(&*game, &mis, &Context::default()).unwrap();
        let Summary::Scatter(s) = &plot.summary else {
            panic!("{:?}", plot.summary)
        };
        assert_eq!((s.play, s.heaps, s.preperiod), ("misere", 11, None));
        assert!(plot.scene.to_svg().contains(">G-(n)</text>"));
    }
}
