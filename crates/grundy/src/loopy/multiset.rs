//! Loopy heap codes whose moves split heaps: the game of one heap as an explicit digraph of multisets of heaps.
//!
//! **The game.** A take-and-break code `d_{-k}…d_{-1}d0.d1d2…` (CGSuite's notation, read as in [`crate::heap::Code`])
//! whose digits allow leaving two or more heaps: a move takes one heap `h` and, for `j ≥ 0` removed tokens, replaces
//! it by `i` non-empty heaps summing to `h − j` when bit `i` of `d_j` is set; for `j` *added* tokens (`d_{-j}`) by
//! `i ≥ 1` non-empty heaps summing to `h + j` (bit 0 of an additive digit never applies: a heap that gained tokens
//! cannot vanish); `d0` with bit 1 is a move that leaves the heap as it is (a pass). As in [`super::heap`] the game is
//! played on heaps of at most `B` tokens: *a move that would leave a heap larger than `B` is not allowed*, a rule of
//! the game said with every answer.
//!
//! **Positions.** A position is a multiset of heaps; heaps of 0 tokens are not kept (all tokens removed leaves the
//! empty multiset, a terminal node: the player to move there has no move and loses). The game of one heap `n` is the
//! digraph whose nodes are the multisets reachable from `{n}` (sorted vectors of heap sizes, every heap `≤ B`), an
//! edge for each move. It is built explicitly, breadth first and without recursion, interning each multiset to a
//! `u32` id in an open-addressing table over one flat array of heap sizes (an order-free hash, updated per move).
//! The number of nodes can be infinite (a code that adds tokens and splits can make ever more heaps of at most `B`),
//! so the build stops with a one-line limit error past a budget of positions (`max_positions`), [`MAX_EDGES`] edges,
//! [`MAX_STORED_HEAPS`] heaps stored or [`MAX_WORK`] steps. (For instance `d_{-1}` with bit 2 makes every graph that
//! reaches a heap of 1 infinite: a heap of 1 gains a token and splits into two heaps of 1, and so on.)
//!
//! **Values and sums.** The graph is solved by [`super::graph`]: Smith's generalised Sprague–Grundy value γ of each
//! node, finite or `∞(K)` (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966); A. S. Fraenkel
//! and Y. Yesha, "The generalized Sprague–Grundy function and its invariance under certain mappings", J. Combin.
//! Theory A 43 (1986); Siegel, *Combinatorial Game Theory*, IV.4). The value of the node `{n}` is the value of the
//! heap `n` as a component. A sum of heaps `n_1 + … + n_k` is *not* built as one start multiset: its graph is the
//! product of the components' graphs (up to `|R(n_1)|·…·|R(n_k)|` nodes for `R(n)` the multisets reachable from
//! `{n}`). Instead each heap is one component — its own game, exactly the graph above — and Smith's theorem (the
//! generalised value of a sum of games is the nim-sum of the components' values, with `a ⊕ ∞(K) = ∞(K ⊕ a)` and
//! `∞ ⊕ ∞ = ∞(∅)`; [`super::graph`]) gives the outcome of the sum from the components' values. The components share
//! one graph: it is built from all the start heaps at once, so a multiset reachable from several of them is stored
//! and solved once (`|R(n_1) ∪ … ∪ R(n_k)|` nodes). A move of the sum is a move in one component, from the multiset
//! `{n_i}` to a follower `M`; the sum after it has value `γ(M) ⊕ (the other components)`, so the winning moves (to a
//! value 0) and the draw-keeping moves (to a `∞(K)` with `0 ∉ K`) printed are exact. The tests check every printed
//! move against a retrograde analysis of the whole multiset graph of the sum, which uses no theory of sums.
//!
//! **Cost.** Building is one pass over the `V` reachable multisets; a multiset of `h` heaps costs, for each distinct
//! heap size in it, its options (the partitions the code allows), each hashed in the time of its new heaps, merged
//! into a sorted multiset of `O(h)` heaps and looked up (time per move: `benches/RESULTS.md`). Solving is the `O((M + 2)(V + E))` of [`super::graph::generalised_values`] for `E`
//! edges and largest finite value `M`. Memory: the heap sizes of every multiset once (4 bytes a heap), 8 bytes a
//! table slot (load at most 1/2), 8 bytes an edge while building and then the compressed graph.

