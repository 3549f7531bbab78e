//! Script functions run without Rhai: the functions of a rules script that fall in a subset of the language are read
//! once into a tree ([`parse`]) and evaluated over plain values, many times faster than Rhai's interpreter for the
//! loops that list options (`for a in 2..=w / 2 { out.push([[a, h], [w - a, h]]) }`, a trial division).
//!
//! The subset: integers and booleans, arrays (literals, `push`, `pop`, `remove`, `insert`, `clear`, `reverse`,
//! `sort`, indexing, `len`, `is_empty`, `contains`), `let`/`const`, assignment and compound assignment (also to an
//! item `a[i] op= e`), `if`/`else` (as statements and as expressions), `while`, `loop`, `for x in a..b`,
//! `for x in a..=b`, `for x in range(a, b)`, `for x in array`, `break`, `continue`, `return`, the operators
//! `+ - * / % ** << >> & | ^ == != < <= > >= && || ! -` with Rhai's precedence, the functions `abs`, `sign`, `min`,
//! `max`, `splits`, the script's own functions (recursion included), and the script's global constants (its
//! parameters). Anything else in a function the entry point reaches (a string, a closure, a map, `switch`, another
//! built-in function) leaves the script to Rhai, as written.
//!
//! **The answer is always Rhai's.** Evaluation gives up ([`Outcome::Rhai`]) wherever Rhai could answer otherwise or
//! fail: arithmetic that overflows or divides by zero, an index out of range (Rhai counts negative indices from the
//! end; this subset does not), a value of an unexpected type (an `if` on a number, `==` between a number and an
//! array), a call deeper than [`MAX_DEPTH`], more than [`MAX_ITEMS`] array items made in one call (when Rhai bounds
//! the size of arrays), more operations than the call's bound, the deadline. The caller then evaluates that position in Rhai, whose value or error is the
//! answer. Expressions of the subset have no side effects (a method that changes an array is a statement of its
//! own), so the order in which this evaluator and Rhai evaluate operands cannot change a value. Tests run every
//! script of the repository and random programs both ways.
//!
//! Operations are counted one per statement, loop step and call, fewer than Rhai counts: a call close to the bound
//! may be answered here where Rhai would stop with its limit (a limit, never a different value).

mod parse;

pub(crate) use parse::{tokens, Tok};

use crate::solver::Deadline;

/// The most functions one program compiles.
const MAX_FNS: usize = 64;
/// The most nodes of the trees of one program.
const MAX_NODES: usize = 20_000;
/// The deepest call evaluated (Rhai's bound is 64 levels; the entry call is one).
pub(crate) const MAX_DEPTH: u32 = 60;
/// The most array items one call may make when Rhai's size limits are on (its bound on one array is 10^6).
pub(crate) const MAX_ITEMS: u64 = 1_000_000;

/// A value of the subset.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Val {
    #[default]
    Unit,
    Int(i64),
    Bool(bool),
    Arr(Vec<Val>),
    /// What `splits(m)` returns.
    Splits(i64),
}

