//! `moves` bodies evaluated natively: when a one-number script's `moves` is a single array literal of integer
//! arithmetic on its parameter (`fn moves(n) { [n - 1, n - 3, n - 4] }`, `n => [splits(n - 1), [n / 2, n / 3]]`),
//! the body is compiled once to a small expression tree and evaluated without entering Rhai.
//!
//! The subset: one array literal whose items are expressions, `splits(expression)`, or arrays of expressions (a
//! sum); an expression is an integer literal, the parameter, parentheses, unary `-`, and the binary `+ - * / %`
//! with Rhai's precedence and associativity. The array may be chosen by conditions: `if C { body } else if C {
//! body } else { body }` (the `else` required, each body an array literal or another such `if`), where a condition
//! is one comparison of two expressions (`== != < <= > >=`), `!(C)`, `(C)`, or conditions joined by `&&` and `||`,
//! evaluated left to right and short-circuited as Rhai evaluates them (`if n == 0 { [] } else if n % 2 == 0 { [n -
//! 1, n / 2] } else { [n - 1] }`). Anything else (another token, a `let`, a `;`, another function
//! called, a script that defines its own `splits`) is not compiled, and the script runs in Rhai as written.
//!
//! Arithmetic is checked as Rhai checks it (`checked_add`, `checked_sub`, `checked_mul`, `checked_div`,
//! `checked_rem`, `checked_neg`); when one fails (an overflow, a division by zero) the native evaluation gives up
//! and that position is evaluated by Rhai, so the error is Rhai's own, with its line and column. A body the native
//! path accepts cannot reach Rhai's limits (it is at most [`MAX_NODES`] nodes, evaluated once), and is compiled
//! only when the operation bound is large enough for Rhai to run it too ([`MIN_OPERATIONS`]).

/// The most nodes a body compiled natively may have.
pub(crate) const MAX_NODES: usize = 200;
/// The least operation bound under which a body is compiled natively (Rhai would run any body of at most
/// [`MAX_NODES`] nodes in fewer operations).
pub(crate) const MIN_OPERATIONS: u64 = 10_000;

