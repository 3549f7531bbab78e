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
//! **The answer is always Rhai's.** Evaluation gives up (`None` from [`Program::call_emit`]) wherever Rhai could answer otherwise or
//! fail: arithmetic that overflows or divides by zero, an index out of range (Rhai counts negative indices from the
//! end; this subset does not), a value of an unexpected type (an `if` on a number, `==` between a number and an
//! array), a call deeper than [`MAX_DEPTH`], more than [`MAX_ITEMS`] array items made in one call (when Rhai bounds
//! the size of arrays), more operations than the call's bound, the deadline. The caller then evaluates that position in Rhai, whose value or error is the
//! answer. Expressions of the subset have no side effects (a method that changes an array is a statement of its
//! own), so the order in which this evaluator and Rhai evaluate operands cannot change a value. Tests run every
//! script of the repository and random programs both ways.
//!
//! A loop `for v in a..b { out.push(e) }` whose pushed value (a number, a position, a sum of positions) is affine in
//! `v` is written into the buffer as one family, without walking `e` at each step ([`Run::emit_family`]): each node of
//! `e` is checked at the first and the last step, which bounds it at every step, and the steps' operations and items
//! are counted first. A caller that reads families ([`Emitted::symbolic`]: a tuple script's dense table) gets the
//! loop as one [`Emit::Family`] item, each number's affine form, and steps the positions along it itself.
//!
//! A loop whose steps first test a few numbers and do the rest only when the test holds (a trial division:
//! `while d * d <= n { if n % d == 0 { .. } d += 1; }`) runs the steps where it fails over machine registers
//! ([`guarded`]), with the same operations counted.
//!
//! Operations are counted one per statement, loop step and call, fewer than Rhai counts: a call close to the bound
//! may be answered here where Rhai would stop with its limit (a limit, never a different value).

mod guarded;
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
pub(crate) enum Bin {
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
    /// `a op b` of two variables, `op` one of [`FUSED`]: what [`fuse`] makes of `Bin(op, Var(a), Var(b))`, read
    /// without walking three nodes (the same value and give-ups).
    VarVar(Bin, usize, usize),
    /// `a op c` of a variable and a number, `op` one of [`FUSED`]: what [`fuse`] makes of
    /// `Bin(op, Var(a), Lit(Int(c)))`.
    VarLit(Bin, usize, i64),
}

/// The operators [`fuse`] fuses with their operands: arithmetic and comparisons.
const FUSED: [Bin; 11] = [
    Bin::Add,
    Bin::Sub,
    Bin::Mul,
    Bin::Div,
    Bin::Rem,
    Bin::Eq,
    Bin::Ne,
    Bin::Lt,
    Bin::Le,
    Bin::Gt,
    Bin::Ge,
];

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
    /// `out.push(e)` on the entry point's array of options, written straight into the [`Emitted`] buffer (see
    /// [`Program::emits`]).
    Emit(Expr),
    /// The entry point's result written item by item into the [`Emitted`] buffer: an array literal where the
    /// entry point ends (see [`tails`]).
    EmitItems(Vec<Expr>),
    /// A loop whose steps test numbers before doing anything else, run over registers ([`guarded`]).
    Guarded(Box<guarded::Guarded>),
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
    /// Whether the entry point builds its result in one array, `let out = []; ... out.push(e); ... out`, that it
    /// does nothing else with (no read, no other change, never passed on, and the entry point never called again):
    /// its pushes are then written straight into the caller's [`Emitted`] buffer, with no array made.
    emits: bool,
}

/// One item of what `moves` returned, as [`Program::call_emit`] writes it: the common shapes without a [`Val`]
/// made for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Emit {
    /// A number.
    Num(i64),
    /// What `splits(m)` returns.
    Splits(i64),
    /// An array of numbers: `nums[start..end]`.
    Flat(usize, usize),
    /// A nonempty array of arrays of numbers: `rows[start..end]`, each row a range of `nums`.
    Nested(usize, usize),
    /// Anything else (an array holding a boolean, arrays nested deeper): no caller reads it, Rhai does.
    Other,
    /// The items of a loop of affine pushes, `families[k]` ([`Family`]), kept as one item: only when the caller
    /// asked for them ([`Emitted::symbolic`]); [`Emitted::materialize`] writes them out.
    Family(usize),
}

/// A loop whose one statement pushes an array (of numbers, or of arrays of numbers) whose every number is affine in
/// the loop variable `x` ([`Run::emit_family`]): one item for each `x` in `from..=to`, each number `base +
/// coefficient * x`. Every number's value at `from` and at `to` fits an `i64` (checked as the loop was read), and
/// an affine number is monotone, so it fits at every step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Family {
    pub(crate) from: i64,
    pub(crate) to: i64,
    /// The numbers' forms, `Emitted::forms[forms.0..forms.1]`.
    pub(crate) forms: (usize, usize),
    /// For an array of arrays, where each row ends among the forms (`Emitted::ends[rows.0..rows.1]`, counted
    /// from the family's first form); `None` for an array of numbers.
    pub(crate) rows: Option<(usize, usize)>,
}

/// What `moves` returned, item by item ([`Emit`]): buffers reused from call to call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Emitted {
    pub(crate) items: Vec<Emit>,
    pub(crate) nums: Vec<i64>,
    pub(crate) rows: Vec<(usize, usize)>,
    /// The loops kept as families ([`Emit::Family`]), their numbers' forms (base, coefficient) and rows' ends.
    pub(crate) families: Vec<Family>,
    pub(crate) forms: Vec<(i128, i128)>,
    pub(crate) ends: Vec<usize>,
    /// Whether the caller reads [`Emit::Family`] items (set by the caller, kept from call to call); otherwise every
    /// loop is written out item by item.
    pub(crate) symbolic: bool,
}

impl Emitted {
    fn clear(&mut self) {
        self.items.clear();
        self.nums.clear();
        self.rows.clear();
        self.families.clear();
        self.forms.clear();
        self.ends.clear();
    }

    /// Adds the family of the steps `from..=to` whose numbers have the affine `forms`, in rows ending at `rows`
    /// (an array of arrays) or one array of numbers (`None`).
    fn push_family(
        &mut self,
        from: i64,
        to: i64,
        forms: &[(i128, i128)],
        rows: Option<&Vec<usize>>,
    ) -> Family {
        let span = (self.forms.len(), self.forms.len() + forms.len());
        self.forms.extend_from_slice(forms);
        let rows = rows.map(|rows| {
            self.ends.extend_from_slice(rows);
            (self.ends.len() - rows.len(), self.ends.len())
        });
        let f = Family {
            from,
            to,
            forms: span,
            rows,
        };
        self.items.push(Emit::Family(self.families.len()));
        self.families.push(f);
        f
    }

