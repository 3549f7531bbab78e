//! Periodicity of nim-value sequences: the smallest preperiod `e` and period `p` (and saltus `s`), found from a
//! computed sequence and, where a theorem allows, certified for every heap.
//!
//! A sequence is *periodic* with preperiod `e` and period `p` when `G(n + p) = G(n)` for all `n ≥ e`, and
//! *arithmetic-periodic* with saltus `s > 0` when `G(n + p) = G(n) + s` for all `n ≥ e` (Winning Ways, ch. 4).
//! From finitely many values one can only *observe* such a pattern; it is *certified* here only by the theorem
//! below.
//!
//! **The theorem used (a Guy–Smith periodicity theorem; Guy & Smith 1956, Winning Ways ch. 4).** Let a code have
//! finitely many digits, `t` the most tokens a move removes, and let every move leave at most two heaps with no
//! constraint on them (no `!`, `?`, `=` on a two-heap move). Write `e' = max(e, 1)` and
//!
//! - `N₀ = 2e' + p + t` when some move leaves two heaps,
//! - `N₀ = e' + t` when no move does (subtraction-like codes).
//!
//! If `G(n + p) = G(n)` for every `e ≤ n < N₀`, then `G(n + p) = G(n)` for every `n ≥ e`. So heaps
//! `0 … N₀ + p − 1` (that is, `N₀ + p` values) suffice to certify `(e, p)`; [`certificate_length`] returns that
//! number.
//!
//! *Proof.* By induction on `n ≥ N₀`, assuming `G(x + p) = G(x)` for `e ≤ x < n`; we show that heaps `n` and
//! `n + p` have the same set of option values, so the same mex. A move removing `j ≤ t` tokens leaves, from `n`,
//! heaps summing to `n − j`, and from `n + p`, heaps summing to `n + p − j`.
//! *No heap:* needs `n − j = 0` or `n + p − j = 0`; both impossible as `n ≥ N₀ > t`.
//! *One heap:* `n − j` and `n + p − j`, and `e ≤ n − j < n` (as `n ≥ e + t`), so their values agree.
//! *Two heaps:* an option `a + b = n + p − j` of `n + p` with `a ≤ b` has `b ≥ (n + p − j)/2 ≥ e' + p` (as
//! `n − j ≥ 2e' + p`), so `b − p ≥ e' ≥ 1` is a heap, `e ≤ b − p < n`, and `a + (b − p)` is an option of `n` with
//! the same value `G(a) ⊕ G(b − p) = G(a) ⊕ G(b)`. Conversely an option `a + b = n − j` of `n` with `a ≤ b` has
//! `b ≥ e' + p/2 ≥ e`, so `a + (b + p)` is an option of `n + p` with the same value. (With a constraint such as
//! `!`, the map can turn the forbidden split `a + a` of `n − j` into the allowed `a + (a + p)`, so the proof fails;
//! such codes, Grundy's game among them, and codes leaving three or more heaps are never certified here.) ∎
//!
//! The smallest certified period is the true smallest period: if `(e, p)` is certified, the true period `p*`
//! divides `p` and its preperiod is at most `e`, so it meets the same bound sooner and the ascending search finds it
//! first; and the preperiod found (the least `e` with agreement over the computed range) is the true one, since
//! the certificate holds from it and no smaller `e` agrees.
//!
//! **The certificates named.** [`Certificate::GuySmith`] is the theorem above for codes some move of which leaves
//! two heaps; [`Certificate::Subtraction`] is its case `N₀ = e' + t` for codes no move of which splits (subtraction
//! games, `bash:K` as a code, `0.3`): `G(n + p) = G(n)` on the `t` consecutive heaps `e' ≤ n < e' + t` (and on
//! `e ≤ n < e'`) certifies period `p` from `e`, as every option of a larger heap is one of the `t` heaps below it;
//! [`Certificate::ClosedForm`] is a game's own proof that its closed form is periodic
//! ([`crate::HeapFacts::period`]: `bash:K` period `K + 1`, `constrained:L,R` period `L + R`, Nim period 1 and
//! saltus 1).
//!
//! **Observations need enough data.** A pattern no certificate covers is reported as *observed* only when it shows
//! at least eight periods ([`OBSERVED_PERIODS`]) and the values reach heap `e + t + p`, `t` the game's longest move
//! (`e` when moves have no bound): a heap's options reach `t` heaps back, so fewer values cannot show a period
//! ([`observe_with`]). (Before this rule, the first 1024 values of `bash:100000`, `0 1 2 … 1023`, were read as
//! "period 1, saltus 1"; with three periods, "take one token, or halve an even heap" was read as period 128 from
//! heap 385 off 1,024 values, and it fails at heap 1,024.) A search then watches a period it has seen up to
//! [`OBSERVE_HEAPS`] heaps, as far as [`OBSERVE_SECONDS`] allow ([`Reach::observe_all`]).
//!
//! **Cost.** For each candidate period the agreement is checked backwards from the end of the sequence, so a wrong
//! period usually fails in a few steps; the search stops at the first period certified (or observed).

mod certificate;
mod detect;
mod search;

pub use certificate::{certifiable, certificate_length, certify, certify_or_next, Certificate};
pub use detect::{observe, observe_with, preperiod_for, preperiods, OBSERVED_PERIODS};
pub(super) use search::run_step;
pub use search::{
    analyse, analyse_limited, analyse_observing, bytes_per_heap, search, search_bytes_per_heap,
    Analysis, Budget, PeriodReport, Reach, Recognised, DEFAULT_LIMIT, DEFAULT_LIMIT_UNCERTIFIABLE,
    OBSERVE_HEAPS, OBSERVE_SECONDS,
};

use crate::nimber::Nimber;

/// What was found about the periodicity of a sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodicity {
    /// The preperiod `e`: the first heap from which the pattern holds (`G(n + p) = G(n) + s` for all `n ≥ e`).
    pub preperiod: u64,
    /// The period `p ≥ 1` (in heaps).
    pub period: u64,
    /// 0 for ordinary periodicity.
    pub saltus: u64,
    /// True only when a theorem proves the pattern for every heap.
    pub certified: bool,
    /// The theorem, when certified.
    pub by: Option<Certificate>,
    /// How many values (heaps `0 … values_computed − 1`) were computed.
    pub values_computed: u64,
}

impl Periodicity {
    /// The nim-value of any heap `n`, from the first `values_computed` values, when the pattern is certified.
    pub fn value(&self, values: &[Nimber], n: u64) -> Option<Nimber> {
        if !self.certified || self.saltus != 0 {
            return None;
        }
        if n < values.len() as u64 {
            return Some(values[n as usize]);
        }
        let e = self.preperiod;
        let r = e + (n - e) % self.period;
        values.get(r as usize).copied()
    }
}
