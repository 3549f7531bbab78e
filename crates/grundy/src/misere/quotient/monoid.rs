//! Finite commutative monoids given by their multiplication tables, and the operations the quotient construction
//! needs: cyclic monoids, direct products, the submonoid a set of elements generates, and the quotient by
//! indistinguishability (Moore's partition refinement).
//!
//! Elements are numbered `0..size` and element `0` is always the identity.

/// A finite commutative monoid with elements `0..size` and identity 0.
pub trait Monoid {
    /// The number of elements.
    fn size(&self) -> usize;
    /// The product `a·b`.
    fn mul(&self, a: u32, b: u32) -> u32;
}

impl Monoid for Table {
    fn size(&self) -> usize {
        self.size
    }
    /// One lookup in the full table when kept, else the walk of the shallower factor's path from 1.
    #[inline]
    fn mul(&self, a: u32, b: u32) -> u32 {
        if let Some(d) = &self.dense {
            return d[a as usize * self.size + b as usize];
        }
        let (mut x, mut y) = if self.depth[a as usize] < self.depth[b as usize] {
            (b, a)
        } else {
            (a, b)
        };
        let k = self.gens.len();
        while y != 0 {
            x = self.act[x as usize * k + self.letter[y as usize] as usize];
            y = self.parent[y as usize];
        }
        x
    }
}

/// A direct product `base × C1 × C2 × …` of a table and cyclic monoids, its products computed component by
/// component (no `size²` table): element `(b, e1, e2, …)` is numbered `b·M + (e1·|C2|·… + e2·… + …)` with `M` the
/// product of the cyclic orders, so `(0, 0, …)` is 0.
#[derive(Debug, Clone)]
pub struct Product {
    base: Table,
    /// (index, period) of each cyclic factor.
    cycles: Vec<(u32, u32)>,
    inner: u32,
}

impl Product {
    /// `base × C(index1, period1) × …`; `None` when the order would pass `max` elements.
    pub fn new(base: Table, cycles: Vec<(u32, u32)>, max: usize) -> Option<Product> {
        let mut inner: usize = 1;
        for &(i, p) in &cycles {
            inner = inner.checked_mul((i + p) as usize)?;
        }
        if base.size().checked_mul(inner)? > max {
            return None;
        }
        Some(Product {
            base,
            cycles,
            inner: inner as u32,
        })
    }
    /// The element `(b, 1, …, 1)`.
    pub fn embed(&self, b: u32) -> u32 {
        b * self.inner
    }
    /// The generator of the `i`-th cyclic factor.
    pub fn cycle_generator(&self, i: usize) -> u32 {
        self.cycles[i + 1..]
            .iter()
            .fold(1u32, |a, &(ix, p)| a * (ix + p))
    }
}

impl Monoid for Product {
    fn size(&self) -> usize {
        self.base.size() * self.inner as usize
    }
    fn mul(&self, a: u32, b: u32) -> u32 {
        let (mut ra, mut rb) = (a % self.inner, b % self.inner);
        let mut out = 0u32;
        let mut scale = 1u32;
        for &(index, period) in self.cycles.iter().rev() {
            let m = index + period;
            let (x, y) = (ra % m, rb % m);
            ra /= m;
            rb /= m;
            let s = x + y;
            let z = if s < m {
                s
            } else {
                index + (s - index) % period
            };
            out += z * scale;
            scale *= m;
        }
        self.base.mul(a / self.inner, b / self.inner) * self.inner + out
    }
}

/// The largest order whose full `order²` table is kept beside the Cayley graph (16 MiB of entries): below it a
/// product is one lookup, above it a walk of the shallower factor's path ([`Table::mul`]).
pub const DENSE_MAX: usize = 2048;

/// A finite commutative monoid given by its *Cayley graph*: a list of generators (elements) and, for every element
/// `a` and generator `g`, the product `a·g`; element 0 is the identity. A product `a·b` is read off a path of
/// generators from 1 to `b` (the breadth-first tree from 1 keeps one for each element): `a·b = a·g1·g2·…`, as many
/// steps as `b`'s depth. So a table of `n` elements and `k` generators holds about `(4k + 16)·n` bytes, linear in
/// its order, where a full multiplication table would hold `4·n²`; a small one (at most [`DENSE_MAX`] elements)
/// keeps the full table as well, for one-lookup products.
#[derive(Debug, Clone)]
pub struct Table {
    size: usize,
    /// The generators, none the identity, without repeats.
    gens: Vec<u32>,
    /// `act[a * k + j]` is `a·gens[j]` (`k` generators).
    act: Vec<u32>,
    /// The breadth-first tree from 1: `a = parent[a]·gens[letter[a]]`, `depth[a]` generators from 1.
    parent: Vec<u32>,
    letter: Vec<u32>,
    depth: Vec<u32>,
    /// The elements in breadth-first order (each after its parent).
    bfs: Vec<u32>,
    /// The full table, `dense[a * size + b] = a·b`, when the order is at most [`DENSE_MAX`].
    dense: Option<Vec<u32>>,
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.size == other.size && (0..self.size as u32).all(|a| self.row(a) == other.row(a))
    }
}

