use super::*;
use crate::heap::TakeAndBreak;

fn q(code: &str, n: u64) -> Quotient {
    let game = TakeAndBreak::parse(code).unwrap();
    compute(&game, n, DEFAULT_MAX_ORDER, &Limits::default(), &mut |_| {}).unwrap()
}

/// Exact misère outcomes by search, for comparing.
fn exact(code: &str) -> crate::misere::search::MisereSearch {
    use crate::misere::search::{HeapPositions, MisereSearch, Numbered};
    let g: std::rc::Rc<crate::heap::HeapGame> =
        std::rc::Rc::new(TakeAndBreak::parse(code).unwrap());
    let games: Vec<Box<dyn Numbered>> = vec![Box::new(HeapPositions(g))];
    MisereSearch::new(games, Limits::default())
}

/// A small deterministic generator (xorshift), so failures are reproducible.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn against_search(code: &str, n: u64, sums: usize, max_tokens: u64) {
    use crate::misere::search::Part;
    let x = q(code, n);
    assert!(x.stopped.is_none(), "{code}: {:?}", x.stopped);
    let mut s = exact(code);
    let mut seed = 0x9e3779b97f4a7c15u64 ^ n;
    for _ in 0..sums {
        let mut heaps = Vec::new();
        let mut tokens = 0;
        let k = 1 + rng(&mut seed) % 5;
        for _ in 0..k {
            let h = 1 + rng(&mut seed) % n;
            if tokens + h > max_tokens {
                break;
            }
            tokens += h;
            heaps.push(h);
        }
        let parts: Vec<Part> = heaps.iter().map(|&h| Part { game: 0, pos: h }).collect();
        let v = s.value(&parts).unwrap();
        let want = if v == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(x.outcome(&heaps), Some(want), "{code} {heaps:?}");
    }
}

#[test]
fn kayles_against_search() {
    against_search("0.77", 40, 3000, 45);
}
#[test]
fn dawsons_kayles_against_search() {
    against_search("0.07", 30, 3000, 45);
}
#[test]
fn dawsons_chess_against_search() {
    against_search("0.137", 29, 3000, 45);
}

/// Dawson's Kayles 0.07 at heaps up to 30: order 360 (A. N. Siegel, "Some MisereSolver questions answered", the
/// miseregames blog, 2007-08-28; /work/shared/reference/README.md), reached through the orders MisereSolver's
/// construction passes. A heap of n + 1 in 0.07 is the same game as a heap of n in Dawson's Chess 0.137 (the
/// heap of 1 in 0.07 has no move), so 0.137 at heaps up to 29 has the same quotient.
#[test]
fn dawsons_kayles_order_360() {
    let k = q("0.07", 30);
    assert_eq!(k.order, 360);
    let orders: Vec<(u64, usize)> = k.changes.iter().map(|c| (c.heap, c.order)).collect();
    assert_eq!(
        orders,
        vec![
            (2, 2),
            (4, 6),
            (10, 12),
            (14, 24),
            (25, 144),
            (27, 176),
            (30, 360)
        ]
    );
    let c = q("0.137", 29);
    assert_eq!(c.order, 360);
    assert_eq!(c.p_portion_size, k.p_portion_size);
    assert_eq!(c.relations.len(), k.relations.len());
    for n in 1..=29u64 {
        assert_eq!(c.outcome(&[n, 3, 5]), k.outcome(&[n + 1, 4, 6]), "{n}");
    }
}
#[test]
fn g075_against_search() {
    against_search("0.75", 30, 3000, 45);
}
#[test]
fn g06_against_search() {
    against_search("0.6", 16, 3000, 30);
}

// ---- The periodicity certificate (docs/quotient.md, "Every heap") ----

