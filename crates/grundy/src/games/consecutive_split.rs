//! Splitting a pile into consecutive piles (Codeforces 87C, "Interesting Game"): a move splits one pile of `n` into
//! `k ≥ 2` non-empty piles of sizes `a, a+1, …, a+k−1` (so `n = k·a + k(k−1)/2`). A player who cannot move loses.
//!
//! **Nim-values.** By the Sprague–Grundy theorem `G(n) = mex` over the splits of `G(a) ⊕ … ⊕ G(a+k−1)`, and that
//! nim-sum is `X(a+k) ⊕ X(a)` with the prefix nim-sums `X(m) = G(0) ⊕ … ⊕ G(m−1)`. For each `n` the splits are the
//! `k ≥ 2` with `k(k+1)/2 ≤ n` and `k | n − k(k−1)/2`: at most `√(2n)` of them, so [`values`] costs `O(n√n)`
//! (`n = 10^5`: about 4·10^7 steps). The tests check it against exhaustive search of whole multisets of piles.
//!
//! **Smallest winning split.** The first player wins exactly when some split has nim-value 0;
//! [`smallest_winning_k`] returns the least such `k`.

use crate::error::Result;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::HeapRules;
use crate::nimber::Nimber;

/// The largest pile [`values`] is meant for in the CLI (memory: 8 bytes per pile).
pub const MAX_PILE: u64 = 10_000_000;

/// The splits of `n`: `(a, k)` with `k ≥ 2`, `a ≥ 1`, `n = k·a + k(k−1)/2`, by increasing `k`.
pub fn splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (2u64..)
        .take_while(move |k| k * (k + 1) / 2 <= n)
        .filter_map(move |k| {
            let rest = n - k * (k - 1) / 2;
            let (a, r) = (rest / k, rest % k);
            (r == 0).then_some((a, k))
        })
}

/// `G(0..=n)` and the prefix nim-sums `X(0..=n+1)`.
pub fn values(n: u64) -> (Vec<u32>, Vec<u32>) {
    let n = n as usize;
    let mut g = vec![0u32; n + 1];
    let mut x = vec![0u32; n + 2];
    let mut seen: Vec<usize> = vec![usize::MAX; 64];
    for m in 0..=n {
        for (a, k) in splits(m as u64) {
            let v = (x[(a + k) as usize] ^ x[a as usize]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, usize::MAX);
            }
            seen[v] = m;
        }
        let mut v = 0;
        while v < seen.len() && seen[v] == m {
            v += 1;
        }
        g[m] = v as u32;
        x[m + 1] = x[m] ^ v as u32;
    }
    (g, x)
}

/// The least `k` of a split of `n` to a P-position (nim-value 0), given the prefix nim-sums from [`values`].
pub fn smallest_winning_k(n: u64, prefix: &[u32]) -> Option<u64> {
    splits(n)
        .find(|&(a, k)| prefix[(a + k) as usize] ^ prefix[a as usize] == 0)
        .map(|(_, k)| k)
}

/// The nim-value of one pile, from the table.
pub fn value(g: &[u32], n: u64) -> Nimber {
    g[n as usize] as Nimber
}

/// The rules as a heap game (catalog name `consecutive-split`): `grundy value consecutive-split 100`,
/// `grundy seq consecutive-split --to 1000`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ConsecutiveSplit;

impl HeapRules for ConsecutiveSplit {
    fn name(&self) -> String {
        "consecutive-split".into()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        for (a, k) in splits(*n) {
            out.push(a..a + k);
        }
        Ok(())
    }
    fn describe_move(&self, n: u64, heaps: &[u64]) -> String {
        match heaps {
            [first, .., last] => format!(
                "split the pile of {n} into the {} consecutive piles {first}..={last}",
                heaps.len()
            ),
            _ => format!("move from the pile of {n}"),
        }
    }
}

impl HeapFacts for ConsecutiveSplit {
    fn splits(&self) -> Option<bool> {
        Some(true)
    }

    /// [`values`]: `O(√n)` per pile, up to [`MAX_PILE`].
    fn extend_sequence(
        &self,
        table: &mut Vec<Nimber>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        if to > MAX_PILE {
            return Some(Err(crate::error::Error::limit(format!(
                "consecutive-split: nim-values are computed up to a pile of {MAX_PILE}, asked for {to}"
            ))));
        }
        let (g, _) = values(to);
        progress(to);
        *table = g.into_iter().map(Nimber::from).collect();
        Some(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::heap::Heap;
    use crate::solver::Solver;

    /// The game by its own rules, a position being the whole sorted multiset of piles.
    struct Whole;
    impl Game for Whole {
        type Position = Vec<u64>;
        fn name(&self) -> String {
            "consecutive-split".into()
        }
        fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
            for i in 0..p.len() {
                if i > 0 && p[i] == p[i - 1] {
                    continue;
                }
                for k in 2..=p[i] {
                    for a in 1..=p[i] {
                        if k * a + k * (k - 1) / 2 == p[i] {
                            let mut q = p.clone();
                            q.remove(i);
                            q.extend(a..a + k);
                            q.sort_unstable();
                            out.push_one(q);
                        }
                    }
                }
            }
            Ok(())
        }
    }

    #[test]
    fn heap_rules_agree_with_the_plain_engine() {
        let plain =
            crate::heap::plain::sequence(&Heap(ConsecutiveSplit), 300, &mut |_| {}).unwrap();
        let fast = crate::game::own_sequence(&Heap(ConsecutiveSplit), 300, &mut |_| {})
            .unwrap()
            .unwrap();
        assert_eq!(plain, fast);
        assert!(
            crate::game::own_sequence(&Heap(ConsecutiveSplit), MAX_PILE + 1, &mut |_| {})
                .unwrap()
                .is_err()
        );
    }

    #[test]
    fn values_match_exhaustive_search() {
        let mut solver = Solver::new(Whole);
        let mut brute_force_value = |_: &Whole, p: &Vec<u64>| solver.nim_value(p).unwrap();
        let (g, x) = values(40);
        for n in 1..=40u64 {
            assert_eq!(
                value(&g, n),
                brute_force_value(&Whole, &vec![n]),
                "pile {n}"
            );
        }
        for (a, b) in [(3u64, 6u64), (9, 10), (15, 21), (7, 7)] {
            let mut p = vec![a, b];
            p.sort_unstable();
            assert_eq!(value(&g, a) ^ value(&g, b), brute_force_value(&Whole, &p));
        }
        // The smallest winning split leads to a P-position, and no smaller split does.
        for n in 1..=40u64 {
            let k = smallest_winning_k(n, &x);
            for (a, kk) in splits(n) {
                let p: Vec<u64> = (a..a + kk).collect();
                let is_p = brute_force_value(&Whole, &p) == 0;
                match k {
                    Some(k) if kk < k => assert!(!is_p),
                    Some(k) if kk == k => assert!(is_p),
                    None => assert!(!is_p),
                    _ => {}
                }
            }
        }
        // Codeforces 87C samples: 3 → 2, 6 → -1, 100 → 8.
        let (_, x) = values(100);
        assert_eq!(smallest_winning_k(3, &x), Some(2));
        assert_eq!(smallest_winning_k(6, &x), None);
        assert_eq!(smallest_winning_k(100, &x), Some(8));
    }
}
