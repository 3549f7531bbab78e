//! Take-and-break codes in CGSuite's notation.
//!
//! A code `d0.d1d2…dk` describes a heap game: a move removes `j` tokens from one heap and leaves the rest as some
//! number of non-empty heaps; digit `d_j` says how many. Read as a bit mask, bit `i` of `d_j` allows leaving exactly
//! `i` heaps (Winning Ways ch. 4; Siegel, *Combinatorial Game Theory*, IV.2; CGSuite's `TakeAndBreak`). So `0.77`
//! (Kayles) removes 1 or 2 tokens and leaves 0, 1 or 2 heaps; `4.` followed by digits lets `d0 = 4` split a heap in
//! two without removing anything. `docs/codes.md` has the same grammar with more examples.
//!
//! **Grammar** (the whole text, trimmed at both ends; no white space inside):
//!
//! ```text
//! code     = digit                                         (* d0 alone: "4" is 4.0 *)
//!          | digit { digit } "." { digit } [ "[" digit { digit } "]" ]
//! digit    = simple [ modifier ] | "{" entry { "," entry } "}" [ modifier ]
//! simple   = "0".."9" | "A".."V" | "a".."v"                (* a bit mask 0-31 *)
//!          | "&" decimal ";"                               (* a bit mask below 2^64 *)
//!          | "*"                                           (* every count, 0 included: {0+} *)
//! entry    = count [ modifier ] [ "+" ]                    (* "+" only on the last entry *)
//! count    = decimal                                       (* 0 to 63 *)
//! modifier = "!" | "?" | "="
//! ```
//!
//! **Meaning**, as a set of moves from a heap of `n`: digit `d_j` allows removing `j ≤ n` tokens and leaving the
//! `n − j` others as `k` non-empty heaps (`k = 0` only when `n = j`) for every count `k` the digit allows, under
//! its constraint; removing nothing and leaving one heap (`j = 0`, `k = 1`) is no move.
//! - A mask digit allows the counts of its set bits. `{a,b,…}` allows the listed counts; `k+` as the last entry
//!   allows `k` and every larger count.
//! - A modifier after a mask digit, `*` or a closing brace constrains every count of the digit; a modifier after a
//!   count in braces constrains that count (and, on `k+`, every count from `k`). `!`: the heaps are pairwise
//!   unequal; `?`: not all equal; `=`: all equal. A constraint on zero heaps or one heap says nothing (it is
//!   dropped when printed). `{1=+}` is "one heap, or two or more heaps all equal".
//! - `[…]` repeats its digits forever after the digits before it: `0.[3]` is Nim, `4.[3]` Lasker's Nim, and
//!   `0.1[23]` has `d1 = 1`, `d2 = d4 = … = 2`, `d3 = d5 = … = 3`.
//! - Digits left of `d0` (as in `14.0`) are `d_{-1}, d_{-2}, …`: moves that *add* tokens. Such games can repeat
//!   positions, as can a `d0` that allows one heap; they are parsed here and played by [`crate::loopy`]
//!   ([`crate::heap::TakeAndBreak::new`] refuses them).
//!
//! Every other text is refused with a one-line error, among them: a count listed twice (`{2,2!}`) or also
//! covered by `k+` (`{5,3+}`), `+` on a count that is not the last (`{2+,3}`), a modifier both inside and after
//! braces (`{2!,3}=`), two modifiers (`7!?`), an empty `&;` or `{}`, a count above 63, `[]`, anything after `]`.
//!
//! **Canonical form.** A code is normalised when parsed: constraints on zero or one heap dropped; trailing zero
//! digits dropped; a periodic part of zeros dropped; the period shortened to its smallest repeating unit; and a
//! digit before the period equal to the period's last digit folded into it (`d_{k−p} = d_k`: the period starts one
//! digit earlier with the same digits in the same order, so `0.0[10]` is `0.[01]`); braces ending in counts that
//! `k+` allows under the same constraint are shortened (`{1,2,3+}` is `{1+}`, `{0,1,2+}` is `*`). [`Code`]'s
//! `Display` prints that form, which parses back to the same code, and the same game.