impl Eq for Table {}

/// The bytes of a [`Table`] of `order` elements and `gens` generators: its Cayley graph, its tree, and its full
/// table when it keeps one ([`DENSE_MAX`]).
pub fn table_bytes(order: usize, gens: usize) -> u64 {
    let n = order as u64;
    let dense = if order <= DENSE_MAX { n * n * 4 } else { 0 };
    n.saturating_mul(4 * gens as u64 + 16).saturating_add(dense)
}

impl Table {
    /// The trivial monoid `{1}`.
    pub fn trivial() -> Table {
        Table::from_act(1, Vec::new(), Vec::new()).expect("the trivial monoid")
    }

    /// A table from its Cayley graph: `act[a * gens.len() + j]` is `a·gens[j]`. `None` unless every entry is an
    /// element and every element is a product of generators (reached from 1). Generators that are the identity or
    /// repeat one before are kept (they cost memory, not correctness).
    pub fn from_act(size: usize, gens: Vec<u32>, act: Vec<u32>) -> Option<Table> {
        let k = gens.len();
        if size == 0
            || act.len() != size.checked_mul(k)?
            || act.iter().chain(&gens).any(|&x| x as usize >= size)
        {
            return None;
        }
        let mut parent = vec![u32::MAX; size];
        let mut letter = vec![0u32; size];
        let mut depth = vec![0u32; size];
        let mut bfs = Vec::with_capacity(size);
        parent[0] = 0;
        bfs.push(0u32);
        let mut i = 0;
        while i < bfs.len() {
            let a = bfs[i] as usize;
            for j in 0..k {
                let b = act[a * k + j] as usize;
                if parent[b] == u32::MAX {
                    parent[b] = a as u32;
                    letter[b] = j as u32;
                    depth[b] = depth[a] + 1;
                    bfs.push(b as u32);
                }
            }
            i += 1;
        }
        if bfs.len() != size {
            return None;
        }
        let mut t = Table {
            size,
            gens,
            act,
            parent,
            letter,
            depth,
            bfs,
            dense: None,
        };
        if size <= DENSE_MAX {
            let mut dense = Vec::with_capacity(size * size);
            for a in 0..size as u32 {
                dense.extend(t.row(a));
            }
            t.dense = Some(dense);
        }
        Some(t)
    }

    /// A table from its full multiplication table (`mul[a * size + b]` is `a·b`); `None` unless it has `size²`
    /// entries below `size`, 0 is the identity, and it is commutative and associative (checked: a table read from
    /// a file is never trusted).
    pub fn from_entries(size: usize, mul: Vec<u32>) -> Option<Table> {
        if size == 0
            || mul.len() != size.checked_mul(size)?
            || mul.iter().any(|&x| x as usize >= size)
        {
            return None;
        }
        let at = |a: u32, b: u32| mul[a as usize * size + b as usize];
        for a in 0..size as u32 {
            if at(0, a) != a {
                return None;
            }
            for b in 0..size as u32 {
                if at(a, b) != at(b, a) {
                    return None;
                }
            }
        }
        // Associativity: checking (ab)c = a(bc) for all triples is size³, so it is checked on all triples only for
        // small tables, otherwise for c running over every element and a, b over a spread sample (the quotient
        // built here is associative by construction; this guards the file).
        let step = if size <= 200 { 1 } else { size / 97 + 1 };
        for a in (0..size as u32).step_by(step) {
            for b in (0..size as u32).step_by(step) {
                let ab = at(a, b);
                for c in 0..size as u32 {
                    if at(ab, c) != at(a, at(b, c)) {
                        return None;
                    }
                }
            }
        }
        // Generators: each element, in order, that the ones before do not generate.
        let mut reached = vec![false; size];
        reached[0] = true;
        let mut members = vec![0u32];
        let mut gens: Vec<u32> = Vec::new();
        for x in 1..size as u32 {
            if reached[x as usize] {
                continue;
            }
            gens.push(x);
            let mut i = 0;
            while i < members.len() {
                let a = members[i];
                for &g in &gens {
                    let b = at(a, g);
                    if !reached[b as usize] {
                        reached[b as usize] = true;
                        members.push(b);
                    }
                }
                i += 1;
            }
        }
        let k = gens.len();
        let mut act = Vec::with_capacity(size * k);
        for a in 0..size as u32 {
            act.extend(gens.iter().map(|&g| at(a, g)));
        }
        let t = Table::from_act(size, gens, act)?;
        // The Cayley graph's products agree with the file's (its own associativity is checked above).
        (0..size as u32)
            .all(|a| t.row(a)[..] == mul[a as usize * size..(a as usize + 1) * size])
            .then_some(t)
    }

