//! Take-and-break codes in CGSuite's notation.
//!
//! A code `d0.d1d2…dk` describes a heap game: a move removes `j` tokens from one heap and leaves the rest as some
//! number of non-empty heaps; digit `d_j` says how many. Read as a bit mask, bit `i` of `d_j` allows leaving exactly
//! `i` heaps (Winning Ways ch. 4; Siegel, *Combinatorial Game Theory*, IV.2; CGSuite's `TakeAndBreak`). So `0.77`
//! (Kayles) removes 1 or 2 tokens and leaves 0, 1 or 2 heaps; `4.` followed by digits lets `d0 = 4` split a heap in
//! two without removing anything.
//!
//! The syntax accepted (and printed) here:
//! - digits `0`–`9` and `A`–`V` (values 0–31, case-insensitive); `&n;` for a digit of any value below 2^64;
//! - `*` for "any number of heaps, zero included"; `{a,b,…}` for explicit heap counts and `{…,k+}` for "k or
//!   more";
//! - a modifier after a digit: `!` the heaps left are pairwise unequal (`4!.0` is Grundy's game), `?` they are not
//!   all equal, `=` they are all equal; inside braces a modifier may follow each count, or the closing brace;
//! - `[…]` at the end repeats those digits forever: `0.[3]` is Nim, `4.[3]` Lasker's Nim;
//! - digits left of `d0` (as in `14.0`) are moves that *add* tokens (`d_{-1}`, `d_{-2}`, …). Such games can
//!   repeat positions; they are parsed here and played by [`crate::loopy`].
//!
//! Modifiers constrain only moves that leave two or more heaps (for zero or one heap they say nothing), and a code
//! is normalised when parsed (trailing zero digits dropped, a periodic part of zeros dropped, a period folded into
//! the digits before it when it repeats them), so printing and parsing give back the same code.

use crate::error::{Error, Result};
use std::fmt;

/// A constraint on the sizes of the heaps a move leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// No constraint.
    Any,
    /// `!`: pairwise unequal.
    Unequal,
    /// `?`: not all equal.
    NotAllEqual,
    /// `=`: all equal.
    AllEqual,
}

impl Constraint {
    fn suffix(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }
    fn from_char(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Unequal),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::AllEqual),
            _ => None,
        }
    }
}

/// One digit: which numbers of heaps a move may leave, each under a constraint.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// `counts[i]` is `Some(c)` when leaving exactly `i` heaps is allowed, under `c`. No trailing `None`.
    counts: Vec<Option<Constraint>>,
    /// Every count from `counts.len()` on is allowed too, under the constraint of the last entry.
    more: bool,
}

/// Most heap counts a digit may name explicitly.
pub const MAX_EXPLICIT_HEAPS: usize = 63;

impl Digit {
    /// The zero digit: no move.
    pub fn zero() -> Digit {
        Digit::default()
    }

    /// A digit from a bit mask (bit `i`: leave `i` heaps), all counts under `constraint`.
    pub fn from_mask(mask: u64, constraint: Constraint) -> Digit {
        let counts = (0..64)
            .map(|i| {
                if mask >> i & 1 == 1 {
                    Some(constraint)
                } else {
                    None
                }
            })
            .collect();
        Digit::build(counts, false)
    }

    /// A digit from explicit counts; `more` allows every count from `counts.len()` on.
    pub fn build(mut counts: Vec<Option<Constraint>>, more: bool) -> Digit {
        // A constraint says nothing about zero or one heap.
        for c in counts.iter_mut().take(2).flatten() {
            *c = Constraint::Any;
        }
        while counts.last() == Some(&None) {
            counts.pop();
        }
        let mut d = Digit { counts, more };
        if d.counts.is_empty() {
            d.more = false;
        }
        // `{1,2,3+}` is the same as `{1,2+}`: fold trailing counts equal to what `more` would allow.
        if d.more {
            while d.counts.len() >= 2 {
                let n = d.counts.len();
                let last = d.counts[n - 1];
                let prev = d.counts[n - 2];
                if prev.is_some() && Self::effective(prev, n - 2) == Self::effective(last, n - 2) {
                    d.counts.pop();
                } else {
                    break;
                }
            }
        }
        d
    }

    fn effective(c: Option<Constraint>, count: usize) -> Option<Constraint> {
        if count < 2 {
            c.map(|_| Constraint::Any)
        } else {
            c
        }
    }

    pub fn is_zero(&self) -> bool {
        self.counts.is_empty()
    }

