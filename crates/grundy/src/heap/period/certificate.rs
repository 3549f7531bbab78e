//! The certificates: the Guy–Smith theorem of the module (and its subtraction-game case) turned into the number
//! of values that certify a preperiod and period, and the search for the smallest period the values certify.

use super::detect::{preperiods, reversed_z};
use super::Periodicity;
use crate::heap::code::{Code, Constraint};

/// The theorem that certifies a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Certificate {
    /// The Guy–Smith theorem of this module for codes some move of which leaves two heaps.
    GuySmith,
    /// The same theorem for codes no move of which splits a heap (subtraction games): with `t` the most tokens a
    /// move removes, `G(n + p) = G(n)` for `t` consecutive heaps `n ≥ e` (from `e' = max(e, 1)`) implies it for
    /// every `n ≥ e`, since every option of a heap `n ≥ e' + t` is one of those `t` heaps below it.
    Subtraction,
    /// The game's proved closed form ([`crate::HeapFacts::period`]).
    ClosedForm,
}

impl Certificate {
    /// Words for messages.
    pub fn describe(&self) -> &'static str {
        match self {
            Certificate::GuySmith => "the Guy-Smith periodicity theorem",
            Certificate::Subtraction => "the subtraction-game certificate",
            Certificate::ClosedForm => "the game's closed form",
        }
    }
}

/// Whether the theorem of this module applies to `code`, and whether some move leaves two heaps.
fn theorem(code: &Code) -> Option<(u64, bool)> {
    let t = code.max_removed()?;
    if code.is_loopy() || code.max_heaps() > 2 {
        return None;
    }
    let mut two = false;
    for j in 0..=t {
        match code.digit(j).constraint(2) {
            None => {}
            Some(Constraint::Any) => two = true,
            Some(_) => return None,
        }
    }
    Some((t, two))
}

/// How many values (heaps `0 … L − 1`) certify preperiod `e` and period `p` for `code`, or `None` when no theorem
/// here covers the code.
pub fn certificate_length(code: &Code, e: u64, p: u64) -> Option<u64> {
    let (t, two) = theorem(code)?;
    bound(t, two, e, p)
}

/// [`certificate_length`] once the theorem's parameters are known: `t` the most tokens a move removes, `two` whether
/// some move leaves two heaps.
fn bound(t: u64, two: bool, e: u64, p: u64) -> Option<u64> {
    let e1 = e.max(1);
    let n0 = if two {
        e1.checked_mul(2)?.checked_add(p)?.checked_add(t)?
    } else {
        e1.checked_add(t)?
    };
    n0.checked_add(p)
}

/// True when the theorem can certify some period of `code`.
pub fn certifiable(code: &Code) -> bool {
    theorem(code).is_some()
}

/// The smallest period certified by the theorem over `values`, with its preperiod. Linear in the values, with
/// 4 bytes of work memory per value.
pub fn certify<T: Copy + PartialEq>(code: &Code, values: &[T]) -> Option<Periodicity> {
    certify_or_next(code, values).0
}

/// [`certify`], and when no period is certified yet, the fewest values that could certify one: the smallest
/// [`certificate_length`] over every period `p` with the preperiod `e` the values show for it. That is where the
/// certificate's own bound says to look next (a true period from `e` is certified exactly there); it is always
/// more than the values given.
pub fn certify_or_next<T: Copy + PartialEq>(
    code: &Code,
    values: &[T],
) -> (Option<Periodicity>, Option<u64>) {
    let Some((t, two)) = theorem(code) else {
        return (None, None);
    };
    let l = values.len() as u64;
    let by = Some(if two {
        Certificate::GuySmith
    } else {
        Certificate::Subtraction
    });
    let found = |e: u64, p: u64| Periodicity {
        preperiod: e,
        period: p,
        saltus: 0,
        certified: true,
        by,
        values_computed: l,
    };
    let mut next: Option<u64> = None;
    let mut consider = |e: u64, p: u64| -> bool {
        match bound(t, two, e, p) {
            Some(need) if need <= l => true,
            Some(need) => {
                next = Some(next.map_or(need, |m| m.min(need)));
                false
            }
            None => false,
        }
    };
    match reversed_z(values) {
        Some(z) => {
            for p in 1..=l / 2 {
                let e = l - p - z[p as usize] as u64;
                if consider(e, p) {
                    return (Some(found(e, p)), None);
                }
            }
        }
        None => {
            let e_of = preperiods(values);
            for p in 1..=l / 2 {
                let e = e_of[p as usize];
                if consider(e, p) {
                    return (Some(found(e, p)), None);
                }
            }
        }
    }
    (None, next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::nimber::Nimber;

    fn seq(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn bounds() {
        let kayles = Code::parse("0.77").unwrap();
        // N0 = 2·71 + 12 + 2 = 156, plus one period: 168 values.
        assert_eq!(certificate_length(&kayles, 71, 12), Some(168));
        // e = 0 counts as e' = 1.
        assert_eq!(certificate_length(&kayles, 0, 3), Some(2 + 3 + 2 + 3));
        let sub = Code::parse("0.3033").unwrap();
        assert_eq!(certificate_length(&sub, 0, 7), Some(1 + 4 + 7)); // S(1,3,4): t = 4
        for code in ["4!.0", "0.[3]", "8.0", "0.4!", "4=.0"] {
            assert_eq!(
                certificate_length(&Code::parse(code).unwrap(), 5, 5),
                None,
                "{code}"
            );
        }
    }

    #[test]
    fn kayles_is_certified_with_the_published_period() {
        // Kayles 0.77: preperiod 71, period 12 (Guy & Smith 1956; Winning Ways ch. 4).
        let v = seq("0.77", 400);
        let p = certify(&Code::parse("0.77").unwrap(), &v).unwrap();
        assert_eq!((p.preperiod, p.period, p.certified), (71, 12, true));
        // Too few values: no certificate (167 values are one short of the bound).
        assert!(certify(&Code::parse("0.77").unwrap(), &v[..167]).is_none());
        assert!(certify(&Code::parse("0.77").unwrap(), &v[..168]).is_some());
        assert_eq!(
            p.value(&v, 1_000_000_000_000),
            Some(v[(71 + (1_000_000_000_000u64 - 71) % 12) as usize])
        );
    }

    #[test]
    fn the_next_step_is_the_certificates_own_length() {
        // Kayles shows period 12 from heap 71 in its first 160 values, one short of certifying it: the certificate
        // needs 168 values (2·71 + 12 + 2, plus a period), and that is the length certify_or_next names.
        let code = Code::parse("0.77").unwrap();
        let v = seq("0.77", 400);
        assert_eq!(certify_or_next(&code, &v[..160]), (None, Some(168)));
        let (found, next) = certify_or_next(&code, &v[..168]);
        assert_eq!(
            (found.map(|p| (p.preperiod, p.period)), next),
            (Some((71, 12)), None)
        );
        // Every smaller length names a length past itself.
        for l in 2..168 {
            let (f, n) = certify_or_next(&code, &v[..l]);
            assert!(f.is_none() && n.is_some_and(|n| n > l as u64), "{l}");
        }
    }
}
