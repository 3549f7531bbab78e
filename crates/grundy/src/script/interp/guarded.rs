//! Guarded loops: a loop whose every step tests a few numbers and, only when the test holds, runs the rest of its
//! body, as a trial division does (`while d * d <= n { if n % d == 0 { ... } d += 1; }`,
//! `for d in 1..n { if n % d == 0 { out.push(d) } }`). The steps where the test fails run here over the numbers
//! held in machine registers, with no tree walked and no value made; a step where it holds writes the numbers back
//! to their variables and runs the body as written.
//!
//! The same values, operations counted and give-ups as the loop as written: a guarded loop is read only when its
//! condition, test and step are arithmetic (`+ - * / %`, checked as Rhai checks it) and comparisons of variables
//! and literals, and it starts only when every variable they read holds a number (else the loop runs as written);
//! a step of the body that leaves one of them holding something else hands the rest of the loop back to the loop as
//! written. Each step counts what the tree walker counts: one operation for the loop's step, one for the `if`, one
//! for the step statement of a `while`.

use crate::solver::Deadline;

use super::{
    arith, compare, counted, inner_blocks, set_int, Bin, Block, Ctl, Expr, Iter, Run, Stmt, Val,
};

/// The most variables a guarded loop reads.
const REGS: usize = 8;

/// A variable (its register) or a literal.
#[derive(Debug, Clone, Copy)]
enum Leaf {
    Reg(u8),
    Lit(i64),
}

/// A number: a leaf or `a op b` of two leaves (`op` one of `+ - * / %`).
#[derive(Debug, Clone, Copy)]
enum Num {
    Leaf(Leaf),
    Arith(Bin, Leaf, Leaf),
}

/// `a op b` of two numbers, `op` a comparison.
#[derive(Debug, Clone, Copy)]
struct Test {
    op: Bin,
    a: Num,
    b: Num,
}

/// The statement `x op= e` or `x = e` that ends each step of a guarded `while`.
#[derive(Debug, Clone, Copy)]
struct Step {
    reg: u8,
    op: Option<Bin>,
    by: Num,
}

#[derive(Debug, Clone, Copy)]
enum Head {
    /// `while cond { if guard { .. } step }`.
    While { cond: Test, step: Step },
    /// `for var in a..b { if guard { .. } }` (or `a..=b`).
    For { var: u8 },
}

/// A loop read as a guarded loop ([`Stmt::Guarded`]): the loop as written, and its condition, test and step over
/// registers.
#[derive(Debug, Clone)]
pub(super) struct Guarded {
    /// The loop as written (a [`Stmt::While`] or a [`Stmt::For`] over a range).
    pub(super) stmt: Stmt,
    head: Head,
    guard: Test,
    /// The variable (slot) each register holds.
    slots: Vec<usize>,
}

impl Leaf {
    #[inline(always)]
    fn get(self, r: &[i64; REGS]) -> i64 {
        match self {
            Leaf::Reg(i) => r[usize::from(i) % REGS],
            Leaf::Lit(c) => c,
        }
    }
}

impl Num {
    #[inline(always)]
    fn eval(self, r: &[i64; REGS]) -> Result<i64, Ctl> {
        match self {
            Num::Leaf(l) => Ok(l.get(r)),
            Num::Arith(op, a, b) => arith(op, a.get(r), b.get(r)).ok_or(Ctl::Rhai),
        }
    }
}

impl Test {
    #[inline(always)]
    fn eval(self, r: &[i64; REGS]) -> Result<bool, Ctl> {
        Ok(compare(self.op, self.a.eval(r)?, self.b.eval(r)?))
    }
}

/// A register's index, within the bounds of the registers.
#[inline(always)]
fn at(i: u8) -> usize {
    usize::from(i) % REGS
}

impl Test {
    /// `x * x < y` (or `<=`, `>`, `>=`, `y` a register or a literal) as code made for it.
    fn square(self) -> Option<impl Fn(&[i64; REGS]) -> Result<bool, Ctl>> {
        let (Num::Arith(Bin::Mul, Leaf::Reg(x), Leaf::Reg(x2)), Num::Leaf(y)) = (self.a, self.b)
        else {
            return None;
        };
        let (x, x2, op) = (at(x), at(x2), self.op);
        if x != x2 || !matches!(op, Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge) {
            return None;
        }
        Some(move |r: &[i64; REGS]| {
            let p = r[x].checked_mul(r[x]).ok_or(Ctl::Rhai)?;
            let y = y.get(r);
            Ok(match op {
                Bin::Lt => p < y,
                Bin::Le => p <= y,
                Bin::Gt => p > y,
                _ => p >= y,
            })
        })
    }