    /// The constraint for leaving `heaps` heaps, or `None` if that is not allowed.
    #[inline]
    pub fn constraint(&self, heaps: usize) -> Option<Constraint> {
        if heaps < self.counts.len() {
            self.counts[heaps]
        } else if self.more {
            self.counts.last().copied().flatten()
        } else {
            None
        }
    }

    /// The largest number of heaps this digit allows leaving (`usize::MAX` for "k or more").
    pub fn max_heaps(&self) -> usize {
        if self.more {
            usize::MAX
        } else {
            self.counts.len().saturating_sub(1)
        }
    }

    /// True when the digit allows leaving `heaps` heaps.
    #[inline]
    pub fn allows(&self, heaps: usize) -> bool {
        self.constraint(heaps).is_some()
    }

    /// The digit as a bit mask when it has one (no "or more", counts below 64).
    pub fn mask(&self) -> Option<u64> {
        if self.more || self.counts.len() > 64 {
            return None;
        }
        Some(
            self.counts
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .map(|(i, _)| 1u64 << i)
                .sum(),
        )
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.counts.is_empty() {
            return f.write_str("0");
        }
        // The constraints on two or more heaps.
        let multi: Vec<Constraint> = self.counts.iter().skip(2).flatten().copied().collect();
        let uniform = multi.windows(2).all(|w| w[0] == w[1]);
        if !self.more && uniform {
            let mask = self.mask().expect("no more, at most 64 counts");
            let c = multi.first().copied().unwrap_or(Constraint::Any);
            if mask < 32 {
                let ch = char::from_digit(mask as u32, 32)
                    .unwrap()
                    .to_ascii_uppercase();
                return write!(f, "{ch}{}", c.suffix());
            }
            return write!(f, "&{mask};{}", c.suffix());
        }
        f.write_str("{")?;
        let mut first = true;
        for (i, c) in self.counts.iter().enumerate() {
            if let Some(c) = c {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                write!(f, "{i}{}", c.suffix())?;
            }
        }
        if self.more {
            f.write_str("+")?;
        }
        f.write_str("}")
    }
}

/// A take-and-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    /// `d0, d1, …, dk`; never empty.
    digits: Vec<Digit>,
    /// The last `period` digits repeat forever (0: they do not).
    period: usize,
    /// `d_{-1}, d_{-2}, …`: moves that add tokens.
    additive: Vec<Digit>,
}

impl Code {
    /// Parses a code, with an error that says what is wrong and where.
    pub fn parse(text: &str) -> Result<Code> {
        Parser {
            s: text.trim(),
            chars: text.trim().chars().collect(),
            i: 0,
        }
        .parse()
    }

    /// Builds a code from digits `d0, d1, …` (the last `period` repeating) and additive digits.
    pub fn new(digits: Vec<Digit>, period: usize, additive: Vec<Digit>) -> Result<Code> {
        if digits.is_empty() {
            return Err(Error::input(
                "a take-and-break code needs at least the digit d0",
            ));
        }
        if period > digits.len() - 1 {
            return Err(Error::input(
                "the repeating part of a code must come after the point",
            ));
        }
        let mut c = Code {
            digits,
            period,
            additive,
        };
        c.normalise();
        Ok(c)
    }

    fn normalise(&mut self) {
        while self.additive.last().is_some_and(Digit::is_zero) {
            self.additive.pop();
        }
        if self.period > 0
            && self.digits[self.digits.len() - self.period..]
                .iter()
                .all(Digit::is_zero)
        {
            let n = self.digits.len() - self.period;
            self.digits.truncate(n);
            self.period = 0;
        }
        if self.period > 0 {
            // Shorten the period to its smallest repeating unit.
            let n = self.digits.len();
            let p = self.period;
            for q in 1..p {
                if p.is_multiple_of(q)
                    && (n - p..n).all(|i| self.digits[i] == self.digits[n - p + (i - (n - p)) % q])
                {
                    self.digits.truncate(n - p + q);
                    self.period = q;
                    break;
                }
            }
            // Fold digits before the period that the period repeats: 0.3[3] is 0.[3].
            while self.digits.len() > self.period + 1 {
                let n = self.digits.len();
                if self.digits[n - self.period - 1] == self.digits[n - 1] {
                    self.digits.pop();
                    let last = self.digits.len();
                    self.digits[last - self.period..].rotate_right(1);
                } else {
                    break;
                }
            }
        } else {
            while self.digits.len() > 1 && self.digits.last().is_some_and(Digit::is_zero) {
                self.digits.pop();
            }
        }
    }