impl Val {
    /// A global constant as the subset holds it; `None` for a value of another type (a string).
    pub(crate) fn from_dynamic(d: &rhai::Dynamic) -> Option<Val> {
        if let Ok(v) = d.as_int() {
            return Some(Val::Int(v));
        }
        if let Ok(b) = d.as_bool() {
            return Some(Val::Bool(b));
        }
        if d.is_array() {
            let a = d.read_lock::<rhai::Array>()?;
            return a
                .iter()
                .map(Val::from_dynamic)
                .collect::<Option<Vec<_>>>()
                .map(Val::Arr);
        }
        None
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bin {
    Or,
    BitOr,
    Xor,
    And,
    BitAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Shl,
    Shr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Builtin {
    Splits,
    Abs,
    Sign,
    Min,
    Max,
    Len,
    IsEmpty,
    Contains,
}

/// The methods that change the array in a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Push,
    Pop,
    Remove,
    Insert,
    Clear,
    Reverse,
    Sort,
}

impl Method {
    fn arity(self) -> usize {
        match self {
            Method::Push | Method::Remove => 1,
            Method::Insert => 2,
            Method::Pop | Method::Clear | Method::Reverse | Method::Sort => 0,
        }
    }
}

#[derive(Debug, Clone)]
enum Expr {
    Lit(Val),
    Var(usize),
    /// The variable's value moved out (a `return x` or a function's last `x`: the frame ends right after).
    Take(usize),
    Array(Vec<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Bin, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Block, Option<Block>),
    Call(usize, Vec<Expr>),
    Builtin(Builtin, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// A method changing the array in a slot (a statement of its own).
    Mutate(usize, Method, Vec<Expr>),
    /// `range(a, b)`, valid only as what a `for` runs over.
    RangeCall(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone)]
enum Iter {
    /// `a..b` (`false`) or `a..=b` (`true`).
    Range(Expr, Expr, bool),
    Array(Expr),
}

#[derive(Debug, Clone)]
enum Stmt {
    Let(usize, Expr),
    Assign(usize, Option<Bin>, Expr),
    AssignIndex(usize, Expr, Option<Bin>, Expr),
    Expr(Expr),
    While(Expr, Block),
    Loop(Block),
    For(usize, Iter, Block),
    Break,
    Continue,
    Return(Expr),
}

#[derive(Debug, Clone)]
struct Block {
    stmts: Vec<Stmt>,
}

#[derive(Debug, Clone)]
struct FnDef {
    params: usize,
    slots: usize,
    body: Block,
}

/// The functions of a script reachable from its entry point, read into trees.
#[derive(Debug, Clone)]
pub(crate) struct Program {
    fns: Vec<FnDef>,
}

/// What a call gave.
#[derive(Debug)]
pub(crate) enum Outcome {
    Value(Val),
    /// Rhai must evaluate this call (see the module's docs).
    Rhai,
}

/// How a statement or expression left off other than with a value.
enum Ctl {
    Break,
    Continue,
    Return(Val),
    Rhai,
}

type R = std::result::Result<Val, Ctl>;

/// The bounds of one call.
pub(crate) struct Bounds<'a> {
    pub(crate) max_operations: u64,
    /// The most array items one call may make ([`MAX_ITEMS`] when Rhai bounds arrays, else none: the operation
    /// bound then bounds them).
    pub(crate) max_items: u64,
    pub(crate) deadline: Option<&'a Deadline>,
}

impl Program {
    /// Reads the function `entry` of `arity` parameters of the script `text` (valid Rhai, compiled already) and the
    /// functions it calls; `globals` are the constants visible in every function. `None` when some function it
    /// reaches is outside the subset.
    pub(crate) fn compile(
        text: &str,
        entry: &str,
        arity: usize,
        globals: &[(String, rhai::Dynamic)],
    ) -> Option<Program> {
        let toks = parse::tokens(text)?;
        let sources = parse::functions(&toks)?;
        // A script function named like a built-in one of the subset would be called where this reads the built-in.
        if sources.iter().any(|s| {
            matches!(
                s.name.as_str(),
                "splits" | "range" | "abs" | "sign" | "min" | "max" | "len"
            )
        }) {
            return None;
        }
        // A global that is not a number, a boolean or an array of them cannot be read here: the name is left
        // unresolved, and a function reading it is not compiled.
        let globals: Vec<(String, Val)> = globals
            .iter()
            .filter_map(|(n, d)| Some((n.clone(), Val::from_dynamic(d)?)))
            .collect();
        let mut p = parse::Program {
            toks: &toks,
            sources: &sources,
            globals: &globals,
            fns: Vec::new(),
            names: Vec::new(),
            nodes: 0,
        };
        if p.function(entry, arity)? != Some(0) {
            return None;
        }
        let mut fns: Vec<FnDef> = p.fns.into_iter().collect::<Option<_>>()?;
        for f in &mut fns {
            take_last(&mut f.body);
        }
        Some(Program { fns })
    }

    /// Calls the entry point with `args`; `stack` is scratch space reused from call to call.
    pub(crate) fn call(&self, args: Vec<Val>, stack: &mut Vec<Val>, bounds: &Bounds) -> Outcome {
        let mut run = Run {
            prog: self,
            stack,
            base: 0,
            ops: 0,
            items: 0,
            depth: 0,
            bounds,
        };
        run.stack.clear();
        match run.call(0, args) {
            Ok(v) => Outcome::Value(v),
            Err(_) => Outcome::Rhai,
        }
    }
}

/// Makes a function's last statement `x` (and every `return x`) move the value out of its slot: the frame ends
/// there, so no copy of a large array is made.
fn take_last(b: &mut Block) {
    fn returns(b: &mut Block) {
        for s in &mut b.stmts {
            match s {
                Stmt::Return(e) => {
                    if let Expr::Var(v) = *e {
                        *e = Expr::Take(v);
                    }
                }
                Stmt::While(_, body) | Stmt::Loop(body) | Stmt::For(_, _, body) => returns(body),
                Stmt::Expr(Expr::If(_, a, other)) => {
                    returns(a);
                    if let Some(o) = other {
                        returns(o);
                    }
                }
                _ => {}
            }
        }
    }
    returns(b);
    if let Some(Stmt::Expr(e)) = b.stmts.last_mut() {
        if let Expr::Var(v) = *e {
            *e = Expr::Take(v);
        }
    }
}

struct Run<'a, 'b> {
    prog: &'a Program,
    stack: &'a mut Vec<Val>,
    base: usize,
    ops: u64,
    items: u64,
    depth: u32,
    bounds: &'a Bounds<'b>,
}

fn int(v: &Val) -> Result<i64, Ctl> {
    match v {
        Val::Int(x) => Ok(*x),
        _ => Err(Ctl::Rhai),
    }
}

fn boolean(v: &Val) -> Result<bool, Ctl> {
    match v {
        Val::Bool(b) => Ok(*b),
        _ => Err(Ctl::Rhai),
    }
}

fn checked(v: Option<i64>) -> R {
    v.map(Val::Int).ok_or(Ctl::Rhai)
}

/// `a op b` as Rhai computes it, or [`Ctl::Rhai`] where this subset leaves it to Rhai.
fn binary(op: Bin, a: &Val, b: &Val) -> R {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => {
            let (x, y) = (*x, *y);
            match op {
                Bin::Add => checked(x.checked_add(y)),
                Bin::Sub => checked(x.checked_sub(y)),
                Bin::Mul => checked(x.checked_mul(y)),
                Bin::Div => checked(x.checked_div(y)),
                Bin::Rem => checked(x.checked_rem(y)),
                Bin::Pow => checked(u32::try_from(y).ok().and_then(|y| x.checked_pow(y))),
                Bin::Shl if (0..64).contains(&y) => Ok(Val::Int(x << y)),
                Bin::Shr if (0..64).contains(&y) => Ok(Val::Int(x >> y)),
                Bin::BitAnd => Ok(Val::Int(x & y)),
                Bin::BitOr => Ok(Val::Int(x | y)),
                Bin::Xor => Ok(Val::Int(x ^ y)),
                Bin::Eq => Ok(Val::Bool(x == y)),
                Bin::Ne => Ok(Val::Bool(x != y)),
                Bin::Lt => Ok(Val::Bool(x < y)),
                Bin::Le => Ok(Val::Bool(x <= y)),
                Bin::Gt => Ok(Val::Bool(x > y)),
                Bin::Ge => Ok(Val::Bool(x >= y)),
                _ => Err(Ctl::Rhai),
            }
        }
        (Val::Bool(x), Val::Bool(y)) => match op {
            Bin::BitAnd => Ok(Val::Bool(*x & *y)),
            Bin::BitOr => Ok(Val::Bool(*x | *y)),
            Bin::Xor => Ok(Val::Bool(*x ^ *y)),
            Bin::Eq => Ok(Val::Bool(x == y)),
            Bin::Ne => Ok(Val::Bool(x != y)),
            _ => Err(Ctl::Rhai),
        },
        _ => Err(Ctl::Rhai),
    }
}

impl Run<'_, '_> {
    /// Counts one operation against the call's bound, and looks at the clock now and then.
    #[inline]
    fn tick(&mut self) -> Result<(), Ctl> {
        self.ops += 1;
        if self.ops > self.bounds.max_operations {
            return Err(Ctl::Rhai);
        }
        if self.ops & 0xfff == 0 && self.bounds.deadline.is_some_and(Deadline::passed) {
            return Err(Ctl::Rhai);
        }
        Ok(())
    }

