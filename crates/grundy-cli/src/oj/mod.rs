//! Judge-problem adapters: each reads a problem's input exactly as the judge gives it and prints exactly the
//! judge's expected output, using the game of the library's catalog. One file per problem.
//!
//! An adapter never prints a partial answer: it writes into a buffer, and only a complete run reaches stdout. Bad
//! or truncated input is an error that names the token and what was expected.

mod abc297g;
mod cf2004e;
mod cf850c;
mod hdu3032;
mod loj10241;
mod loj10242;
mod loj10244;
mod luogu_p2197;
mod luogu_p4279;
mod luogu_p6487;

use grundy::{Error, Result};

/// A judge problem.
pub struct Problem {
    pub id: &'static str,
    /// The game, as the catalog names it.
    pub game: &'static str,
    pub summary: &'static str,
    /// Reads the whole input, writes the whole output.
    pub run: fn(&[u8], &mut Vec<u8>) -> Result<()>,
}

/// Every supported problem.
pub fn problems() -> Vec<Problem> {
    vec![
        Problem {
            id: "abc297g",
            game: "constrained:L,R",
            summary: "Constrained Nim: take L..R from one pile; First if the first player wins",
            run: abc297g::run,
        },
        Problem {
            id: "cf2004e",
            game: "not-a-nim",
            summary: "Not a Nim: take y with gcd(x, y) = 1; Alice if the first player wins (linear sieve)",
            run: cf2004e::run,
        },
        Problem {
            id: "cf850c",
            game: "arpa",
            summary: "Arpa and Mojtaba: divide out a prime power; Mojtaba if the first player wins",
            run: cf850c::run,
        },
        Problem {
            id: "hdu3032",
            game: "lasker",
            summary: "Lasker's Nim: T cases of N heaps up to 2^31-1; Alice if the first player wins",
            run: hdu3032::run,
        },
        Problem {
            id: "loj10241",
            game: "bash:K",
            summary: "Bash game: one pile of N, take 1..K; 1 if the first player wins, else 2",
            run: loj10241::run,
        },
        Problem {
            id: "loj10242",
            game: "nim",
            summary: "Nim: N heaps; win if the first player wins, else lose",
            run: loj10242::run,
        },
        Problem {
            id: "loj10244",
            game: "subtraction:S",
            summary: "subtraction game with set B: NO, or YES and the first winning move (pile, amount)",
            run: loj10244::run,
        },
        Problem {
            id: "luogu-p2197",
            game: "nim",
            summary: "Nim: T cases of n heaps; Yes if the first player wins",
            run: luogu_p2197::run,
        },
        Problem {
            id: "luogu-p4279",
            game: "misere nim",
            summary: "misère Nim (last stone loses): John if the first player wins, else Brother",
            run: luogu_p4279::run,
        },
        Problem {
            id: "luogu-p6487",
            game: "fibonacci-nim",
            summary: "Fibonacci Nim: per N, the smallest winning first take (smallest Zeckendorf term)",
            run: luogu_p6487::run,
        },
    ]
}

/// A reader of whitespace-separated tokens with errors that say what was expected.
pub struct Tokens<'a> {
    buf: &'a [u8],
    pos: usize,
    count: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Tokens {
            buf,
            pos: 0,
            count: 0,
        }
    }

    /// The next token, or an error naming `what` was expected.
    #[inline]
    pub fn word(&mut self, what: &str) -> Result<&'a [u8]> {
        let b = self.buf;
        let mut i = self.pos;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == b.len() {
            return Err(Error::input(format!(
                "truncated input: expected {what} (token {}), found the end of the input",
                self.count + 1
            )));
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        self.pos = i;
        self.count += 1;
        Ok(&b[start..i])
    }

    /// The next token as an integer in `lo..=hi`.
    #[inline]
    pub fn int(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64> {
        let w = self.word(what)?;
        let mut v: u64 = 0;
        let ok = !w.is_empty()
            && w.iter().all(|&c| {
                if !c.is_ascii_digit() {
                    return false;
                }
                match v
                    .checked_mul(10)
                    .and_then(|x| x.checked_add((c - b'0') as u64))
                {
                    Some(x) => {
                        v = x;
                        true
                    }
                    None => {
                        v = u64::MAX;
                        false
                    }
                }
            });
        if !ok || v < lo || v > hi {
            return Err(Error::input(format!(
                "bad input: expected {what} between {lo} and {hi} (token {}), found '{}'",
                self.count,
                String::from_utf8_lossy(&w[..w.len().min(40)])
            )));
        }
        Ok(v)
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        while self.pos < self.buf.len() && self.buf[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.pos == self.buf.len()
    }

    /// An error unless only whitespace is left.
    pub fn expect_end(&mut self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(Error::input(format!(
                "bad input: unexpected extra data after token {}",
                self.count
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_report_what_is_missing() {
        let mut t = Tokens::new(b" 12\n 7 x 99999999999999999999999");
        assert_eq!(t.int("n", 0, 100).unwrap(), 12);
        assert!(t
            .int("a heap", 0, 5)
            .unwrap_err()
            .message()
            .contains("between 0 and 5"));
        assert!(t.int("a heap", 0, 5).unwrap_err().message().contains("'x'"));
        assert!(t
            .int("a heap", 0, u64::MAX)
            .unwrap_err()
            .message()
            .contains("expected a heap"));
        let e = t.int("more", 0, 1).unwrap_err();
        assert!(e.message().contains("truncated"), "{e}");
    }
}