    /// The rows of the item `Emit::Nested(first, end)` up to the first holding a negative number, and whether
    /// there is one: the option is then dropped, once the rows before it are read (one of the wrong length
    /// before it is still an error), as Rhai's result is read.
    pub(crate) fn rows_before_negative(
        &self,
        first: usize,
        end: usize,
    ) -> (impl Iterator<Item = &[i64]>, bool) {
        let rows = &self.rows[first..end];
        let row = |&(s, e): &(usize, usize)| &self.nums[s..e];
        let cut = rows.iter().position(|r| row(r).iter().any(|&x| x < 0));
        (
            rows[..cut.unwrap_or(rows.len())].iter().map(row),
            cut.is_some(),
        )
    }

    /// Writes every [`Emit::Family`] out as the items it stands for, in place and in order.
    pub(crate) fn materialize(&mut self) {
        if self.families.is_empty() {
            return;
        }
        let items = std::mem::take(&mut self.items);
        for item in items {
            match item {
                Emit::Family(k) => self.write_out(self.families[k]),
                item => self.items.push(item),
            }
        }
        self.families.clear();
    }

    /// Adds the items of the family `f` one by one (its numbers written into `nums`).
    fn write_out(&mut self, f: Family) {
        let forms = &self.forms[f.forms.0..f.forms.1];
        for x in f.from..=f.to {
            let at = |g: &(i128, i128)| (g.0 + g.1 * x as i128) as i64;
            match f.rows {
                Some((r0, r1)) => {
                    let first = self.rows.len();
                    let mut from = 0;
                    for &to in &self.ends[r0..r1] {
                        let start = self.nums.len();
                        self.nums.extend(forms[from..to].iter().map(at));
                        self.rows.push((start, self.nums.len()));
                        from = to;
                    }
                    self.items.push(Emit::Nested(first, self.rows.len()));
                }
                None => {
                    let start = self.nums.len();
                    self.nums.extend(forms.iter().map(at));
                    self.items.push(Emit::Flat(start, self.nums.len()));
                }
            }
        }
    }

    /// Adds the value `v` as one item.
    fn push_val(&mut self, v: &Val) {
        let item = match v {
            Val::Int(x) => Emit::Num(*x),
            Val::Splits(m) => Emit::Splits(*m),
            Val::Arr(xs) if xs.iter().all(|x| matches!(x, Val::Int(_))) => {
                let start = self.nums.len();
                self.nums.extend(xs.iter().map(|x| match x {
                    Val::Int(x) => *x,
                    _ => unreachable!("checked to be numbers"),
                }));
                Emit::Flat(start, self.nums.len())
            }
            Val::Arr(xs)
                if !xs.is_empty()
                    && xs.iter().all(
                        |x| matches!(x, Val::Arr(r) if r.iter().all(|y| matches!(y, Val::Int(_)))),
                    ) =>
            {
                let first = self.rows.len();
                for x in xs {
                    let Val::Arr(r) = x else {
                        unreachable!("checked to be arrays")
                    };
                    let start = self.nums.len();
                    self.nums.extend(r.iter().map(|y| match y {
                        Val::Int(y) => *y,
                        _ => unreachable!("checked to be numbers"),
                    }));
                    self.rows.push((start, self.nums.len()));
                }
                Emit::Nested(first, self.rows.len())
            }
            _ => Emit::Other,
        };
        self.items.push(item);
    }
}

/// How a statement or expression left off other than with a value (a `return`'s value is in [`Run::ret`], so
/// that a result of a number is two words, returned in registers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ctl {
    Break,
    Continue,
    Return,
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
        let emits = accumulates(&mut fns) || tails(&mut fns);
        for f in &mut fns {
            fuse_block(&mut f.body);
            guarded::guard_block(&mut f.body);
        }
        Some(Program { fns, emits })
    }

    /// Whether the entry point's pushes go straight to the caller's buffer (see [`Program::emits`]).
    #[cfg(test)]
    pub(crate) fn emits(&self) -> bool {
        self.emits
    }

    /// Calls the entry point with `args` and writes what it returned into `out`, item by item: `Some(true)` when
    /// it returned an array (its items in `out`), `Some(false)` when it returned something else, `None` when Rhai
    /// must evaluate the call (see the module's docs). `stack` is scratch space reused from call to call.
    pub(crate) fn call_emit(
        &self,
        args: &[Val],
        stack: &mut Vec<Val>,
        out: &mut Emitted,
        bounds: &Bounds,
    ) -> Option<bool> {
        self.call_counted(args, stack, out, bounds).0
    }

    /// [`Self::call_emit`], and the operations the call counted.
    pub(crate) fn call_counted(
        &self,
        args: &[Val],
        stack: &mut Vec<Val>,
        out: &mut Emitted,
        bounds: &Bounds,
    ) -> (Option<bool>, u64) {
        out.clear();
        stack.clear();
        // A number copied as a number, written in place (a copy of the value as a block of 16 bytes, just written
        // word by word by the caller, waits on the stores).
        for a in args {
            match a {
                Val::Int(x) => stack.push(Val::Int(*x)),
                v => stack.push(v.clone()),
            }
        }
        let mut run = Run {
            prog: self,
            stack,
            base: 0,
            ops: 0,
            items: 0,
            depth: 0,
            bounds,
            max_ops: bounds.max_operations,
            out,
            ret: Val::Unit,
        };
        let v = match run.frame(0, 0) {
            Ok(v) => v,
            Err(_) => return (None, run.ops),
        };
        if self.emits {
            return (Some(true), run.ops);
        }
        let arr = match v {
            Val::Arr(items) => {
                for it in &items {
                    run.out.push_val(it);
                }
                true
            }
            _ => false,
        };
        (Some(arr), run.ops)
    }

    /// The program with its guarded loops run as written ([`guarded`]): what tests compare them with.
    #[cfg(test)]
    pub(crate) fn unguarded(&self) -> Program {
        let mut p = self.clone();
        for f in &mut p.fns {
            guarded::unguard_block(&mut f.body);
        }
        p
    }

    /// How many guarded loops the program holds.
    #[cfg(test)]
    pub(crate) fn guarded_loops(&self) -> usize {
        self.fns.iter().map(|f| guarded::count(&f.body)).sum()
    }
}

/// Whether `e` names the slot `s` anywhere in it.
fn expr_names(e: &Expr, s: usize) -> bool {
    match e {
        Expr::Lit(_) => false,
        Expr::Var(v) | Expr::Take(v) | Expr::VarLit(_, v, _) => *v == s,
        Expr::VarVar(_, a, b) => *a == s || *b == s,
        Expr::Array(xs) | Expr::Call(_, xs) | Expr::Builtin(_, xs) => {
            xs.iter().any(|x| expr_names(x, s))
        }
        Expr::Neg(a) | Expr::Not(a) => expr_names(a, s),
        Expr::Bin(_, a, b) | Expr::Index(a, b) | Expr::RangeCall(a, b) => {
            expr_names(a, s) || expr_names(b, s)
        }
        Expr::If(c, t, o) => {
            expr_names(c, s) || block_names(t, s) || o.as_ref().is_some_and(|o| block_names(o, s))
        }
        Expr::Mutate(v, _, xs) => *v == s || xs.iter().any(|x| expr_names(x, s)),
    }
}