    fn made(&mut self, n: usize) -> Result<(), Ctl> {
        self.items += n as u64;
        if self.items > self.bounds.max_items {
            return Err(Ctl::Rhai);
        }
        Ok(())
    }

    fn slot(&mut self, s: usize) -> &mut Val {
        &mut self.stack[self.base + s]
    }

    fn call(&mut self, f: usize, args: Vec<Val>) -> R {
        self.tick()?;
        if self.depth >= MAX_DEPTH {
            return Err(Ctl::Rhai);
        }
        let def = &self.prog.fns[f];
        debug_assert_eq!(def.params, args.len());
        let saved = self.base;
        self.base = self.stack.len();
        self.stack.extend(args);
        self.stack.resize(self.base + def.slots, Val::Unit);
        self.depth += 1;
        let r = self.block(&def.body);
        self.depth -= 1;
        self.stack.truncate(self.base);
        self.base = saved;
        match r {
            Ok(v) | Err(Ctl::Return(v)) => Ok(v),
            Err(_) => Err(Ctl::Rhai),
        }
    }

    fn block(&mut self, b: &Block) -> R {
        let mut last = Val::Unit;
        for s in &b.stmts {
            last = self.stmt(s)?;
        }
        Ok(last)
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        self.tick()?;
        match s {
            Stmt::Let(slot, e) => {
                let v = self.expr(e)?;
                *self.slot(*slot) = v;
                Ok(Val::Unit)
            }
            Stmt::Assign(slot, Some(op @ (Bin::Add | Bin::Sub | Bin::Mul)), e) => {
                // `x += e` on numbers without making a value of `e` (the same result and give-ups as below).
                let y = self.int(e)?;
                let x = int(self.slot(*slot))?;
                let v = match op {
                    Bin::Add => x.checked_add(y),
                    Bin::Sub => x.checked_sub(y),
                    _ => x.checked_mul(y),
                };
                *self.slot(*slot) = Val::Int(v.ok_or(Ctl::Rhai)?);
                Ok(Val::Unit)
            }
            Stmt::Assign(slot, op, e) => {
                let v = self.expr(e)?;
                let v = match op {
                    None => v,
                    Some(op) => binary(*op, self.slot(*slot), &v)?,
                };
                *self.slot(*slot) = v;
                Ok(Val::Unit)
            }
            Stmt::AssignIndex(slot, i, op, e) => {
                let v = self.expr(e)?;
                let i = int(&self.expr(i)?)?;
                let Val::Arr(a) = self.slot(*slot) else {
                    return Err(Ctl::Rhai);
                };
                let item = usize::try_from(i)
                    .ok()
                    .and_then(|i| a.get_mut(i))
                    .ok_or(Ctl::Rhai)?;
                *item = match op {
                    None => v,
                    Some(op) => binary(*op, item, &v)?,
                };
                Ok(Val::Unit)
            }
            Stmt::Expr(e) => self.expr(e),
            Stmt::While(cond, body) => {
                loop {
                    self.tick()?;
                    if !self.cond(cond)? {
                        break;
                    }
                    if self.looped(body)? {
                        break;
                    }
                }
                Ok(Val::Unit)
            }
            Stmt::Loop(body) => {
                loop {
                    self.tick()?;
                    if self.looped(body)? {
                        break;
                    }
                }
                Ok(Val::Unit)
            }
            Stmt::For(slot, iter, body) => self.for_loop(*slot, iter, body),
            Stmt::Break => Err(Ctl::Break),
            Stmt::Continue => Err(Ctl::Continue),
            Stmt::Return(e) => {
                let v = self.expr(e)?;
                Err(Ctl::Return(v))
            }
        }
    }