/// `a` and `b` are the same quotient up to renaming on heaps `0..=upto`: the map `a.image(h) ↦ b.image(h)` extends
/// to an isomorphism of the monoids (checked on every product of an element with a heap's image) that preserves
/// the P-portion, and the orders agree.
fn same_quotient(a: &Quotient, b: &Quotient, upto: u64) {
    assert_eq!(a.order, b.order, "{} vs {}", a.game, b.game);
    let mut sigma: Vec<Option<u32>> = vec![None; a.order];
    sigma[0] = Some(0);
    let mut stack = vec![0u32];
    while let Some(x) = stack.pop() {
        let sx = sigma[x as usize].unwrap();
        for h in 1..=upto {
            let (ga, gb) = (a.image(h).unwrap(), b.image(h).unwrap());
            let y = a.table.mul(x, ga);
            let sy = b.table.mul(sx, gb);
            match sigma[y as usize] {
                Some(s) => assert_eq!(s, sy, "{}: not the same monoid (heap {h})", a.game),
                None => {
                    sigma[y as usize] = Some(sy);
                    stack.push(y);
                }
            }
        }
    }
    for (x, s) in sigma.iter().enumerate() {
        let s = s.expect("every element is a product of heap images") as usize;
        assert_eq!(a.p[x], b.p[s], "{}: P-portion differs", a.game);
    }
    // Injective (so a bijection: same order).
    let mut seen = vec![false; b.order];
    for s in sigma.iter().flatten() {
        assert!(!seen[*s as usize], "{}: two elements map to one", a.game);
        seen[*s as usize] = true;
    }
}

fn auto(code: &str, budget: u64) -> Quotient {
    let game = TakeAndBreak::parse(code).unwrap();
    compute_auto(
        &game,
        budget,
        DEFAULT_MAX_ORDER,
        &Limits::default(),
        &mut |_| {},
    )
    .unwrap()
}

/// Every code certified here agrees with a quotient built directly to three times its heaps, on every heap of
/// that range: same monoid up to renaming, same P-portion, and each heap's image read modulo the period.
#[test]
fn certified_extension_equals_a_direct_build() {
    for (code, n0, p) in [
        ("0.75", 8, 2),
        ("0.7", 1, 2),
        ("0.3", 1, 2),
        ("0.51", 1, 1),
        ("0.15", 66, 10),
        ("0.77", 71, 12),
    ] {
        let c = auto(code, 400);
        let cert = c
            .periodic
            .clone()
            .unwrap_or_else(|| panic!("{code}: {c:?}"));
        assert_eq!((cert.preperiod, cert.period), (n0, p), "{code}");
        assert_eq!(
            c.heaps, cert.needs_heaps,
            "{code}: stops as soon as certified"
        );
        let big = 3 * c.heaps;
        let d = q(code, big);
        assert!(d.stopped.is_none());
        same_quotient(&c, &d, big);
        same_quotient(&d, &c, big);
    }
}

/// 0.156, certified at heap 7657 (`Φ(n + 349) = Φ(n)` for `n ≥ 3479`), against a direct build to three times that
/// (22,971 heaps; about 10 s at the test profile).
#[test]
fn certified_0156_equals_a_direct_build() {
    let c = auto("0.156", 10_000);
    let cert = c.periodic.clone().expect("0.156 certified");
    assert_eq!((cert.preperiod, cert.period, c.heaps), (3479, 349, 7657));
    let big = 3 * c.heaps;
    let d = q("0.156", big);
    same_quotient(&c, &d, big);
    same_quotient(&d, &c, big);
}

/// Sums with heaps beyond the range built, answered by the certified quotient, against the exact search.
#[test]
fn certified_outcomes_beyond_the_range_against_search() {
    use crate::misere::search::Part;
    for code in ["0.75", "0.7", "0.51"] {
        let c = auto(code, 400);
        let n = c.heaps;
        assert!(c.periodic.is_some(), "{code}");
        let mut s = exact(code);
        let mut seed = 0x2545f4914f6cdd1du64 ^ n;
        let mut beyond = 0;
        for _ in 0..300 {
            let mut heaps = vec![n + 1 + rng(&mut seed) % 25];
            let mut tokens = heaps[0];
            for _ in 0..rng(&mut seed) % 4 {
                let h = 1 + rng(&mut seed) % (n + 25);
                if tokens + h > 50 {
                    break;
                }
                tokens += h;
                heaps.push(h);
            }
            beyond += 1;
            let parts: Vec<Part> = heaps.iter().map(|&h| Part { game: 0, pos: h }).collect();
            let v = s.value(&parts).unwrap();
            let want = if v == 0 { Outcome::P } else { Outcome::N };
            assert_eq!(c.outcome(&heaps), Some(want), "{code} {heaps:?}");
            // Every winning move the certified quotient lists leads to a P-position by the search.
            let game = TakeAndBreak::parse(code).unwrap();
            for m in c.winning_moves(&game, &heaps).unwrap() {
                let mut after = heaps.clone();
                after.remove(m.component);
                after.extend(&m.to);
                let parts: Vec<Part> = after.iter().map(|&h| Part { game: 0, pos: h }).collect();
                assert_eq!(s.value(&parts).unwrap(), 0, "{code} {heaps:?} -> {after:?}");
            }
        }
        assert!(beyond > 0);
    }
}