    /// `x % y == k` (or `!=`) as code made for it.
    fn remainder(self) -> Option<impl Fn(&[i64; REGS]) -> Result<bool, Ctl>> {
        let (Num::Arith(Bin::Rem, Leaf::Reg(x), Leaf::Reg(y)), Num::Leaf(Leaf::Lit(k))) =
            (self.a, self.b)
        else {
            return None;
        };
        let (x, y, equal) = (at(x), at(y), self.op == Bin::Eq);
        if !matches!(self.op, Bin::Eq | Bin::Ne) {
            return None;
        }
        Some(move |r: &[i64; REGS]| {
            let m = r[x].checked_rem(r[y]).ok_or(Ctl::Rhai)?;
            Ok((m == k) == equal)
        })
    }
}

impl Step {
    /// `x += k` as code made for it.
    fn add(self) -> Option<impl Fn(&mut [i64; REGS]) -> Result<(), Ctl>> {
        let (Some(Bin::Add), Num::Leaf(Leaf::Lit(k))) = (self.op, self.by) else {
            return None;
        };
        let x = at(self.reg);
        Some(move |r: &mut [i64; REGS]| {
            r[x] = r[x].checked_add(k).ok_or(Ctl::Rhai)?;
            Ok(())
        })
    }

    #[inline(always)]
    fn apply(self, r: &mut [i64; REGS]) -> Result<(), Ctl> {
        let y = self.by.eval(r)?;
        let i = usize::from(self.reg) % REGS;
        r[i] = match self.op {
            None => y,
            Some(op) => arith(op, r[i], y).ok_or(Ctl::Rhai)?,
        };
        Ok(())
    }
}

/// The registers of a loop being read: the variables named so far.
#[derive(Default)]
struct Regs(Vec<usize>);

impl Regs {
    fn reg(&mut self, slot: usize) -> Option<u8> {
        let i = match self.0.iter().position(|&s| s == slot) {
            Some(i) => i,
            None => {
                self.0.push(slot);
                self.0.len() - 1
            }
        };
        (i < REGS).then_some(i as u8)
    }

    fn leaf(&mut self, e: &Expr) -> Option<Leaf> {
        match e {
            Expr::Var(s) => Some(Leaf::Reg(self.reg(*s)?)),
            Expr::Lit(Val::Int(c)) => Some(Leaf::Lit(*c)),
            _ => None,
        }
    }

    fn num(&mut self, e: &Expr) -> Option<Num> {
        let arithmetic =
            |op: &Bin| matches!(op, Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem);
        match e {
            Expr::VarVar(op, a, b) if arithmetic(op) => Some(Num::Arith(
                *op,
                Leaf::Reg(self.reg(*a)?),
                Leaf::Reg(self.reg(*b)?),
            )),
            Expr::VarLit(op, a, c) if arithmetic(op) => {
                Some(Num::Arith(*op, Leaf::Reg(self.reg(*a)?), Leaf::Lit(*c)))
            }
            Expr::Bin(op, a, b) if arithmetic(op) => {
                Some(Num::Arith(*op, self.leaf(a)?, self.leaf(b)?))
            }
            e => Some(Num::Leaf(self.leaf(e)?)),
        }
    }

    fn test(&mut self, e: &Expr) -> Option<Test> {
        let comparison = |op: &Bin| {
            matches!(
                op,
                Bin::Eq | Bin::Ne | Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge
            )
        };
        let (op, a, b) = match e {
            Expr::VarVar(op, a, b) if comparison(op) => (
                *op,
                Num::Leaf(Leaf::Reg(self.reg(*a)?)),
                Num::Leaf(Leaf::Reg(self.reg(*b)?)),
            ),
            Expr::VarLit(op, a, c) if comparison(op) => (
                *op,
                Num::Leaf(Leaf::Reg(self.reg(*a)?)),
                Num::Leaf(Leaf::Lit(*c)),
            ),
            Expr::Bin(op, a, b) if comparison(op) => (*op, self.num(a)?, self.num(b)?),
            _ => return None,
        };
        Some(Test { op, a, b })
    }

    fn step(&mut self, st: &Stmt) -> Option<Step> {
        let Stmt::Assign(slot, op, e) = st else {
            return None;
        };
        if !op.is_none_or(|op| matches!(op, Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem)) {
            return None;
        }
        Some(Step {
            reg: self.reg(*slot)?,
            op: *op,
            by: self.num(e)?,
        })
    }
}

/// The guard of a loop's body `[if guard { .. }, rest..]`, with no `else`.
fn guard_of(body: &Block) -> Option<&Expr> {
    match body.stmts.first() {
        Some(Stmt::Expr(Expr::If(g, _, None))) => Some(g),
        _ => None,
    }
}