    /// Runs a loop's body once: `true` when it broke out of the loop.
    fn looped(&mut self, body: &Block) -> Result<bool, Ctl> {
        match self.block(body) {
            Ok(_) | Err(Ctl::Continue) => Ok(false),
            Err(Ctl::Break) => Ok(true),
            Err(c) => Err(c),
        }
    }

    fn for_loop(&mut self, slot: usize, iter: &Iter, body: &Block) -> R {
        match iter {
            Iter::Range(a, b, inclusive) => {
                let a = self.int(a)?;
                let b = self.int(b)?;
                let end = if *inclusive { b as i128 + 1 } else { b as i128 };
                let mut x = a as i128;
                while x < end {
                    self.tick()?;
                    *self.slot(slot) = Val::Int(x as i64);
                    if self.looped(body)? {
                        break;
                    }
                    x += 1;
                }
            }
            Iter::Array(e) => {
                let Val::Arr(items) = self.expr(e)? else {
                    return Err(Ctl::Rhai);
                };
                for v in items {
                    self.tick()?;
                    *self.slot(slot) = v;
                    if self.looped(body)? {
                        break;
                    }
                }
            }
        }
        Ok(Val::Unit)
    }

    /// Applies `f` to the value of `e` without copying it when `e` is a variable.
    fn with_value<T>(
        &mut self,
        e: &Expr,
        f: impl FnOnce(&Val) -> Result<T, Ctl>,
    ) -> Result<T, Ctl> {
        match e {
            Expr::Var(s) => f(&self.stack[self.base + s]),
            e => {
                let v = self.expr(e)?;
                f(&v)
            }
        }
    }