use crate::error::{Error, Result};
use std::fmt;
use std::ops::ControlFlow;

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
///
/// The representation is canonical up to the constraints' meaning: a constraint on zero or one heap is stored as
/// [`Constraint::Any`] (it says nothing there), and the explicit counts never end with one that `more` already
/// allows under the same constraint.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// `counts[i]` is `Some(c)` when leaving exactly `i` heaps is allowed, under `c`. No trailing `None` when
    /// `more` is `None`.
    counts: Vec<Option<Constraint>>,
    /// `Some(c)`: every count from `counts.len()` on is allowed too, under `c` ("k or more").
    more: Option<Constraint>,
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
            .map(|i| (mask >> i & 1 == 1).then_some(constraint))
            .collect();
        Digit::build(counts, None)
    }

    /// A digit from explicit counts (`counts[i]`: leaving `i` heaps, under that constraint) and `more`, the
    /// constraint on every count from `counts.len()` on (`None`: those counts are not allowed).
    pub fn build(mut counts: Vec<Option<Constraint>>, more: Option<Constraint>) -> Digit {
        // A constraint says nothing about zero or one heap.
        for c in counts.iter_mut().take(2).flatten() {
            *c = Constraint::Any;
        }
        match more {
            None => {
                while counts.last() == Some(&None) {
                    counts.pop();
                }
            }
            Some(m) => {
                // `{1,2,3+}` is `{1,2+}` (and `{0,1,2+}` is `*`): drop the last explicit count while `more`, starting
                // one count earlier, allows it under the same constraint.
                while let Some(&Some(last)) = counts.last() {
                    if counts.len() - 1 < 2 || last == m {
                        counts.pop();
                    } else {
                        break;
                    }
                }
            }
        }
        Digit { counts, more }
    }

    /// Whether the digit allows no move (the digit `0`).
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty() && self.more.is_none()
    }

    /// The constraint for leaving `heaps` heaps, or `None` if that is not allowed.
    #[inline]
    pub fn constraint(&self, heaps: usize) -> Option<Constraint> {
        if heaps < self.counts.len() {
            self.counts[heaps]
        } else {
            self.more
        }
    }

    /// The constraint on every count from [`Digit::more_from`] on (`None`: the digit has no "k or more").
    pub fn more(&self) -> Option<Constraint> {
        self.more
    }

    /// The first count [`Digit::more`] applies to.
    pub fn more_from(&self) -> usize {
        self.counts.len()
    }

    /// The largest number of heaps this digit allows leaving (`usize::MAX` for "k or more").
    pub fn max_heaps(&self) -> usize {
        if self.more.is_some() {
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
        if self.more.is_some() || self.counts.len() > 64 {
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
            return match self.more {
                None => f.write_str("0"),
                Some(c) => write!(f, "*{}", c.suffix()),
            };
        }
        // The constraints on two or more heaps.
        let multi: Vec<Constraint> = self.counts.iter().skip(2).flatten().copied().collect();
        let uniform = multi.windows(2).all(|w| w[0] == w[1]);
        if let (Some(mask), true) = (self.mask(), uniform) {
            let c = multi.first().copied().unwrap_or(Constraint::Any);
            if mask < 32 {
                let ch = char::from_digit(mask as u32, 32)
                    .expect("below 32")
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
        if let Some(c) = self.more {
            if !first {
                f.write_str(",")?;
            }
            write!(f, "{}{}+", self.counts.len(), c.suffix())?;
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
    ///
    /// # Example
    ///
    /// Kayles is `0.77`: digit `d1 = 7` lets a move remove one token and leave 0, 1 or 2 heaps, and `d2 = 7` the
    /// same for two tokens. From a heap (row of pins) of 4 there are four options:
    ///
    /// ```rust
    /// use grundy::heap::Code;
    ///
    /// let kayles = Code::parse("0.77")?;
    /// let mut buf = Vec::new();
    /// let mut options = Vec::new();
    /// kayles.for_each_option(4, &mut buf, |taken, heaps| options.push((taken, heaps.to_vec())));
    /// assert_eq!(
    ///     options,
    ///     [(1, vec![3]), (1, vec![1, 2]), (2, vec![2]), (2, vec![1, 1])]
    /// );
    /// assert!(Code::parse("0.7x").is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
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
                // d_{k-p} = d_k: the period can start one digit earlier, as the same digits in the same order.
                if self.digits[n - self.period - 1] == self.digits[n - 1] {
                    self.digits.pop();
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
            more: None,
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
    /// How many of the last [`Code::digits`] repeat forever (the bracketed part of `0.[3]`); 0 for a finite code.
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
        let _ = self.try_for_each_option(n, buf, |j, h| {
            f(j, h);
            ControlFlow::Continue(())
        });
    }

    /// [`Code::for_each_option`], stopping as soon as `f` breaks (the answer is then `Break`).
    pub fn try_for_each_option(
        &self,
        n: u64,
        buf: &mut Vec<u64>,
        mut f: impl FnMut(u64, &[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n == 0 {
            return ControlFlow::Continue(());
        }
        let last = self.max_removed().map_or(n, |k| k.min(n));
        for j in 0..=last {
            let d = self.digit(j);
            if d.is_zero() {
                continue;
            }
            let m = n - j;
            let most = usize::try_from(m).map_or(d.max_heaps(), |m| d.max_heaps().min(m));
            for k in 0..=most {
                if j == 0 && k == 1 {
                    continue; // removing nothing and leaving the heap is no move
                }
                let Some(c) = d.constraint(k) else { continue };
                if k == 0 {
                    if m == 0 {
                        buf.clear();
                        f(j, buf)?;
                    }
                    continue;
                }
                try_partitions(m, k, c, buf, &mut |heaps| f(j, heaps))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Calls `f` with every partition of `m` into exactly `k ≥ 1` positive parts (nondecreasing) that meets `c`.
pub fn partitions(m: u64, k: usize, c: Constraint, buf: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    let _ = try_partitions(m, k, c, buf, &mut |h| {
        f(h);
        ControlFlow::Continue(())
    });
}

/// [`partitions`], stopping as soon as `f` breaks. Sizes are compared in `u128`, so no `m` or `k` overflows.
pub fn try_partitions(
    m: u64,
    k: usize,
    c: Constraint,
    buf: &mut Vec<u64>,
    f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    buf.clear();
    if k == 0 || (k as u128) > m as u128 {
        return ControlFlow::Continue(());
    }
    if k == 1 {
        buf.push(m);
        return f(buf);
    }
    return match c {
        Constraint::AllEqual => {
            if m.is_multiple_of(k as u64) {
                buf.resize(k, m / k as u64);
                f(buf)?;
            }
            ControlFlow::Continue(())
        }
        _ => {
            let unequal = c == Constraint::Unequal;
            rec(m, k, 1, unequal, c == Constraint::NotAllEqual, buf, f)
        }
    };

    fn rec(
        rest: u64,
        k: usize,
        lo: u64,
        unequal: bool,
        not_all_equal: bool,
        buf: &mut Vec<u64>,
        f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if k == 1 {
            if rest >= lo {
                if not_all_equal && buf.iter().all(|&x| x == rest) {
                    return ControlFlow::Continue(());
                }
                buf.push(rest);
                let r = f(buf);
                buf.pop();
                return r;
            }
            return ControlFlow::Continue(());
        }
        let kk = k as u128;
        let mut a = lo;
        loop {
            // The remaining k parts are all >= a (strictly increasing when unequal).
            let need = if unequal {
                a as u128 * kk + kk * (kk - 1) / 2
            } else {
                a as u128 * kk
            };
            if need > rest as u128 {
                break;
            }
            buf.push(a);
            let r = rec(
                rest - a,
                k - 1,
                if unequal { a + 1 } else { a },
                unequal,
                not_all_equal,
                buf,
                f,
            );
            buf.pop();
            r?;
            a += 1;
        }
        ControlFlow::Continue(())
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

/// A recursive-descent parser for the grammar of the module docs.
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

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn parse(mut self) -> Result<Code> {
        if self.chars.is_empty() {
            return Err(self.err("it is empty"));
        }
        // digit { digit } [ "." { digit } [ "[" digit { digit } "]" ] ]
        let mut before = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '.' => break,
                '[' => return Err(self.err("'[' before the point")),
                ']' => return Err(self.err("']' without '['")),
                _ => before.push(self.digit()?),
            }
        }
        if before.is_empty() {
            return Err(self.err("no digit before the point"));
        }
        let mut after = Vec::new();
        let mut period = 0;
        if self.peek() == Some('.') {
            self.i += 1;
            while let Some(c) = self.peek() {
                match c {
                    '.' => return Err(self.err("two points")),
                    ']' => return Err(self.err("']' without '['")),
                    '[' => break,
                    _ => after.push(self.digit()?),
                }
            }
            if self.peek() == Some('[') {
                self.i += 1;
                loop {
                    match self.peek() {
                        None => return Err(self.err("'[' is never closed")),
                        Some(']') => break,
                        Some('[') => return Err(self.err("two '['")),
                        Some('.') => return Err(self.err("two points")),
                        Some(_) => {
                            after.push(self.digit()?);
                            period += 1;
                        }
                    }
                }
                self.i += 1;
                if period == 0 {
                    return Err(self.err("'[]' repeats nothing"));
                }
                if let Some(c) = self.peek() {
                    return Err(self.err(format!("'{c}' after the closing ']'")));
                }
            }
        } else if before.len() > 1 {
            return Err(self.err("several digits and no point"));
        }
        let d0 = before.pop().expect("not empty");
        before.reverse();
        let mut digits = vec![d0];
        digits.extend(after);
        Code::new(digits, period, before).map_err(|e| self.err(e.message()))
    }

    /// modifier = "!" | "?" | "=" (optional; a second one is an error).
    fn modifier(&mut self) -> Result<Option<Constraint>> {
        let Some(c) = self.peek().and_then(Constraint::from_char) else {
            return Ok(None);
        };
        self.i += 1;
        if let Some(d) = self.peek().filter(|&d| Constraint::from_char(d).is_some()) {
            return Err(self.err(format!("two modifiers ('{}{d}') on one digit", c.suffix())));
        }
        Ok(Some(c))
    }

    /// A decimal number (digits 0-9 only), read up to the first other character.
    fn decimal(&mut self, what: &str, max: u64) -> Result<u64> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        let text: String = self.chars[start..self.i].iter().collect();
        if text.is_empty() {
            let found = self
                .peek()
                .map_or("the end".to_string(), |c| format!("'{c}'"));
            return Err(self.err(format!("{what}: expected a number, found {found}")));
        }
        crate::error::parse_bounded(&text, what, max).map_err(|e| self.err(e.message()))
    }

    /// digit = ( hexdigit | "&" decimal ";" | "*" ) [ modifier ] | braces [ modifier ].
    fn digit(&mut self) -> Result<Digit> {
        let c = self.chars[self.i];
        self.i += 1;
        match c {
            '&' => {
                let mask = self.decimal("a '&n;' digit", u64::MAX)?;
                if self.peek() != Some(';') {
                    return Err(self.err("'&' without a closing ';'"));
                }
                self.i += 1;
                let m = self.modifier()?.unwrap_or(Constraint::Any);
                Ok(Digit::from_mask(mask, m))
            }
            '*' => {
                let m = self.modifier()?.unwrap_or(Constraint::Any);
                Ok(Digit::build(Vec::new(), Some(m)))
            }
            '{' => self.braces(),
            '!' | '?' | '=' => Err(self.err(format!("modifier '{c}' follows no digit"))),
            '}' => Err(self.err("'}' without '{'")),
            '+' | ',' | ';' => Err(self.err(format!("'{c}' outside braces"))),
            c => {
                let v = c
                    .to_digit(32)
                    .ok_or_else(|| self.err(format!("'{c}' is not a digit (0-9, A-V)")))?;
                let m = self.modifier()?.unwrap_or(Constraint::Any);
                Ok(Digit::from_mask(v as u64, m))
            }
        }
    }

    /// braces = "{" entry { "," entry } "}" [ modifier ]; entry = count [ modifier ] [ "+" ], "+" on the last
    /// entry only; no count listed twice or also covered by "k+".
    fn braces(&mut self) -> Result<Digit> {
        if self.peek() == Some('}') {
            return Err(self.err("'{}' names no heap count"));
        }
        let mut entries: Vec<(usize, Option<Constraint>)> = Vec::new();
        let mut more_from = None;
        loop {
            if more_from.is_some() {
                return Err(self.err("'+' is allowed only on the last count in braces"));
            }
            let k = self.decimal("a heap count in braces", MAX_EXPLICIT_HEAPS as u64)? as usize;
            let c = self.modifier()?;
            if self.peek() == Some('+') {
                self.i += 1;
                more_from = Some(k);
            }
            entries.push((k, c));
            match self.peek() {
                Some(',') => self.i += 1,
                Some('}') => {
                    self.i += 1;
                    break;
                }
                None => return Err(self.err("'{' without a closing '}'")),
                Some(c) => return Err(self.err(format!("'{c}' in braces"))),
            }
        }
        let after = self.modifier()?;
        if after.is_some() && entries.iter().any(|(_, c)| c.is_some()) {
            return Err(self.err("a modifier both inside and after the braces"));
        }
        let most = entries.iter().map(|&(k, _)| k).max().expect("one entry");
        let mut counts: Vec<Option<Constraint>> = vec![None; most + 1];
        let mut more = None;
        for &(k, c) in &entries {
            let c = c.or(after).unwrap_or(Constraint::Any);
            if counts[k].is_some() {
                return Err(self.err(format!("heap count {k} is listed twice in braces")));
            }
            if more_from.is_some_and(|from| k > from) {
                return Err(self.err(format!(
                    "heap count {k} is listed and also covered by '{}+'",
                    more_from.expect("some")
                )));
            }
            counts[k] = Some(c);
            if more_from == Some(k) {
                more = Some(c);
            }
        }
        if let Some(from) = more_from {
            // `k+` allows k and every larger count, under k's constraint.
            counts.truncate(from);
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

    #[test]
    fn a_digit_before_the_period_folds_into_it_in_order() {
        // d_{k-p} = d_k: the period starts one digit earlier, same digits, same order (issue 18).
        assert_eq!(round("0.0[10]"), "0.[01]");
        assert_eq!(round("0.H?2[0&2;]"), "0.H?[20]");
        assert_eq!(round("0.0[{0,1,3?+}0]"), "0.[0{0,1,3?+}]");
        assert_eq!(round("0.1[G1]"), "0.[1G]");
        assert_eq!(round("0.12[312]"), "0.[123]");
        // Heap 1 of 0.0[10] has no move (d1 = 0); of 0.1[G1] it can be taken whole (d1 = 1).
        assert_eq!(options("0.0[10]", 1), vec![]);
        assert_eq!(options("0.[01]", 2), vec![(2, vec![])]);
        assert_eq!(options("0.1[G1]", 1), vec![(1, vec![])]);
    }

    #[test]
    fn modifiers_in_braces_are_kept() {
        // {1,2=+}: one heap, or two or more heaps all equal.
        assert_eq!(round("0.{1,2=+}"), "0.{1=+}");
        assert_eq!(
            options("0.{1,2=+}", 5),
            vec![(1, vec![4]), (1, vec![2, 2]), (1, vec![1, 1, 1, 1])]
        );
        // {0,1,2!,3!,4!+} is every count, unequal heaps: `*!`; from 4 it never splits 2 into 1 + 1.
        assert_eq!(round("C?.1{0,1,2!,3!,4!+}"), "C?.1*!");
        assert_eq!(
            options("C?.1{0,1,2!,3!,4!+}", 4),
            vec![(0, vec![1, 3]), (0, vec![1, 1, 2]), (2, vec![2])]
        );
        assert_eq!(round("0.{2,3?,4?+}"), "0.{2,3?+}");
        assert_eq!(round("0.{2!,3+}"), "0.{2!,3+}");
        assert_eq!(round("0.{2,3+}!"), "0.{2!+}");
        assert_eq!(round("0.*="), "0.*=");
        assert_eq!(round("0.{0,1=+}"), "0.*=");
        assert_eq!(round("0.{0+}"), "0.*");
        assert_eq!(round("4.{1,2}?"), "4.6?");
    }

    #[test]
    fn ambiguous_forms_are_refused() {
        for (s, why) in [
            ("0.{2,2!}", "listed twice"),
            ("0.{2!,3}=", "both inside and after"),
            ("0.&;", "expected a number"),
            ("0.{2+,3}", "only on the last"),
            ("0.{2+3}", "'3' in braces"),
            ("0.{1,3+,5}", "only on the last"),
            ("0.{3+,5}", "only on the last"),
            ("0.{5,3+}", "also covered"),
            ("0.7!!", "two modifiers"),
            ("0.!7", "follows no digit"),
            ("0.{1, 2}", "found ' '"),
            ("0.{1,}", "expected a number"),
            ("0.{1", "closing '}'"),
            ("0.1}", "'}' without '{'"),
            ("0.1+", "outside braces"),
            ("0.{2}!=", "two modifiers"),
        ] {
            let e = Code::parse(s).unwrap_err();
            assert!(e.message().contains(why), "{s}: {e}");
            assert_eq!(e.message().lines().count(), 1);
        }
    }

    #[test]
    fn partitions_of_huge_heaps_do_not_overflow() {
        // The first few partitions of 2^64 − 1 into 3 distinct parts, then stop: no overflow, no endless loop.
        let mut seen = 0;
        let r = try_partitions(u64::MAX, 3, Constraint::Unequal, &mut vec![], &mut |h| {
            assert_eq!(h.iter().map(|&x| x as u128).sum::<u128>(), u64::MAX as u128);
            seen += 1;
            if seen == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((r, seen), (ControlFlow::Break(()), 5));
        // More parts than tokens: none, answered at once.
        let mut any = false;
        partitions(5, usize::MAX, Constraint::Unequal, &mut vec![], &mut |_| {
            any = true
        });
        assert!(!any);
        // A heap of 2^64 − 1 under 8!: every count is checked in u128.
        let c = Code::parse("0.8!").unwrap();
        let mut first = None;
        let _ = c.try_for_each_option(u64::MAX, &mut vec![], |j, h| {
            first = Some((j, h.to_vec()));
            ControlFlow::Break(())
        });
        assert_eq!(first, Some((1, vec![1, 2, u64::MAX - 4])));
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