/// The block run when the guard holds.
fn then_of(body: &Block) -> &Block {
    match body.stmts.first() {
        Some(Stmt::Expr(Expr::If(_, then, None))) => then,
        _ => unreachable!("a guarded loop's body starts with its `if`"),
    }
}

impl Guarded {
    /// `st` read as a guarded loop, when it is one.
    fn of(st: &Stmt) -> Option<Guarded> {
        let mut regs = Regs::default();
        let (head, guard) = match st {
            Stmt::While(cond, body) => {
                let [_, step] = body.stmts.as_slice() else {
                    return None;
                };
                let guard = regs.test(guard_of(body)?)?;
                let cond = regs.test(cond)?;
                let step = regs.step(step)?;
                (Head::While { cond, step }, guard)
            }
            Stmt::For(v, Iter::Range(..), body) if body.stmts.len() == 1 => {
                let var = regs.reg(*v)?;
                let guard = regs.test(guard_of(body)?)?;
                (Head::For { var }, guard)
            }
            _ => return None,
        };
        Some(Guarded {
            stmt: st.clone(),
            head,
            guard,
            slots: regs.0,
        })
    }
}

/// Reads every guarded loop of `b` (at any depth) as one ([`Stmt::Guarded`]).
pub(super) fn guard_block(b: &mut Block) {
    for st in &mut b.stmts {
        inner_blocks(st, guard_block);
        if let Some(g) = Guarded::of(st) {
            *st = Stmt::Guarded(Box::new(g));
        }
    }
}

/// The call's count of operations, held in a local while a guarded loop runs (counted and bounded as
/// [`Run::tick`] counts them).
struct Ops<'a> {
    n: u64,
    max: u64,
    deadline: Option<&'a Deadline>,
}

impl<'a> Ops<'a> {
    fn new(run: &Run<'_, 'a>) -> Ops<'a> {
        Ops {
            n: run.ops,
            max: run.max_ops,
            deadline: run.bounds.deadline,
        }
    }

    #[inline(always)]
    fn tick(&mut self) -> Result<(), Ctl> {
        self.n += 1;
        counted(self.n, self.max, self.deadline)
    }
}

/// Puts every guarded loop of `b` back as written.
#[cfg(test)]
pub(super) fn unguard_block(b: &mut Block) {
    for st in &mut b.stmts {
        if let Stmt::Guarded(g) = st {
            *st = g.stmt.clone();
        }
        inner_blocks(st, unguard_block);
    }
}

/// The guarded loops of `b`, at any depth.
#[cfg(test)]
pub(super) fn count(b: &Block) -> usize {
    b.stmts.iter().map(count_in).sum()
}

/// The guarded loops of `st`, itself included.
#[cfg(test)]
fn count_in(st: &Stmt) -> usize {
    match st {
        Stmt::Guarded(g) => 1 + count_in(&g.stmt),
        Stmt::While(_, body) | Stmt::Loop(body) | Stmt::For(_, _, body) => count(body),
        Stmt::Expr(Expr::If(_, t, o)) => count(t) + o.as_ref().map_or(0, count),
        _ => 0,
    }
}

impl Run<'_, '_> {
    /// Runs the guarded loop `g` (its own operation counted by the caller, as for the loop as written).
    #[inline(never)]
    pub(super) fn guarded(&mut self, g: &Guarded) -> Result<(), Ctl> {
        match (&g.stmt, g.head) {
            (Stmt::While(cond, body), Head::While { cond: c, step }) => {
                self.guarded_while(g, (cond, c), body, step)
            }
            (Stmt::For(slot, Iter::Range(a, b, inclusive), body), Head::For { var }) => {
                let a = self.int_of(a)?;
                let b = self.int_of(b)?;
                let end = if *inclusive { b as i128 + 1 } else { b as i128 };
                self.guarded_for(g, (*slot, var), (a as i128, end), body)
            }
            _ => unreachable!("a guarded loop is a `while` or a `for` over a range"),
        }
    }

    /// The registers' values read from their variables: `false` when one does not hold a number (`skip`, a loop
    /// variable set at each step, is not read).
    fn load(&self, g: &Guarded, r: &mut [i64; REGS], skip: Option<u8>) -> bool {
        for (i, &s) in g.slots.iter().enumerate() {
            if skip == Some(i as u8) {
                continue;
            }
            match self.stack[self.base + s] {
                Val::Int(x) => r[i] = x,
                _ => return false,
            }
        }
        true
    }

    fn store(&mut self, g: &Guarded, r: &[i64; REGS]) {
        for (i, &s) in g.slots.iter().enumerate() {
            set_int(self.slot(s), r[i]);
        }
    }