    /// The value of `e`, which must be a number: the arithmetic of loops and conditions without making a [`Val`]
    /// per node (the same values and the same give-ups as [`Self::expr`]).
    fn int(&mut self, e: &Expr) -> Result<i64, Ctl> {
        let (op, a, b) = match e {
            Expr::Lit(Val::Int(x)) => return Ok(*x),
            Expr::Var(s) => return int(&self.stack[self.base + s]),
            Expr::Neg(a) => return self.int(a)?.checked_neg().ok_or(Ctl::Rhai),
            Expr::Bin(op @ (Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem), a, b) => {
                (*op, a, b)
            }
            e => return int(&self.expr(e)?),
        };
        let (x, y) = (self.int(a)?, self.int(b)?);
        match op {
            Bin::Add => x.checked_add(y),
            Bin::Sub => x.checked_sub(y),
            Bin::Mul => x.checked_mul(y),
            Bin::Div => x.checked_div(y),
            _ => x.checked_rem(y),
        }
        .ok_or(Ctl::Rhai)
    }

    /// The value of `e`, which must be a boolean (a condition), computed as [`Self::int`] computes numbers.
    fn cond(&mut self, e: &Expr) -> Result<bool, Ctl> {
        match e {
            Expr::Lit(Val::Bool(b)) => Ok(*b),
            Expr::Not(a) => Ok(!self.cond(a)?),
            Expr::Bin(Bin::And, a, b) => Ok(self.cond(a)? && self.cond(b)?),
            Expr::Bin(Bin::Or, a, b) => Ok(self.cond(a)? || self.cond(b)?),
            Expr::Bin(op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge), a, b) => {
                let (x, y) = (self.int(a)?, self.int(b)?);
                Ok(match op {
                    Bin::Lt => x < y,
                    Bin::Le => x <= y,
                    Bin::Gt => x > y,
                    _ => x >= y,
                })
            }
            Expr::Bin(op @ (Bin::Eq | Bin::Ne), a, b) => {
                // Numbers with numbers, booleans with booleans; anything else is Rhai's (as in `binary`).
                let equal = match self.expr(a)? {
                    Val::Int(x) => x == self.int(b)?,
                    Val::Bool(x) => x == self.cond(b)?,
                    _ => return Err(Ctl::Rhai),
                };
                Ok(equal == (*op == Bin::Eq))
            }
            e => boolean(&self.expr(e)?),
        }
    }

