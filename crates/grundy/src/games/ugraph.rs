//! Small undirected graphs as positions of vertex-deletion games ([`super::node_kayles`], [`super::arc_kayles`]):
//! reading them from an edge-list file, splitting them into connected components, and labelling each component so
//! that equal components share one memo entry.
//!
//! **Representation.** A [`Component`] is a graph on at most [`MAX_VERTICES`] (128) vertices, held as one
//! adjacency bitmask (`u128`) per vertex, its vertices labelled `0..k` in a canonical order, and beside it the file's
//! id of each vertex (for messages only). Equality and hashing read the adjacency rows alone: two components are
//! equal exactly when they are the *same labelled graph*, so equal components are isomorphic graphs and have the
//! same options up to renaming, hence the same nim-value. This holds whatever order the labelling picks; a better
//! order only makes more isomorphic components equal (more sharing), and can never merge two non-isomorphic ones.
//!
//! **Canonical order** ([`canonical_order`]): paths and cycles are labelled along the walk (the one labelled path
//! or cycle on `k` vertices); other trees by Aho, Hopcroft and Ullman's encoding rooted at a centre. Other
//! components are split into classes by colour refinement (degree, then a hash of the multiset of the neighbours'
//! colours, repeated until stable; each step reads no vertex names, so isomorphic graphs get the same classes in
//! the same order), then by individualisation-refinement (McKay's scheme, as in nauty): a vertex of the first
//! class left with several is given a colour of its own, in turn for each of them, and the colouring refined again,
//! down to orders of single vertices; of those orders the one giving the lexicographically least adjacency rows is
//! taken (a true canonical form). A grid's mirror images, which refinement alone cannot tell apart, cost two or
//! four such orders; a class of twins (vertices with the same neighbours) is ordered at once, as every order of it
//! gives the same rows. A search that would pass [`BRUTE_FORCE_LABELLINGS`] orders, or twice that many refinements
//! (a graph with a large symmetry group, such as the 6-cube), is left, and ties are broken by the file's ids instead
//! (correct, though isomorphic components may then not share). Every graph of up to 8 vertices gets its canonical
//! form (a test counts them against the known numbers of graphs).
//!
//! **Families** ([`family`]): instead of a file, a position may be `path:N`, `cycle:N` or `grid:RxC`; tables
//! number positions as the grid graphs ([`grid`]). A graph may also be written inline, `edges:0-1,1-2,3`
//! ([`crate::loopy::graph::EdgeFile::inline`]).
//!
//! **File format**: the project's edge list ([`crate::loopy::graph::Graph::parse`]: lines `X Y`, `#` comments, an
//! optional first line `nodes N`), each line read as an *undirected* edge (`0 1` and `1 0` are the same edge). A
//! self-loop, a graph with no vertices, and a graph of more than [`MAX_VERTICES`] vertices are refused. Vertices are
//! numbered from 0; without a line `nodes N` every vertex must be in an edge (a file numbered from 1 is refused,
//! not read with a phantom isolated vertex 0); with it, the vertices in no edge are isolated vertices.

use crate::error::{Error, Result};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A game whose positions are undirected graphs ([`Component`]) behind a pointer: the catalog analyses Node and Arc
/// Kayles through `Rc<GraphRules>` ([`crate::games::erase_rules`]), so that the analyses are compiled once for both.
pub type GraphRules = dyn crate::game::Game<Position = Component>;

/// [`GraphRules`] that threads share: the search on threads of Node and Arc Kayles
/// ([`crate::SearchHints::value_on_threads`]) runs on `&'static GraphRulesSync`, compiled once for both.
pub type GraphRulesSync = dyn crate::game::Game<Position = Component> + Sync;

/// The most vertices a graph may have: one `u128` bitmask per vertex.
pub const MAX_VERTICES: usize = 128;

/// The most leaves (orders) [`canonical_order`]'s individualisation-refinement search visits to find the least
/// labelling of a component that colour refinement does not tell apart; past it, ties are broken by the file's ids.
pub const BRUTE_FORCE_LABELLINGS: u64 = 720;

/// A graph on `k ≤ 128` vertices labelled `0..k` (one adjacency bitmask per vertex), with each vertex's id in the
/// file. Equality and hashing read the adjacency alone (see the module docs).
#[derive(Clone, Debug)]
pub struct Component {
    adj: Box<[u128]>,
    ids: Arc<[u32]>,
}

impl PartialEq for Component {
    fn eq(&self, other: &Self) -> bool {
        self.adj == other.adj
    }
}
impl Eq for Component {}
impl Hash for Component {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.adj.hash(state)
    }
}

