//! Arc Kayles on a graph (`grundy value arc-kayles FILE`): a move chooses an edge and removes its two end vertices
//! together with every edge touching them. A player who cannot move (no edge is left) loses.
//!
//! **Components.** A move touches the two ends of one edge, inside one connected component, so the components of
//! the remaining graph are independent games and, by the Sprague–Grundy theorem, the position is the nim-sum of
//! their values. Each option is given as the *sum* of its connected components
//! ([`crate::games::ugraph::Component::split`]); components are canonically labelled (see
//! [`crate::games::ugraph`]), so isomorphic components share one memo entry. Isolated vertices are components of
//! value 0 (no edge to take).
//!
//! **Cost.** A component with `m` edges has `m` options, each split in `O(k)` bitmask steps and labelled. The
//! number of positions is the number of distinct (up to the labelling) connected induced subgraphs play reaches:
//! linear for a path or a cycle, exponential for general graphs (Arc Kayles is PSPACE-complete, Schaefer 1978; the
//! solver searches by tests, [`SearchHints::search_by_tests`], which reads fewer of them), so
//! graphs are limited to [`crate::games::ugraph::MAX_VERTICES`] vertices and dense graphs of a few dozen vertices may
//! exceed the memo limit.
//!
//! **Paths.** Arc Kayles on the path of `n` vertices is Dawson's Kayles, octal `0.07`, heap `n`: a move removes two
//! adjacent vertices of the path, leaving the parts on either side (Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 4, where Dawson's Kayles is knocking down two adjacent pins of a row, code `0.07`). The tests check this
//! against brute force and against the `0.07` sequence.
//!
//! **Positions** are a graph file or a family (`path:N`, `cycle:N`, `grid:RxC`, [`crate::games::ugraph::family`]),
//! optionally followed by the vertices still in play (`{0-3, 7}`, as positions are shown; [`crate::games::ugraph::read`]);
//! `grundy table arc-kayles` numbers them as the grid graphs `P_r □ P_c`, and `grundy value arc-kayles … --save-table FILE`
//! keeps the search's values ([`crate::table_file`]).

use super::ugraph::{self, Component};
use crate::game::{Game, Notation, Options, SearchHints, Tabular};

/// Arc Kayles: choose an edge, remove both its ends. A position is one graph ([`Component`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct ArcKayles;

impl Game for ArcKayles {
    ugraph::graph_game_methods!(core "arc-kayles");
    /// Listed by the edges' ids (lower end first, then the other; the order in which a person reads the winning
    /// moves), not by their labels.
    fn options(&self, p: &Component, out: &mut Options<Component>) -> crate::Result<()> {
        edge_options(p, |_, _| true, out);
        Ok(())
    }
    /// One option for each pair of twin classes ([`Component::twin_classes`]) an edge joins: edges `uv` and
    /// `u'v'` with `u`, `u'` twins and `v`, `v'` twins leave isomorphic graphs (swap `u` with `u'`, then `v` with
    /// `v'`; within one class of true twins, permute the class). The complete graph on 128 vertices has one such
    /// option instead of 8,128.
    fn distinct_options(&self, p: &Component, out: &mut Options<Component>) -> crate::Result<()> {
        let Some(class) = p.twin_classes() else {
            return self.options(p, out);
        };
        let mut seen = rustc_hash::FxHashSet::default();
        edge_options(
            p,
            |u, v| {
                let (a, b) = (class[u], class[v]);
                seen.insert((a.min(b), a.max(b)))
            },
            out,
        );
        Ok(())
    }
}

impl Notation<Component> for ArcKayles {
    ugraph::graph_game_methods!(notation "arc-kayles");
    fn describe_move(&self, from: &Component, to: &[Component]) -> String {
        match ugraph::removed(from, to).as_slice() {
            [a, b] => format!("take the edge {a}-{b}, removing vertices {a} and {b}"),
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl SearchHints<Component> for ArcKayles {
    ugraph::graph_game_methods!(hints);
    /// Its edges (its moves), then its vertices: the search by tests tries first the options whose largest
    /// component has fewest edges. Measured against vertices alone (benches/graphs.sh, grid 4x7): 13,970
    /// expansions against 32,736.
    fn search_size(&self, p: &Component) -> u64 {
        p.edge_count() << 16 | p.len() as u64
    }
}

impl Tabular<Component> for ArcKayles {
    // Default tables to P_5 □ P_5 (a twentieth of a second; P_6 □ P_6 takes half a minute).
    ugraph::graph_game_methods!(table 5);
}

/// The options of `p` left by the edges `uv` for which `keep(u, v)` holds, asked in order of the edges' ids.
fn edge_options(
    p: &Component,
    mut keep: impl FnMut(usize, usize) -> bool,
    out: &mut Options<Component>,
) {
    let all = p.all();
    let mut edges: Vec<(u32, u32, usize, usize)> = p
        .edges()
        .map(|(u, v)| {
            let (a, b) = (p.id(u), p.id(v));
            (a.min(b), a.max(b), u, v)
        })
        .collect();
    edges.sort_unstable();
    for (_, _, u, v) in edges {
        if keep(u, v) {
            out.push(p.split(all & !(1u128 << u | 1u128 << v)));
        }
    }
}