    /// The full table's entries, row by row (made here, `order²` of them, unless the table keeps them).
    pub fn entries(&self) -> Vec<u32> {
        match &self.dense {
            Some(d) => d.clone(),
            None => (0..self.size as u32).flat_map(|a| self.row(a)).collect(),
        }
    }

    /// The products `x·r` of every element `r`, in the order of `r`: one step per element along the tree.
    pub fn row(&self, x: u32) -> Vec<u32> {
        if let Some(d) = &self.dense {
            return d[x as usize * self.size..(x as usize + 1) * self.size].to_vec();
        }
        let k = self.gens.len();
        let mut row = vec![0u32; self.size];
        row[0] = x;
        for &r in &self.bfs[1..] {
            let r = r as usize;
            row[r] = self.act[row[self.parent[r] as usize] as usize * k + self.letter[r] as usize];
        }
        row
    }

    /// The bytes this table holds (see [`table_bytes`]).
    pub fn bytes(&self) -> u64 {
        table_bytes(self.size, self.gens.len())
    }

    /// The number of generators of its Cayley graph.
    pub fn generator_count(&self) -> usize {
        self.gens.len()
    }

    /// The cyclic monoid `⟨x | x^(index+period) = x^index⟩`: elements `1, x, …, x^(index+period−1)`, numbered by
    /// their exponent.
    pub fn cyclic(index: usize, period: usize) -> Table {
        let size = index + period;
        let norm = |k: usize| {
            if k < size {
                k
            } else {
                index + (k - index) % period
            }
        };
        let gens = if size > 1 { vec![1] } else { Vec::new() };
        let act = if size > 1 {
            (0..size).map(|a| norm(a + 1) as u32).collect()
        } else {
            Vec::new()
        };
        Table::from_act(size, gens, act).expect("a cyclic monoid")
    }

    /// The direct product `self × other`: element `(a, b)` is numbered `a·|other| + b` (so `(0, 0)` is 0).
    pub fn product(&self, other: &Table) -> Table {
        let (n, m) = (self.size, other.size);
        let size = n * m;
        let mut gens: Vec<u32> = self.gens.iter().map(|&g| g * m as u32).collect();
        gens.extend(other.gens.iter().copied());
        let mut act = Vec::with_capacity(size * gens.len());
        for a in 0..size {
            let (a1, a2) = ((a / m) as u32, (a % m) as u32);
            for &g in &self.gens {
                act.push(self.mul(a1, g) * m as u32 + a2);
            }
            for &g in &other.gens {
                act.push(a1 * m as u32 + other.mul(a2, g));
            }
        }
        Table::from_act(size, gens, act).expect("a product of monoids")
    }

    /// The submonoid generated by `gens`: the new table and, for each old element, its new number (`u32::MAX` for
    /// elements outside the submonoid). Elements are numbered in the order a breadth-first walk from 1 meets them.
    pub fn submonoid(&self, gens: &[u32]) -> (Table, Vec<u32>) {
        // The generators in the order given, the identity and repeats left out: the numbering is the one a walk
        // over all of them makes (the identity and a repeat never meet a new element).
        let mut seen = rustc_hash::FxHashSet::default();
        let gens: Vec<u32> = gens
            .iter()
            .copied()
            .filter(|&g| g != 0 && seen.insert(g))
            .collect();
        let mut new_of = vec![u32::MAX; self.size];
        let mut old_of = vec![0u32];
        let mut act: Vec<u32> = Vec::new();
        new_of[0] = 0;
        let mut i = 0;
        while i < old_of.len() {
            let a = old_of[i];
            for &g in &gens {
                let b = self.mul(a, g);
                if new_of[b as usize] == u32::MAX {
                    new_of[b as usize] = old_of.len() as u32;
                    old_of.push(b);
                }
                act.push(new_of[b as usize]);
            }
            i += 1;
        }
        let new_gens = gens.iter().map(|&g| new_of[g as usize]).collect();
        let t = Table::from_act(old_of.len(), new_gens, act).expect("a submonoid");
        (t, new_of)
    }