fn block_names(b: &Block, s: usize) -> bool {
    b.stmts.iter().any(|st| stmt_names(st, s))
}

fn stmt_names(st: &Stmt, s: usize) -> bool {
    match st {
        Stmt::Let(v, e) | Stmt::Assign(v, _, e) => *v == s || expr_names(e, s),
        Stmt::AssignIndex(v, i, _, e) => *v == s || expr_names(i, s) || expr_names(e, s),
        Stmt::Expr(e) | Stmt::Return(e) | Stmt::Emit(e) => expr_names(e, s),
        Stmt::EmitItems(xs) => xs.iter().any(|x| expr_names(x, s)),
        Stmt::While(c, b) => expr_names(c, s) || block_names(b, s),
        Stmt::Guarded(g) => stmt_names(&g.stmt, s),
        Stmt::Loop(b) => block_names(b, s),
        Stmt::For(v, it, b) => {
            let it = match it {
                Iter::Range(a, b, _) => expr_names(a, s) || expr_names(b, s),
                Iter::Array(a) => expr_names(a, s),
            };
            *v == s || it || block_names(b, s)
        }
        Stmt::Break | Stmt::Continue => false,
    }
}

/// Whether `e` calls the function `f` anywhere in it.
fn expr_calls(e: &Expr, f: usize) -> bool {
    match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::Take(_) | Expr::VarVar(..) | Expr::VarLit(..) => false,
        Expr::Call(g, xs) => *g == f || xs.iter().any(|x| expr_calls(x, f)),
        Expr::Array(xs) | Expr::Builtin(_, xs) | Expr::Mutate(_, _, xs) => {
            xs.iter().any(|x| expr_calls(x, f))
        }
        Expr::Neg(a) | Expr::Not(a) => expr_calls(a, f),
        Expr::Bin(_, a, b) | Expr::Index(a, b) | Expr::RangeCall(a, b) => {
            expr_calls(a, f) || expr_calls(b, f)
        }
        Expr::If(c, t, o) => {
            expr_calls(c, f) || block_calls(t, f) || o.as_ref().is_some_and(|o| block_calls(o, f))
        }
    }
}

fn block_calls(b: &Block, f: usize) -> bool {
    stmts_call(&b.stmts, f)
}

fn stmts_call(stmts: &[Stmt], f: usize) -> bool {
    stmts.iter().any(|st| match st {
        Stmt::Let(_, e)
        | Stmt::Assign(_, _, e)
        | Stmt::Expr(e)
        | Stmt::Return(e)
        | Stmt::Emit(e) => expr_calls(e, f),
        Stmt::EmitItems(xs) => xs.iter().any(|x| expr_calls(x, f)),
        Stmt::AssignIndex(_, i, _, e) => expr_calls(i, f) || expr_calls(e, f),
        Stmt::While(c, b) => expr_calls(c, f) || block_calls(b, f),
        Stmt::Guarded(g) => stmts_call(std::slice::from_ref(&g.stmt), f),
        Stmt::Loop(b) => block_calls(b, f),
        Stmt::For(_, it, b) => {
            let it = match it {
                Iter::Range(a, b, _) => expr_calls(a, f) || expr_calls(b, f),
                Iter::Array(a) => expr_calls(a, f),
            };
            it || block_calls(b, f)
        }
        Stmt::Break | Stmt::Continue => false,
    })
}

/// Makes the entry point (`fns[0]`) write its pushes straight into the caller's buffer when it builds its result
/// in one array it does nothing else with (see [`Program::emits`]), and says whether it did. The array is the
/// slot `s` of the last statement `s` (moved out: [`take_last`]), declared `let s = []` at the top level; every
/// other mention of it must be a statement `s.push(e)` (`e` not naming it) or `return s`, and no function may
/// call the entry point. Then each `s.push(e)` becomes [`Stmt::Emit`], and `return s` and the last `s` return
/// nothing (the caller reads the buffer). A value is the same either way: `push` and emitting both give `()`.
fn accumulates(fns: &mut [FnDef]) -> bool {
    if fns.iter().any(|f| block_calls(&f.body, 0)) {
        return false;
    }
    let body = &mut fns[0].body;
    let Some(Stmt::Expr(Expr::Take(s))) = body.stmts.last() else {
        return false;
    };
    let s = *s;
    let declared = body
        .stmts
        .iter()
        .any(|st| matches!(st, Stmt::Let(v, Expr::Array(xs)) if *v == s && xs.is_empty()));
    if !declared {
        return false;
    }
    let n = body.stmts.len();
    // Checked on a copy first: a body that does not fit is left as it was.
    let mut stmts = body.stmts[..n - 1].to_vec();
    for st in &mut stmts {
        if matches!(st, Stmt::Let(v, _) if *v == s) {
            continue;
        }
        if !emit_pushes(st, s) {
            return false;
        }
    }
    stmts.push(Stmt::Expr(Expr::Lit(Val::Unit)));
    body.stmts = stmts;
    true
}

/// Makes the entry point (`fns[0]`) write its result straight into the caller's buffer when every way it can end
/// is an array literal (`if n == 0 { [] } else { [n - 1, n / 2] }`: the last statement, or both branches of an
/// `if ... else` there, recursively), it has no `return`, and no function calls it; says whether it did. Each such
/// literal becomes [`Stmt::EmitItems`], whose items are written as the literal's would be made (the same items
/// counted) and whose value is `()` (the caller reads the buffer).
fn tails(fns: &mut [FnDef]) -> bool {
    fn ends(b: &mut Block) -> bool {
        match b.stmts.last_mut() {
            Some(st @ Stmt::Expr(Expr::Array(_))) => {
                let Stmt::Expr(Expr::Array(items)) = std::mem::replace(st, Stmt::Break) else {
                    unreachable!("matched above")
                };
                *st = Stmt::EmitItems(items);
                true
            }
            Some(Stmt::Expr(Expr::If(_, t, Some(o)))) => ends(t) && ends(o),
            _ => false,
        }
    }
    if fns.iter().any(|f| block_calls(&f.body, 0)) || fns[0].body.stmts.iter().any(stmt_returns) {
        return false;
    }
    let mut body = fns[0].body.clone();
    if !ends(&mut body) {
        return false;
    }
    fns[0].body = body;
    true
}

