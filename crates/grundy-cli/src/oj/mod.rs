//! Judge-problem adapters: each reads a problem's input exactly as the judge gives it and prints exactly the
//! judge's expected output, using the game of the library's catalog. One file per problem.
//!
//! An adapter never prints a partial answer: it writes into a buffer, and only a complete run reaches stdout. Bad
//! or truncated input is an error that names the token and what was expected.

mod abc297g;
mod agc002e;
mod cf2004e;
mod cf388c;
mod cf850c;
mod cf87c;
mod hdu3032;
mod loj10241;
mod loj10242;
mod loj10243;
mod loj10244;
mod loj10245;
mod luogu_p2148;
mod luogu_p2197;
mod luogu_p4279;
mod luogu_p6487;
mod poj1067;
mod poj1704;
mod poj2311;
mod yosupo_nim_product_64;

use grundy::{Error, Result};
use std::io::Read;

/// A judge problem.
pub struct Problem {
    pub id: &'static str,
    /// The game, as the catalog names it.
    pub game: &'static str,
    pub summary: &'static str,
    /// Reads the input, writes the whole output.
    pub run: Run,
}

/// How an adapter reads its input.
pub enum Run {
    /// Token by token, streamed from stdin in constant memory (most problems).
    Tokens(fn(&mut Tokens, &mut Vec<u8>) -> Result<()>),
    /// The whole input at once, for line-structured inputs or an adapter's own fast parser.
    Bytes(fn(&[u8], &mut Vec<u8>) -> Result<()>),
}

/// Every supported problem.
///
/// Long: one table of the supported judge problems, a row a problem.
pub fn problems() -> Vec<Problem> {
    vec![
        Problem {
            id: "abc297g",
            game: "constrained:L,R",
            summary: "Constrained Nim: take L..R from one pile; First if the first player wins",
            run: Run::Tokens(abc297g::run),
        },
        Problem {
            id: "cf2004e",
            game: "not-a-nim",
            summary: "Not a Nim: take y with gcd(x, y) = 1; Alice if the first player wins (linear sieve)",
            run: Run::Tokens(cf2004e::run),
        },
        Problem {
            id: "cf850c",
            game: "arpa",
            summary: "Arpa and Mojtaba: divide out a prime power; Mojtaba if the first player wins",
            run: Run::Tokens(cf850c::run),
        },
        Problem {
            id: "hdu3032",
            game: "lasker",
            summary: "Lasker's Nim: T cases of N heaps up to 2^31-1; Alice if the first player wins",
            run: Run::Tokens(hdu3032::run),
        },
        Problem {
            id: "loj10241",
            game: "bash:K",
            summary: "Bash game: one pile of N, take 1..K; 1 if the first player wins, else 2",
            run: Run::Tokens(loj10241::run),
        },
        Problem {
            id: "loj10242",
            game: "nim",
            summary: "Nim: N heaps; win if the first player wins, else lose",
            run: Run::Tokens(loj10242::run),
        },
        Problem {
            id: "loj10244",
            game: "subtraction:S",
            summary: "subtraction game with set B: NO, or YES and the first winning move (pile, amount)",
            run: Run::Tokens(loj10244::run),
        },
        Problem {
            id: "luogu-p2197",
            game: "nim",
            summary: "Nim: T cases of n heaps; Yes if the first player wins",
            run: Run::Tokens(luogu_p2197::run),
        },
        Problem {
            id: "luogu-p4279",
            game: "misere nim",
            summary: "misère Nim (last stone loses): John if the first player wins, else Brother",
            run: Run::Tokens(luogu_p4279::run),
        },
        Problem {
            id: "luogu-p6487",
            game: "fibonacci-nim",
            summary: "Fibonacci Nim: per N, the smallest winning first take (smallest Zeckendorf term)",
            run: Run::Tokens(luogu_p6487::run),
        },
        Problem {
            id: "poj1704",
            game: "staircase",
            summary: "Georgia and Bob: chessmen sliding left, staircase Nim on the gaps",
            run: Run::Tokens(poj1704::run),
        },
        Problem {
            id: "poj2311",
            game: "cutting",
            summary: "cutting game on W x H grid paper; WIN if the first player cuts out a 1x1",
            run: Run::Tokens(poj2311::run),
        },
        Problem {
            id: "luogu-p2148",
            game: "ed",
            summary: "E&D: pairs of heaps; YES if the first player wins",
            run: Run::Tokens(luogu_p2148::run),
        },
        Problem {
            id: "cf87c",
            game: "consecutive-split",
            summary: "split a pile into consecutive piles; smallest winning k or -1",
            run: Run::Tokens(cf87c::run),
        },
        Problem {
            id: "agc002e",
            game: "candy-piles",
            summary: "Candy Piles: eat a largest pile or one from each; last candy loses",
            run: Run::Tokens(agc002e::run),
        },
        Problem {
            id: "cf388c",
            game: "fox-cards",
            summary: "Fox and Card Game (scoring, not impartial): best-play sums",
            run: Run::Tokens(cf388c::run),
        },
        Problem {
            id: "loj10243",
            game: "graph",
            summary: "tokens on a DAG; win or lose (a cycle is an error)",
            run: Run::Tokens(loj10243::run),
        },
        Problem {
            id: "loj10245",
            game: "chocolate",
            summary: "chocolate bars in a box; 10 rounds, NO if the first player wins",
            run: Run::Tokens(loj10245::run),
        },
        Problem {
            id: "poj1067",
            game: "wythoff",
            summary: "Wythoff's game, optional misere flag; 1 if the player to move wins",
            run: Run::Bytes(poj1067::run),
        },
        Problem {
            id: "yosupo-nim-product-64",
            game: "nimber",
            summary: "nim-multiplication of 64-bit nimbers",
            run: Run::Bytes(yosupo_nim_product_64::run),
        },
    ]
}