/// The compact winning moves of a huge heap (families of splits) agree with the explicit list where both exist:
/// on a heap just past the listing limit, every member of every family, and every explicit move, is a move to a
/// P-position, and their number equals the explicit count.
#[test]
fn compact_moves_of_huge_heaps_are_the_explicit_ones() {
    let game = TakeAndBreak::parse("0.75").unwrap();
    let c = auto("0.75", 400);
    let cert = c.periodic.clone().unwrap();
    let h = 2 * MAX_LISTED_OPTIONS + 7;
    for other in [vec![], vec![1], vec![2, 3], vec![5, 5, 9]] {
        let mut heaps = vec![h];
        heaps.extend(&other);
        let (listed, families) = c.winning_moves_compact(&game, &heaps).unwrap();
        assert!(
            !families.is_empty() || c.outcome(&heaps) == Some(Outcome::P) || !listed.is_empty()
        );
        let rest = c.element(&other).unwrap();
        let mut explicit = 0u64;
        let hg: &crate::heap::HeapGame = &game;
        hg.for_each_option(h, &mut |o| {
            let e = o
                .iter()
                .fold(rest, |a, &x| c.table.mul(a, c.image(x).unwrap()));
            if c.p[e as usize] {
                explicit += 1;
            }
        })
        .unwrap();
        let mut counted = listed.iter().filter(|m| m.component == 0).count() as u64;
        for f in &families {
            assert_eq!(f.step, cert.period);
            assert!(f.first >= cert.preperiod && 2 * f.last <= f.rest);
            let mut a = f.first;
            let mut k = 0;
            while a <= f.last {
                let e = c.table.mul(rest, c.element(&[a, f.rest - a]).unwrap());
                assert!(c.p[e as usize], "{f:?} a = {a}");
                a += f.step;
                k += 1;
            }
            assert_eq!(k, f.count);
            counted += f.count;
        }
        assert_eq!(counted, explicit, "{other:?}");
        // The moves in the small heaps: each to a P-position, and all of them (the products of the sum checked).
        let mut small = 0;
        for (i, &g) in heaps.iter().enumerate().skip(1) {
            let mut others = heaps.clone();
            others.remove(i);
            let r = c.element(&others).unwrap();
            hg.for_each_option(g, &mut |o| {
                let e = o
                    .iter()
                    .fold(r, |a, &x| c.table.mul(a, c.image(x).unwrap()));
                if c.p[e as usize] {
                    small += 1;
                }
            })
            .unwrap();
        }
        assert_eq!(
            listed.iter().filter(|m| m.component > 0).count(),
            small,
            "{other:?}"
        );
    }
}

/// The bound `N ≥ 2·n0 + 2·p + k − 2` is where the pairing argument works: for random heap maps periodic from
/// `n0` with period `p`, and random octal codes with `k` digits, the option images of heap `n` and heap `n − p`
/// (as multisets of image pairs, so in any monoid) are equal for every `n` past the bound; one heap less and some
/// map and code break it.
#[test]
fn the_theorem_bound_is_where_the_pairing_works() {
    fn option_images(code: &crate::heap::Code, phi: &dyn Fn(u64) -> u32, n: u64) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = Vec::new();
        let mut buf = Vec::new();
        code.for_each_option(n, &mut buf, |_, hs| {
            let mut v: Vec<u32> = hs.iter().map(|&h| phi(h)).collect();
            v.sort_unstable();
            out.push(v);
        });
        out.sort();
        out.dedup();
        out
    }
    let mut seed = 0x853c49e6748fea9bu64;
    let mut broke_below = 0;
    for _ in 0..3000 {
        let k = 1 + rng(&mut seed) % 3;
        let digits: String = (0..k)
            .map(|_| char::from(b'0' + (rng(&mut seed) % 8) as u8))
            .collect();
        let d0 = if rng(&mut seed).is_multiple_of(4) {
            "4"
        } else {
            "0"
        };
        let Ok(code) = crate::heap::Code::parse(&format!("{d0}.{digits}")) else {
            continue;
        };
        let k = code.digits().len() as u64 - 1;
        let n0 = 1 + rng(&mut seed) % 5;
        let p = 1 + rng(&mut seed) % 4;
        let vals = 2 + rng(&mut seed) % 3;
        let pre: Vec<u32> = (0..n0 + p)
            .map(|_| (rng(&mut seed) % vals) as u32)
            .collect();
        let phi = move |h: u64| -> u32 {
            if h < n0 + p {
                pre[h as usize]
            } else {
                pre[(n0 + (h - n0) % p) as usize]
            }
        };
        let bound = 2 * n0 + 2 * p + k - 2;
        for n in bound + 1..bound + 3 * p + 4 {
            assert_eq!(
                option_images(&code, &phi, n),
                option_images(&code, &phi, n - p),
                "{code} n0 {n0} p {p} n {n}"
            );
        }
        if option_images(&code, &phi, bound) != option_images(&code, &phi, bound - p) {
            broke_below += 1;
        }
    }
    assert!(
        broke_below > 0,
        "the bound is never needed: a smaller one would do"
    );
}