    /// The index of the cyclic submonoid generated by `x`: the least `i` with `x^i = x^j` for some `j > i`.
    pub fn index_of(&self, x: u32) -> usize {
        let mut seen: rustc_hash::FxHashMap<u32, usize> = Default::default();
        seen.insert(0, 0);
        let mut a = 0;
        loop {
            a = self.mul(a, x);
            if let Some(&i) = seen.get(&a) {
                return i;
            }
            seen.insert(a, seen.len());
        }
    }
}

/// The quotient by indistinguishability with respect to the marked set `p` inside the submonoid generated by
/// `gens`: `a ≡ b` when `a·r ∈ p ⇔ b·r ∈ p` for every `r` in that submonoid. Because the monoid is commutative
/// and generated by `gens`, this is Moore's equivalence of the automaton whose letters are `gens` (refined until
/// stable), and it is a congruence. Returns the quotient table, its marked set, and each old element's class
/// (`u32::MAX` outside the submonoid), classes numbered in breadth-first order from 1; `Err(order)` with the
/// quotient's order, before its table is made, when it has more than `max` elements.
pub fn reduce<M: Monoid>(
    m: &M,
    p: &[bool],
    gens: &[u32],
    max: usize,
) -> std::result::Result<(Table, Vec<bool>, Vec<u32>), usize> {
    let mut gens: Vec<u32> = gens.to_vec();
    gens.sort_unstable();
    gens.dedup();
    // The submonoid, breadth-first, with each generator's action on it.
    let mut new_of = vec![u32::MAX; m.size()];
    let mut old_of = vec![0u32];
    new_of[0] = 0;
    let mut act: Vec<u32> = Vec::new(); // act[i * k + j] = element i times generator j
    let k = gens.len();
    let mut i = 0;
    while i < old_of.len() {
        let a = old_of[i];
        for &g in &gens {
            let b = m.mul(a, g);
            if new_of[b as usize] == u32::MAX {
                new_of[b as usize] = old_of.len() as u32;
                old_of.push(b);
            }
            act.push(new_of[b as usize]);
        }
        i += 1;
    }
    let n = old_of.len();
    let mut class: Vec<u32> = (0..n).map(|a| p[old_of[a] as usize] as u32).collect();
    let mut count = 0usize;
    loop {
        let mut ids: rustc_hash::FxHashMap<Vec<u32>, u32> = Default::default();
        let mut next = vec![0u32; n];
        let mut sig = Vec::with_capacity(k + 1);
        for a in 0..n {
            sig.clear();
            sig.push(class[a]);
            sig.extend(act[a * k..a * k + k].iter().map(|&b| class[b as usize]));
            let len = ids.len() as u32;
            next[a] = match ids.get(&sig) {
                Some(&c) => c,
                None => {
                    ids.insert(sig.clone(), len);
                    len
                }
            };
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    if count > max {
        return Err(count);
    }
    // Renumber the classes breadth-first from the identity's class.
    let mut number = vec![u32::MAX; count];
    let mut reps: Vec<u32> = vec![0];
    number[class[0] as usize] = 0;
    let mut i = 0;
    while i < reps.len() {
        let a = reps[i] as usize;
        for j in 0..k {
            let b = act[a * k + j];
            let c = class[b as usize] as usize;
            if number[c] == u32::MAX {
                number[c] = reps.len() as u32;
                reps.push(b);
            }
        }
        i += 1;
    }
    let table = class_table(&act, k, &class, &number, &reps);
    let marks = reps
        .iter()
        .map(|&a| p[old_of[a as usize] as usize])
        .collect();
    let map = new_of
        .iter()
        .map(|&s| {
            if s == u32::MAX {
                u32::MAX
            } else {
                number[class[s as usize] as usize]
            }
        })
        .collect();
    Ok((table, marks, map))
}

/// The Cayley graph of the quotient [`reduce`] found: its generators are the classes of the generators (the
/// identity's and repeats left out: a product by one of them is a product by the class it repeats), and a class
/// times a generator is the class of any representative times it (indistinguishability is a congruence). `act` is
/// the generators' action on the submonoid (`k` of them), `class` each element's class, `number` each class's
/// number and `reps` a representative of each numbered class.
fn class_table(act: &[u32], k: usize, class: &[u32], number: &[u32], reps: &[u32]) -> Table {
    let size = reps.len();
    let of = |x: u32| number[class[x as usize] as usize];
    let mut letters: Vec<usize> = Vec::new();
    let mut seen = vec![false; size];
    seen[0] = true;
    for (j, &g) in act[..k].iter().enumerate() {
        let c = of(g) as usize;
        if !seen[c] {
            seen[c] = true;
            letters.push(j);
        }
    }
    let qgens: Vec<u32> = letters.iter().map(|&j| of(act[j])).collect();
    let mut qact = Vec::with_capacity(size * letters.len());
    for &a in reps {
        qact.extend(letters.iter().map(|&j| of(act[a as usize * k + j])));
    }
    Table::from_act(size, qgens, qact).expect("a quotient is generated by its generators")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_by_components() {
        let base = Table::cyclic(0, 2);
        let p = Product::new(base.clone(), vec![(2, 2), (1, 2)], 100).unwrap();
        let t = base
            .product(&Table::cyclic(2, 2))
            .product(&Table::cyclic(1, 2));
        assert_eq!(p.size(), t.size());
        for a in 0..t.size() as u32 {
            for b in 0..t.size() as u32 {
                assert_eq!(p.mul(a, b), t.mul(a, b));
            }
        }
        assert_eq!(p.cycle_generator(0), 3);
        assert_eq!(p.cycle_generator(1), 1);
        assert_eq!(p.embed(1), 12);
        assert!(Product::new(Table::cyclic(0, 2), vec![(2, 2)], 7).is_none());
    }

    #[test]
    fn cyclic_and_products() {
        let c = Table::cyclic(2, 2); // 1, x, x², x³; x⁴ = x²
        assert_eq!(c.size(), 4);
        assert_eq!(c.mul(2, 2), 2);
        assert_eq!(c.mul(3, 3), 2);
        assert_eq!(c.mul(1, 3), 2);
        assert_eq!(c.index_of(1), 2);
        let p = Table::cyclic(0, 2).product(&c); // Z2 × C(2,2)
        assert_eq!(p.size(), 8);
        assert!(Table::from_entries(p.size(), p.entries().to_vec()).is_some());
        let (sub, map) = p.submonoid(&[4]); // the Z2 factor
        assert_eq!(sub.size(), 2);
        assert_eq!(map[4], 1);
    }

    #[test]
    fn reduce_merges_indistinguishable_elements() {
        // C(0,4) = Z4 with P = {x, x³}: x ≡ x³ and 1 ≡ x² (an element is told apart only by its parity).
        let z4 = Table::cyclic(0, 4);
        let (q, marks, map) = reduce(&z4, &[false, true, false, true], &[1], 10).unwrap();
        assert_eq!(q.size(), 2);
        assert_eq!(
            reduce(&z4, &[false, true, false, true], &[1], 1).err(),
            Some(2)
        );
        assert_eq!(marks, vec![false, true]);
        assert_eq!(map, vec![0, 1, 0, 1]);
    }

    #[test]
    fn cayley_products_past_the_full_table() {
        // C(30, 40) × C(20, 20): 2800 elements, past DENSE_MAX, so products walk the tree; each is the componentwise
        // product of the two cyclic monoids.
        let (a, b) = (Table::cyclic(30, 40), Table::cyclic(20, 20));
        let t = a.product(&b);
        assert!(t.size() > DENSE_MAX && t.dense.is_none());
        let m = b.size() as u32;
        for x in (0..t.size() as u32).step_by(7) {
            let row = t.row(x);
            for y in 0..t.size() as u32 {
                let want = a.mul(x / m, y / m) * m + b.mul(x % m, y % m);
                assert_eq!(t.mul(x, y), want);
                assert_eq!(row[y as usize], want);
            }
        }
        assert_eq!(t.index_of(m), 30);
        assert_eq!(t.index_of(1), 20);
        // Its full table read back is the same monoid.
        let back = Table::from_entries(t.size(), t.entries()).unwrap();
        assert_eq!(back, t);
        // Reducing with every element marked that is a power of the first factor's generator past its index:
        // each class is told apart by its components' exponents only as far as the marks see.
        let p: Vec<bool> = (0..t.size() as u32).map(|x| x / m >= 30).collect();
        let (q, marks, map) = reduce(&t, &p, &[m, 1], usize::MAX).unwrap();
        assert_eq!(marks.iter().filter(|&&x| x).count(), 1);
        assert_eq!(q.size(), 31);
        assert_eq!(map[0], 0);
    }

    #[test]
    fn bad_tables_are_refused() {
        assert!(Table::from_entries(2, vec![0, 1, 1]).is_none());
        assert!(Table::from_entries(2, vec![1, 1, 1, 0]).is_none()); // 0 is not the identity
        assert!(Table::from_entries(2, vec![0, 1, 1, 2]).is_none());
    }
}