use super::games::{insert_splits, Seen};
use super::interp::{compare, Bin};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Debug, Clone)]
enum Expr {
    Lit(i64),
    Param,
    /// `n + k` (also `n - k`, as `n + (-k)`): the common item, evaluated without walking a tree.
    Shift(i64),
    /// `n / 2^j` (`j` at most 62): a shift where `n` is not negative, which is the division's value then.
    DivPow2(u32),
    /// `n % 2^j` (`j` at most 62): a mask where `n` is not negative.
    RemPow2(u32),
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The value at `n`, or `None` when Rhai would report an error (overflow, division by zero). The leaves (the
    /// common items: `n - 1`, `n / 2`, a literal) are evaluated inline; a tree goes to [`Expr::eval_tree`] (a
    /// recursive function is never inlined: the calls were a fifth of the halving game's table).
    #[inline(always)]
    fn eval(&self, n: i64) -> Option<i64> {
        match self {
            Expr::Lit(v) => Some(*v),
            Expr::Param => Some(n),
            Expr::Shift(k) => n.checked_add(*k),
            Expr::DivPow2(j) if n >= 0 => Some(n >> j),
            Expr::RemPow2(j) if n >= 0 => Some(n & ((1 << j) - 1)),
            _ => self.eval_tree(n),
        }
    }

    /// [`Expr::eval`] of any node.
    #[inline(never)]
    fn eval_tree(&self, n: i64) -> Option<i64> {
        match self {
            Expr::Lit(v) => Some(*v),
            Expr::Param => Some(n),
            Expr::Shift(k) => n.checked_add(*k),
            Expr::DivPow2(j) if n >= 0 => Some(n >> j),
            Expr::DivPow2(j) => Some(n / (1 << j)),
            Expr::RemPow2(j) if n >= 0 => Some(n & ((1 << j) - 1)),
            Expr::RemPow2(j) => Some(n % (1 << j)),
            Expr::Neg(e) => e.eval(n)?.checked_neg(),
            Expr::Bin(op, a, b) => {
                let (x, y) = (a.eval(n)?, b.eval(n)?);
                match op {
                    Op::Add => x.checked_add(y),
                    Op::Sub => x.checked_sub(y),
                    Op::Mul => x.checked_mul(y),
                    Op::Div => x.checked_div(y),
                    Op::Rem => x.checked_rem(y),
                }
            }
        }
    }

    /// `a op b`, with `n + k` and `n - k` (`k` a literal, `-k` representable) made a [`Expr::Shift`]: the same
    /// value and the same overflow (`n - k` overflows exactly when `n + (-k)` does); `n / k` and `n % k` for `k` a
    /// power of 2 (at most 2^62: a positive literal) a [`Expr::DivPow2`] or [`Expr::RemPow2`], which never fail,
    /// as the division by a positive number never does.
    fn bin(op: Op, a: Expr, b: Expr) -> Expr {
        match (op, &a, &b) {
            (Op::Add, Expr::Param, Expr::Lit(k)) | (Op::Add, Expr::Lit(k), Expr::Param) => {
                Expr::Shift(*k)
            }
            (Op::Sub, Expr::Param, Expr::Lit(k)) if *k != i64::MIN => Expr::Shift(-*k),
            (Op::Div, Expr::Param, Expr::Lit(k)) if *k > 0 && k.count_ones() == 1 => {
                Expr::DivPow2(k.trailing_zeros())
            }
            (Op::Rem, Expr::Param, Expr::Lit(k)) if *k > 0 && k.count_ones() == 1 => {
                Expr::RemPow2(k.trailing_zeros())
            }
            _ => Expr::Bin(op, Box::new(a), Box::new(b)),
        }
    }
}

/// A condition of an `if`.
#[derive(Debug, Clone)]
enum Cond {
    /// `a op b`, `op` one of the interpreter's comparisons (`== != < <= > >=`).
    Cmp(Bin, Expr, Expr),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

impl Cond {
    /// Its truth at `n`, or `None` when Rhai would report an error (an operand's arithmetic); `&&` and `||` look
    /// at their right side only when Rhai does.
    #[inline(always)]
    fn eval(&self, n: i64) -> Option<bool> {
        match self {
            Cond::Cmp(op, a, b) => Some(compare(*op, a.eval(n)?, b.eval(n)?)),
            _ => self.eval_tree(n),
        }
    }

    /// [`Cond::eval`] of any condition (see [`Expr::eval`]).
    #[inline(never)]
    fn eval_tree(&self, n: i64) -> Option<bool> {
        Some(match self {
            Cond::Cmp(op, a, b) => compare(*op, a.eval(n)?, b.eval(n)?),
            Cond::Not(c) => !c.eval(n)?,
            Cond::And(a, b) => a.eval(n)? && b.eval(n)?,
            Cond::Or(a, b) => a.eval(n)? || b.eval(n)?,
        })
    }
}

/// A body: an array literal, or a choice between two bodies.
#[derive(Debug, Clone)]
enum Body {
    Array(Vec<ItemExpr>),
    If(Cond, Box<Body>, Box<Body>),
}

impl Body {
    /// The array literal chosen at `n`; `None` when a condition's arithmetic fails.
    fn at(&self, n: i64) -> Option<&[ItemExpr]> {
        let mut b = self;
        loop {
            match b {
                Body::Array(items) => return Some(items),
                Body::If(c, yes, no) => b = if c.eval(n)? { yes } else { no },
            }
        }
    }

