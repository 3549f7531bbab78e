//! Misère nim-values and genus sequences of heap games, in CGSuite's notation `g^γ0γ1…`, and tame positions.
//!
//! **Definitions** (Winning Ways ch. 13; Conway, *On Numbers and Games* ch. 12; Siegel, *Combinatorial Game
//! Theory*, V.1–V.3; CGSuite's `Genus`). The *genus* of a game `G` is `g^γ0γ1γ2…` where `g = G⁺(G)` is its normal
//! nim-value and `γk = G⁻(G + 2 + … + 2)` is the misère nim-value of `G` plus `k` nim-heaps of size 2 (so `γ0` is the
//! misère nim-value of `G` itself). The `γk` eventually alternate, `γ(k+2) = γk`, and the exponent is written up to
//! the first two terms of that alternation: `*0` has genus `0^120` (γ = 1, 2, 0, 2, 0, …), `*1` has `1^031`, and a
//! nim-heap `*g` with `g ≥ 2` has `g^(g)(g⊕2)`, e.g. `*4` is `4^46`. A genus with all `γk < 10` is written with its
//! digits run together (`4^146`); otherwise the `γk` are comma-separated in parentheses (`12^(12,14)`).
//!
//! **Tame.** A genus is *tame* when it is that of a nim-heap position of misère Nim: `0^120`, `1^031`, or
//! `g^(g)(g⊕2)` for any `g` (`0^02` is `*2 + *2`, `1^13` is `*2 + *3`). A heap is *tame* here when it and every heap
//! reachable from it have tame genera; a position all of whose positions are tame plays like misère Nim, and sums of
//! tame games are tame (Winning Ways ch. 13, "tame games"; ONAG ch. 12). So a sum of tame heaps has the misère
//! outcome of misère Nim on its parts: [`tame_sum_outcome`].
//!
//! **How.** The `γ` of a heap are not found by adding heaps `*2` one at a time and watching for the alternation
//! (which needs a bound on how many to add: none is proved for that search, and a fixed one gave up on `0.3F`,
//! whose heap 39 settles only after eight). Instead [`MisereSearch::genus`] computes the `γ` of every sum reached
//! from the heap from those of its options, by Conway's rule (ONAG ch. 12; Winning Ways ch. 13): `γ0 = mex{γ0(G')}`
//! and `γk = mex({γk(G')} ∪ {γ(k−1), γ(k−1) ⊕ 1})`, and a position whose options all alternate from index `D` on
//! alternates from `D + 2` on (proved in [`MisereSearch::genus`]). So every genus printed is exact and complete,
//! with no depth to choose. The cost is that of the misère search of the heap alone (exponential in the heap size
//! for games that split heaps), so [`Limits`] bounds it. [`GenusTable::gamma`] still computes one `γk` directly on
//! `heap n + k·*2`, as an independent check.

use super::search::{HeapPositions, MisereSearch, Numbered, Part};
use crate::error::Result;
use crate::game::Outcome;
use crate::heap::{HeapGame, TakeAndBreak};
use crate::nimber::Nimber;
use crate::solver::Limits;
use std::fmt;
use std::rc::Rc;

/// A genus `g^γ0γ1…`, with the `γ` written up to the first two terms of their final alternation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play nim-value.
    pub g: Nimber,
    /// `γ0, γ1, …`, up to the first two terms of the alternation.
    pub gammas: Vec<Nimber>,
}

impl Genus {
    /// The genus from `g` and computed `γ0..=γK`; `None` when the alternation is not seen over the last four.
    pub fn from_gammas(g: Nimber, all: &[Nimber]) -> Option<Genus> {
        let k = all.len();
        // Smallest s with all[j + 2] == all[j] for all j >= s.
        let mut s = k.saturating_sub(2);
        while s > 0 && all[s - 1] == all[s + 1] {
            s -= 1;
        }
        if s + 4 > k {
            return None;
        }
        Some(Genus {
            g,
            gammas: all[..s + 2].to_vec(),
        })
    }

    /// The misère nim-value `γ0`.
    pub fn misere_value(&self) -> Nimber {
        self.gammas[0]
    }

    /// True for the genera of misère Nim positions: `0^120`, `1^031`, `g^(g)(g⊕2)`.
    pub fn is_tame(&self) -> bool {
        let g = self.g;
        self.gammas == [g, g ^ 2]
            || (g == 0 && self.gammas == [1, 2, 0])
            || (g == 1 && self.gammas == [0, 3, 1])
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gammas.iter().all(|&x| x < 10) {
            let s: String = self.gammas.iter().map(|x| x.to_string()).collect();
            write!(f, "{}^{}", self.g, s)
        } else {
            let s: Vec<String> = self.gammas.iter().map(|x| x.to_string()).collect();
            write!(f, "{}^({})", self.g, s.join(","))
        }
    }
}

