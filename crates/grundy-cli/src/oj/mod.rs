//! Judge-problem adapters: each reads a problem's input exactly as the judge gives it and prints exactly the
//! judge's expected output, using the game of the library's catalog. One file per problem.
//!
//! An adapter never prints a partial answer: it writes into a buffer, and only a complete run reaches stdout. Bad
//! or truncated input is an error that names the token and what was expected.

mod agc002e;
mod cf388c;
mod cf87c;
mod loj10243;
mod loj10245;
mod luogu_p2148;
mod luogu_p2197;
mod poj1067;
mod poj1704;
mod poj2311;
mod yosupo_nim_product_64;

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
            id: "luogu-p2197",
            game: "nim",
            summary: "Nim: T cases of n heaps; Yes if the first player wins",
            run: luogu_p2197::run,
        },
        Problem {
            id: "poj1704",
            game: "staircase",
            summary: "Georgia and Bob: chessmen sliding left, staircase Nim on the gaps",
            run: poj1704::run,
        },
        Problem {
            id: "poj2311",
            game: "cutting",
            summary: "cutting game on W x H grid paper; WIN if the first player cuts out a 1x1",
            run: poj2311::run,
        },
        Problem {
            id: "luogu-p2148",
            game: "ed",
            summary: "E&D: pairs of heaps; YES if the first player wins",
            run: luogu_p2148::run,
        },
        Problem {
            id: "cf87c",
            game: "consecutive-split",
            summary: "split a pile into consecutive piles; smallest winning k or -1",
            run: cf87c::run,
        },
        Problem {
            id: "agc002e",
            game: "candy-piles",
            summary: "Candy Piles: eat a largest pile or one from each; last candy loses",
            run: agc002e::run,
        },
        Problem {
            id: "cf388c",
            game: "fox-cards",
            summary: "Fox and Card Game (scoring, not impartial): best-play sums",
            run: cf388c::run,
        },
        Problem {
            id: "loj10243",
            game: "graph",
            summary: "tokens on a DAG; win or lose (a cycle is an error)",
            run: loj10243::run,
        },
        Problem {
            id: "loj10245",
            game: "chocolate",
            summary: "chocolate bars in a box; 10 rounds, NO if the first player wins",
            run: loj10245::run,
        },
        Problem {
            id: "poj1067",
            game: "wythoff",
            summary: "Wythoff's game, optional misere flag; 1 if the player to move wins",
            run: poj1067::run,
        },
        Problem {
            id: "yosupo-nim-product-64",
            game: "nimber",
            summary: "nim-multiplication of 64-bit nimbers",
            run: yosupo_nim_product_64::run,
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

    /// The byte offset of the next unread byte.
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