impl Component {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }
    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }
    /// The neighbours of vertex `v` (labels `0..k`) as a bitmask.
    pub fn neighbours(&self, v: usize) -> u128 {
        self.adj[v]
    }
    /// The file's id of vertex `v`.
    pub fn id(&self, v: usize) -> u32 {
        self.ids[v]
    }
    /// The file's ids of the vertices, increasing.
    pub fn sorted_ids(&self) -> Vec<u32> {
        let mut ids = self.ids.to_vec();
        ids.sort_unstable();
        ids
    }
    /// The bytes it holds on the heap: its adjacency rows and its ids (with the shared count of the ids and the
    /// allocator's header of each block).
    pub fn heap_bytes(&self) -> usize {
        16 * self.adj.len() + 4 * self.ids.len() + 48
    }
    /// The vertices (labels `0..k`) in the order of their ids.
    pub fn by_id(&self) -> impl Iterator<Item = usize> {
        let mut order = [0u8; MAX_VERTICES];
        let k = self.len();
        for (i, o) in order[..k].iter_mut().enumerate() {
            *o = i as u8;
        }
        order[..k].sort_unstable_by_key(|&v| self.ids[v as usize]);
        (0..k).map(move |i| usize::from(order[i]))
    }
    /// Every vertex, as a bitmask.
    pub fn all(&self) -> u128 {
        mask(self.len())
    }
    /// The number of edges.
    pub fn edge_count(&self) -> u64 {
        self.adj
            .iter()
            .map(|r| u64::from(r.count_ones()))
            .sum::<u64>()
            / 2
    }
    /// The edges `(u, v)`, `u < v`, in labels `0..k`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len()).flat_map(move |u| bits(self.adj[u] & !mask(u + 1)).map(move |v| (u, v)))
    }

    /// The graph with these adjacency rows, labelled as given (no relabelling), its vertices given the ids `0..k`:
    /// a key read back from a saved table ([`crate::table_file`]). An error when the rows are not a graph
    /// ([`Component::check`]).
    pub fn from_rows(rows: Vec<u128>) -> Result<Component> {
        let c = Component {
            ids: (0..rows.len() as u32).collect(),
            adj: rows.into_boxed_slice(),
        };
        c.check()?;
        Ok(c)
    }

    /// Checks the structure: at most [`MAX_VERTICES`] vertices, one id each, symmetric adjacency, no self-loop.
    pub fn check(&self) -> Result<()> {
        let k = self.len();
        if k > MAX_VERTICES || self.ids.len() != k {
            return Err(Error::input(format!(
                "a graph position has at most {MAX_VERTICES} vertices, each with one id"
            )));
        }
        for u in 0..k {
            if self.adj[u] & !mask(k) != 0 || self.adj[u] >> u & 1 != 0 {
                return Err(Error::input(format!(
                    "vertex {} has a self-loop or a neighbour outside the graph",
                    self.ids[u]
                )));
            }
            for v in bits(self.adj[u]) {
                if self.adj[v] >> u & 1 == 0 {
                    return Err(Error::input(
                        "a graph position's adjacency is not symmetric",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each vertex's twin class, as its least member: the vertices with the same open neighbourhood (false twins,
    /// never adjacent), or with the same closed one (true twins, all adjacent). Swapping two twins is an
    /// automorphism, so any permutation of a class is one. (No vertex has both a false and a true twin: if `v` is a
    /// true twin of `u` and `w` a false one, `v` is a neighbour of `u`, hence of `w`, so `w` is in `N[v] = N[u]`, a
    /// neighbour of `u` after all.) `None` when no vertex has a twin. Cost: two sorts of the `k` rows.
    pub fn twin_classes(&self) -> Option<Vec<u8>> {
        let k = self.len();
        let mut class: Vec<u8> = (0..k as u8).collect();
        let mut any = false;
        for closed in [false, true] {
            let mut rows: Vec<(u128, u8)> = (0..k)
                .map(|v| (self.adj[v] | u128::from(closed) << v, v as u8))
                .collect();
            rows.sort_unstable();
            for w in rows.windows(2) {
                if w[0].0 == w[1].0 {
                    // Sorted by vertex within a row: the first of a run is its least member.
                    class[w[1].1 as usize] = class[w[0].1 as usize];
                    any = true;
                }
            }
        }
        any.then_some(class)
    }

    /// The connected components of the subgraph induced on the vertices of `alive`, each canonically labelled.
    pub fn split(&self, mut alive: u128) -> Vec<Component> {
        alive &= self.all();
        let mut out = Vec::new();
        while alive != 0 {
            let mut comp = alive & alive.wrapping_neg();
            let mut frontier = comp;
            while frontier != 0 {
                let mut next = 0;
                for v in bits(frontier) {
                    next |= self.adj[v];
                }
                frontier = next & alive & !comp;
                comp |= frontier;
            }
            alive &= !comp;
            out.push(self.induced(comp));
        }
        out
    }

    /// The subgraph induced on `set` (one component, or the whole of a disconnected set), canonically labelled.
    fn induced(&self, set: u128) -> Component {
        let mut members: Vec<usize> = bits(set).collect();
        members.sort_unstable_by_key(|&v| self.ids[v]);
        let mut local = [u8::MAX; MAX_VERTICES];
        for (i, &v) in members.iter().enumerate() {
            local[v] = i as u8;
        }
        let adj: Vec<u128> = members
            .iter()
            .map(|&v| bits(self.adj[v] & set).fold(0u128, |row, w| row | 1 << local[w]))
            .collect();
        let ids: Vec<u32> = members.iter().map(|&v| self.ids[v]).collect();
        relabel(&adj, &ids, &canonical_order(&adj))
    }
}

/// The bitmask of vertices `0..k`.
fn mask(k: usize) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

/// The set bits of `m`, lowest first.
pub fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// The graph `adj` with vertex `order[i]` renamed `i`.
fn relabel(adj: &[u128], ids: &[u32], order: &[usize]) -> Component {
    let mut inv = [0u8; MAX_VERTICES];
    for (i, &v) in order.iter().enumerate() {
        inv[v] = i as u8;
    }
    let rows: Box<[u128]> = order
        .iter()
        .map(|&v| bits(adj[v]).fold(0u128, |row, w| row | 1 << inv[w]))
        .collect();
    let ids: Arc<[u32]> = order.iter().map(|&v| ids[v]).collect();
    Component { adj: rows, ids }
}

/// A canonical order of the vertices of the graph `adj` (see the module docs): position `i` of the answer is the
/// vertex to be labelled `i`. Vertices are listed in order of their file ids in `adj` (`adj` is labelled so), which
/// breaks the ties refinement leaves when the brute force is over budget.
pub fn canonical_order(adj: &[u128]) -> Vec<usize> {
    let k = adj.len();
    let deg: Vec<u32> = adj.iter().map(|r| r.count_ones()).collect();
    if k <= 1 {
        return (0..k).collect();
    }
    // A path or a cycle (connected, degrees at most 2): label along the walk.
    if deg.iter().all(|&d| d <= 2) {
        let ends: Vec<usize> = (0..k).filter(|&v| deg[v] == 1).collect();
        let start = match ends.as_slice() {
            [a, _] => Some(*a),
            [] if deg.iter().all(|&d| d == 2) => Some(0),
            _ => None,
        };
        if let Some(start) = start {
            let mut order = vec![start];
            let mut seen = 1u128 << start;
            while let Some(next) = bits(adj[*order.last().unwrap()] & !seen).next() {
                seen |= 1 << next;
                order.push(next);
            }
            if order.len() == k {
                return order;
            }
        }
    }
    // A tree (connected, k − 1 edges): the AHU canonical form.
    if deg.iter().map(|&d| d as usize).sum::<usize>() == 2 * (k - 1) {
        return tree_order(adj);
    }
    // Colour refinement, then individualisation-refinement over the classes it leaves.
    let mut colour: Vec<u32> = deg;
    refine(adj, &mut colour);
    let mut best: Option<(Vec<u128>, Vec<usize>)> = None;
    // The orders the classes allow (the product of their sizes' factorials) bound the leaves: within the budget, the
    // search runs to its end. Past it the search may make twice that many refinements (enough for a grid's mirror
    // images, or the 384 orders of the 4-cube; the 6-cube's 46,080 would spend them in vain, and a complete graph is
    // a class of twins, ordered at once).
    let mut size = [0u64; MAX_VERTICES];
    let mut orders = 1u64;
    for &c in &colour {
        size[c as usize] += 1;
        orders = orders.saturating_mul(size[c as usize]);
    }
    let mut budget = Budget {
        leaves: 0,
        steps: 0,
        max_steps: if orders <= BRUTE_FORCE_LABELLINGS {
            u64::MAX
        } else {
            2 * BRUTE_FORCE_LABELLINGS
        },
    };
    if individualise(adj, &colour, &mut best, &mut budget) {
        if let Some((_, order)) = best {
            return order;
        }
    }
    // Over budget: the refined classes, ties broken by id (the order of `adj`).
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&v| (colour[v], v));
    order
}

/// Colour refinement: replaces `colour` (any values, read as an ordered partition of the vertices) by the stable
/// refinement of it, as ranks `0..classes`. Each round a vertex's new colour is the rank of (its colour, a hash of
/// the multiset of its neighbours' colours): the hash reads colours only, never vertex names, so isomorphic graphs
/// get the same ranks in the same order. (A hash collision leaves two classes merged: fewer splits, never a wrong
/// answer, as equality of components compares the labelled graphs themselves.)
fn refine(adj: &[u128], colour: &mut [u32]) {
    fn mix(c: u32) -> u64 {
        let mut h = u64::from(c).wrapping_add(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^ (h >> 31)
    }
    let k = colour.len();
    // One word a vertex, sorted: its colour, then the neighbours' hash, then the vertex (bits 0..7). The first round
    // ranks the given colours (any `u32`: bits 7..39); later ones read ranks, below 128 (bits 57..64, the hash in
    // bits 7..57).
    let mut sig = [0u64; MAX_VERTICES];
    let mut classes = usize::MAX;
    let mut first = true;
    loop {
        for v in 0..k {
            sig[v] = if first {
                u64::from(colour[v]) << 7 | v as u64
            } else {
                let h = bits(adj[v]).fold(0u64, |h, w| h.wrapping_add(mix(colour[w])));
                u64::from(colour[v]) << 57 | (h >> 14) << 7 | v as u64
            };
        }
        let sig = &mut sig[..k];
        sig.sort_unstable();
        let mut n = 0;
        for i in 0..k {
            if i > 0 && sig[i] >> 7 != sig[i - 1] >> 7 {
                n += 1;
            }
            colour[(sig[i] & 0x7f) as usize] = n as u32;
        }
        let n = n + 1;
        if n == classes {
            return;
        }
        classes = n;
        first = false;
    }
}

/// What [`individualise`] has spent: leaves (orders) reached and refinements made, and the most refinements allowed.
struct Budget {
    leaves: u64,
    steps: u64,
    max_steps: u64,
}

/// Individualisation-refinement (McKay's scheme, as in nauty; McKay and Piperno, *Practical graph isomorphism II*,
/// 2014): while a class of the refined colouring `colour` has two or more vertices, each vertex of the first such
/// class in turn is given a colour of its own and the colouring refined again; each discrete colouring reached (a
/// leaf) is an order of the vertices, and `best` keeps the order with the lexicographically least adjacency rows.
/// Every choice reads colours only, so isomorphic graphs have the same leaves up to renaming and the same least
/// rows: a canonical form. Returns false, leaving the search, past [`BRUTE_FORCE_LABELLINGS`] leaves or the
/// budget's refinements.
fn individualise(
    adj: &[u128],
    colour: &[u32],
    best: &mut Option<(Vec<u128>, Vec<usize>)>,
    budget: &mut Budget,
) -> bool {
    let k = colour.len();
    let mut size = [0u32; MAX_VERTICES];
    for &c in colour {
        size[c as usize] += 1;
    }
    let Some(target) = (0..k as u32).find(|&c| size[c as usize] >= 2) else {
        budget.leaves += 1;
        if budget.leaves > BRUTE_FORCE_LABELLINGS {
            return false;
        }
        let mut order = vec![0usize; k];
        for (v, &c) in colour.iter().enumerate() {
            order[c as usize] = v;
        }
        let rows: Vec<u128> = order
            .iter()
            .map(|&v| bits(adj[v]).fold(0u128, |r, w| r | 1 << colour[w]))
            .collect();
        if best.as_ref().is_none_or(|(b, _)| rows < *b) {
            *best = Some((rows, order));
        }
        return true;
    };
    let mut next = vec![0u32; k];
    let class: Vec<usize> = (0..k).filter(|&v| colour[v] == target).collect();
    // Twins (the same neighbours, or the same neighbours and each other) are exchanged by an automorphism, so every
    // order of a class of twins gives the same rows: the class is ordered at once, by id, with no branching.
    let m = class[0];
    let open = class.iter().all(|&u| adj[u] == adj[m]);
    let closed = class.iter().all(|&u| adj[u] | 1 << u == adj[m] | 1 << m);
    if open || closed {
        for (u, c) in next.iter_mut().enumerate() {
            *c = (k as u32 + 1) * colour[u];
        }
        for (i, &u) in class.iter().enumerate() {
            next[u] += i as u32;
        }
        budget.steps += 1;
        if budget.steps > budget.max_steps {
            return false;
        }
        refine(adj, &mut next);
        return individualise(adj, &next, best, budget);
    }
    for &v in &class {
        // `v` just before the rest of its class.
        for (u, c) in next.iter_mut().enumerate() {
            *c = 2 * colour[u] + u32::from(colour[u] == target && u != v);
        }
        budget.steps += 1;
        if budget.steps > budget.max_steps {
            return false;
        }
        refine(adj, &mut next);
        if !individualise(adj, &next, best, budget) {
            return false;
        }
    }
    true
}

/// The canonical order of a tree (Aho, Hopcroft and Ullman's encoding): rooted at its centre (of the two centres,
/// the one giving the smaller encoding), each subtree encoded as `(` + its children's encodings, sorted, + `)`, and
/// the vertices listed in preorder with children in order of their encodings. The encoding determines the rooted
/// tree, and siblings with equal encodings are isomorphic subtrees, so isomorphic trees get the same labelled tree.
fn tree_order(adj: &[u128]) -> Vec<usize> {
    let k = adj.len();
    let mut deg: Vec<u32> = adj.iter().map(|r| r.count_ones()).collect();
    let mut removed = 0u128;
    let mut remaining = k;
    let mut layer: Vec<usize> = (0..k).filter(|&v| deg[v] <= 1).collect();
    while remaining > 2 {
        let mut next = Vec::new();
        for &v in &layer {
            removed |= 1 << v;
            remaining -= 1;
        }
        for &v in &layer {
            for w in bits(adj[v] & !removed) {
                deg[w] -= 1;
                if deg[w] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    fn encode(adj: &[u128], v: usize, parent: usize, codes: &mut [String]) -> String {
        let mut children: Vec<String> = bits(adj[v])
            .filter(|&w| w != parent)
            .map(|w| encode(adj, w, v, codes))
            .collect();
        children.sort_unstable();
        let code = format!("({})", children.concat());
        codes[v] = code.clone();
        code
    }
    let mut best: Option<(String, usize, Vec<String>)> = None;
    for root in bits(mask(k) & !removed) {
        let mut codes = vec![String::new(); k];
        let code = encode(adj, root, usize::MAX, &mut codes);
        if best.as_ref().is_none_or(|(b, _, _)| code < *b) {
            best = Some((code, root, codes));
        }
    }
    let (_, root, codes) = best.expect("a tree has a centre");
    let mut order = Vec::with_capacity(k);
    let mut stack = vec![(root, usize::MAX)];
    while let Some((v, parent)) = stack.pop() {
        order.push(v);
        let mut children: Vec<usize> = bits(adj[v]).filter(|&w| w != parent).collect();
        // Pushed largest first, so the smallest encoding is visited first.
        children.sort_unstable_by(|&a, &b| codes[b].cmp(&codes[a]));
        stack.extend(children.into_iter().map(|w| (w, v)));
    }
    order
}

/// The connected components of the undirected graph on `nodes` vertices (ids `0..nodes`) with `edges`, each
/// canonically labelled: the position a graph file describes, as a sum. A self-loop, no vertex at all, or more than
/// [`MAX_VERTICES`] vertices is an error.
pub fn graph_components(nodes: usize, edges: &[(u32, u32)]) -> Result<Vec<Component>> {
    if nodes == 0 {
        return Err(Error::input("the graph has no vertices"));
    }
    if nodes > MAX_VERTICES {
        return Err(Error::limit(format!(
            "the graph has {nodes} vertices, more than the {MAX_VERTICES} these games handle"
        )));
    }
    let mut adj = vec![0u128; nodes];
    for &(x, y) in edges {
        if x as usize >= nodes || y as usize >= nodes {
            return Err(Error::input(format!(
                "edge {x} {y}: vertices are numbered 0 to {}",
                nodes - 1
            )));
        }
        if x == y {
            return Err(Error::input(format!(
                "edge {x} {y} is a self-loop; the graph must be simple"
            )));
        }
        adj[x as usize] |= 1 << y;
        adj[y as usize] |= 1 << x;
    }
    let whole = Component {
        adj: adj.into_boxed_slice(),
        ids: (0..nodes as u32).collect(),
    };
    Ok(whole.split(whole.all()))
}

/// A graph as a vertex count and its edges `(x, y)`.
pub type EdgeList = (usize, Vec<(u32, u32)>);

/// The graph a family word names: `path:N` (vertices `0..N`, edges `i−1 i`), `cycle:N` (the path and the edge
/// `N−1 0`, `N ≥ 3`), `grid:RxC` (the grid graph `P_R □ P_C`, vertex `r·C + c` joined to its right and lower
/// neighbours). `None` when the word is not of this form (it is then a file name); an error when it is but its
/// numbers are out of range.
pub fn family(word: &str) -> Option<Result<EdgeList>> {
    let (kind, rest) = word.split_once(':')?;
    let kind = kind.to_ascii_lowercase();
    if !["path", "cycle", "grid"].contains(&kind.as_str()) {
        return None;
    }
    let number = |t: &str, what: &str| -> Result<usize> {
        let n = crate::error::parse_bounded(t, what, MAX_VERTICES as u64)?;
        if n == 0 {
            return Err(Error::input(format!(
                "{what}: a graph needs at least 1 vertex"
            )));
        }
        Ok(n as usize)
    };
    Some((|| match kind.as_str() {
        "path" => {
            let n = number(rest, "path:N")?;
            Ok((n, (1..n as u32).map(|i| (i - 1, i)).collect()))
        }
        "cycle" => {
            let n = number(rest, "cycle:N")?;
            if n < 3 {
                return Err(Error::input(format!(
                    "cycle:{n}: a cycle needs at least 3 vertices (a simple graph has no 2-cycle)"
                )));
            }
            let mut edges: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
            edges.push((n as u32 - 1, 0));
            Ok((n, edges))
        }
        _ => {
            let (r, c) = rest
                .split_once(['x', 'X'])
                .ok_or_else(|| Error::input("grid:RxC needs two sides, e.g. grid:3x4"))?;
            let (r, c) = (number(r, "grid:RxC, R")?, number(c, "grid:RxC, C")?);
            if r * c > MAX_VERTICES {
                return Err(Error::limit(format!(
                    "grid:{r}x{c} has {} vertices, more than the {MAX_VERTICES} these games handle",
                    r * c
                )));
            }
            Ok((r * c, grid_edges(r, c)))
        }
    })())
}

/// The edges of the `r × c` grid graph, vertex `i·c + j`.
pub fn grid_edges(r: usize, c: usize) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    for i in 0..r {
        for j in 0..c {
            let v = (i * c + j) as u32;
            if j + 1 < c {
                edges.push((v, v + 1));
            }
            if i + 1 < r {
                edges.push((v, v + c as u32));
            }
        }
    }
    edges
}

/// The `r × c` grid graph as one position (a table's cell, [`crate::Tabular::position_at`]); `None` when a side is
/// 0. A grid of more than [`MAX_VERTICES`] vertices is returned as a graph of `MAX_VERTICES + 1` isolated vertices,
/// which validation refuses (so a table asked for it ends in that error, not in a silent gap).
pub fn grid(r: u64, c: u64) -> Option<Component> {
    if r == 0 || c == 0 {
        return None;
    }
    match r.checked_mul(c) {
        Some(n) if n <= MAX_VERTICES as u64 => {
            let mut parts = graph_components(n as usize, &grid_edges(r as usize, c as usize))
                .expect("a grid of at most 128 vertices is a graph");
            debug_assert_eq!(parts.len(), 1);
            parts.pop()
        }
        _ => Some(Component {
            adj: vec![0; MAX_VERTICES + 1].into_boxed_slice(),
            ids: (0..=MAX_VERTICES as u32).collect(),
        }),
    }
}

/// Reads `GAME FILE [VERTICES]` (or `GAME FAMILY [VERTICES]`, see [`family`]): one file name or family, the whole
/// graph as the sum of its connected components; or, when more words follow, the subgraph induced on the vertices
/// they name ([`vertex_set`]), the form in which positions are printed (`{0-3, 7}`), so that a position the tool
/// shows can be given back to it. Errors are one line, prefixed with the game's name.
pub fn read(game: &str, words: &[String]) -> Result<Vec<Component>> {
    let [file, kept @ ..] = words else {
        return Err(Error::input(format!(
            "{game}: give one edge-list FILE or a family path:N, cycle:N, grid:RxC (the position is the whole graph, or the vertices listed after it), e.g. {game} g.txt"
        )));
    };
    let (graph, shown) = if let Some(named) = family(file) {
        let (n, edges) = named.map_err(|e| e.context(game))?;
        (graph_components(n, &edges), game.to_string())
    } else {
        let f = crate::loopy::graph::EdgeFile::read_word_within(
            file,
            false,
            MAX_VERTICES as u64,
            "vertices",
        )
        .map_err(|e| e.context(game))?;
        let shown = format!("{game} {}", crate::error::escape(file));
        if f.declared.is_none() && f.nodes as usize <= MAX_VERTICES {
            // Without a first line `nodes N`, every vertex is named by an edge: a vertex in none is a numbering
            // slip (a file numbered from 1 would otherwise gain a phantom isolated vertex 0, which is a move of
            // Node Kayles and changes the answer).
            let mut named = 0u128;
            for &(x, y) in &f.edges {
                named |= 1 << x | 1 << y;
            }
            if let Some(v) = (0..f.nodes as u32).find(|&v| named >> v & 1 == 0) {
                return Err(Error::input(format!(
                    "vertex {v} is in no edge: vertices are numbered from 0 up, each named by an edge; to mean isolated vertices, give a first line 'nodes N'"
                ))
                .context(shown));
            }
        }
        (graph_components(f.nodes as usize, &f.edges), shown)
    };
    let parts = graph.map_err(|e| e.context(&shown))?;
    if kept.is_empty() {
        return Ok(parts);
    }
    let nodes = parts.iter().flat_map(|c| c.ids.iter()).count();
    let alive = vertex_set(kept, nodes).map_err(|e| e.context(&shown))?;
    let left: Vec<Component> = parts
        .iter()
        .flat_map(|c| {
            let mask = c
                .ids
                .iter()
                .enumerate()
                .filter(|&(_, &id)| alive >> id & 1 == 1)
                .fold(0u128, |m, (i, _)| m | 1 << i);
            c.split(mask)
        })
        .collect();
    if left.is_empty() {
        // No vertex in play: the empty graph, one position with no move.
        return Ok(vec![Component::from_rows(Vec::new())?]);
    }
    Ok(left)
}

/// The vertices that words such as `{0-3, 7}` (as positions are shown), `{0-3} + {7}` (a sum of components) or
/// `0-3 7` name, as a mask of the graph's `nodes` vertices; braces, commas and `+` separate. Each vertex at most
/// once.
pub fn vertex_set(words: &[String], nodes: usize) -> Result<u128> {
    let text = words.join(" ");
    let mut alive = 0u128;
    // Braces come in pairs, unnested: `{0-3` is a typing slip, not a set.
    let unmatched = || {
        Error::input(format!(
            "the vertices '{}' have unmatched braces: write each set as {{0-3, 7}}",
            crate::error::escape(&text)
        ))
    };
    let mut open = false;
    for ch in text.chars() {
        match ch {
            '{' if !open => open = true,
            '}' if open => open = false,
            '{' | '}' => return Err(unmatched()),
            _ => {}
        }
    }
    if open {
        return Err(unmatched());
    }
    let cleaned = text.replace(['{', '}', ',', '+'], " ");
    let tokens: Vec<&str> = cleaned.split_whitespace().collect();
    let id = |t: &str| -> Result<u32> {
        let v: u64 = t.parse().map_err(|_| {
            Error::input(format!(
                "'{}' is not a vertex: after the graph, list the vertices still in play, e.g. {{0-3, 7}}",
                crate::error::escape(t)
            ))
        })?;
        if v >= nodes as u64 {
            return Err(Error::input(format!(
                "vertex {v} is not in the graph (its vertices are 0 to {})",
                nodes - 1
            )));
        }
        Ok(v as u32)
    };
    for t in &tokens {
        let (a, b) = match t.split_once('-') {
            Some((a, b)) if a.is_empty() || b.is_empty() => {
                return Err(Error::input(format!(
                    "'{}' is neither a vertex nor a range of vertices: vertices are numbers from 0, and a range is \
                     written FIRST-LAST without spaces, e.g. {{0-3, 7}}",
                    crate::error::escape(t)
                )))
            }
            Some((a, b)) => (id(a)?, id(b)?),
            None => {
                let v = id(t)?;
                (v, v)
            }
        };
        if a > b {
            return Err(Error::input(format!(
                "vertices {a}-{b}: a range runs upwards, e.g. {b}-{a}"
            )));
        }
        for v in a..=b {
            if alive >> v & 1 == 1 {
                return Err(Error::input(format!("vertex {v} is listed twice")));
            }
            alive |= 1 << v;
        }
    }
    Ok(alive)
}

/// The methods that Node Kayles and Arc Kayles share, written once, one arm for [`crate::Game`] and one for each
/// capability: positions are graphs ([`Component`]) checked by [`Component::check`] and split into connected
/// components (`core`); read by [`read`] and shown by their vertex ids (`notation`, [`crate::Notation`]); searched by
/// tests, on threads, their memo sized by [`Component::heap_bytes`] (`hints`, [`crate::SearchHints`]); numbered in
/// tables as the grid graphs `P_r □ P_c` ([`grid`]; `table`, [`crate::Tabular`]). Each game adds its own
/// `options`, `describe_move` and `search_size`.
macro_rules! graph_game_methods {
    (core $name:literal) => {
        type Position = $crate::games::ugraph::Component;
        fn name(&self) -> String {
            $name.into()
        }
        fn validate(&self, p: &Self::Position) -> $crate::error::Result<()> {
            p.check().map_err(|e| e.context($name))
        }
        fn components(&self, p: &Self::Position) -> crate::Result<Vec<Self::Position>> {
            Ok(p.split(p.all()))
        }
        fn notation(&self) -> Option<&dyn $crate::game::Notation<Self::Position>> {
            Some(self)
        }
        fn hints(&self) -> Option<&dyn $crate::game::SearchHints<Self::Position>> {
            Some(self)
        }
        fn table(&self) -> Option<&dyn $crate::game::Tabular<Self::Position>> {
            Some(self)
        }
    };
    (notation $name:literal) => {
        fn parse(
            &self,
            words: &[String],
        ) -> Option<$crate::error::Result<Vec<$crate::games::ugraph::Component>>> {
            Some($crate::games::ugraph::read($name, words))
        }
        fn position_syntax(&self) -> &'static str {
            "FILE | grid:RxC | path:N | cycle:N, then optionally the vertices in play: {0-3, 7}"
        }
        fn show(&self, p: &$crate::games::ugraph::Component) -> String {
            $crate::games::ugraph::show(p)
        }
    };
    (hints) => {
        fn heap_bytes(&self, p: &$crate::games::ugraph::Component) -> usize {
            p.heap_bytes()
        }
        /// A move removes at least one vertex, and a graph has at most
        /// [`MAX_VERTICES`]($crate::games::ugraph::MAX_VERTICES): play is short, so the solver values by tests.
        fn search_by_tests(&self) -> bool {
            true
        }
        /// Graphs share between threads (a [`Component`]($crate::games::ugraph::Component) is immutable). The
        /// search runs on the rules behind a reference ([`GraphRulesSync`]($crate::games::ugraph::GraphRulesSync)),
        /// compiled once for every game on graphs.
        fn value_on_threads(
            &self,
            p: &$crate::games::ugraph::Component,
            threads: usize,
            limits: $crate::solver::Limits,
        ) -> Option<$crate::error::Result<$crate::solver::Proved<$crate::games::ugraph::Component>>>
        {
            let rules: &'static $crate::games::ugraph::GraphRulesSync = &Self;
            Some($crate::solver::value_on_threads(&rules, p, threads, limits))
        }
    };
    (table $extent:literal) => {
        /// Two numbers `(r, c)`: the grid graph `P_r □ P_c`.
        fn parameters(&self) -> usize {
            2
        }
        /// The grids a default table runs to (each game's own: about a second).
        fn table_extent(&self) -> Option<u64> {
            Some($extent)
        }
        fn position_at(&self, params: &[u64]) -> Option<$crate::games::ugraph::Component> {
            match params {
                [r, c] => $crate::games::ugraph::grid(*r, *c),
                _ => None,
            }
        }
    };
}
pub(crate) use graph_game_methods;

/// A set of file ids written with runs: `{0-3, 7, 9-12}`.
pub fn show_ids(ids: &[u32]) -> String {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            ids[i].to_string()
        } else {
            format!("{}-{}", ids[i], ids[j])
        });
        i = j + 1;
    }
    format!("{{{}}}", parts.join(", "))
}

/// How a component is shown: its vertices' file ids (the edges are the file's edges among them).
pub fn show(c: &Component) -> String {
    show_ids(&c.ids)
}

/// The file ids a move removed from `from`, leaving the sum `to`, increasing.
pub fn removed(from: &Component, to: &[Component]) -> Vec<u32> {
    let left: std::collections::HashSet<u32> =
        to.iter().flat_map(|c| c.ids.iter().copied()).collect();
    from.sorted_ids()
        .into_iter()
        .filter(|v| !left.contains(v))
        .collect()
}

/// A graph (Node Kayles, Arc Kayles) as the key of a saved table ([`crate::table_file`]): the vertex count `k` (one
/// byte, 1 to 128), then each vertex's adjacency row in `⌈k/8⌉` little-endian bytes (1 + `k·⌈k/8⌉` bytes in all).
/// A decoded graph is checked ([`Component::check`]: symmetric, no self-loop, no neighbour outside it); its vertices
/// get the ids `0..k` (ids are for messages only, never part of a key).
///
/// A key is the whole labelled graph (every adjacency row), not a fingerprint of it, so an entry is the value of that
/// graph whatever labelling algorithm produced it: a later change of this module's canonical order can make old
/// entries unused (never met again), never wrong.
impl crate::table_file::TableKey for Component {
    fn encode(&self, out: &mut Vec<u8>) {
        let k = self.len();
        let width = k.div_ceil(8);
        out.push(k as u8);
        for v in 0..k {
            out.extend_from_slice(&self.neighbours(v).to_le_bytes()[..width]);
        }
    }
    fn decode(input: &mut &[u8]) -> Option<Self> {
        use crate::table_file::take;
        let k = *take(input, 1)?.first()? as usize;
        if k == 0 || k > MAX_VERTICES {
            return None;
        }
        let width = k.div_ceil(8);
        let mut rows = Vec::with_capacity(k);
        for _ in 0..k {
            let mut row = [0u8; 16];
            row[..width].copy_from_slice(take(input, width)?);
            rows.push(u128::from_le_bytes(row));
        }
        Component::from_rows(rows).ok()
    }
    /// Vertices and edges: a move of Node Kayles takes a vertex, one of Arc Kayles an edge.
    fn option_bound(&self) -> u64 {
        self.len() as u64 + self.edge_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comp(n: usize, edges: &[(u32, u32)]) -> Vec<Component> {
        graph_components(n, edges).unwrap()
    }

    /// A reproducible stream of numbers: each call `next(m)` gives one in `0..m`.
    fn numbers(mut s: u64) -> impl FnMut(u32) -> u32 {
        move |m| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) as u32 % m
        }
    }

    /// `edges` on `n` vertices under a random renaming of the vertices.
    fn renamed(
        n: usize,
        edges: &[(u32, u32)],
        next: &mut impl FnMut(u32) -> u32,
    ) -> Vec<(u32, u32)> {
        let mut perm: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            perm.swap(i, next(i as u32 + 1) as usize);
        }
        edges
            .iter()
            .map(|&(x, y)| (perm[x as usize], perm[y as usize]))
            .collect()
    }

    #[test]
    fn isomorphic_components_are_equal_and_others_are_not() {
        // Two labellings of a path of 4, a star and a triangle with a tail.
        let p1 = comp(4, &[(0, 1), (1, 2), (2, 3)]);
        let p2 = comp(4, &[(2, 0), (0, 3), (3, 1)]);
        assert_eq!(p1, p2);
        let star = comp(4, &[(0, 1), (0, 2), (0, 3)]);
        let star2 = comp(4, &[(3, 1), (3, 2), (3, 0)]);
        assert_eq!(star, star2);
        assert_ne!(p1, star);
        let paw = comp(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let paw2 = comp(4, &[(3, 1), (1, 0), (0, 3), (1, 2)]);
        assert_eq!(paw, paw2);
        // Two components: split, each its own part.
        let two = comp(5, &[(0, 1), (3, 4)]);
        assert_eq!(two.len(), 3);
        assert_eq!(two[0], two[2]);
        assert_eq!(show(&two[1]), "{2}");
        assert_eq!(show_ids(&[9, 0, 1, 2, 3, 7, 10]), "{0-3, 7, 9-10}");
    }

    #[test]
    fn relabelled_trees_are_equal() {
        let mut next = numbers(7);
        for n in [2u32, 3, 9, 30, 128] {
            for _ in 0..20 {
                let edges: Vec<(u32, u32)> = (1..n).map(|i| (next(i), i)).collect();
                let moved = renamed(n as usize, &edges, &mut next);
                let a = comp(n as usize, &edges);
                assert_eq!(a, comp(n as usize, &moved));
                assert_eq!(a[0].edges().count(), n as usize - 1);
            }
        }
        // Two trees with the same degrees are not merged: the spider with legs 1, 1, 3 and the one with 1, 2, 2.
        let a = comp(6, &[(0, 1), (0, 2), (0, 3), (3, 4), (4, 5)]);
        let b = comp(6, &[(0, 1), (0, 2), (2, 3), (0, 4), (4, 5)]);
        assert_ne!(a, b);
    }

    #[test]
    fn relabelled_graphs_with_symmetries_are_equal() {
        // Induced subgraphs of grids (mirror and rotation symmetries, which colour refinement alone cannot break),
        // random sparse graphs, and vertex-transitive ones (a cycle with its long chords, the 4-cube, the
        // Petersen graph), each under random renamings: one labelled graph (the individualisation search stays
        // far inside its budget on all of them).
        let mut next = numbers(11);
        let mut graphs: Vec<(usize, Vec<(u32, u32)>)> = Vec::new();
        for (r, c) in [(3, 3), (4, 4), (5, 5), (4, 6), (6, 6)] {
            let all = grid_edges(r, c);
            for _ in 0..12 {
                let keep: Vec<bool> = (0..r * c).map(|_| next(6) != 0).collect();
                let edges: Vec<(u32, u32)> = all
                    .iter()
                    .copied()
                    .filter(|&(a, b)| keep[a as usize] && keep[b as usize])
                    .collect();
                graphs.push((r * c, edges));
            }
            graphs.push((r * c, all));
        }
        for n in [6u32, 10, 20] {
            for _ in 0..10 {
                let edges: Vec<(u32, u32)> = (0..2 * n)
                    .map(|_| (next(n), next(n)))
                    .filter(|&(a, b)| a != b)
                    .collect();
                graphs.push((n as usize, edges));
            }
        }
        let chords: Vec<(u32, u32)> = (0..12)
            .flat_map(|i| [(i, (i + 1) % 12), (i, (i + 6) % 12)])
            .collect();
        graphs.push((12, chords));
        let cube: Vec<(u32, u32)> = (0..16u32)
            .flat_map(|v| (0..4).map(move |b| (v, v ^ 1 << b)))
            .filter(|&(a, b)| a < b)
            .collect();
        graphs.push((16, cube));
        let petersen: Vec<(u32, u32)> = (0..5)
            .flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (5 + i, 5 + (i + 2) % 5)])
            .collect();
        graphs.push((10, petersen));
        // Closed twins: a 6-cycle with each vertex doubled into an edge (vertices 2i, 2i + 1), joined to both
        // vertices of the next pair; and the largest graph, the 8 x 16 grid (128 vertices).
        let doubled: Vec<(u32, u32)> = (0..6u32)
            .flat_map(|i| {
                let j = (i + 1) % 6;
                [(2 * i, 2 * i + 1)]
                    .into_iter()
                    .chain((0..4).map(move |b| (2 * i + b / 2, 2 * j + b % 2)))
            })
            .collect();
        graphs.push((12, doubled));
        graphs.push((128, grid_edges(8, 16)));
        for (n, edges) in graphs {
            let a = comp(n, &edges);
            for _ in 0..4 {
                let mut b = comp(n, &renamed(n, &edges, &mut next));
                let mut a = a.clone();
                // The parts in a fixed order (a sum's parts are listed by the vertices' ids).
                let key = |c: &Component| (c.len(), c.adj.clone());
                a.sort_by_key(key);
                b.sort_by_key(key);
                assert_eq!(a, b, "{n} {edges:?}");
            }
        }
    }

    #[test]
    fn bad_graphs_are_refused() {
        assert!(graph_components(0, &[]).is_err());
        assert!(graph_components(3, &[(1, 1)])
            .unwrap_err()
            .message()
            .contains("self-loop"));
        assert!(graph_components(129, &[]).is_err());
        assert_eq!(graph_components(128, &[(0, 127)]).unwrap().len(), 127);
    }
}