    /// The digit for removing `j` tokens.
    #[inline]
    pub fn digit(&self, j: u64) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: false,
        };
        let n = self.digits.len() as u64;
        if j < n {
            &self.digits[j as usize]
        } else if self.period > 0 {
            let pre = n - self.period as u64;
            &self.digits[(pre + (j - pre) % self.period as u64) as usize]
        } else {
            &ZERO
        }
    }

    /// The digits `d0…dk` (the last [`Code::period`] of them repeating).
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }
    pub fn period(&self) -> usize {
        self.period
    }
    /// Digits for moves that add tokens (`d_{-1}`, `d_{-2}`, …).
    pub fn additive(&self) -> &[Digit] {
        &self.additive
    }

    /// The most tokens a move may remove (`None` when the digits repeat forever).
    pub fn max_removed(&self) -> Option<u64> {
        if self.period > 0 {
            None
        } else {
            Some(self.digits.len() as u64 - 1)
        }
    }

    /// The most heaps any move leaves (`usize::MAX` for "k or more").
    pub fn max_heaps(&self) -> usize {
        self.digits
            .iter()
            .chain(&self.additive)
            .map(Digit::max_heaps)
            .max()
            .unwrap_or(0)
    }

    /// True when some move can repeat a position: a move that adds tokens, or `d0` allowing one heap (a move that
    /// changes nothing).
    pub fn is_loopy(&self) -> bool {
        !self.additive.is_empty() || self.digits[0].allows(1)
    }

    /// True when every digit is octal (at most two heaps, no constraint, no "or more"): the codes the sparse-space
    /// engine was first written for.
    pub fn is_octal(&self) -> bool {
        self.digits.iter().all(|d| {
            d.mask().is_some_and(|m| m < 8)
                && d.counts.iter().flatten().all(|c| *c == Constraint::Any)
        })
    }

    /// Calls `f` once for every option of a heap of `n`, with the heaps the move leaves (nondecreasing). The buffer
    /// is reused: no allocation per option. Moves that add tokens are not enumerated here.
    pub fn for_each_option(&self, n: u64, buf: &mut Vec<u64>, mut f: impl FnMut(u64, &[u64])) {
        if n == 0 {
            return;
        }
        let last = self.max_removed().map_or(n, |k| k.min(n));
        for j in 0..=last {
            let d = self.digit(j);
            if d.is_zero() {
                continue;
            }
            let m = n - j;
            let most = d.max_heaps().min(m as usize);
            for k in 0..=most {
                if j == 0 && k == 1 {
                    continue; // removing nothing and leaving the heap is no move
                }
                let Some(c) = d.constraint(k) else { continue };
                if k == 0 {
                    if m == 0 {
                        buf.clear();
                        f(j, buf);
                    }
                    continue;
                }
                partitions(m, k, c, buf, &mut |heaps| f(j, heaps));
            }
        }
    }
}

