//! The exact remoteness search over sums (multisets of components, terminal components dropped), within
//! [`REMOTENESS_STATES`] positions and [`REMOTENESS_SECONDS`].

use super::{apply, Comp, MAX_OPTIONS, REMOTENESS_SECONDS, REMOTENESS_STATES};
use crate::error::{Error, Result};
use crate::parts::group::Playable;
use crate::solver::Deadline;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The exact remoteness search over sums (multisets of components).
#[derive(Default)]
pub(super) struct Remote {
    /// (won by the player to move, remoteness) of each sum searched, sorted, terminal components dropped.
    pub(super) memo: FxHashMap<Box<[Comp]>, (bool, u32)>,
    /// Each component's options (terminal parts dropped).
    options: FxHashMap<Comp, Rc<Vec<Vec<u64>>>>,
}

struct Frame {
    state: Box<[Comp]>,
    children: Vec<Box<[Comp]>>,
    next: usize,
}

impl Remote {
    fn over(&self) -> Error {
        Error::limit(format!(
            "the remoteness search needs more than {REMOTENESS_STATES} positions"
        ))
    }

    fn opts(&mut self, games: &mut [Box<dyn Playable>], c: Comp) -> Result<Rc<Vec<Vec<u64>>>> {
        if let Some(o) = self.options.get(&c) {
            return Ok(o.clone());
        }
        if self.options.len() + self.memo.len() >= REMOTENESS_STATES {
            return Err(self.over());
        }
        let raw = games[c.0 as usize].options(c.1, MAX_OPTIONS)?;
        let rc = Rc::new(raw);
        self.options.insert(c, rc.clone());
        Ok(rc)
    }

    fn terminal(&mut self, games: &mut [Box<dyn Playable>], c: Comp) -> Result<bool> {
        Ok(self.opts(games, c)?.is_empty())
    }

    fn normalise(&mut self, games: &mut [Box<dyn Playable>], s: &[Comp]) -> Result<Box<[Comp]>> {
        let mut v = Vec::with_capacity(s.len());
        for &c in s {
            if !self.terminal(games, c)? {
                v.push(c);
            }
        }
        v.sort_unstable();
        Ok(v.into_boxed_slice())
    }

    fn children(
        &mut self,
        games: &mut [Box<dyn Playable>],
        s: &[Comp],
    ) -> Result<Vec<Box<[Comp]>>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            if i > 0 && s[i] == s[i - 1] {
                continue;
            }
            let opts = self.opts(games, s[i])?;
            for o in opts.iter() {
                let after = apply(s, i, o);
                out.push(self.normalise(games, &after)?);
            }
        }
        Ok(out)
    }

    /// (won by the player to move, remoteness) of `root`, searched with an explicit stack within the budget.
    pub(super) fn search(
        &mut self,
        games: &mut [Box<dyn Playable>],
        root: &[Comp],
        misere: bool,
        deadline: &Deadline,
    ) -> Result<(bool, u32)> {
        let root = self.normalise(games, root)?;
        if let Some(&r) = self.memo.get(&root) {
            return Ok(r);
        }
        let mut stack = vec![Frame {
            children: self.children(games, &root)?,
            state: root.clone(),
            next: 0,
        }];
        let mut steps = 0u64;
        while let Some(top) = stack.last_mut() {
            if top.next < top.children.len() {
                let c = top.children[top.next].clone();
                top.next += 1;
                if self.memo.contains_key(&c) {
                    continue;
                }
                steps += 1;
                if steps.is_multiple_of(1024) && deadline.passed() {
                    return Err(Error::limit(format!(
                        "the remoteness search took more than {REMOTENESS_SECONDS} s"
                    )));
                }
                if self.memo.len() + self.options.len() + stack.len() >= REMOTENESS_STATES {
                    return Err(self.over());
                }
                let children = self.children(games, &c)?;
                stack.push(Frame {
                    state: c,
                    children,
                    next: 0,
                });
                continue;
            }
            let f = stack.pop().expect("a frame");
            let r = if f.children.is_empty() {
                (misere, 0)
            } else {
                let kids: Vec<(bool, u32)> = f.children.iter().map(|c| self.memo[c]).collect();
                match kids.iter().filter(|k| !k.0).map(|k| k.1).min() {
                    Some(m) => (true, m + 1),
                    None => (false, kids.iter().map(|k| k.1).max().unwrap_or(0) + 1),
                }
            };
            self.memo.insert(f.state, r);
        }
        Ok(self.memo[&root])
    }
}
