//! Beatty sequences, exactly: numbers `(u + √d)/w` and `u/w` with exact floors in integers, the candidates tried,
//! and the P-positions of a table or a heap game read as a Beatty pair or sequence (see the module docs).

use super::Law;
use crate::analysis::table::Table;
use crate::games::wythoff::isqrt;
use crate::nimber::Nimber;

/// A real number `(u + √d)/w` (`d` not a square), or `u/w` (`d = 0`), `w > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Quad {
    u: i128,
    d: i128,
    w: i128,
}

impl Quad {
    /// `⌊k · self⌋`, exactly.
    fn floor_times(&self, k: i128) -> i128 {
        let root = if self.d == 0 || k == 0 {
            0
        } else {
            isqrt((self.d * k * k) as u128) as i128
        };
        (k * self.u + root).div_euclid(self.w)
    }
    /// `[u, d, w]`.
    fn exact(&self) -> [i64; 3] {
        [self.u as i64, self.d as i64, self.w as i64]
    }
    fn show(&self) -> String {
        if self.d == 0 {
            return if self.w == 1 {
                self.u.to_string()
            } else {
                format!("{}/{}", self.u, self.w)
            };
        }
        let name = match (self.u, self.d, self.w) {
            (1, 5, 2) => " = φ, the golden ratio",
            (3, 5, 2) => " = φ² = φ + 1",
            (1, 2, 1) => " = 1 + √2",
            _ => "",
        };
        let top = if self.u == 0 {
            format!("√{}", self.d)
        } else {
            format!("{} + √{}", self.u, self.d)
        };
        if self.w == 1 {
            format!("{top}{name}")
        } else {
            format!("({top})/{}{name}", self.w)
        }
    }
}

/// Whether `1/x + 1/y = 1` exactly, for `x`, `y` with the same `d` (or rationals).
fn complementary(x: Quad, y: Quad) -> bool {
    // 1/((u + √d)/w) = w(u − √d)/(u² − d): rational part w·u/(u² − d), √d part −w/(u² − d).
    if x.d != y.d {
        return false;
    }
    let (nx, ny) = (x.u * x.u - x.d, y.u * y.u - y.d);
    if x.d == 0 {
        // w1/u1 + w2/u2 = 1
        return x.u != 0 && y.u != 0 && x.w * y.u + y.w * x.u == x.u * y.u;
    }
    if nx == 0 || ny == 0 {
        return false;
    }
    let rational = x.w * x.u * ny + y.w * y.u * nx == nx * ny;
    let irrational = x.w * ny + y.w * nx == 0;
    rational && irrational
}

/// The candidates for a Beatty number in `[lo, hi)`, simplest first: rationals `p/q` (`q ≤ 12`), then
/// `(u + √d)/w` with `d ≤ 30` not a square, `w ≤ 6`.
fn candidates() -> Vec<Quad> {
    let mut out = Vec::new();
    for w in 1..=12i128 {
        for u in w..=4 * w {
            out.push(Quad { u, d: 0, w });
        }
    }
    for d in 2..=30i128 {
        let r = isqrt(d as u128) as i128;
        if r * r == d {
            continue;
        }
        for w in 1..=6i128 {
            for u in -6..=12i128 {
                out.push(Quad { u, d, w });
            }
        }
    }
    // Simplest first: the smallest |u| + d + w, then the smallest w.
    out.sort_by_key(|q| (q.u.abs() + q.d + q.w, q.w, q.d));
    out
}

/// Whether `⌊k·x⌋ = v_k` for every `(k, v_k)`.
fn fits(x: Quad, pts: &[(i128, i128)]) -> bool {
    pts.iter().all(|&(k, v)| x.floor_times(k) == v)
}

/// The P-positions as a Beatty pair, on the square both ranges share (see the module docs).
pub(super) fn beatty(t: &Table, zeros: &[(u64, u64)]) -> Option<(Law, String)> {
    let cols = t.cols?;
    let (lo, hi) = (t.rows.from.max(cols.from), t.rows.to.min(cols.to));
    if hi < lo + 8 {
        return None;
    }
    let inside: Vec<(u64, u64)> = zeros
        .iter()
        .copied()
        .filter(|&(a, b)| (lo..=hi).contains(&a) && (lo..=hi).contains(&b))
        .collect();
    // Symmetric as a set: (a, b) is P exactly when (b, a) is.
    if inside.iter().any(|&(a, b)| t.get(b, a) != Some(0)) {
        return None;
    }
    let mut pairs: Vec<(u64, u64)> = inside.iter().copied().filter(|&(a, b)| a <= b).collect();
    pairs.sort_unstable();
    if pairs.len() < 6
        || pairs
            .windows(2)
            .any(|w| w[0].0 == w[1].0 || w[0].1 >= w[1].1)
    {
        return None;
    }
    let first: u64 = if pairs[0] == (0, 0) { 0 } else { 1 };
    let pa: Vec<(i128, i128)> = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| ((i as u64 + first) as i128, p.0 as i128))
        .collect();
    let pb: Vec<(i128, i128)> = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| ((i as u64 + first) as i128, p.1 as i128))
        .collect();
    let all = candidates();
    let alphas: Vec<Quad> = all.iter().copied().filter(|&x| fits(x, &pa)).collect();
    let betas: Vec<Quad> = all.iter().copied().filter(|&x| fits(x, &pb)).collect();
    // The simplest complementary pair when there is one, else the simplest of each.
    let (alpha, beta) = alphas
        .iter()
        .flat_map(|&x| betas.iter().map(move |&y| (x, y)))
        .find(|&(x, y)| complementary(x, y))
        .or_else(|| Some((*alphas.first()?, *betas.first()?)))?;
    // The next pair must fall outside the square: the list is the whole prefix that fits in it.
    let k_next = (pairs.len() as u64 + first) as i128;
    if alpha.floor_times(k_next) <= hi as i128 && beta.floor_times(k_next) <= hi as i128 {
        return None;
    }
    let (k_last, a_last) = *pa.last().unwrap();
    // The estimate a_K / K to six decimals, in integers.
    let scaled = a_last * 1_000_000 / k_last;
    let estimate = format!("{}.{:06}", scaled / 1_000_000, scaled % 1_000_000);
    let comp = complementary(alpha, beta);
    let n = pairs.len() as u64;
    let st = format!(
        "the P-positions (a, b) with a <= b are the Beatty pairs (floor(k·α), floor(k·β)) for k = {first}..={}, and their mirror images, with α = {}, β = {}{} (α estimated as {estimate} from the last pair, then checked exactly in integers for all {n} pairs; checked on a, b in {lo}..={hi})",
        first + n - 1,
        alpha.show(),
        beta.show(),
        if comp {
            "; 1/α + 1/β = 1, so the two sequences are complementary (Beatty's theorem)"
        } else {
            ""
        }
    );
    Some((
        Law::Beatty {
            alpha: alpha.show(),
            beta: beta.show(),
            alpha_exact: alpha.exact(),
            beta_exact: beta.exact(),
            alpha_estimate: estimate,
            first,
            pairs: n,
            complementary: comp,
        },
        st,
    ))
}