/// Games outside the theorem are never certified, even where `Φ` repeats: a repeating code (Nim, `0.[3]`), a
/// digit above 7 (`0.F`: leaving three heaps), a constrained digit (`0.7!`), and a named heap game without an
/// octal code.
#[test]
fn non_octal_games_are_never_certified() {
    for code in ["0.[3]", "0.F", "0.7!", "0.[7]"] {
        let game = TakeAndBreak::parse(code).unwrap();
        assert_eq!(octal_reach(&game), None, "{code}");
        let c = compute(&game, 30, 64, &Limits::default(), &mut |_| {}).unwrap();
        assert!(c.periodic.is_none(), "{code}");
        assert!(c.scope.contains("up to"), "{code}");
    }
    // The same Φ, given as an octal code, is certified: the refusal is the game's, not Φ's.
    let game = TakeAndBreak::parse("0.3").unwrap();
    assert_eq!(octal_reach(&game), Some(1));
    assert!(compute(&game, 30, 64, &Limits::default(), &mut |_| {})
        .unwrap()
        .periodic
        .is_some());
    // certificate() itself: a map periodic from heap 3 with period 2, k = 2, needs N ≥ 2·3 + 2·2 + 2 − 2 = 10.
    let phi: Vec<u32> = (0..=10u32)
        .map(|h| if h < 3 { h } else { 3 + h % 2 })
        .collect();
    assert_eq!(certificate(&phi, 2), Some((3, 2)));
    assert_eq!(certificate(&phi[..10], 2), None);
    assert_eq!(certificate(&phi, 3), None);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// Random small octal codes: whenever a certificate is issued, a direct build to twice the heaps agrees.
    #[test]
    fn random_codes_certified_agree_with_a_direct_build(d0 in 0u8..2, ds in proptest::collection::vec(0u8..8, 1..4)) {
        let text = format!("{}.{}", if d0 == 1 { "4" } else { "0" }, ds.iter().map(|d| d.to_string()).collect::<String>());
        let Ok(game) = TakeAndBreak::parse(&text) else { return Ok(()) };
        let limits = Limits { deadline: Some(crate::solver::Deadline::after_seconds(5.0)), ..Limits::default() };
        let Ok(c) = compute_auto(&game, 60, 96, &limits, &mut |_| {}) else { return Ok(()) };
        if c.periodic.is_some() {
            let big = 2 * c.heaps.max(1);
            let d = compute(&game, big, 4096, &Limits::default(), &mut |_| {}).unwrap();
            proptest::prop_assert!(d.stopped.is_none(), "{}", text);
            same_quotient(&c, &d, big);
        }
    }
}