/// Rewrites `s.push(e)` to [`Stmt::Emit`] and `return s` to `return` in `st`; `false` when `st` mentions `s`
/// otherwise or returns another value.
fn emit_pushes(st: &mut Stmt, s: usize) -> bool {
    let block = |b: &mut Block| b.stmts.iter_mut().all(|st| emit_pushes(st, s));
    match st {
        Stmt::Expr(Expr::Mutate(v, Method::Push, args)) if *v == s => {
            let [e] = args.as_slice() else {
                return false;
            };
            if expr_names(e, s) || expr_returns(e) {
                return false;
            }
            *st = Stmt::Emit(e.clone());
            true
        }
        Stmt::Return(Expr::Take(v)) if *v == s => {
            *st = Stmt::Return(Expr::Lit(Val::Unit));
            true
        }
        Stmt::Return(_) => false,
        Stmt::Expr(Expr::If(c, t, o)) => {
            !expr_names(c, s) && !expr_returns(c) && block(t) && o.as_mut().is_none_or(block)
        }
        Stmt::While(c, b) => !expr_names(c, s) && !expr_returns(c) && block(b),
        Stmt::Loop(b) => block(b),
        Stmt::For(v, it, b) => {
            let named = match it {
                Iter::Range(a, b, _) => expr_names(a, s) || expr_names(b, s),
                Iter::Array(a) => expr_names(a, s),
            };
            *v != s && !named && !iter_returns(it) && block(b)
        }
        st => !stmt_names(st, s) && !stmt_returns(st),
    }
}

/// Whether `e` holds a `return` anywhere (in the block of an `if` expression: `if c { return 1 } else { 2 }`).
fn expr_returns(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::Take(_) | Expr::VarVar(..) | Expr::VarLit(..) => false,
        Expr::Array(xs) | Expr::Call(_, xs) | Expr::Builtin(_, xs) | Expr::Mutate(_, _, xs) => {
            xs.iter().any(expr_returns)
        }
        Expr::Neg(a) | Expr::Not(a) => expr_returns(a),
        Expr::Bin(_, a, b) | Expr::Index(a, b) | Expr::RangeCall(a, b) => {
            expr_returns(a) || expr_returns(b)
        }
        Expr::If(c, t, o) => {
            expr_returns(c)
                || t.stmts.iter().any(stmt_returns)
                || o.as_ref().is_some_and(|o| o.stmts.iter().any(stmt_returns))
        }
    }
}

/// Whether `st` holds a `return` anywhere.
fn stmt_returns(st: &Stmt) -> bool {
    match st {
        Stmt::Return(_) => true,
        Stmt::Let(_, e) | Stmt::Assign(_, _, e) | Stmt::Expr(e) | Stmt::Emit(e) => expr_returns(e),
        Stmt::EmitItems(xs) => xs.iter().any(expr_returns),
        Stmt::AssignIndex(_, i, _, e) => expr_returns(i) || expr_returns(e),
        Stmt::While(c, b) => expr_returns(c) || b.stmts.iter().any(stmt_returns),
        Stmt::Guarded(g) => stmt_returns(&g.stmt),
        Stmt::Loop(b) => b.stmts.iter().any(stmt_returns),
        Stmt::For(_, it, b) => iter_returns(it) || b.stmts.iter().any(stmt_returns),
        Stmt::Break | Stmt::Continue => false,
    }
}

fn iter_returns(it: &Iter) -> bool {
    match it {
        Iter::Range(a, b, _) => expr_returns(a) || expr_returns(b),
        Iter::Array(a) => expr_returns(a),
    }
}

/// Fuses every `a op b` of `b` whose operands are variables or a variable and a number ([`Expr::VarVar`],
/// [`Expr::VarLit`]), at any depth.
fn fuse_block(b: &mut Block) {
    for st in &mut b.stmts {
        match st {
            Stmt::Let(_, e)
            | Stmt::Assign(_, _, e)
            | Stmt::Expr(e)
            | Stmt::Return(e)
            | Stmt::Emit(e) => fuse(e),
            Stmt::EmitItems(xs) => xs.iter_mut().for_each(fuse),
            Stmt::AssignIndex(_, i, _, e) => {
                fuse(i);
                fuse(e);
            }
            Stmt::While(c, body) => {
                fuse(c);
                fuse_block(body);
            }
            Stmt::Loop(body) => fuse_block(body),
            Stmt::For(_, it, body) => {
                match it {
                    Iter::Range(a, b, _) => {
                        fuse(a);
                        fuse(b);
                    }
                    Iter::Array(a) => fuse(a),
                }
                fuse_block(body);
            }
            Stmt::Break | Stmt::Continue | Stmt::Guarded(_) => {}
        }
    }
}

/// Fuses `e` and what it holds (see [`fuse_block`]).
fn fuse(e: &mut Expr) {
    match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::Take(_) | Expr::VarVar(..) | Expr::VarLit(..) => {}
        Expr::Array(xs) | Expr::Call(_, xs) | Expr::Builtin(_, xs) | Expr::Mutate(_, _, xs) => {
            xs.iter_mut().for_each(fuse);
        }
        Expr::Neg(a) | Expr::Not(a) => fuse(a),
        Expr::Index(a, b) | Expr::RangeCall(a, b) => {
            fuse(a);
            fuse(b);
        }
        Expr::If(c, t, o) => {
            fuse(c);
            fuse_block(t);
            if let Some(o) = o {
                fuse_block(o);
            }
        }
        Expr::Bin(op, a, b) => {
            let op = *op;
            match (&**a, &**b) {
                (Expr::Var(x), Expr::Var(y)) if FUSED.contains(&op) => {
                    *e = Expr::VarVar(op, *x, *y);
                }
                (Expr::Var(x), Expr::Lit(Val::Int(c))) if FUSED.contains(&op) => {
                    *e = Expr::VarLit(op, *x, *c);
                }
                // `2 * k`, `0 < x`: the operands swapped (`k * 2`, `x > 0`), where that cannot change a value
                // (arithmetic checked the same either way; neither operand has effects).
                (Expr::Lit(Val::Int(c)), Expr::Var(x)) if swapped(op).is_some() => {
                    *e = Expr::VarLit(swapped(op).expect("checked"), *x, *c);
                }
                _ => {
                    fuse(a);
                    fuse(b);
                }
            }
        }
    }
}

/// The operator `op'` with `a op b` = `b op' a` for numbers, among those [`fuse`] fuses.
fn swapped(op: Bin) -> Option<Bin> {
    match op {
        Bin::Add | Bin::Mul | Bin::Eq | Bin::Ne => Some(op),
        Bin::Lt => Some(Bin::Gt),
        Bin::Gt => Some(Bin::Lt),
        Bin::Le => Some(Bin::Ge),
        Bin::Ge => Some(Bin::Le),
        _ => None,
    }
}