/// The most bytes one token may have.
const MAX_TOKEN: usize = 1 << 20;
/// Bytes read from the input at a time.
const CHUNK: usize = 1 << 16;

/// A reader of whitespace-separated tokens with errors that say what was expected. It reads its input in chunks,
/// so a judge input of a gigabyte is parsed in constant memory.
pub struct Tokens<'a> {
    reader: Option<Box<dyn Read + 'a>>,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    count: usize,
}

impl<'a> Tokens<'a> {
    /// Tokens of an input held in memory.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn new(input: &[u8]) -> Tokens<'static> {
        Tokens {
            reader: None,
            buf: input.to_vec(),
            pos: 0,
            len: input.len(),
            count: 0,
        }
    }

    /// Tokens read from `reader` as they are needed.
    pub fn from_reader(reader: impl Read + 'a) -> Self {
        Tokens {
            reader: Some(Box::new(reader)),
            buf: vec![0; CHUNK],
            pos: 0,
            len: 0,
            count: 0,
        }
    }

    /// Keeps the unread bytes and reads more after them; false at the end of the input.
    fn refill(&mut self) -> Result<bool> {
        let Some(r) = self.reader.as_mut() else {
            return Ok(false);
        };
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        if self.buf.len() < self.len + CHUNK {
            self.buf.resize(self.len + CHUNK, 0);
        }
        loop {
            match r.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.reader = None;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::input(format!("reading the input: {e}"))),
            }
        }
    }

    /// Skips whitespace; false at the end of the input.
    fn skip_space(&mut self) -> Result<bool> {
        loop {
            while self.pos < self.len && self.buf[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos < self.len {
                return Ok(true);
            }
            if !self.refill()? {
                return Ok(false);
            }
        }
    }

    /// The next token, or an error naming `what` was expected.
    #[inline]
    pub fn word(&mut self, what: &str) -> Result<&[u8]> {
        if !self.skip_space()? {
            return Err(Error::input(format!(
                "truncated input: expected {what} (token {}), found the end of the input",
                self.count + 1
            )));
        }
        let mut i = self.pos;
        loop {
            while i < self.len && !self.buf[i].is_ascii_whitespace() {
                i += 1;
            }
            if i < self.len || self.reader.is_none() {
                break;
            }
            let seen = i - self.pos;
            if seen > MAX_TOKEN {
                return Err(Error::input(format!(
                    "bad input: token {} is longer than {MAX_TOKEN} bytes",
                    self.count + 1
                )));
            }
            let more = self.refill()?;
            i = self.pos + seen;
            if !more {
                break;
            }
        }
        let start = self.pos;
        self.pos = i;
        self.count += 1;
        Ok(&self.buf[start..i])
    }

    /// The next token as an integer in `lo..=hi`.
    #[inline]
    pub fn int(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64> {
        let count = self.count + 1;
        let w = self.word(what)?;
        let mut v: u64 = 0;
        let mut ok = !w.is_empty();
        for &c in w {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                ok = false;
                break;
            }
            match v.checked_mul(10).and_then(|x| x.checked_add(d as u64)) {
                Some(x) => v = x,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || v < lo || v > hi {
            return Err(Error::input(format!(
                "bad input: expected {what} between {lo} and {hi} (token {count}), found '{}'",
                String::from_utf8_lossy(&w[..w.len().min(40)])
            )));
        }
        Ok(v)
    }

    /// The byte offset of the next unread byte (of an input held in memory, [`Tokens::new`]).
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Continues at byte offset `pos`, with `count` tokens read so far (for adapters with a fast path of their
    /// own that hand back to these checked readers for errors).
    pub fn seek(&mut self, pos: usize, count: usize) {
        self.pos = pos;
        self.count = count;
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> Result<bool> {
        Ok(!self.skip_space()?)
    }

    /// An error unless only whitespace is left.
    pub fn expect_end(&mut self) -> Result<()> {
        if self.at_end()? {
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

    /// A reader that hands out one byte at a time, so every token straddles a refill.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() || out.is_empty() {
                return Ok(0);
            }
            out[0] = self.0[0];
            self.0 = &self.0[1..];
            Ok(1)
        }
    }

    #[test]
    fn streamed_tokens_equal_tokens_in_memory() {
        let input = b"  3\n18446744073709551615 0\n\n 42 abc  7";
        let mut a = Tokens::new(input);
        let mut b = Tokens::from_reader(Trickle(input));
        for t in [&mut a, &mut b] {
            assert_eq!(t.int("x", 0, u64::MAX).unwrap(), 3);
            assert_eq!(t.int("x", 0, u64::MAX).unwrap(), u64::MAX);
            assert_eq!(t.int("x", 0, u64::MAX).unwrap(), 0);
            assert_eq!(t.int("x", 0, u64::MAX).unwrap(), 42);
            assert_eq!(t.word("w").unwrap(), b"abc");
            assert!(!t.at_end().unwrap());
            assert_eq!(t.int("x", 0, 9).unwrap(), 7);
            assert!(t.at_end().unwrap());
            assert!(t.word("w").unwrap_err().message().contains("truncated"));
        }
    }
}