    /// A guarded `while`, its commonest condition, test and step (a trial division's) run by code made for
    /// them.
    fn guarded_while(
        &mut self,
        g: &Guarded,
        (cond, c): (&Expr, Test),
        body: &Block,
        step: Step,
    ) -> Result<(), Ctl> {
        let mut r = [0; REGS];
        if !self.load(g, &mut r, None) {
            return self.while_loop(Some(cond), body);
        }
        match (c.square(), g.guard.remainder(), step.add()) {
            (Some(c), Some(guard), Some(step)) => {
                self.guarded_while_with(g, cond, body, r, c, guard, step)
            }
            (None, Some(guard), Some(step)) => {
                self.guarded_while_with(g, cond, body, r, |r: &[i64; REGS]| c.eval(r), guard, step)
            }
            _ => self.guarded_while_with(
                g,
                cond,
                body,
                r,
                |r: &[i64; REGS]| c.eval(r),
                |r: &[i64; REGS]| g.guard.eval(r),
                |r: &mut [i64; REGS]| step.apply(r),
            ),
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn guarded_while_with(
        &mut self,
        g: &Guarded,
        cond: &Expr,
        body: &Block,
        mut r: [i64; REGS],
        c: impl Fn(&[i64; REGS]) -> Result<bool, Ctl>,
        guard: impl Fn(&[i64; REGS]) -> Result<bool, Ctl>,
        step: impl Fn(&mut [i64; REGS]) -> Result<(), Ctl>,
    ) -> Result<(), Ctl> {
        let then = then_of(body);
        let mut ops = Ops::new(self);
        loop {
            ops.tick()?;
            if !c(&r)? {
                break;
            }
            ops.tick()?;
            if guard(&r)? {
                self.store(g, &r);
                self.ops = ops.n;
                let ran = self.exec_block(then);
                ops.n = self.ops;
                match ran {
                    Ok(()) => {}
                    Err(Ctl::Break) => return Ok(()),
                    Err(Ctl::Continue) => {
                        if !self.load(g, &mut r, None) {
                            return self.while_loop(Some(cond), body);
                        }
                        continue;
                    }
                    Err(e) => return Err(e),
                }
                if !self.load(g, &mut r, None) {
                    // The rest of this step, and the steps after it, as written.
                    self.exec(&body.stmts[1])?;
                    return self.while_loop(Some(cond), body);
                }
            }
            ops.tick()?;
            step(&mut r)?;
        }
        self.ops = ops.n;
        self.store(g, &r);
        Ok(())
    }

    /// A guarded `for` over a range, a remainder's test run by code made for it.
    fn guarded_for(
        &mut self,
        g: &Guarded,
        (slot, var): (usize, u8),
        (x, end): (i128, i128),
        body: &Block,
    ) -> Result<(), Ctl> {
        let mut r = [0; REGS];
        if !self.load(g, &mut r, Some(var)) {
            return self.range_loop(slot, x, end, body);
        }
        match g.guard.remainder() {
            Some(guard) => self.guarded_for_with(g, (slot, var), (x, end), body, r, guard),
            None => self.guarded_for_with(g, (slot, var), (x, end), body, r, |r: &[i64; REGS]| {
                g.guard.eval(r)
            }),
        }
    }

    #[inline(always)]
    fn guarded_for_with(
        &mut self,
        g: &Guarded,
        (slot, var): (usize, u8),
        (mut x, end): (i128, i128),
        body: &Block,
        mut r: [i64; REGS],
        guard: impl Fn(&[i64; REGS]) -> Result<bool, Ctl>,
    ) -> Result<(), Ctl> {
        let then = then_of(body);
        let v = at(var);
        // Whether the loop's variable holds a value its slot does not (a step whose test failed).
        let mut unwritten = false;
        let mut ops = Ops::new(self);
        while x < end {
            ops.tick()?;
            r[v] = x as i64;
            unwritten = true;
            ops.tick()?;
            if guard(&r)? {
                self.store(g, &r);
                unwritten = false;
                self.ops = ops.n;
                let ran = self.exec_block(then);
                ops.n = self.ops;
                match ran {
                    Ok(()) | Err(Ctl::Continue) => {}
                    Err(Ctl::Break) => return Ok(()),
                    Err(e) => return Err(e),
                }
                if !self.load(g, &mut r, Some(var)) {
                    return self.range_loop(slot, x + 1, end, body);
                }
            }
            x += 1;
        }
        self.ops = ops.n;
        if unwritten {
            // The loop's variable as the loop as written leaves it: the last value it took.
            set_int(self.slot(slot), r[v]);
        }
        Ok(())
    }
}