/// Whether `e` is a number whenever it has a value: what [`Run::int`] computes without going through
/// [`Run::expr`].
fn is_int(e: &Expr) -> bool {
    match e {
        Expr::Lit(v) => matches!(v, Val::Int(_)),
        Expr::Neg(_) => true,
        Expr::Bin(op, ..) | Expr::VarVar(op, ..) | Expr::VarLit(op, ..) => {
            matches!(op, Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem)
        }
        _ => false,
    }
}

/// `x op y` for the arithmetic `op` (`+ - * / %`), checked as Rhai checks it; `None` where Rhai fails.
#[inline(always)]
fn arith(op: Bin, x: i64, y: i64) -> Option<i64> {
    match op {
        Bin::Add => x.checked_add(y),
        Bin::Sub => x.checked_sub(y),
        Bin::Mul => x.checked_mul(y),
        Bin::Div => x.checked_div(y),
        Bin::Rem => x.checked_rem(y),
        _ => None,
    }
}

/// The affine form `f` (`base + coefficient · v`) when its values at `v = lo` and `v = hi` are numbers (and so is
/// every value between them); a give-up (as an overflow in the loop) when not.
fn affine_checked(f: (i128, i128), lo: i64, hi: i64) -> Result<(i128, i128), Ctl> {
    let fits = |x: i64| {
        f.1.checked_mul(i128::from(x))
            .and_then(|p| p.checked_add(f.0))
            .is_some_and(|y| i64::try_from(y).is_ok())
    };
    // (A coefficient past 2^64 with both ends in range: one step, `lo == hi`, and the value at it checked.)
    if fits(lo) && fits(hi) {
        Ok(f)
    } else {
        Err(Ctl::Rhai)
    }
}

/// `x op y` for the comparison `op` (`< <= > >=`, and `== !=` of numbers).
#[inline(always)]
pub(crate) fn compare(op: Bin, x: i64, y: i64) -> bool {
    match op {
        Bin::Lt => x < y,
        Bin::Le => x <= y,
        Bin::Gt => x > y,
        Bin::Ge => x >= y,
        Bin::Eq => x == y,
        _ => x != y,
    }
}

/// Writes the number `v` into `slot`, in place when it holds a number already (nothing dropped).
#[inline]
fn set_int(slot: &mut Val, v: i64) {
    if let Val::Int(x) = slot {
        *x = v;
    } else {
        *slot = Val::Int(v);
    }
}

/// Runs `f` on each block directly inside the statement `st`: a loop's body, an `if` statement's branches.
fn inner_blocks(st: &mut Stmt, mut f: impl FnMut(&mut Block)) {
    match st {
        Stmt::While(_, body) | Stmt::Loop(body) | Stmt::For(_, _, body) => f(body),
        Stmt::Expr(Expr::If(_, then, other)) => {
            f(then);
            if let Some(o) = other {
                f(o);
            }
        }
        _ => {}
    }
}

/// Makes a function's last statement `x` (and every `return x`) move the value out of its slot: the frame ends
/// there, so no copy of a large array is made.
fn take_last(b: &mut Block) {
    fn returns(b: &mut Block) {
        for s in &mut b.stmts {
            if let Stmt::Return(e) = s {
                if let Expr::Var(v) = *e {
                    *e = Expr::Take(v);
                }
            }
            inner_blocks(s, returns);
        }
    }
    returns(b);
    if let Some(Stmt::Expr(e)) = b.stmts.last_mut() {
        if let Expr::Var(v) = *e {
            *e = Expr::Take(v);
        }
    }
}

/// Whether a call may go on after its `ops`-th operation: within its bound `max`, and (looked at every 4,096
/// operations) before its deadline. The one rule of [`Run::tick`] and of the guarded loops' count.
#[inline(always)]
fn counted(ops: u64, max: u64, deadline: Option<&Deadline>) -> Result<(), Ctl> {
    if ops > max || (ops & 0xfff == 0 && deadline.is_some_and(Deadline::passed)) {
        return Err(Ctl::Rhai);
    }
    Ok(())
}

struct Run<'a, 'b> {
    prog: &'a Program,
    stack: &'a mut Vec<Val>,
    base: usize,
    ops: u64,
    items: u64,
    depth: u32,
    bounds: &'a Bounds<'b>,
    /// `bounds.max_operations`, read at every tick.
    max_ops: u64,
    /// Where the entry point's pushes go when it [emits](Program::emits).
    out: &'a mut Emitted,
    /// The value of the `return` being carried out ([`Ctl::Return`]).
    ret: Val,
}

