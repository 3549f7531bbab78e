//! Node Kayles on a graph (`grundy value node-kayles FILE`): a move chooses a vertex and removes it together with
//! its neighbours (with every edge touching them). A player who cannot move (no vertex is left) loses.
//!
//! **Components.** After a move the remaining graph may fall apart; its connected components never interact again
//! (a move touches one vertex's closed neighbourhood, which lies inside one component), so by the Sprague–Grundy
//! theorem the position is the nim-sum of its components. Each option is therefore given as the *sum* of its
//! connected components ([`crate::games::ugraph::Component::split`]), and the solver memoises components, not
//! whole graphs; components are canonically labelled (see [`crate::games::ugraph`]), so isomorphic components are
//! one memo entry. The file's graph itself is read as the sum of its components.
//!
//! **Cost.** A component of `k` vertices has `k` options, each split in `O(k)` bitmask steps and labelled (colour
//! refinement, then individualisation: at most [`crate::games::ugraph::BRUTE_FORCE_LABELLINGS`] orders and twice
//! that many refinements). The number of positions is the
//! number of distinct (up to the labelling) connected induced subgraphs the play reaches (fewer in practice: the
//! solver values these games by tests, [`SearchHints::search_by_tests`], and reads an option only until one settles the
//! test; Node Kayles on the 6 x 7 grid: 12,865 expansions against 49,046 positions valued by the plain search,
//! benches/graphs.sh): linear for a path or a
//! cycle, exponential for general graphs (Node Kayles is PSPACE-complete, Schaefer 1978), so graphs are limited to
//! [`crate::games::ugraph::MAX_VERTICES`] vertices and dense or tree-like graphs of a few dozen vertices may exceed the
//! memo limit.
//!
//! **Paths.** Node Kayles on the path of `n` vertices is Dawson's chess, octal `0.137`, heap `n`: choosing an end
//! removes two vertices (an end heap loses 1 or 2), choosing an inner vertex removes three and may split the rest
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, where Dawson's chess is shown equal to `0.137`, i.e.
//! Node Kayles on a path). The tests check this against brute force and against the `0.137` sequence.
//!
//! **Positions** are a graph file or a family (`path:N`, `cycle:N`, `grid:RxC`, [`crate::games::ugraph::family`]),
//! optionally followed by the vertices still in play (`{0-3, 7}`, as positions are shown; [`crate::games::ugraph::read`]);
//! `grundy table node-kayles` numbers them as the grid graphs `P_r □ P_c`, and `grundy value node-kayles … --save-table FILE`
//! keeps the search's values ([`crate::table_file`]).

use super::ugraph::{self, Component};
use crate::game::{Game, Notation, Options, SearchHints, Tabular};

/// Node Kayles: choose a vertex, remove it and its neighbours. A position is one graph ([`Component`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeKayles;

impl Game for NodeKayles {
    ugraph::graph_game_methods!(core "node-kayles");
    /// One option per closed neighbourhood: twin vertices (`N[u] = N[v]`, such as the two ends of a lone edge) remove
    /// the same vertices and leave the same graph, so they are one option, listed once (and described by
    /// [`Notation::describe_move`] as either vertex).
    /// Listed by the chosen vertex's id (the order in which a person reads the winning moves), not by its label.
    fn options(&self, p: &Component, out: &mut Options<Component>) -> crate::Result<()> {
        let all = p.all();
        let closed = |v: usize| p.neighbours(v) | 1 << v;
        for v in p.by_id() {
            let c = closed(v);
            // A twin below v has the same closed neighbourhood, so lies in it: look there only.
            if ugraph::bits(c & ((1u128 << v) - 1)).any(|u| closed(u) == c) {
                continue;
            }
            out.push(p.split(all & !c));
        }
        Ok(())
    }
    /// One option for each twin class ([`Component::twin_classes`]): a false twin of `v` leaves a graph isomorphic
    /// to the one `v` leaves (swap the two), and true twins leave the same graph.
    fn distinct_options(&self, p: &Component, out: &mut Options<Component>) -> crate::Result<()> {
        let Some(class) = p.twin_classes() else {
            return self.options(p, out);
        };
        let all = p.all();
        let mut seen = 0u128;
        for v in p.by_id() {
            if seen >> class[v] & 1 == 0 {
                seen |= 1 << class[v];
                out.push(p.split(all & !(p.neighbours(v) | 1 << v)));
            }
        }
        Ok(())
    }
}

impl Notation<Component> for NodeKayles {
    ugraph::graph_game_methods!(notation "node-kayles");
    fn describe_move(&self, from: &Component, to: &[Component]) -> String {
        let removed = ugraph::removed(from, to);
        // The chosen vertex is one whose closed neighbourhood is exactly what was removed (twins: each of them).
        let chosen: Vec<u32> = (0..from.len())
            .filter(|&v| {
                let mut closed: Vec<u32> = ugraph::bits(from.neighbours(v) | 1 << v)
                    .map(|w| from.id(w))
                    .collect();
                closed.sort_unstable();
                closed == removed
            })
            .map(|v| from.id(v))
            .collect();
        let list = |ids: &[u32]| {
            ids.iter()
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match chosen.as_slice() {
            [] => format!("move to {}", self.show_sum(to)),
            [id] => {
                let others: Vec<u32> = removed.iter().copied().filter(|w| w != id).collect();
                match others.as_slice() {
                    [] => format!("take vertex {id} (it has no neighbours)"),
                    [w] => format!("take vertex {id}, removing it and its neighbour {w}"),
                    _ => format!(
                        "take vertex {id}, removing it and its neighbours {}",
                        list(&others)
                    ),
                }
            }
            [first, rest @ ..] => {
                let rest: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
                format!(
                    "take vertex {first} or {} (the same vertices go), removing vertices {}",
                    rest.join(" or "),
                    list(&removed)
                )
            }
        }
    }
}

impl SearchHints<Component> for NodeKayles {
    ugraph::graph_game_methods!(hints);
    /// Its vertices (its moves), then its edges: among options whose largest components have as many vertices,
    /// the search by tests tries first the one with fewer edges. Measured against vertices alone (benches/graphs.sh,
    /// grid 6x7): 12,865 expansions against 17,370.
    fn search_size(&self, p: &Component) -> u64 {
        (p.len() as u64) << 16 | p.edge_count()
    }
}

impl Tabular<Component> for NodeKayles {
    // Default tables to P_7 □ P_7 (under a second by tests; it took most of a minute by the plain search).
    ugraph::graph_game_methods!(table 7);
}
