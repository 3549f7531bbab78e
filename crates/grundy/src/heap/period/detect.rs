//! Detection: the preperiod of every period at once (Z-functions over the values, read backwards), and the
//! smallest period the values show, reported as observed.

use super::Periodicity;
use crate::nimber::Nimber;

/// The least `e` with `G(n + p) = G(n) + s` for all `e ≤ n < L − p` (`L` values), scanning backwards.
pub fn preperiod_for(values: &[Nimber], p: usize, s: u64) -> u64 {
    let l = values.len();
    if p == 0 || p >= l {
        return l as u64;
    }
    let mut n = l - p;
    while n > 0 && values[n - 1].checked_add(s) == Some(values[n - 1 + p]) {
        n -= 1;
    }
    n as u64
}

/// The Z-function of `s`: `z[i]` is the length of the longest common prefix of `s` and `s[i..]` (`z[0] = len`).
/// Linear time (Gusfield, *Algorithms on Strings, Trees and Sequences*, 1.3).
fn z_function<T: PartialEq>(s: &[T]) -> Vec<usize> {
    let n = s.len();
    let mut z = vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    let (mut l, mut r) = (0, 0);
    for i in 1..n {
        let mut k = if i < r { z[i - l].min(r - i) } else { 0 };
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    z
}

/// For every period `p` (index `p`, `1 ≤ p < L`), the least `e` with `G(n + p) = G(n)` for all `e ≤ n < L − p`:
/// [`preperiod_for`] for all periods at once, in linear time. Reversed, the condition says the sequence's last
/// `L − e` values have period `p`, i.e. the reversed sequence and itself shifted by `p` agree on a prefix of
/// length `L − p − e`: that prefix is the Z-function at `p`, so `e = L − p − z[p]`.
pub fn preperiods<T: Copy + PartialEq>(values: &[T]) -> Vec<u64> {
    let l = values.len();
    let rev: Vec<T> = values.iter().rev().copied().collect();
    let z = z_function(&rev);
    (0..l)
        .map(|p| {
            if p == 0 {
                l as u64
            } else {
                (l - p - z[p]) as u64
            }
        })
        .collect()
}

/// For every period `p`, the least `e` from which `G(n + p) − G(n)` is constant up to the end of the values: the
/// differences `Δ(n) = G(n+1) − G(n)` then have period `p` from `e` on (and the constant is the saltus). Linear
/// time, as [`preperiods`] over the differences (exact, in `i128`).
fn difference_preperiods<T: Copy + Into<u64>>(values: &[T]) -> Vec<u64> {
    let l = values.len();
    if l < 2 {
        return vec![l as u64; l];
    }
    let d: Vec<i128> = values
        .windows(2)
        .map(|w| w[1].into() as i128 - w[0].into() as i128)
        .rev()
        .collect();
    let z = z_function(&d);
    let m = d.len();
    (0..l)
        .map(|p| {
            if p == 0 || p >= m {
                (l - p.min(l)) as u64
            } else {
                (m - p - z[p]) as u64
            }
        })
        .collect()
}

/// The Z-function of the *reversed* `values`, read in place (no reversed copy) and kept as `u32` (4 bytes a value
/// instead of the 16 of a reversed `u64` copy and a `usize` array): `z[p]` is how many of the last values agree with
/// the values `p` before them, so the least `e` with `G(n + p) = G(n)` for `e ≤ n < L − p` is `L − p − z[p]`.
/// `None` when there are `2^32` values or more (then [`preperiods`] is used). Only the periods `p ≤ L/2` are
/// wanted, and the Z-algorithm at `i` reads `z` below `i` only, so the array stops at `L/2`: 2 bytes a value.
pub(super) fn reversed_z<T: Copy + PartialEq>(values: &[T]) -> Option<Vec<u32>> {
    let n = values.len();
    u32::try_from(n).ok()?;
    let at = |i: usize| values[n - 1 - i];
    let half = n / 2;
    let mut z = vec![0u32; half + 1];
    if n == 0 {
        return Some(z);
    }
    z[0] = n as u32;
    let (mut l, mut r) = (0usize, 0usize);
    for i in 1..=half {
        let mut k = if i < r {
            (z[i - l] as usize).min(r - i)
        } else {
            0
        };
        while i + k < n && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    Some(z)
}

/// The smallest period (ordinary first, then arithmetic) that the values show at least three times over, with
/// its preperiod: an observation, not a proof. Linear in the values.
pub fn observe<T: Copy + PartialEq + Into<u64>>(values: &[T]) -> Option<Periodicity> {
    observe_with(values, None)
}

/// [`observe`] for a game whose moves remove at most `longest` tokens (`None`: no bound): a period `p` from `e` is
/// reported only when the values also reach heap `e + t + p`, `t` the longest move (`e` when there is no bound: the
/// longest move of a heap of `e`). Fewer values cannot show a period: a heap's options reach `t` heaps back, so
/// the window that repeats must be at least that long, and one period more must follow it.
pub fn observe_with<T: Copy + PartialEq + Into<u64>>(
    values: &[T],
    longest: Option<u64>,
) -> Option<Periodicity> {
    let l = values.len() as u64;
    if l < 2 {
        return None;
    }
    let enough = |e: u64, p: u64| {
        let t = longest.unwrap_or(e);
        l - e >= OBSERVED_PERIODS * p && l - e >= t.saturating_add(p)
    };
    let e_of = preperiods(values);
    let ordinary = (1..=l / OBSERVED_PERIODS).find_map(|p| {
        let e = e_of[p as usize];
        enough(e, p).then_some(Periodicity {
            preperiod: e,
            period: p,
            saltus: 0,
            certified: false,
            by: None,
            values_computed: l,
        })
    });
    if ordinary.is_some() {
        return ordinary;
    }
    let d_of = difference_preperiods(values);
    (1..=l / OBSERVED_PERIODS).find_map(|p| {
        let last: u64 = values[l as usize - 1].into();
        let before: u64 = values[(l - 1 - p) as usize].into();
        if last <= before {
            return None;
        }
        let e = d_of[p as usize];
        enough(e, p).then_some(Periodicity {
            preperiod: e,
            period: p,
            saltus: last - before,
            certified: false,
            by: None,
            values_computed: l,
        })
    })
}

/// How many times a period must repeat past its preperiod to be reported as observed ([`observe_with`]).
pub const OBSERVED_PERIODS: u64 = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::code::Code;
    use crate::heap::plain::code_sequence;

    fn seq(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn linear_preperiods_equal_the_backward_scan() {
        // Random-ish sequences with planted periods, and real ones; every p, ordinary and arithmetic.
        let mut seqs: Vec<Vec<Nimber>> = vec![
            seq("0.77", 400),
            seq("0.137", 300),
            seq("4.[3]", 200),
            vec![],
            vec![5],
        ];
        let mut x: u64 = 12345;
        for len in [1usize, 2, 3, 10, 57, 200] {
            for period in [1u64, 2, 3, 7] {
                let v: Vec<Nimber> = (0..len as u64)
                    .map(|n| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        if n < 13 {
                            x >> 61
                        } else if period % 2 == 1 {
                            (n % period) * 2
                        } else {
                            (n % period) + n / period * 3
                        }
                    })
                    .collect();
                seqs.push(v);
            }
        }
        for v in &seqs {
            let e = preperiods(v);
            // The narrow in-place Z-function gives the same preperiods (for the periods it keeps, up to L/2),
            // on the values as u64 and packed as u16.
            let z = reversed_z(v).unwrap();
            let narrow: Vec<u16> = v.iter().map(|&x| x as u16).collect();
            assert_eq!(reversed_z(&narrow).unwrap(), z);
            assert_eq!(z.len(), v.len() / 2 + 1);
            for p in 1..=v.len() / 2 {
                assert_eq!(
                    e[p],
                    (v.len() - p - z[p] as usize) as u64,
                    "p = {p} in {v:?}"
                );
            }
            let d = difference_preperiods(v);
            for p in 1..v.len() {
                assert_eq!(e[p], preperiod_for(v, p, 0), "p = {p} in {v:?}");
                if v.len() >= 2 && p < v.len() - 1 {
                    let s = v[v.len() - 1].wrapping_sub(v[v.len() - 1 - p]);
                    if v[v.len() - 1] > v[v.len() - 1 - p] {
                        assert_eq!(d[p], preperiod_for(v, p, s), "p = {p}, saltus {s} in {v:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn arithmetic_periodicity_is_observed() {
        // Lasker's Nim 4.[3]: G(n + 4) = G(n) + 4 from n = 1 (Winning Ways ch. 4).
        let v = seq("4.[3]", 200);
        let p = observe(&v).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.certified),
            (1, 4, 4, false)
        );
    }
}