use super::graph::{Graph, LoopyAnalysis, Solved, TokenMove};
use crate::error::{Error, Result};
use crate::heap::{Code, Constraint};

/// The default budget of positions (multisets) of the graph.
pub const DEFAULT_MAX_POSITIONS: u64 = 2_000_000;

/// The most edges the multiset graph may have (about 0.6 GB while building and solving).
pub const MAX_EDGES: usize = 40_000_000;

/// The most steps spent listing moves (pairs of tokens removed or added and heaps left looked at, plus heaps copied
/// into followers): a code whose digits allow many heap counts on huge heaps (`=` with "or more") ends in an error
/// after some seconds, not a hang.
pub const MAX_WORK: u64 = 4_000_000_000;

/// The most heaps all stored positions may hold together (4 bytes each): positions of millions of heaps end in an
/// error, not in exhausted memory.
pub const MAX_STORED_HEAPS: usize = 50_000_000;

const EMPTY: u32 = u32::MAX;

/// Multisets of heap sizes, interned to dense `u32` ids (in the order first seen). The hash of a multiset is the
/// wrapping sum of a mixing function of its heaps, so a move's follower is hashed from its position's hash in the
/// time of the heaps that change; each table slot keeps 32 bits of the hash beside the id, so a probe reads the heaps
/// of a stored multiset only when those bits agree.
struct Interner {
    data: Vec<u32>,
    start: Vec<usize>,
    /// `(id, tag)`, `id == EMPTY` for a free slot.
    table: Vec<(u32, u32)>,
}