    fn expr(&mut self, e: &Expr) -> R {
        match e {
            Expr::Bin(Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem, ..) | Expr::Neg(_) => {
                Ok(Val::Int(self.int(e)?))
            }
            Expr::Bin(Bin::And | Bin::Or | Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge, ..)
            | Expr::Not(_) => Ok(Val::Bool(self.cond(e)?)),
            Expr::Lit(v) => Ok(v.clone()),
            Expr::Var(s) => Ok(self.stack[self.base + s].clone()),
            Expr::Take(s) => Ok(std::mem::take(self.slot(*s))),
            Expr::Array(items) => {
                self.made(items.len())?;
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.expr(it)?);
                }
                Ok(Val::Arr(out))
            }
            Expr::Bin(op, a, b) => {
                let x = self.expr(a)?;
                let y = self.expr(b)?;
                binary(*op, &x, &y)
            }
            Expr::If(cond, then, other) => {
                if self.cond(cond)? {
                    self.block(then)
                } else if let Some(o) = other {
                    self.block(o)
                } else {
                    Ok(Val::Unit)
                }
            }
            Expr::Call(f, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.expr(a)?);
                }
                self.call(*f, vals)
            }
            Expr::Builtin(b, args) => self.builtin(*b, args),
            Expr::Index(a, i) => {
                let i = int(&self.expr(i)?)?;
                self.with_value(a, |v| match v {
                    Val::Arr(items) => usize::try_from(i)
                        .ok()
                        .and_then(|i| items.get(i))
                        .cloned()
                        .ok_or(Ctl::Rhai),
                    _ => Err(Ctl::Rhai),
                })
            }
            Expr::Mutate(slot, m, args) => self.mutate(*slot, *m, args),
            Expr::RangeCall(..) => Err(Ctl::Rhai),
        }
    }

    fn builtin(&mut self, b: Builtin, args: &[Expr]) -> R {
        match (b, args) {
            (Builtin::Splits, [a]) => Ok(Val::Splits(int(&self.expr(a)?)?)),
            (Builtin::Abs, [a]) => checked(int(&self.expr(a)?)?.checked_abs()),
            (Builtin::Sign, [a]) => Ok(Val::Int(int(&self.expr(a)?)?.signum())),
            (Builtin::Min, [a, b]) => {
                let (x, y) = (int(&self.expr(a)?)?, int(&self.expr(b)?)?);
                Ok(Val::Int(x.min(y)))
            }
            (Builtin::Max, [a, b]) => {
                let (x, y) = (int(&self.expr(a)?)?, int(&self.expr(b)?)?);
                Ok(Val::Int(x.max(y)))
            }
            (Builtin::Len, [a]) => self.with_value(a, |v| match v {
                Val::Arr(items) => Ok(Val::Int(items.len() as i64)),
                _ => Err(Ctl::Rhai),
            }),
            (Builtin::IsEmpty, [a]) => self.with_value(a, |v| match v {
                Val::Arr(items) => Ok(Val::Bool(items.is_empty())),
                _ => Err(Ctl::Rhai),
            }),
            (Builtin::Contains, [a, x]) => {
                let x = int(&self.expr(x)?)?;
                self.with_value(a, |v| match v {
                    Val::Arr(items) => {
                        let mut found = false;
                        for it in items {
                            found |= int(it)? == x;
                        }
                        Ok(Val::Bool(found))
                    }
                    _ => Err(Ctl::Rhai),
                })
            }
            _ => Err(Ctl::Rhai),
        }
    }

    fn mutate(&mut self, slot: usize, m: Method, args: &[Expr]) -> R {
        // The arguments first (at most two, evaluated in order), then the array.
        let (first, second) = match args {
            [] => (Val::Unit, Val::Unit),
            [a] => (self.expr(a)?, Val::Unit),
            [a, b] => {
                let x = self.expr(a)?;
                (x, self.expr(b)?)
            }
            _ => return Err(Ctl::Rhai),
        };
        if matches!(m, Method::Push | Method::Insert) {
            self.made(1)?;
        }
        let Val::Arr(a) = self.slot(slot) else {
            return Err(Ctl::Rhai);
        };
        let index = |v: &Val, len: usize| -> Result<usize, Ctl> {
            usize::try_from(int(v)?)
                .ok()
                .filter(|&i| i < len)
                .ok_or(Ctl::Rhai)
        };
        match m {
            Method::Push => a.push(first),
            Method::Pop => return a.pop().ok_or(Ctl::Rhai),
            Method::Remove => {
                let i = index(&first, a.len())?;
                return Ok(a.remove(i));
            }
            Method::Insert => {
                let i = index(&first, a.len() + 1)?;
                a.insert(i, second);
            }
            Method::Clear => a.clear(),
            Method::Reverse => a.reverse(),
            Method::Sort => {
                let mut xs = Vec::with_capacity(a.len());
                for v in a.iter() {
                    xs.push(int(v)?);
                }
                xs.sort_unstable();
                for (v, x) in a.iter_mut().zip(xs) {
                    *v = Val::Int(x);
                }
            }
        }
        Ok(Val::Unit)
    }
}