    /// Every array literal of the body.
    fn arrays(&self) -> Vec<&[ItemExpr]> {
        match self {
            Body::Array(items) => vec![items],
            Body::If(_, yes, no) => {
                let mut v = yes.arrays();
                v.extend(no.arrays());
                v
            }
        }
    }
}

#[derive(Debug, Clone)]
enum ItemExpr {
    Num(Expr),
    Splits(Expr),
    Sum(Vec<Expr>),
}

/// One option as the body computed it (what Rhai would have returned in the array).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    /// A number: one heap.
    Num(i64),
    /// `splits(m)`.
    Splits(i64),
    /// An array of numbers: a sum of heaps, `nums[start..end]` of the [`Evaluated`] it is in.
    Sum(usize, usize),
}

/// What the body returned at one position: its items, and the numbers of its sums. Reused from call to call, so
/// that evaluating a body allocates nothing once the buffers have grown.
#[derive(Debug, Clone, Default)]
pub(crate) struct Evaluated {
    pub(crate) items: Vec<Item>,
    pub(crate) nums: Vec<i64>,
    /// The interpreter's stack ([`super::interp`]), reused from call to call.
    pub(crate) stack: Vec<super::interp::Val>,
    /// What the interpreter returned, reused from call to call.
    pub(crate) emitted: super::interp::Emitted,
}

impl Evaluated {
    /// Reads what `moves` returned (the interpreter's items, [`super::interp::Emitted`]) into items, as Rhai's
    /// result would be read when it is well formed (an array whose items are numbers, `splits(m)` and arrays of
    /// numbers); `false` for anything else (the general path then reports it).
    pub(crate) fn read(&mut self, em: &super::interp::Emitted) -> bool {
        use super::interp::Emit;
        self.items.clear();
        self.nums.clear();
        for it in &em.items {
            let item = match *it {
                Emit::Num(x) => Item::Num(x),
                Emit::Splits(m) => Item::Splits(m),
                Emit::Flat(start, end) => {
                    let from = self.nums.len();
                    self.nums.extend_from_slice(&em.nums[start..end]);
                    Item::Sum(from, self.nums.len())
                }
                Emit::Nested(..) | Emit::Other | Emit::Family(_) => return false,
            };
            self.items.push(item);
        }
        true
    }

    /// The numbers of the sum `Item::Sum(start, end)`.
    pub(crate) fn sum(&self, start: usize, end: usize) -> &[i64] {
        &self.nums[start..end]
    }
}

/// A `moves` body compiled natively.
#[derive(Debug, Clone)]
pub(crate) struct Native {
    body: Body,
}

impl Native {
    /// Evaluates the body at `n` into `out` (cleared first); `false` when Rhai must evaluate it instead (an
    /// arithmetic error, whose message is Rhai's).
    pub(crate) fn eval(&self, n: i64, out: &mut Evaluated) -> bool {
        out.items.clear();
        out.nums.clear();
        let Some(items) = self.body.at(n) else {
            return false;
        };
        for it in items {
            let item = match it {
                ItemExpr::Num(e) => match e.eval(n) {
                    Some(v) => Item::Num(v),
                    None => return false,
                },
                ItemExpr::Splits(e) => match e.eval(n) {
                    Some(v) => Item::Splits(v),
                    None => return false,
                },
                ItemExpr::Sum(es) => {
                    let start = out.nums.len();
                    for e in es {
                        match e.eval(n) {
                            Some(x) => out.nums.push(x),
                            None => return false,
                        }
                    }
                    Item::Sum(start, out.nums.len())
                }
            };
            out.items.push(item);
        }
        true
    }