/// The contribution of one heap to a multiset's hash (SplitMix64's finaliser).
fn mix(x: u32) -> u64 {
    let mut z = (x as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash of a multiset: the wrapping sum of [`mix`] of its heaps (independent of order).
fn raw_hash(ms: &[u32]) -> u64 {
    ms.iter().fold(0u64, |h, &x| h.wrapping_add(mix(x)))
}

/// Spreads a raw hash over all bits: the low bits pick the slot, the high 32 bits are the tag.
fn finish(raw: u64) -> u64 {
    let z = (raw ^ (raw >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z ^ (z >> 29)
}

impl Interner {
    fn new() -> Interner {
        Interner {
            data: Vec::new(),
            start: vec![0],
            table: vec![(EMPTY, 0); 1 << 10],
        }
    }
    fn len(&self) -> usize {
        self.start.len() - 1
    }
    fn get(&self, id: u32) -> &[u32] {
        &self.data[self.start[id as usize]..self.start[id as usize + 1]]
    }
    /// The id of `ms` (sorted), and whether it is new.
    fn intern(&mut self, ms: &[u32]) -> (u32, bool) {
        self.intern_hashed(ms, raw_hash(ms))
    }
    /// [`Interner::intern`] given `raw == raw_hash(ms)`.
    fn intern_hashed(&mut self, ms: &[u32], raw: u64) -> (u32, bool) {
        debug_assert_eq!(raw, raw_hash(ms));
        let h = finish(raw);
        let tag = (h >> 32) as u32;
        let mask = self.table.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let (id, t) = self.table[i];
            if id == EMPTY {
                break;
            }
            if t == tag && self.get(id) == ms {
                return (id, false);
            }
            i = (i + 1) & mask;
        }
        let id = self.len() as u32;
        self.table[i] = (id, tag);
        self.data.extend_from_slice(ms);
        self.start.push(self.data.len());
        if 2 * self.len() > self.table.len() {
            self.grow();
        }
        (id, true)
    }
    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mut table = vec![(EMPTY, 0); size];
        for id in 0..self.len() as u32 {
            let h = finish(raw_hash(self.get(id)));
            let mut i = h as usize & (size - 1);
            while table[i].0 != EMPTY {
                i = (i + 1) & (size - 1);
            }
            table[i] = (id, (h >> 32) as u32);
        }
        self.table = table;
    }
}

/// Calls `f` with every partition of `m` into exactly `k ≥ 1` parts between 1 and `max`, nondecreasing, that meets
/// `c`, until `f` returns false; returns false when it was stopped. Iterative in the parts chosen (depth `k`, no
/// recursion), and a part is never smaller than what the later parts, each at most `max`, leave room for, so every
/// step leads to a partition: the time is proportional to the partitions given.
pub fn each_partition(
    m: u64,
    k: usize,
    c: Constraint,
    max: u64,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    buf.clear();
    let kk = k as u64;
    if k == 0 || kk > m || (kk as u128) * (max as u128) < m as u128 {
        return true;
    }
    if c == Constraint::AllEqual || k == 1 {
        if m.is_multiple_of(kk) && m / kk <= max {
            buf.resize(k, m / kk);
            return f(buf);
        }
        return true;
    }
    let unequal = c == Constraint::Unequal;
    let not_all_equal = c == Constraint::NotAllEqual;
    // The smallest and largest value the next part may take, given the sum left and the parts left.
    let range = |rest: u64, left: u64, lo: u64| -> Option<(u64, u64)> {
        if left == 1 {
            return (rest >= lo && rest <= max).then_some((rest, rest));
        }
        // Later parts are at most `max` (strictly increasing: max, max-1, …) and at least this one.
        let room = if unequal {
            ((left - 1) * max).saturating_sub((left - 1) * (left - 2) / 2)
        } else {
            (left - 1) * max
        };
        let low = lo.max(rest.saturating_sub(room));
        // This part is the smallest of those left (and they are distinct when unequal).
        let spread = if unequal { left * (left - 1) / 2 } else { 0 };
        let high = rest.checked_sub(spread)? / left;
        (low <= high).then_some((low, high))
    };
    // Stack of (next value to try, largest value) per chosen part.
    let mut stack: Vec<(u64, u64)> = Vec::with_capacity(k);
    let mut rest = m;
    let Some(r) = range(rest, kk, 1) else {
        return true;
    };
    stack.push(r);
    while let Some(&mut (ref mut next, high)) = stack.last_mut() {
        if *next > high {
            stack.pop();
            if let Some(p) = buf.pop() {
                rest += p;
            }
            continue;
        }
        let p = *next;
        *next += 1;
        buf.push(p);
        rest -= p;
        if buf.len() == k {
            let skip = not_all_equal && buf[0] == buf[k - 1];
            if !skip && !f(buf) {
                return false;
            }
            buf.pop();
            rest += p;
            continue;
        }
        let left = kk - buf.len() as u64;
        match range(rest, left, if unequal { p + 1 } else { p }) {
            Some(r) => stack.push(r),
            None => {
                buf.pop();
                rest += p;
            }
        }
    }
    true
}

/// A loopy heap code solved on the multisets reachable from some start heaps.
pub struct MultisetGame {
    /// The solved graph of multisets (node ids are [`MultisetGame::multiset`] ids).
    pub solved: Solved,
    /// The node `{n}` of each start heap `n`, in the order given.
    pub starts: Vec<u32>,
    positions: Interner,
}

impl MultisetGame {
    /// Builds and solves the game of `code` on heaps of at most `bound` tokens, from each heap of `heaps` (each
    /// `≤ bound`), storing at most `max_positions` multisets.
    pub fn solve(
        code: &Code,
        bound: u64,
        heaps: &[u64],
        max_positions: u64,
    ) -> Result<MultisetGame> {
        Self::solve_within(
            code,
            bound,
            heaps,
            max_positions,
            crate::solver::DEFAULT_MAX_MEMORY,
        )
    }

    /// [`MultisetGame::solve`] within a memory budget of `max_memory` bytes: what the build holds (heaps of the
    /// positions, their index, the table and the edges) is checked as it grows, every 2^16 moves, and the graph
    /// and its values are estimated before they are made; past the budget the build stops with a limit error naming
    /// `--max-memory`.
    ///
    /// Long: one breadth-first build of the position graph whose state (the interner, the edge list, four buffers
    /// reused for every position, the work count, the memory checks) every position reads and writes; cut, the steps
    /// would pass them all.
    pub fn solve_within(
        code: &Code,
        bound: u64,
        heaps: &[u64],
        max_positions: u64,
        max_memory: u64,
    ) -> Result<MultisetGame> {
        let memory = crate::solver::Limits {
            max_memory,
            ..Default::default()
        };
        let what = format!("the positions of the game {code} (heaps of at most {bound})");
        if bound > super::heap::MAX_BOUND {
            return Err(Error::limit(format!(
                "the heap bound {bound} is above the limit of {}",
                super::heap::MAX_BOUND
            )));
        }
        let max_positions = max_positions.min(super::graph::MAX_NODES);
        let mut positions = Interner::new();
        let mut starts = Vec::with_capacity(heaps.len());
        for &n in heaps {
            if n > bound {
                return Err(Error::input(format!(
                    "the heap {n} is larger than the heap bound {bound}"
                )));
            }
            let ms: &[u32] = if n == 0 { &[] } else { &[n as u32] };
            starts.push(positions.intern(ms).0);
        }
        let too_many = |heaps: &[u64]| {
            let hs: Vec<String> = heaps.iter().map(u64::to_string).collect();
            Error::over_budget(crate::error::Budget::Positions(max_positions), format!(
                "the game {code} from heap {} (heaps of at most {bound}) reaches more than {max_positions} positions \
                 (multisets of heaps)",
                hs.join(", ")
            ))
            .with_remedy(crate::error::Remedy::LowerMaxHeap)
        };
        let pass = code.digits()[0].allows(1);
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut here: Vec<u32> = Vec::new();
        let mut rest: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let mut buf: Vec<u64> = Vec::new();
        let too_much_work = || {
            Error::limit(format!(
                "the game {code} (heaps of at most {bound}) needs more than {MAX_WORK} steps to list the moves of \
                 its positions"
            ))
            .with_remedy(crate::error::Remedy::LowerMaxHeap)
        };
        // Steps spent listing moves: (tokens, heaps) pairs looked at, and heaps copied into followers.
        let work = std::cell::Cell::new(0u64);
        let mut u: u32 = 0;
        while (u as usize) < positions.len() {
            here.clear();
            here.extend_from_slice(positions.get(u));
            let here_hash = raw_hash(&here);
            let first_edge = edges.len();
            let mut overflow: Option<Error> = None;
            let mut i = 0;
            while i < here.len() {
                let h = here[i];
                // Moves on a heap of h: the same for every copy, so once per distinct size.
                let mut j = i;
                while j < here.len() && here[j] == h {
                    j += 1;
                }
                rest.clear();
                rest.extend_from_slice(&here[..i]);
                rest.extend_from_slice(&here[i + 1..]);
                let rest_hash = here_hash.wrapping_sub(mix(h));
                // The multiset left when the heap h is replaced by `parts` (nondecreasing, each at most `bound`);
                // false stops the enumeration once a budget is exceeded.
                let mut emit = |parts: &[u64]| -> bool {
                    next.clear();
                    let mut raw = rest_hash;
                    for &p in parts {
                        raw = raw.wrapping_add(mix(p as u32));
                    }
                    let (mut a, mut b) = (0, 0);
                    while a < rest.len() || b < parts.len() {
                        if b == parts.len() || (a < rest.len() && (rest[a] as u64) <= parts[b]) {
                            next.push(rest[a]);
                            a += 1;
                        } else {
                            next.push(parts[b] as u32);
                            b += 1;
                        }
                    }
                    work.set(work.get() + next.len() as u64);
                    let (v, new) = positions.intern_hashed(&next, raw);
                    edges.push((u, v));
                    if new && positions.len() as u64 > max_positions {
                        overflow = Some(too_many(heaps));
                    } else if positions.data.len() > MAX_STORED_HEAPS {
                        overflow = Some(Error::limit(format!(
                            "the positions of the game {code} (heaps of at most {bound}) hold more than \
                             {MAX_STORED_HEAPS} heaps in all"
                        ))
                        .with_remedy(crate::error::Remedy::LowerMaxHeap));
                    } else if work.get() > MAX_WORK {
                        overflow = Some(too_much_work());
                    } else if edges.len().is_multiple_of(1 << 16) {
                        // What is held, with the edge list's next doubling (it doubles at a multiple of 2^16).
                        let held = (edges.capacity() as u64) * 16
                            + (positions.data.capacity() as u64) * 4
                            + (positions.start.capacity() as u64) * 8
                            + (positions.table.len() as u64) * 8;
                        if let Err(e) = memory.check_memory(held, &what) {
                            overflow = Some(e);
                        }
                    }
                    if overflow.is_none() && edges.len() > MAX_EDGES {
                        overflow = Some(Error::limit(format!(
                            "the game {code} (heaps of at most {bound}) has more than {MAX_EDGES} moves between its \
                             positions"
                        ))
                        .with_remedy(crate::error::Remedy::LowerMaxHeap));
                    }
                    overflow.is_none()
                };
                let h64 = h as u64;
                // Removing j tokens (d_j) and leaving k heaps; removing none and leaving one heap is the pass.
                let last = code.max_removed().map_or(h64, |r| r.min(h64));
                'remove: for j in 0..=last {
                    let d = code.digit(j);
                    if d.is_zero() {
                        continue;
                    }
                    let m = h64 - j;
                    for k in 0..=d.max_heaps().min(m as usize) {
                        work.set(work.get() + 1);
                        let Some(c) = d.constraint(k) else { continue };
                        let go = match (j, k) {
                            (0, 1) => true,
                            (_, 0) => m != 0 || emit(&[]),
                            _ => each_partition(m, k, c, bound, &mut buf, &mut emit),
                        };
                        if !go {
                            break 'remove;
                        }
                    }
                }
                // Adding j tokens (d_{-j}) and leaving k ≥ 1 heaps.
                'add: for (a, d) in code.additive().iter().enumerate() {
                    let m = h64 + a as u64 + 1;
                    for k in 1..=d.max_heaps().min(m as usize) {
                        work.set(work.get() + 1);
                        if let Some(c) = d.constraint(k) {
                            if !each_partition(m, k, c, bound, &mut buf, &mut emit) {
                                break 'add;
                            }
                        }
                    }
                }
                if let Some(e) = overflow {
                    return Err(e);
                }
                if work.get() > MAX_WORK {
                    return Err(too_much_work());
                }
                if pass {
                    edges.push((u, u));
                }
                i = j;
            }
            // One edge per follower.
            edges[first_edge..].sort_unstable();
            let mut w = first_edge;
            for r in first_edge..edges.len() {
                if r == first_edge || edges[r] != edges[w - 1] {
                    edges[w] = edges[r];
                    w += 1;
                }
            }
            edges.truncate(w);
            u += 1;
        }
        // The compressed graph (4 bytes an edge each way) and the values (about 40 bytes a node) beside the build.
        let held = (edges.capacity() as u64) * 8
            + (positions.data.capacity() as u64) * 4
            + (positions.start.capacity() as u64) * 8
            + (positions.table.len() as u64) * 8;
        memory.check_memory(
            held + (edges.len() as u64) * 8 + (positions.len() as u64) * 40,
            &format!(
                "{what}, with their graph of {} move{}",
                edges.len(),
                crate::error::plural(edges.len() as u64)
            ),
        )?;
        let graph = Graph::new(positions.len(), &edges)?;
        drop(edges);
        Ok(MultisetGame {
            solved: Solved::new(graph),
            starts,
            positions,
        })
    }

    /// The heaps of the multiset with id `id` (sorted; empty for the terminal position).
    pub fn multiset(&self, id: u32) -> &[u32] {
        self.positions.get(id)
    }

    /// The number of positions (multisets) in the graph.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Values, outcome, winning and draw-keeping moves of the sum of the start heaps (each a component; a move's
    /// `from` is the node `{n}` of its component and `to` the multiset the heap becomes, see
    /// [`MultisetGame::multiset`]).
    pub fn analyse(&self) -> LoopyAnalysis {
        self.solved.analyse(&self.starts)
    }

    /// The multiset of the whole sum after `m` (the other start heaps and the heaps `m` leaves), sorted.
    pub fn after(&self, m: &TokenMove) -> Vec<u32> {
        let mut all: Vec<u32> = Vec::new();
        for (i, &s) in self.starts.iter().enumerate() {
            let node = if i == m.token { m.to } else { s };
            all.extend_from_slice(self.multiset(node));
        }
        all.sort_unstable();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::loopy::graph::Gsg;

    #[test]
    fn bounded_partitions_are_the_partitions_with_small_parts() {
        use crate::heap::code::partitions;
        let mut buf = Vec::new();
        let mut buf2 = Vec::new();
        for c in [
            Constraint::Any,
            Constraint::Unequal,
            Constraint::NotAllEqual,
            Constraint::AllEqual,
        ] {
            for m in 0..=14u64 {
                for k in 1..=6usize {
                    let mut all = Vec::new();
                    partitions(m, k, c, &mut buf, &mut |p| all.push(p.to_vec()));
                    for max in 1..=15u64 {
                        let want: Vec<Vec<u64>> = all
                            .iter()
                            .filter(|p| p.iter().all(|&x| x <= max))
                            .cloned()
                            .collect();
                        let mut got = Vec::new();
                        assert!(each_partition(m, k, c, max, &mut buf2, &mut |p| {
                            got.push(p.to_vec());
                            true
                        }));
                        assert_eq!(got, want, "{m} into {k} ({c:?}), parts at most {max}");
                    }
                }
            }
        }
        // Stopping early: the enumeration ends at the first `false`, and says so.
        let mut seen = 0;
        assert!(!each_partition(
            30,
            3,
            Constraint::Any,
            30,
            &mut buf,
            &mut |_| {
                seen += 1;
                seen < 4
            }
        ));
        assert_eq!(seen, 4);
        // A heap of 10^7 into 3 parts of at most 10^7 has about 8·10^12 partitions: the first is found at once.
        assert!(!each_partition(
            10_000_000,
            3,
            Constraint::Any,
            10_000_000,
            &mut buf,
            &mut |p| {
                assert_eq!(p, [1, 1, 9_999_998]);
                false
            }
        ));
    }

    #[test]
    fn interning_gives_one_id_per_multiset() {
        let mut t = Interner::new();
        let mut ids = std::collections::HashMap::new();
        for a in 0..50u32 {
            for b in a..50u32 {
                let (id, new) = t.intern(&[a, b]);
                assert!(new);
                assert_eq!(id as usize, ids.len());
                ids.insert(vec![a, b], id);
            }
        }
        for (ms, &id) in &ids {
            assert_eq!(t.intern(ms), (id, false));
            assert_eq!(t.get(id), &ms[..]);
        }
        let (e, new) = t.intern(&[]);
        assert!(new);
        assert_eq!(t.get(e), &[] as &[u32]);
        assert_eq!(t.intern(&[7]).0, e + 1);
    }

    #[test]
    fn splitting_and_adding_tokens() {
        // 24.0 on heaps of at most 2: a move adds one token to a heap (d_{-1} = 2) or splits a heap in two
        // (d0 = 4). From {1}: add to {2}; from {2}: split to {1,1}. {1,1} -> {1,2} -> {1,1,1} -> {1,1,2} -> … never
        // ends, so the budget is reached.
        let code = Code::parse("24.0").unwrap();
        let e = MultisetGame::solve(&code, 2, &[1], 1000).err().unwrap();
        assert_eq!(e.kind(), crate::ErrorKind::Limit);
        assert!(
            e.message().contains("more than 1000 positions"),
            "{}",
            e.message()
        );
        // 2.7 on heaps of at most 5: pass (d0 = 2), or take one token and leave 0, 1 or 2 heaps (d1 = 7). From {3}:
        // {2}, {1,1}, {1}, {} — five positions. {1} -> {} wins, so {1} is N (value ∞({0}): it can also pass, and the
        // pass is never a reversal); {1,1} and {2} can only pass or move to {1}: draws.
        let g = MultisetGame::solve(&Code::parse("2.7").unwrap(), 5, &[3, 1, 0], 1000).unwrap();
        assert_eq!(g.positions(), 5);
        let node = |ms: &[u32]| {
            (0..g.positions() as u32)
                .find(|&u| g.multiset(u) == ms)
                .unwrap()
        };
        assert_eq!(g.multiset(g.starts[2]), &[] as &[u32]);
        assert_eq!(g.solved.value(g.starts[2]), Gsg::Finite(0));
        assert_eq!(
            g.solved.value(node(&[1])),
            Gsg::Infinite([0].into_iter().collect())
        );
        assert_eq!(g.solved.value(node(&[1, 1])).outcome(), Outcome::D);
        let a = MultisetGame::solve(&Code::parse("2.7").unwrap(), 5, &[2], 1000)
            .unwrap()
            .analyse();
        assert_eq!(a.outcome, Outcome::D);
    }
}