/// The genus of one heap, and whether the heap is tame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapGenus {
    /// The heap size (tokens).
    pub heap: u64,
    /// The heap's genus `g^γ0γ1…`: its normal nim-value `g` and the misère nim-values `γk` of the heap plus `k`
    /// heaps of 2.
    pub genus: Genus,
    /// Whether the heap and every heap reachable from it have tame genera (then it plays like misère Nim).
    pub tame: bool,
}

/// Misère nim-values and genera of heaps `0..=to` of a heap game.
pub struct GenusTable {
    search: MisereSearch,
    normal: Vec<Nimber>,
}

impl GenusTable {
    /// Prepares the table; `normal` are the normal nim-values of heaps `0..=to` (from the game's sequence engine).
    pub fn new(game: Rc<HeapGame>, normal: Vec<Nimber>, limits: Limits) -> Self {
        // The heaps `*2` beside it: a heap of 2 of the code 0.33 (take one or two tokens) is the Nim heap `*2` move
        // for move (its options are heaps of 1 and 0, as are Nim's), and the code is stated here, below the catalog.
        let star_two = TakeAndBreak::parse("0.33")
            .expect("0.33 is a valid code")
            .named("nim");
        let games: Vec<Box<dyn Numbered>> = vec![
            Box::new(HeapPositions(game)),
            Box::new(HeapPositions(Rc::new(star_two))),
        ];
        GenusTable {
            search: MisereSearch::new(games, limits),
            normal,
        }
    }

    /// The misère nim-value of heap `n` plus `k` heaps `*2`.
    pub fn gamma(&mut self, n: u64, k: usize) -> Result<Nimber> {
        let mut parts = vec![Part { game: 0, pos: n }];
        parts.extend(std::iter::repeat_n(Part { game: 1, pos: 2 }, k));
        self.search.value(&parts)
    }

    /// The misère nim-value of heap `n`.
    pub fn misere_value(&mut self, n: u64) -> Result<Nimber> {
        self.gamma(n, 0)
    }

    /// The genus of heap `n` (`n` must be within the normal values given), exact: the `γ` come from
    /// [`MisereSearch::genus`], which computes each state's genus from its children's and knows, by a theorem, where
    /// it alternates (no number of heaps `*2` is guessed).
    pub fn genus(&mut self, n: u64) -> Result<Genus> {
        let gammas = self.search.genus(&[Part { game: 0, pos: n }])?;
        Ok(Genus {
            g: self.normal[n as usize],
            gammas,
        })
    }

    /// Genera and tameness of heaps `0..=to`.
    pub fn sequence(&mut self, to: u64, progress: &mut dyn FnMut(u64)) -> Result<Vec<HeapGenus>> {
        let mut out: Vec<HeapGenus> = Vec::with_capacity(to as usize + 1);
        for n in 0..=to {
            let genus = self.genus(n)?;
            let mut tame = genus.is_tame();
            if tame {
                // Every heap reachable from n is reached through an option of n; those heaps are smaller.
                let opts = self.search.component_options(Part { game: 0, pos: n })?;
                tame = opts.iter().flatten().all(|&h| out[h as usize].tame);
            }
            out.push(HeapGenus {
                heap: n,
                genus,
                tame,
            });
            progress(n);
        }
        Ok(out)
    }
}

/// The misère outcome of a sum of components with tame genera, by misère Nim's rule (Bouton 1902; Winning Ways ch.
/// 13): components of genus `0^120` and `1^031` act as heaps of 0 and 1, and `g^(g)(g⊕2)` as a heap of at least 2
/// with nim-value `g`. If some component is of the last kind, the sum is P exactly when the nim-sum of the `g` is 0;
/// otherwise exactly when it is 1. `None` when some genus is not tame.
pub fn tame_sum_outcome(genera: &[Genus]) -> Option<Outcome> {
    if !genera.iter().all(Genus::is_tame) {
        return None;
    }
    let total = genera.iter().fold(0, |a, x| a ^ x.g);
    let big = genera.iter().any(|x| x.gammas.len() == 2);
    let p = if big { total == 0 } else { total == 1 };
    Some(if p { Outcome::P } else { Outcome::N })
}