    /// The nim-values of the options of the heap `n` inserted into `mex` straight from the values `g` of the heaps
    /// below `n` (the table so far), nothing built in between: the dense table's inner loop
    /// ([`super::games::NumberGame`]). `Some(items)` with the body's item count, or `None` when this heap needs the
    /// general path (the body's arithmetic fails, or an option breaks the heap rule: a heap not smaller than `n`, a
    /// move from a heap of 0), which then reports what is wrong as [`Native::eval`]'s callers do; `mex` holds part
    /// of the options then, and the caller clears it.
    #[inline]
    pub(super) fn dense_mex(&self, n: i64, g: &[crate::Nimber], mex: &mut Seen) -> Option<usize> {
        let items = self.body.at(n)?;
        for it in items {
            match it {
                ItemExpr::Num(e) => {
                    let v = e.eval(n)?;
                    if v >= n {
                        // (At n = 0 every option that is not dropped breaks the heap rule: v >= 0 = n.)
                        if v >= 0 {
                            return None;
                        }
                    } else if v >= 0 {
                        mex.insert(g[v as usize]);
                    }
                }
                ItemExpr::Splits(e) => {
                    let t = e.eval(n)?;
                    if t >= n {
                        if t >= 0 {
                            return None;
                        }
                    } else if t >= 0 {
                        insert_splits(t as usize, g, mex);
                    }
                }
                ItemExpr::Sum(es) => {
                    // Every number is evaluated first (an arithmetic error anywhere is Rhai's to report); a
                    // negative one drops the option.
                    let (mut x, mut negative, mut large) = (0, false, false);
                    for e in es {
                        let v = e.eval(n)?;
                        if v < 0 {
                            negative = true;
                        } else if v >= n {
                            large = true;
                        } else {
                            x ^= g[v as usize];
                        }
                    }
                    if negative {
                        continue;
                    }
                    if n == 0 || large {
                        return None;
                    }
                    mex.insert(x);
                }
            }
        }
        Some(items.len())
    }

    /// Whether some option may leave two or more heaps (a `splits(m)`, or a sum of two or more numbers): the plain
    /// engine's limit on the heaps tabulated is then the one for splitting games.
    pub(crate) fn leaves_several(&self) -> bool {
        self.body.arrays().into_iter().flatten().any(|it| match it {
            ItemExpr::Num(_) => false,
            ItemExpr::Splits(_) => true,
            ItemExpr::Sum(es) => es.len() >= 2,
        })
    }

    /// Compiles the body of the one-parameter function `moves` in `text` (a script Rhai has compiled already), or
    /// `None` when it is outside the subset.
    pub(crate) fn compile(text: &str) -> Option<Native> {
        Native::compile_within(text, MAX_NODES)
    }

