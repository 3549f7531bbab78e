//! Published figures (`CODE PREPERIOD PERIOD` lines) and the summary of a survey that compares with them.

use super::family::game_key;
use super::merge::count;
use super::record::read_text;
use super::Record;
use crate::error::{Error, Result};
use std::collections::{BTreeMap, BTreeSet};

/// Published figures: the preperiod and period of each code, keyed by [`game_key`] (0.770 and 0.77 are one game).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Published(pub BTreeMap<String, (u64, u64)>);

impl Published {
    /// Reads a file of lines `CODE PREPERIOD PERIOD`, with `#` comments; a bad line is a one-line
    /// [`crate::ErrorKind::Input`] error naming the file and the line.
    pub fn read(file: &str) -> Result<Published> {
        let text = read_text(file).map_err(|e| Error::input(format!("{file}: {e}")))?;
        Self::parse(&text, file)
    }

    /// The figures of `text`, the content of the file `file` (named in errors).
    pub fn parse(text: &str, file: &str) -> Result<Published> {
        let mut out = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let w: Vec<&str> = line.split_whitespace().collect();
            let parsed = match w[..] {
                [c, e, p] => e.parse().ok().zip(p.parse().ok()).map(|x| (c, x)),
                _ => None,
            };
            let Some((c, x)) = parsed else {
                return Err(Error::input(format!(
                    "{file}: line {}: not 'CODE PREPERIOD PERIOD'",
                    i + 1
                )));
            };
            out.insert(game_key(c), x);
        }
        Ok(Published(out))
    }
}

/// `x`, with -0.0 (an empty sum of floats, a time rounded from a tiny negative) as 0.0: no time prints as "-0.0".
pub fn no_negative_zero(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

/// The summary of a survey, lines of text: the counts of the records of the `expected` codes (certified, open,
/// seconds) and, with published figures, the agreements, every disagreement and the published codes still open.
pub fn summary(records: &[Record], expected: &[String], published: Option<&Published>) -> String {
    let wanted: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    let mine: Vec<&Record> = records
        .iter()
        .filter(|r| wanted.contains(r.code.as_str()))
        .collect();
    let certified = mine.iter().filter(|r| r.certified).count();
    let secs = mine
        .iter()
        .filter_map(|r| r.seconds)
        .fold(0.0, |a, b| a + b);
    let mut s = format!(
        "{}: {certified} certified, {} open; {:.1} s of computing\n",
        count(mine.len(), "code"),
        mine.len() - certified,
        no_negative_zero(secs)
    );
    let Some(published) = published else { return s };
    let (mut agree, mut disagree, mut open) = (0, Vec::new(), Vec::new());
    for r in &mine {
        let code = &r.code;
        let Some(&(e, p)) = published.0.get(&game_key(code)) else {
            continue;
        };
        if !r.certified {
            open.push(format!("{code} (published {e}, {p})"));
            continue;
        }
        let got = (r.preperiod, r.period);
        if got == (Some(e), Some(p)) {
            agree += 1;
        } else {
            disagree.push(format!(
                "{code}: certified preperiod {}, period {}; published {e}, {p}",
                got.0.unwrap_or(0),
                got.1.unwrap_or(0)
            ));
        }
    }
    s += &format!(
        "published figures: {agree} agree, {} disagree, {} still open\n",
        disagree.len(),
        open.len()
    );
    for d in disagree {
        s += &format!("  disagrees: {d}\n");
    }
    for o in open {
        s += &format!("  open: {o}\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_compares_with_published_figures() {
        let p = Published::parse(
            "# source\n0.770 1 4\n0.07 0 3\n0.17 2 2 # a comment\n",
            "p.txt",
        )
        .unwrap();
        let mut a = Record::stopped("0.77", "0.d7", 0.25, "x");
        (a.certified, a.preperiod, a.period) = (true, Some(1), Some(4));
        let mut b = Record::stopped("0.17", "0.d7", 0.5, "x");
        (b.certified, b.preperiod, b.period) = (true, Some(0), Some(2));
        let c = Record::stopped("0.07", "0.d7", 0.0, "x");
        let codes: Vec<String> = ["0.77", "0.17", "0.07"].map(String::from).into();
        assert_eq!(
            summary(&[a, b, c], &codes, Some(&p)),
            "3 codes: 2 certified, 1 open; 0.8 s of computing\n\
             published figures: 1 agree, 1 disagree, 1 still open\n\
             \x20 disagrees: 0.17: certified preperiod 0, period 2; published 2, 2\n\
             \x20 open: 0.07 (published 0, 3)\n"
        );
        let e = Published::parse("0.7 1\n", "p.txt").unwrap_err();
        assert_eq!(e.to_string(), "p.txt: line 1: not 'CODE PREPERIOD PERIOD'");
    }
}