/// Whether `b` is one expression statement (`{ x }`).
fn is_one_expr(b: &Block) -> bool {
    matches!(b.stmts.as_slice(), [Stmt::Expr(_)])
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
        counted(self.ops, self.max_ops, self.bounds.deadline)
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

    /// Runs the function `f` on the arguments at `stack[base..]`.
    fn frame(&mut self, f: usize, base: usize) -> R {
        self.tick()?;
        if self.depth >= MAX_DEPTH {
            return Err(Ctl::Rhai);
        }
        let def = &self.prog.fns[f];
        debug_assert_eq!(def.params, self.stack.len() - base);
        let saved = self.base;
        self.base = base;
        self.stack.resize(self.base + def.slots, Val::Unit);
        self.depth += 1;
        let r = self.block(&def.body);
        self.depth -= 1;
        self.stack.truncate(self.base);
        self.base = saved;
        match r {
            Ok(v) => Ok(v),
            Err(Ctl::Return) => Ok(std::mem::take(&mut self.ret)),
            Err(_) => Err(Ctl::Rhai),
        }
    }

    /// Writes the option `e` (the argument of a push on the entry point's result) into the buffer: an array
    /// literal of numbers, or of array literals of numbers, with no array made; any other expression by its value.
    /// An item of such a literal that is not a number gives the call to Rhai: every reader of the buffer hands an
    /// option holding one to Rhai too.
    #[inline(never)]
    fn emit(&mut self, e: &Expr) -> Result<(), Ctl> {
        let Expr::Array(items) = e else {
            // A number (an arithmetic expression, or a variable holding one) without a value made.
            if is_int(e)
                || matches!(e, Expr::Var(s) if matches!(self.stack[self.base + s], Val::Int(_)))
            {
                let v = self.int_of(e)?;
                self.out.items.push(Emit::Num(v));
                return Ok(());
            }
            let v = self.expr(e)?;
            self.out.push_val(&v);
            return Ok(());
        };
        self.made(items.len())?;
        if !items.is_empty() && items.iter().all(|x| matches!(x, Expr::Array(_))) {
            let first = self.out.rows.len();
            for row in items {
                let Expr::Array(xs) = row else {
                    unreachable!("checked to be array literals")
                };
                self.made(xs.len())?;
                let start = self.out.nums.len();
                for x in xs {
                    let v = self.int_of(x)?;
                    self.out.nums.push(v);
                }
                let end = self.out.nums.len();
                self.out.rows.push((start, end));
            }
            let end = self.out.rows.len();
            self.out.items.push(Emit::Nested(first, end));
            return Ok(());
        }
        let start = self.out.nums.len();
        for x in items {
            let v = self.int_of(x)?;
            self.out.nums.push(v);
        }
        let end = self.out.nums.len();
        self.out.items.push(Emit::Flat(start, end));
        Ok(())
    }

    fn block(&mut self, b: &Block) -> R {
        let Some((last, first)) = b.stmts.split_last() else {
            return Ok(Val::Unit);
        };
        for s in first {
            self.exec(s)?;
        }
        self.stmt(last)
    }

    /// Runs the statements of `b`, whose value is not used (a loop's body, a branch of such a body's `if`).
    fn exec_block(&mut self, b: &Block) -> Result<(), Ctl> {
        for s in &b.stmts {
            self.exec(s)?;
        }
        Ok(())
    }

    /// Runs `s` as a block's last statement: its value is that of an expression statement, else `()` (every
    /// other statement's value). The same operations counted and the same give-ups as [`Self::exec`].
    fn stmt(&mut self, s: &Stmt) -> R {
        match s {
            Stmt::Expr(e) => {
                self.tick()?;
                self.expr(e)
            }
            s => {
                self.exec(s)?;
                Ok(Val::Unit)
            }
        }
    }

    /// Runs `s` where its value is not used: an `if` statement, a push written to the buffer and the assignment
    /// of a number make no [`Val`] (a number is written in place over a number).
    fn exec(&mut self, s: &Stmt) -> Result<(), Ctl> {
        self.tick()?;
        match s {
            Stmt::Expr(Expr::If(cond, then, other)) => {
                if self.cond_of(cond)? {
                    self.exec_block(then)
                } else if let Some(o) = other {
                    self.exec_block(o)
                } else {
                    Ok(())
                }
            }
            Stmt::Expr(e) => self.expr(e).map(drop),
            Stmt::Let(slot, e) | Stmt::Assign(slot, None, e) => {
                if is_int(e) {
                    let v = self.int_of(e)?;
                    set_int(self.slot(*slot), v);
                } else {
                    let v = self.expr(e)?;
                    *self.slot(*slot) = v;
                }
                Ok(())
            }
            Stmt::Assign(slot, Some(op @ (Bin::Add | Bin::Sub | Bin::Mul)), e) => {
                // `x += e` on numbers without making a value of `e` (the same result and give-ups as below).
                let y = self.int_of(e)?;
                let x = int(self.slot(*slot))?;
                let v = arith(*op, x, y).ok_or(Ctl::Rhai)?;
                set_int(self.slot(*slot), v);
                Ok(())
            }
            Stmt::Assign(slot, Some(op), e) => {
                let v = self.expr(e)?;
                let v = binary(*op, self.slot(*slot), &v)?;
                *self.slot(*slot) = v;
                Ok(())
            }
            Stmt::AssignIndex(slot, i, op, e) => self.assign_index(*slot, i, *op, e),
            Stmt::While(cond, body) => self.while_loop(Some(cond), body),
            Stmt::Guarded(g) => self.guarded(g),
            Stmt::Loop(body) => self.while_loop(None, body),
            Stmt::For(slot, iter, body) => self.for_loop(*slot, iter, body),
            Stmt::Break => Err(Ctl::Break),
            Stmt::Continue => Err(Ctl::Continue),
            Stmt::Return(e) => {
                self.ret = self.expr(e)?;
                Err(Ctl::Return)
            }
            Stmt::Emit(e) => {
                self.emit(e)?;
                self.made(1)
            }
            Stmt::EmitItems(items) => {
                self.made(items.len())?;
                for e in items {
                    self.emit(e)?;
                }
                Ok(())
            }
        }
    }

    /// `a[i] op= e`. (Out of [`Self::exec`], as the loops are: the statements run most stay in a small function.)
    #[inline(never)]
    fn assign_index(
        &mut self,
        slot: usize,
        i: &Expr,
        op: Option<Bin>,
        e: &Expr,
    ) -> Result<(), Ctl> {
        let v = self.expr(e)?;
        let i = int(&self.expr(i)?)?;
        let Val::Arr(a) = self.slot(slot) else {
            return Err(Ctl::Rhai);
        };
        let item = usize::try_from(i)
            .ok()
            .and_then(|i| a.get_mut(i))
            .ok_or(Ctl::Rhai)?;
        *item = match op {
            None => v,
            Some(op) => binary(op, item, &v)?,
        };
        Ok(())
    }

    /// `while cond { body }`, or `loop { body }` without a condition.
    #[inline(never)]
    fn while_loop(&mut self, cond: Option<&Expr>, body: &Block) -> Result<(), Ctl> {
        loop {
            self.tick()?;
            if let Some(c) = cond {
                if !self.cond_of(c)? {
                    break;
                }
            }
            if self.looped(body)? {
                break;
            }
        }
        Ok(())
    }

    /// Runs a loop's body once: `true` when it broke out of the loop.
    fn looped(&mut self, body: &Block) -> Result<bool, Ctl> {
        match self.exec_block(body) {
            Ok(()) | Err(Ctl::Continue) => Ok(false),
            Err(Ctl::Break) => Ok(true),
            Err(c) => Err(c),
        }
    }

    #[inline(never)]
    fn for_loop(&mut self, slot: usize, iter: &Iter, body: &Block) -> Result<(), Ctl> {
        match iter {
            Iter::Range(a, b, inclusive) => {
                let a = self.int_of(a)?;
                let b = self.int_of(b)?;
                let end = if *inclusive { b as i128 + 1 } else { b as i128 };
                if let [Stmt::Emit(e)] = body.stmts.as_slice() {
                    if self.emit_family(slot, a, end, e)? {
                        return Ok(());
                    }
                }
                self.range_loop(slot, a as i128, end, body)?;
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
        Ok(())
    }

    /// The steps `x..end` of a loop over a range, its variable in `slot`.
    fn range_loop(&mut self, slot: usize, mut x: i128, end: i128, body: &Block) -> Result<(), Ctl> {
        while x < end {
            self.tick()?;
            set_int(self.slot(slot), x as i64);
            if self.looped(body)? {
                break;
            }
            x += 1;
        }
        Ok(())
    }

    /// A loop `for v in a..end { out.push(e) }` whose pushed value is a number, an array of numbers or an array of
    /// arrays of numbers, each affine in `v` (sums, differences, negations and multiples by numbers that do not
    /// depend on `v`, of `v`, literals and variables), written into the buffer without walking `e` at every step:
    /// `true` when done, `false` when `e` is not of that form (the loop then runs as written, nothing done yet).
    /// The same items, operations counted and give-ups as the loop: every node of `e` is affine in `v`, so it is
    /// monotone, and its checked value at the first and the last `v` bounds it at every step (an overflow at some
    /// step is an overflow at one of the two); the operations and items of all the steps are counted first, and a
    /// bound passed gives the call to Rhai, as the step that passed it would.
    fn emit_family(&mut self, v: usize, a: i64, end: i128, e: &Expr) -> Result<bool, Ctl> {
        let steps = (end - a as i128).max(0);
        if steps == 0 {
            return Ok(false);
        }
        let last = (end - 1) as i64;
        // Each item: the affine form (base, coefficient) of every number, rows as ranges of them.
        let mut forms: Vec<(i128, i128)> = Vec::new();
        let mut rows: Vec<usize> = Vec::new();
        let shape = match e {
            Expr::Array(items)
                if !items.is_empty() && items.iter().all(|x| matches!(x, Expr::Array(_))) =>
            {
                for row in items {
                    let Expr::Array(xs) = row else {
                        return Ok(false);
                    };
                    for x in xs {
                        let Some(f) = self.affine(x, v, a, last)? else {
                            return Ok(false);
                        };
                        forms.push(f);
                    }
                    rows.push(forms.len());
                }
                Emit::Nested(0, 0)
            }
            Expr::Array(items) => {
                for x in items {
                    let Some(f) = self.affine(x, v, a, last)? else {
                        return Ok(false);
                    };
                    forms.push(f);
                }
                Emit::Flat(0, 0)
            }
            x => {
                let Some(f) = self.affine(x, v, a, last)? else {
                    return Ok(false);
                };
                forms.push(f);
                Emit::Num(0)
            }
        };
        // What the steps count: two operations (the step and the push), and the items of the pushed value.
        let per_step_items = match shape {
            Emit::Nested(..) => rows.len() + forms.len() + 1,
            Emit::Flat(..) => forms.len() + 1,
            _ => 1,
        } as u64;
        let steps = u64::try_from(steps).map_err(|_| Ctl::Rhai)?;
        let ops = self.ops.saturating_add(steps.saturating_mul(2));
        let items = self
            .items
            .saturating_add(steps.saturating_mul(per_step_items));
        if ops > self.max_ops
            || items > self.bounds.max_items
            || self.bounds.deadline.is_some_and(Deadline::passed)
        {
            return Err(Ctl::Rhai);
        }
        self.ops = ops;
        self.items = items;
        let out = &mut *self.out;
        if let Emit::Num(_) = shape {
            let f = forms[0];
            out.items
                .extend((a..=last).map(|x| Emit::Num((f.0 + f.1 * x as i128) as i64)));
        } else {
            let nested = matches!(shape, Emit::Nested(..));
            let f = out.push_family(a, last, &forms, nested.then_some(&rows));
            if !out.symbolic {
                // Written out at once for a caller that reads items one by one.
                out.items.pop();
                out.families.pop();
                out.write_out(f);
            }
        }
        set_int(self.slot(v), last);
        Ok(true)
    }

    /// `e` as `base + coefficient · v` for `v` from `lo` to `hi`, every node of it checked at both ends (see
    /// [`Self::emit_family`]); `None` when `e` is not affine in `v` of that form (a division or product of `v`, a
    /// call, an index, a comparison). A give-up where the loop would give up at its first or last step.
    fn affine(
        &mut self,
        e: &Expr,
        v: usize,
        lo: i64,
        hi: i64,
    ) -> Result<Option<(i128, i128)>, Ctl> {
        // A variable that is not a number: not this form (the loop as written says what it does with it).
        let leaf = |s: &Self, slot: usize| -> Option<(i128, i128)> {
            if slot == v {
                Some((0, 1))
            } else {
                int(&s.stack[s.base + slot])
                    .ok()
                    .map(|x| (i128::from(x), 0))
            }
        };
        let (op, l, r) = match e {
            Expr::Lit(Val::Int(x)) => return Ok(Some((i128::from(*x), 0))),
            Expr::Var(s) => return Ok(leaf(self, *s)),
            Expr::VarLit(op, s, c) => match leaf(self, *s) {
                Some(l) => (*op, l, (i128::from(*c), 0)),
                None => return Ok(None),
            },
            Expr::VarVar(op, s, t) => match (leaf(self, *s), leaf(self, *t)) {
                (Some(l), Some(r)) => (*op, l, r),
                _ => return Ok(None),
            },
            Expr::Neg(x) => {
                let Some((b, c)) = self.affine(x, v, lo, hi)? else {
                    return Ok(None);
                };
                return match b.checked_neg().zip(c.checked_neg()) {
                    Some(f) => affine_checked(f, lo, hi).map(Some),
                    None => Ok(None),
                };
            }
            Expr::Bin(op, x, y) => {
                let Some(l) = self.affine(x, v, lo, hi)? else {
                    return Ok(None);
                };
                let Some(r) = self.affine(y, v, lo, hi)? else {
                    return Ok(None);
                };
                (*op, l, r)
            }
            _ => return Ok(None),
        };
        // (Coefficients grow with products: past 128 bits the loop runs as written, which decides.)
        let f = match op {
            Bin::Add => l.0.checked_add(r.0).zip(l.1.checked_add(r.1)),
            Bin::Sub => l.0.checked_sub(r.0).zip(l.1.checked_sub(r.1)),
            Bin::Mul if l.1 == 0 => l.0.checked_mul(r.0).zip(l.0.checked_mul(r.1)),
            Bin::Mul if r.1 == 0 => l.0.checked_mul(r.0).zip(l.1.checked_mul(r.0)),
            Bin::Div | Bin::Rem if l.1 == 0 && r.1 == 0 => {
                // Numbers that do not depend on `v`: the operation itself, checked as the loop checks it.
                let x = arith(op, l.0 as i64, r.0 as i64).ok_or(Ctl::Rhai)?;
                Some((i128::from(x), 0))
            }
            _ => return Ok(None),
        };
        match f {
            Some(f) => affine_checked(f, lo, hi).map(Some),
            None => Ok(None),
        }
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

    /// [`Self::int`] with the common leaves computed in place (no call): a variable, a literal, a fused `a op b`
    /// (the same values and give-ups).
    #[inline(always)]
    fn int_of(&mut self, e: &Expr) -> Result<i64, Ctl> {
        match e {
            Expr::Var(s) => int(&self.stack[self.base + s]),
            Expr::Lit(Val::Int(x)) => Ok(*x),
            Expr::VarLit(op, a, c) => {
                let x = int(&self.stack[self.base + a])?;
                arith(*op, x, *c).ok_or(Ctl::Rhai)
            }
            Expr::VarVar(op, a, b) => {
                let x = int(&self.stack[self.base + a])?;
                let y = int(&self.stack[self.base + b])?;
                arith(*op, x, y).ok_or(Ctl::Rhai)
            }
            e => self.int(e),
        }
    }

    /// [`Self::cond`] with the common comparisons of numbers computed in place (no call), as [`Self::cond`]
    /// computes them.
    #[inline(always)]
    fn cond_of(&mut self, e: &Expr) -> Result<bool, Ctl> {
        match e {
            Expr::VarLit(
                op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge | Bin::Eq | Bin::Ne),
                a,
                c,
            ) => {
                let x = int(&self.stack[self.base + a])?;
                Ok(compare(*op, x, *c))
            }
            Expr::Bin(op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge), a, b) => {
                let (x, y) = (self.int_of(a)?, self.int_of(b)?);
                Ok(compare(*op, x, y))
            }
            Expr::Bin(op @ (Bin::Eq | Bin::Ne), a, b)
                if is_int(a) || matches!(**b, Expr::Lit(Val::Int(_))) =>
            {
                let (x, y) = (self.int_of(a)?, self.int_of(b)?);
                Ok(compare(*op, x, y))
            }
            // Two variables holding numbers (anything else, booleans compared included, as `cond` reads it).
            Expr::VarVar(
                op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge | Bin::Eq | Bin::Ne),
                a,
                b,
            ) => match (&self.stack[self.base + a], &self.stack[self.base + b]) {
                (Val::Int(x), Val::Int(y)) => Ok(compare(*op, *x, *y)),
                _ => self.cond(e),
            },
            e => self.cond(e),
        }
    }

    /// The value of `e`, which must be a number: the arithmetic of loops and conditions without making a [`Val`]
    /// per node (the same values and the same give-ups as [`Self::expr`]).
    fn int(&mut self, e: &Expr) -> Result<i64, Ctl> {
        let (op, a, b) = match e {
            Expr::Lit(Val::Int(x)) => return Ok(*x),
            Expr::Var(s) => return int(&self.stack[self.base + s]),
            // A comparison's value is a boolean: `arith` gives up on it as `int` would.
            Expr::VarLit(op, a, c) => {
                let x = int(&self.stack[self.base + a])?;
                return arith(*op, x, *c).ok_or(Ctl::Rhai);
            }
            Expr::VarVar(op, a, b) => {
                let x = int(&self.stack[self.base + a])?;
                let y = int(&self.stack[self.base + b])?;
                return arith(*op, x, y).ok_or(Ctl::Rhai);
            }
            Expr::Neg(a) => return self.int(a)?.checked_neg().ok_or(Ctl::Rhai),
            Expr::Bin(op @ (Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem), a, b) => {
                (*op, a, b)
            }
            // `if c { x } else { y }` of one expression a branch: the branch's statement counted as a block
            // counts it.
            Expr::If(c, t, Some(o)) if is_one_expr(t) && is_one_expr(o) => {
                let branch = if self.cond_of(c)? { t } else { o };
                let [Stmt::Expr(e)] = branch.stmts.as_slice() else {
                    unreachable!("checked to be one expression")
                };
                self.tick()?;
                return self.int_of(e);
            }
            e => return int(&self.expr(e)?),
        };
        let (x, y) = (self.int_of(a)?, self.int_of(b)?);
        arith(op, x, y).ok_or(Ctl::Rhai)
    }

    /// The value of `e`, which must be a boolean (a condition), computed as [`Self::int`] computes numbers.
    fn cond(&mut self, e: &Expr) -> Result<bool, Ctl> {
        match e {
            Expr::Lit(Val::Bool(b)) => Ok(*b),
            Expr::Not(a) => Ok(!self.cond(a)?),
            Expr::Bin(Bin::And, a, b) => Ok(self.cond_of(a)? && self.cond_of(b)?),
            Expr::Bin(Bin::Or, a, b) => Ok(self.cond_of(a)? || self.cond_of(b)?),
            Expr::Bin(op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge), a, b) => {
                let (x, y) = (self.int_of(a)?, self.int_of(b)?);
                Ok(compare(*op, x, y))
            }
            // `x == 3`: a variable holding anything but a number gives up below as well (a boolean against a
            // number); `a == b` of numbers or of booleans.
            Expr::VarLit(
                op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge | Bin::Eq | Bin::Ne),
                a,
                c,
            ) => {
                let x = int(&self.stack[self.base + a])?;
                Ok(compare(*op, x, *c))
            }
            Expr::VarVar(op @ (Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge), a, b) => {
                let x = int(&self.stack[self.base + a])?;
                let y = int(&self.stack[self.base + b])?;
                Ok(compare(*op, x, y))
            }
            Expr::VarVar(op @ (Bin::Eq | Bin::Ne), a, b) => {
                let equal = match (&self.stack[self.base + a], &self.stack[self.base + b]) {
                    (Val::Int(x), Val::Int(y)) => x == y,
                    (Val::Bool(x), Val::Bool(y)) => x == y,
                    _ => return Err(Ctl::Rhai),
                };
                Ok(equal == (*op == Bin::Eq))
            }
            // A number on either side (known before anything is evaluated): both must be numbers.
            Expr::Bin(op @ (Bin::Eq | Bin::Ne), a, b)
                if is_int(a) || matches!(**b, Expr::Lit(Val::Int(_))) =>
            {
                let (x, y) = (self.int_of(a)?, self.int_of(b)?);
                Ok(compare(*op, x, y))
            }
            Expr::Bin(op @ (Bin::Eq | Bin::Ne), a, b) => {
                // Numbers with numbers, booleans with booleans; anything else is Rhai's (as in `binary`).
                let equal = match self.expr(a)? {
                    Val::Int(x) => x == self.int_of(b)?,
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
            Expr::VarVar(op, ..) | Expr::VarLit(op, ..) => {
                if matches!(op, Bin::Add | Bin::Sub | Bin::Mul | Bin::Div | Bin::Rem) {
                    Ok(Val::Int(self.int(e)?))
                } else {
                    Ok(Val::Bool(self.cond(e)?))
                }
            }
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
                if self.cond_of(cond)? {
                    self.block(then)
                } else if let Some(o) = other {
                    self.block(o)
                } else {
                    Ok(Val::Unit)
                }
            }
            Expr::Call(f, args) => {
                // The arguments straight onto the stack, where the callee's frame starts (a give-up or a `return`
                // on the way ends the caller's frame, which drops them).
                let base = self.stack.len();
                for a in args {
                    let v = self.expr(a)?;
                    self.stack.push(v);
                }
                self.frame(*f, base)
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