/// The check as first written (every pair `(Φ(w), Ô(w))` reached, every heap a generator, no domination): the
/// reference the kept walk with kinds, the P-part and domination is compared with.
fn reference_verify(pre: &Pretension, opts: &build::HeapOptions) -> bool {
    use rustc_hash::FxHashSet;
    let table = &pre.table;
    let n = table.size();
    if pre.p[0] {
        return false;
    }
    let gens: Vec<usize> = (1..pre.phi.len()).filter(|&h| opts.has_moves(h)).collect();
    let tcheck: Vec<Vec<bool>> = gens
        .iter()
        .map(|&h| {
            let tr = build::transitions(table, &pre.phi, opts, h);
            (0..n as u32)
                .map(|u| tr.iter().any(|&t| pre.p[table.mul(u, t) as usize]))
                .collect()
        })
        .collect();
    let mut seen: FxHashSet<(u32, Vec<bool>)> = FxHashSet::default();
    let mut todo: Vec<(u32, Vec<bool>)> = vec![(0, vec![false; n])];
    while let Some((q, hat)) = todo.pop() {
        for (gi, &h) in gens.iter().enumerate() {
            let g = pre.phi[h];
            let bits: Vec<bool> = (0..n as u32)
                .map(|r| hat[table.mul(g, r) as usize] || tcheck[gi][table.mul(q, r) as usize])
                .collect();
            let q2 = table.mul(q, g);
            if pre.p[q2 as usize] == bits[0] {
                return false;
            }
            if seen.insert((q2, bits.clone())) {
                todo.push((q2, bits));
            }
        }
    }
    true
}

#[test]
fn the_kept_walk_decides_as_the_full_check_on_perturbed_pretensions() {
    for (code, n) in [
        ("0.77", 40),
        ("0.07", 16),
        ("0.137", 16),
        ("0.15", 40),
        ("0.156", 60),
        ("0.75", 24),
    ] {
        let game = TakeAndBreak::parse(code).unwrap();
        let x = q(code, n);
        let opts = heap_options(&game, n, &Limits::default()).unwrap();
        let pre = Pretension {
            table: x.table.clone(),
            p: x.p.clone(),
            phi: x.phi.clone(),
        };
        let check = |pre: &Pretension| {
            let new = build::verify(pre, &opts, &Limits::default())
                .unwrap()
                .is_none();
            assert_eq!(
                new,
                reference_verify(pre, &opts),
                "{code}: P {:?} Φ {:?}",
                pre.p,
                pre.phi
            );
            new
        };
        assert!(check(&pre), "{code}: the quotient passes");
        let mut failed = 0;
        for e in 0..pre.p.len() {
            let mut bad = pre.clone();
            bad.p[e] = !bad.p[e];
            failed += usize::from(!check(&bad));
        }
        let mut seed = 0x51ed_2701u64 ^ n;
        for _ in 0..60 {
            let h = 1 + (rng(&mut seed) % n) as usize;
            let e = (rng(&mut seed) % pre.table.size() as u64) as u32;
            if !opts.has_moves(h) {
                continue;
            }
            let mut bad = pre.clone();
            bad.phi[h] = e;
            failed += usize::from(!check(&bad));
        }
        assert!(failed > 0, "{code}: some perturbation fails");
    }
}

/// A quotient's memory is linear in its order ([`table_bytes`]: its Cayley graph, and the full table only up to
/// [`DENSE_MAX`] elements), and a reduction's memory is estimated before it starts ([`reduce_bytes`]): one that
/// would not fit ends in the memory limit's error (naming the memory), not in an out-of-memory kill. 0.6 reaches
/// order 304 at heap 16; at heap 17 its recalibration reduces a candidate of 28,184 elements, past 16 MiB.
#[test]
fn the_memory_of_a_reduction_is_estimated_first() {
    let mib = |m: u64| Limits {
        max_memory: m << 20,
        ..Limits::default()
    };
    assert_eq!(table_bytes(1000, 10), 1000 * 56 + 4_000_000);
    assert_eq!(table_bytes(100_000, 10), 5_600_000);
    assert!(reduce_bytes(100_000, 10) < 20 << 20);
    let game = TakeAndBreak::parse("0.6").unwrap();
    let q = compute(&game, 16, DEFAULT_MAX_ORDER, &mib(16), &mut |_| {}).unwrap();
    assert_eq!((q.order, q.stopped.as_deref()), (304, None));
    let e = compute(&game, 17, DEFAULT_MAX_ORDER, &mib(16), &mut |_| {}).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Limit, "{e}");
    assert!(
        e.to_string()
            .contains("of memory, over the limit of 16.0 MiB"),
        "{e}"
    );
    assert!(e.to_string().contains("candidate of"), "{e}");
}