/// Calls `f` with every partition of `m` into exactly `k ≥ 1` positive parts (nondecreasing) that meets `c`.
pub fn partitions(m: u64, k: usize, c: Constraint, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    buf.clear();
    if k == 0 || (k as u64) > m {
        return;
    }
    if k == 1 {
        buf.push(m);
        f(buf);
        return;
    }
    match c {
        Constraint::AllEqual => {
            if m.is_multiple_of(k as u64) {
                buf.resize(k, m / k as u64);
                f(buf);
            }
        }
        _ => {
            let unequal = c == Constraint::Unequal;
            rec(m, k, 1, unequal, c == Constraint::NotAllEqual, buf, f);
        }
    }

    fn rec(
        rest: u64,
        k: usize,
        lo: u64,
        unequal: bool,
        not_all_equal: bool,
        buf: &mut Vec<u64>,
        f: &mut dyn FnMut(&[u64]),
    ) {
        if k == 1 {
            if rest >= lo {
                if not_all_equal && buf.iter().all(|&x| x == rest) {
                    return;
                }
                buf.push(rest);
                f(buf);
                buf.pop();
            }
            return;
        }
        let kk = k as u64;
        let mut a = lo;
        loop {
            // The remaining k parts are all >= a (strictly increasing when unequal).
            let need = if unequal {
                a * kk + kk * (kk - 1) / 2
            } else {
                a * kk
            };
            if need > rest {
                break;
            }
            buf.push(a);
            rec(
                rest - a,
                k - 1,
                if unequal { a + 1 } else { a },
                unequal,
                not_all_equal,
                buf,
                f,
            );
            buf.pop();
            a += 1;
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.additive.iter().rev() {
            write!(f, "{d}")?;
        }
        write!(f, "{}.", self.digits[0])?;
        let n = self.digits.len();
        let pre = n - self.period;
        if n == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..pre] {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            f.write_str("[")?;
            for d in &self.digits[pre..] {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

struct Parser<'a> {
    s: &'a str,
    chars: Vec<char>,
    i: usize,
}

impl Parser<'_> {
    fn err(&self, what: impl fmt::Display) -> Error {
        Error::input(format!(
            "malformed take-and-break code '{}': {what}",
            self.s
        ))
    }

    fn parse(mut self) -> Result<Code> {
        if self.chars.is_empty() {
            return Err(self.err("it is empty"));
        }
        let mut before = Vec::new();
        let mut after = Vec::new();
        let mut seen_point = false;
        let mut period_start = None;
        let mut closed = false;
        while self.i < self.chars.len() {
            let c = self.chars[self.i];
            if closed {
                return Err(self.err(format!("'{c}' after the closing ']'")));
            }
            match c {
                '.' => {
                    if seen_point {
                        return Err(self.err("two points"));
                    }
                    seen_point = true;
                    self.i += 1;
                }
                '[' => {
                    if !seen_point {
                        return Err(self.err("'[' before the point"));
                    }
                    if period_start.is_some() {
                        return Err(self.err("two '['"));
                    }
                    period_start = Some(after.len());
                    self.i += 1;
                }
                ']' => {
                    match period_start {
                        None => return Err(self.err("']' without '['")),
                        Some(s) if s == after.len() => return Err(self.err("'[]' repeats nothing")),
                        _ => {}
                    }
                    closed = true;
                    self.i += 1;
                }
                _ => {
                    let d = self.digit()?;
                    if seen_point {
                        after.push(d)
                    } else {
                        before.push(d)
                    }
                }
            }
        }
        if period_start.is_some() && !closed {
            return Err(self.err("'[' is never closed"));
        }
        if before.is_empty() {
            return Err(self.err("no digit before the point"));
        }
        if !seen_point && before.len() > 1 {
            return Err(self.err("several digits and no point"));
        }
        let d0 = before.pop().expect("not empty");
        before.reverse();
        let period = period_start.map_or(0, |s| after.len() - s);
        let mut digits = vec![d0];
        digits.extend(after);
        Code::new(digits, period, before).map_err(|e| self.err(e.message().to_string()))
    }

    fn modifier(&mut self) -> Constraint {
        if let Some(c) = self
            .chars
            .get(self.i)
            .and_then(|&c| Constraint::from_char(c))
        {
            self.i += 1;
            c
        } else {
            Constraint::Any
        }
    }

    fn digit(&mut self) -> Result<Digit> {
        let c = self.chars[self.i];
        self.i += 1;
        match c {
            '&' => {
                let end = self.chars[self.i..]
                    .iter()
                    .position(|&c| c == ';')
                    .ok_or_else(|| self.err("'&' without a closing ';'"))?;
                let text: String = self.chars[self.i..self.i + end].iter().collect();
                self.i += end + 1;
                let mask = crate::error::parse_u64(&text, "a '&n;' digit")
                    .map_err(|e| self.err(e.message().to_string()))?;
                let m = self.modifier();
                Ok(Digit::from_mask(mask, m))
            }
            '*' => {
                let m = self.modifier();
                Ok(Digit::build(vec![Some(m)], true))
            }
            '{' => {
                let end = self.chars[self.i..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or_else(|| self.err("'{' without a closing '}'"))?;
                let inner: String = self.chars[self.i..self.i + end].iter().collect();
                self.i += end + 1;
                let global = self.modifier();
                self.braces(&inner, global)
            }
            c => {
                let v = c
                    .to_digit(32)
                    .ok_or_else(|| self.err(format!("'{c}' is not a digit (0-9, A-V)")))?;
                let m = self.modifier();
                Ok(Digit::from_mask(v as u64, m))
            }
        }
    }

    fn braces(&self, inner: &str, global: Constraint) -> Result<Digit> {
        let (body, more) = match inner.strip_suffix('+') {
            Some(b) => (b, true),
            None => (inner, false),
        };
        if body.trim().is_empty() {
            return Err(self.err("'{}' names no heap count"));
        }
        let mut counts: Vec<Option<Constraint>> = Vec::new();
        let mut last = 0;
        for tok in body.split(',') {
            let tok = tok.trim();
            let (num, c) = match tok.chars().last().and_then(Constraint::from_char) {
                Some(c) if global != Constraint::Any => {
                    let _ = c;
                    return Err(self.err("a modifier both inside and after the braces"));
                }
                Some(c) => (&tok[..tok.len() - 1], c),
                None => (tok, global),
            };
            let k = crate::error::parse_bounded(
                num,
                "a heap count in braces",
                MAX_EXPLICIT_HEAPS as u64,
            )
            .map_err(|e| self.err(e.message().to_string()))? as usize;
            if counts.len() <= k {
                counts.resize(k + 1, None);
            }
            counts[k] = Some(c);
            last = last.max(k);
        }
        if more {
            counts.truncate(last + 1);
        }
        Ok(Digit::build(counts, more))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(s: &str) -> String {
        Code::parse(s).unwrap().to_string()
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(round("0.77"), "0.77");
        assert_eq!(round("0.07"), "0.07");
        assert_eq!(round("0.137"), "0.137");
        assert_eq!(round("4!.0"), "4!.0");
        assert_eq!(round("4.[3]"), "4.[3]");
        assert_eq!(round("0.[3]"), "0.[3]");
        assert_eq!(round("0.3[3]"), "0.[3]");
        assert_eq!(round("0.[33]"), "0.[3]");
        assert_eq!(round("0.7700"), "0.77");
        assert_eq!(round("0.7[0]"), "0.7");
        assert_eq!(round("0.6"), "0.6");
        assert_eq!(round("0.v"), "0.V");
        assert_eq!(round("0.&64;"), "0.&64;");
        assert_eq!(round("0.{2+}"), "0.{2+}");
        assert_eq!(round("0.{1,2,3+}"), "0.{1+}");
        assert_eq!(round("0.{0,1}"), "0.3");
        assert_eq!(round("0.{2,3}!"), "0.C!");
        assert_eq!(round("0.{2!,3?}"), "0.{2!,3?}");
        assert_eq!(round("14.0"), "14.0");
        assert_eq!(round("0"), "0.0");
        assert_eq!(round("4."), "4.0");
    }

    #[test]
    fn malformed_codes_say_why() {
        for (s, why) in [
            ("", "empty"),
            ("0.7x", "'X' is not a digit"),
            ("0.[3", "never closed"),
            ("0.3]", "without '['"),
            ("0.[]", "repeats nothing"),
            ("0..3", "two points"),
            ("[3].0", "before the point"),
            ("0.&99999999999999999999;", "too large"),
            ("0.&5", "closing ';'"),
            ("0.{64}", "too large"),
            ("0.{}", "no heap count"),
            ("0.[3]4", "after the closing"),
            ("34", "no point"),
        ] {
            let e = Code::parse(s).unwrap_err();
            assert!(
                e.message().to_lowercase().contains(&why.to_lowercase()),
                "{s}: {e}"
            );
        }
    }

    fn options(code: &str, n: u64) -> Vec<(u64, Vec<u64>)> {
        let c = Code::parse(code).unwrap();
        let mut out = vec![];
        c.for_each_option(n, &mut vec![], |j, h| out.push((j, h.to_vec())));
        out
    }

    #[test]
    fn options_of_heaps() {
        // Kayles 0.77 on a heap of 4: remove 1 leaving 3 or 1+2; remove 2 leaving 2 or 1+1.
        assert_eq!(
            options("0.77", 4),
            vec![(1, vec![3]), (1, vec![1, 2]), (2, vec![2]), (2, vec![1, 1])]
        );
        // Grundy's game: split into two unequal heaps.
        assert_eq!(options("4!.0", 6), vec![(0, vec![1, 5]), (0, vec![2, 4])]);
        // 0.7 on a heap of 1: remove it.
        assert_eq!(options("0.7", 1), vec![(1, vec![])]);
        // Three heaps all equal.
        assert_eq!(options("8=.0", 6), vec![(0, vec![2, 2, 2])]);
        assert_eq!(options("0.{3?}", 4), vec![]);
        assert_eq!(options("0.{3?}", 5), vec![(1, vec![1, 1, 2])]);
        assert_eq!(options("8!.0", 7), vec![(0, vec![1, 2, 4])]);
        assert_eq!(
            options("0.[3]", 3),
            vec![(1, vec![2]), (2, vec![1]), (3, vec![])]
        );
    }
}