/// The P-positions `n ≥ 1` of `values` as a Beatty sequence `⌊kα⌋`, `k = 1, 2, …`, `α > 1` the simplest of
/// [`candidates`] that gives every one of them (checked exactly in integers), with at least 8 terms, and the next
/// term past the range (so the terms are exactly the P-positions in it).
pub(super) fn heap_beatty(values: &[Nimber]) -> Option<(Law, String)> {
    let n = values.len() as i128;
    let zs: Vec<i128> = (1..n).filter(|&i| values[i as usize] == 0).collect();
    if zs.len() < 8 {
        return None;
    }
    let pts: Vec<(i128, i128)> = zs
        .iter()
        .enumerate()
        .map(|(i, &z)| (i as i128 + 1, z))
        .collect();
    let alpha = candidates()
        .into_iter()
        .filter(|x| x.u + x.d > x.w)
        .find(|&x| fits(x, &pts))?;
    let k_next = zs.len() as i128 + 1;
    if alpha.floor_times(k_next) < n {
        return None;
    }
    let (k_last, z_last) = *pts.last().unwrap();
    let scaled = z_last * 1_000_000 / k_last;
    let estimate = format!("{}.{:06}", scaled / 1_000_000, scaled % 1_000_000);
    let with_zero = values[0] == 0;
    let st = format!(
        "the P-positions are {}the Beatty sequence floor(k·α) for k = 1..={}, with α = {} (α estimated as {estimate} from the last term, then checked exactly in integers for all {} terms)",
        if with_zero { "n = 0 and " } else { "" },
        zs.len(),
        alpha.show(),
        zs.len()
    );
    Some((
        Law::PBeatty {
            alpha: alpha.show(),
            exact: alpha.exact(),
            alpha_estimate: estimate,
            terms: zs.len() as u64,
            with_zero,
        },
        st,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_floors() {
        let phi = Quad { u: 1, d: 5, w: 2 };
        // ⌊kφ⌋: the lower Wythoff sequence (OEIS A000201): 1 3 4 6 8 9 11 12.
        let got: Vec<i128> = (1..=8).map(|k| phi.floor_times(k)).collect();
        assert_eq!(got, [1, 3, 4, 6, 8, 9, 11, 12]);
        for k in [1i128, 1000, 1_000_000_007, 1_000_000_000_000_000_000] {
            assert_eq!(
                phi.floor_times(k) as u64,
                crate::games::wythoff::lower(k as u64)
            );
        }
        assert!(complementary(phi, Quad { u: 3, d: 5, w: 2 }));
        assert!(!complementary(phi, Quad { u: 1, d: 5, w: 1 }));
        // √2 and 2 + √2 are complementary (1/√2 + 1/(2 + √2) = 1).
        assert!(complementary(
            Quad { u: 0, d: 2, w: 1 },
            Quad { u: 2, d: 2, w: 1 }
        ));
        // 3/2 and 3: 2/3 + 1/3 = 1.
        assert!(complementary(
            Quad { u: 3, d: 0, w: 2 },
            Quad { u: 3, d: 0, w: 1 }
        ));
        assert_eq!(Quad { u: -3, d: 0, w: 2 }.floor_times(1), -2);
    }

    proptest::proptest! {
        /// ⌊k(u + √d)/w⌋ against its definition: the m with m·w − k·u ≤ k√d < (m + 1)·w − k·u, compared by squares.
        #[test]
        fn exact_floor_is_the_definition(u in -6i128..13, d in 2i128..31, w in 1i128..7, k in 0i128..1_000_000_000) {
            let r = isqrt(d as u128) as i128;
            proptest::prop_assume!(r * r != d);
            let m = Quad { u, d, w }.floor_times(k);
            // x ≤ k√d for x an integer: x ≤ 0 or x² ≤ d·k² (never equal, as k√d is irrational for k > 0).
            let le = |x: i128| x <= 0 || x * x <= d * k * k;
            proptest::prop_assert!(le(m * w - k * u));
            proptest::prop_assert!(!le((m + 1) * w - k * u));
        }
    }
}