    /// [`Native::compile`] with at most `max_nodes` nodes instead of [`MAX_NODES`] (tests tell a body too large for
    /// the native path from one outside its subset with a larger bound).
    pub(crate) fn compile_within(text: &str, max_nodes: usize) -> Option<Native> {
        let toks = tokens(text)?;
        // Find `fn moves ( PARAM ) {` at the top level.
        let mut i = 0;
        let mut depth = 0usize;
        let start = loop {
            let t = toks.get(i)?;
            match t {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => depth = depth.checked_sub(1)?,
                Tok::Ident(w) if w == "fn" && depth == 0 => {
                    if let (
                        Some(Tok::Ident(m)),
                        Some(Tok::Punct('(')),
                        Some(Tok::Ident(p)),
                        Some(Tok::Punct(')')),
                        Some(Tok::Punct('{')),
                    ) = (
                        toks.get(i + 1),
                        toks.get(i + 2),
                        toks.get(i + 3),
                        toks.get(i + 4),
                        toks.get(i + 5),
                    ) {
                        if m == "moves" {
                            break (p.clone(), i + 6);
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        };
        let (param, at) = start;
        if param == "splits" {
            return None;
        }
        let mut p = Parser {
            toks: &toks,
            at,
            param: &param,
            nodes: 0,
            max_nodes,
        };
        let body = p.body()?;
        p.expect('}')?;
        // Nothing after the function's body but other functions (Rhai has compiled the whole script).
        (p.nodes <= max_nodes).then_some(Native { body })
    }
}

impl Parser<'_> {
    /// A body: an array literal, or `if C { body } else ...` (see the module docs).
    fn body(&mut self) -> Option<Body> {
        if !self.peek_ident("if") {
            return self.array().map(Body::Array);
        }
        self.at += 1;
        let c = self.cond()?;
        self.expect('{')?;
        let yes = self.body()?;
        self.expect('}')?;
        if !self.peek_ident("else") {
            return None;
        }
        self.at += 1;
        let no = if self.peek_ident("if") {
            self.body()?
        } else {
            self.expect('{')?;
            let b = self.body()?;
            self.expect('}')?;
            b
        };
        Some(Body::If(c, Box::new(yes), Box::new(no)))
    }

    /// `C || C || ...`
    fn cond(&mut self) -> Option<Cond> {
        let mut c = self.cond_and()?;
        while self.eat2("||") {
            let r = self.cond_and()?;
            c = Cond::Or(Box::new(c), Box::new(r));
        }
        Some(c)
    }

    /// `C && C && ...`
    fn cond_and(&mut self) -> Option<Cond> {
        let mut c = self.cond_atom()?;
        while self.eat2("&&") {
            let r = self.cond_atom()?;
            c = Cond::And(Box::new(c), Box::new(r));
        }
        Some(c)
    }

    /// A comparison, `!(C)` or `(C)`.
    fn cond_atom(&mut self) -> Option<Cond> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        if self.toks.get(self.at) == Some(&Tok::Punct('!')) {
            self.at += 1;
            self.expect('(')?;
            let c = self.cond()?;
            self.expect(')')?;
            return Some(Cond::Not(Box::new(c)));
        }
        // A comparison first (`(n + 1) * 2 == 4` starts with a parenthesis too); else a condition in parentheses.
        let start = self.at;
        if let Some(c) = self.comparison() {
            return Some(c);
        }
        self.at = start;
        self.expect('(')?;
        let c = self.cond()?;
        self.expect(')')?;
        Some(c)
    }

    /// `expression op expression`, one comparison (Rhai refuses to compare a comparison's result with a number).
    fn comparison(&mut self) -> Option<Cond> {
        let a = self.expr()?;
        let op = match self.toks.get(self.at)? {
            Tok::Punct('<') => Bin::Lt,
            Tok::Punct('>') => Bin::Gt,
            Tok::Op2(o) if o == "==" => Bin::Eq,
            Tok::Op2(o) if o == "!=" => Bin::Ne,
            Tok::Op2(o) if o == "<=" => Bin::Le,
            Tok::Op2(o) if o == ">=" => Bin::Ge,
            _ => return None,
        };
        self.at += 1;
        let b = self.expr()?;
        if matches!(
            self.toks.get(self.at),
            Some(Tok::Punct('<' | '>')) | Some(Tok::Op2(_))
        ) && !matches!(self.toks.get(self.at), Some(Tok::Op2(o)) if o == "&&" || o == "||")
        {
            return None;
        }
        Some(Cond::Cmp(op, a, b))
    }

    fn eat2(&mut self, op: &str) -> bool {
        if matches!(self.toks.get(self.at), Some(Tok::Op2(o)) if o == op) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// An array literal of items.
    fn array(&mut self) -> Option<Vec<ItemExpr>> {
        let p = self;
        p.expect('[')?;
        let mut items = Vec::new();
        while !p.eat(']') {
            let item = if p.peek_ident("splits") {
                p.at += 1;
                p.expect('(')?;
                let e = p.expr()?;
                p.expect(')')?;
                ItemExpr::Splits(e)
            } else if p.eat('[') {
                let mut es = Vec::new();
                while !p.eat(']') {
                    es.push(p.expr()?);
                    if !p.eat(',') {
                        p.expect(']')?;
                        break;
                    }
                }
                ItemExpr::Sum(es)
            } else {
                ItemExpr::Num(p.expr()?)
            };
            p.nodes += 1;
            items.push(item);
            if !p.eat(',') {
                p.expect(']')?;
                break;
            }
        }
        Some(items)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Int(i64),
    Punct(char),
    /// A two-character operator of conditions: `==`, `!=`, `<=`, `>=`, `&&`, `||`.
    Op2(String),
    /// Anything the subset has no use for (a string, a float, a hexadecimal number, ...).
    Other,
}

/// The tokens of `text` by the interpreter's lexer ([`super::interp`]), its one-character operators as
/// [`Tok::Punct`] and every longer operator as [`Tok::Other`] (none is in this subset); `None` where that lexer
/// cannot be sure of what Rhai reads.
fn tokens(text: &str) -> Option<Vec<Tok>> {
    use super::interp::Tok as T;
    let toks = super::interp::tokens(text)?;
    Some(
        toks.into_iter()
            .map(|t| match t {
                T::Ident(w) => Tok::Ident(w),
                T::Int(v) => Tok::Int(v),
                T::Op(op) => {
                    let mut cs = op.chars();
                    match (cs.next(), cs.next()) {
                        (Some(c), None) => Tok::Punct(c),
                        _ if ["==", "!=", "<=", ">=", "&&", "||"].contains(&op) => {
                            Tok::Op2(op.to_string())
                        }
                        _ => Tok::Other,
                    }
                }
                T::Other => Tok::Other,
            })
            .collect(),
    )
}

struct Parser<'a> {
    toks: &'a [Tok],
    at: usize,
    param: &'a str,
    nodes: usize,
    /// The most nodes the body may have ([`MAX_NODES`]).
    max_nodes: usize,
}

impl Parser<'_> {
    fn eat(&mut self, ch: char) -> bool {
        if self.toks.get(self.at) == Some(&Tok::Punct(ch)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, ch: char) -> Option<()> {
        self.eat(ch).then_some(())
    }

    fn peek_ident(&self, w: &str) -> bool {
        matches!(self.toks.get(self.at), Some(Tok::Ident(x)) if x == w)
    }

    /// Two single-character punctuation tokens in a row that Rhai reads as one operator (`**`, `*=`, `->`, ...)
    /// are refused by the caller: after an operator, the next token must start an operand.
    fn op(&self, ops: &[(char, Op)]) -> Option<Op> {
        let Some(Tok::Punct(ch)) = self.toks.get(self.at) else {
            return None;
        };
        let op = ops.iter().find(|(c, _)| c == ch)?.1;
        // `*=`, `-=`, `/=`, `**`, `->`, `%=`: not a binary operator of the subset.
        match self.toks.get(self.at + 1) {
            Some(Tok::Punct('=' | '*' | '>' | '/' | '%' | '+')) => None,
            _ => Some(op),
        }
    }

    fn expr(&mut self) -> Option<Expr> {
        let mut e = self.term()?;
        while let Some(op) = self.op(&[('+', Op::Add), ('-', Op::Sub)]) {
            self.at += 1;
            let r = self.term()?;
            self.nodes += 1;
            e = Expr::bin(op, e, r);
        }
        Some(e)
    }

    fn term(&mut self) -> Option<Expr> {
        let mut e = self.unary()?;
        while let Some(op) = self.op(&[('*', Op::Mul), ('/', Op::Div), ('%', Op::Rem)]) {
            self.at += 1;
            let r = self.unary()?;
            self.nodes += 1;
            e = Expr::bin(op, e, r);
        }
        Some(e)
    }

    fn unary(&mut self) -> Option<Expr> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        match self.toks.get(self.at)? {
            Tok::Punct('-') => {
                // (`--` without a space is reserved in Rhai: a script holding it never compiles.)
                self.at += 1;
                let e = self.unary()?;
                Some(match e {
                    Expr::Lit(v) => Expr::Lit(v.checked_neg()?),
                    e => Expr::Neg(Box::new(e)),
                })
            }
            Tok::Punct('(') => {
                self.at += 1;
                let e = self.expr()?;
                self.expect(')')?;
                Some(e)
            }
            Tok::Int(v) => {
                let v = *v;
                self.at += 1;
                Some(Expr::Lit(v))
            }
            Tok::Ident(w) if w == self.param => {
                self.at += 1;
                // `n(...)`, `n.f()`, `n[i]`: not the subset.
                match self.toks.get(self.at) {
                    Some(Tok::Punct('(' | '.' | '[')) => None,
                    _ => Some(Expr::Param),
                }
            }
            _ => None,
        }
    }
}
