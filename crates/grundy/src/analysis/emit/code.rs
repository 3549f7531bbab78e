//! The emitted function described once and rendered per language: a small language of whole-number expressions
//! and statements ([`E`], [`S`]) for the body of `sg` or `is_p`, the tables it reads and the helpers it calls,
//! written out as C++, Python or Rust by [`render`]. Each rule's body is built once (in the parent module and in
//! [`super::two`]); only the words of each language live here and in [`super::helpers`].

use super::helpers::{helper, Helper};
use super::Language;
use crate::nimber::Nimber;

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Xor,
    Or,
    BitAnd,
    Eq,
    Ne,
    Lt,
    Ge,
    And,
    /// Logical or.
    Lor,
}

/// An expression on unsigned 64-bit whole numbers (or a truth value, for comparisons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum E {
    /// A variable.
    V(&'static str),
    /// A literal.
    L(u64),
    /// A signed literal (an argument of a helper that takes one).
    I(i64),
    /// A truth value.
    B(bool),
    /// `x op y`.
    Bin(Box<E>, Op, Box<E>),
    /// `min(x, y)`.
    Min(Box<E>, Box<E>),
    /// `max(x, y)`.
    Max(Box<E>, Box<E>),
    /// A helper's value.
    Call(&'static str, Vec<E>),
    /// `TABLE[x]`.
    Index(&'static str, Box<E>),
    /// `scale·x + offset`, modulo 2^64 in C++ and Rust.
    Affine(Box<E>, i64, i64),
}

impl E {
    pub fn bin(x: E, op: Op, y: E) -> E {
        E::Bin(Box::new(x), op, Box::new(y))
    }
    /// `x + c` (`x − |c|` for a negative `c`).
    pub fn plus(x: E, c: i128) -> E {
        match c {
            0 => x,
            c if c > 0 => E::bin(x, Op::Add, E::L(c as u64)),
            c => E::bin(x, Op::Sub, E::L(c.unsigned_abs() as u64)),
        }
    }
    pub fn call(name: &'static str, args: Vec<E>) -> E {
        E::Call(name, args)
    }
    /// Whether the variable `name` occurs in the expression.
    fn mentions(&self, name: &str) -> bool {
        match self {
            E::V(v) => *v == name,
            E::L(_) | E::I(_) | E::B(_) => false,
            E::Bin(x, _, y) | E::Min(x, y) | E::Max(x, y) => x.mentions(name) || y.mentions(name),
            E::Call(_, args) => args.iter().any(|x| x.mentions(name)),
            E::Index(_, x) | E::Affine(x, _, _) => x.mentions(name),
        }
    }
    fn atomic(&self) -> bool {
        !matches!(self, E::Bin(..) | E::Affine(..)) && !matches!(self, E::I(i) if *i < 0)
    }
}

/// A statement of the function's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum S {
    /// A comment line.
    Comment(String),
    /// `let name = value` (a whole number).
    Let(&'static str, E),
    /// `if cond { return value }`.
    If(E, E),
    /// `return value`.
    Return(E),
    /// `if cond`, stop with the message (the function refuses the arguments): C++ writes it to stderr and exits
    /// with status 2, Rust panics, Python raises `ValueError`. The message holds no quote, backslash or `%`.
    Refuse(E, String),
}

impl S {
    /// Whether the variable `name` occurs in the statement.
    fn mentions(&self, name: &str) -> bool {
        match self {
            S::Comment(_) => false,
            S::Let(_, e) | S::Return(e) => e.mentions(name),
            S::If(c, e) => c.mentions(name) || e.mentions(name),
            S::Refuse(c, _) => c.mentions(name),
        }
    }
}

/// A constant table the function reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Table {
    pub name: &'static str,
    pub doc: String,
    pub values: Vec<u64>,
}

/// What the program's `main` checks the function against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Check {
    /// Heaps: the first values written out, and the FNV-1a checksum of the values of heaps `0..count`.
    Heaps {
        first: Vec<Nimber>,
        count: u64,
        sum: u64,
    },
    /// Cells `(a, b, value)` of a table, written out.
    Cells {
        cells: Vec<[u64; 3]>,
        rows: String,
        cols: String,
    },
}

/// A whole emitted program: the comment, the helpers, the tables, the function, the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Program {
    /// The comment lines (without the comment marker).
    pub comment: Vec<String>,
    /// The helpers the body calls (their own needs are added by [`render`]).
    pub helpers: Vec<Helper>,
    pub tables: Vec<Table>,
    /// True: `is_p` (whether a position is a P-position), false: `sg` (its nim-value).
    pub p_only: bool,
    /// `["n"]` or `["a", "b"]`.
    pub params: Vec<&'static str>,
    pub body: Vec<S>,
    pub check: Check,
}

impl Program {
    pub fn name(&self) -> &'static str {
        if self.p_only {
            "is_p"
        } else {
            "sg"
        }
    }
}

fn op(o: Op, l: Language) -> &'static str {
    match (o, l) {
        (Op::Add, _) => "+",
        (Op::Sub, _) => "-",
        (Op::Mul, _) => "*",
        (Op::Div, Language::Python) => "//",
        (Op::Div, _) => "/",
        (Op::Rem, _) => "%",
        (Op::Xor, _) => "^",
        (Op::Or, _) => "|",
        (Op::BitAnd, _) => "&",
        (Op::Eq, _) => "==",
        (Op::Ne, _) => "!=",
        (Op::Lt, _) => "<",
        (Op::Ge, _) => ">=",
        (Op::And, Language::Python) => "and",
        (Op::And, _) => "&&",
        (Op::Lor, Language::Python) => "or",
        (Op::Lor, _) => "||",
    }
}

/// `e` as an operand: in parentheses unless it is a name, a literal, a call or an index.
fn sub(e: &E, l: Language) -> String {
    if e.atomic() {
        expr(e, l)
    } else {
        format!("({})", expr(e, l))
    }
}

/// `e` in language `l`.
pub(super) fn expr(e: &E, l: Language) -> String {
    match e {
        E::V(v) => v.to_string(),
        E::L(x) if l == Language::Cpp && *x > i32::MAX as u64 => format!("{x}ULL"),
        E::L(x) => x.to_string(),
        E::I(x) if l == Language::Cpp => format!("{x}LL"),
        E::I(x) => x.to_string(),
        E::B(b) if l == Language::Python => if *b { "True" } else { "False" }.into(),
        E::B(b) => b.to_string(),
        E::Bin(x, o, y) => format!("{} {} {}", sub(x, l), op(*o, l), sub(y, l)),
        E::Min(x, y) | E::Max(x, y) => {
            let name = if matches!(e, E::Min(..)) {
                "min"
            } else {
                "max"
            };
            match l {
                Language::Cpp => format!("std::{name}<u64>({}, {})", expr(x, l), expr(y, l)),
                Language::Rust => format!("{}.{name}({})", sub(x, l), expr(y, l)),
                Language::Python => format!("{name}({}, {})", expr(x, l), expr(y, l)),
            }
        }
        E::Call(f, args) => {
            let a: Vec<String> = args.iter().map(|x| expr(x, l)).collect();
            format!("{f}({})", a.join(", "))
        }
        E::Index(t, i) => match l {
            Language::Rust => format!("{t}[{} as usize]", sub(i, l)),
            _ => format!("{t}[{}]", expr(i, l)),
        },
        E::Affine(x, scale, offset) => {
            let mut s = match (l, *scale) {
                (_, 1) => sub(x, l),
                (Language::Cpp, a) => format!("(u64)({a}LL) * {}", sub(x, l)),
                (Language::Rust, a) => format!("({a}i64 as u64).wrapping_mul({})", expr(x, l)),
                (Language::Python, a) => format!("{a} * {}", sub(x, l)),
            };
            match (l, *offset) {
                (_, 0) => {}
                (Language::Cpp, b) => s += &format!(" + (u64)({b}LL)"),
                (Language::Rust, b) => s = format!("{s}.wrapping_add({b}i64 as u64)"),
                (Language::Python, b) if b > 0 => s += &format!(" + {b}"),
                (Language::Python, b) => s += &format!(" - {}", -b),
            }
            s
        }
    }
}

/// The body's statements, indented by four spaces.
fn body(b: &[S], l: Language) -> String {
    let mut s = String::new();
    for (i, st) in b.iter().enumerate() {
        let last = i + 1 == b.len();
        s += &match (st, l) {
            (S::Comment(c), Language::Python) => format!("    # {c}\n"),
            (S::Comment(c), _) => format!("    // {c}\n"),
            (S::Let(v, e), Language::Cpp) => format!("    u64 {v} = {};\n", expr(e, l)),
            (S::Let(v, e), Language::Rust) => format!("    let {v} = {};\n", expr(e, l)),
            (S::Let(v, e), Language::Python) => format!("    {v} = {}\n", expr(e, l)),
            (S::If(c, e), Language::Cpp) => {
                format!("    if ({}) return {};\n", expr(c, l), expr(e, l))
            }
            (S::If(c, e), Language::Rust) => format!(
                "    if {} {{\n        return {};\n    }}\n",
                expr(c, l),
                expr(e, l)
            ),
            (S::If(c, e), Language::Python) => {
                format!("    if {}:\n        return {}\n", expr(c, l), expr(e, l))
            }
            (S::Refuse(c, m), Language::Cpp) => format!(
                "    if ({}) {{\n        fputs(\"{m}\\n\", stderr);\n        exit(2);\n    }}\n",
                expr(c, l)
            ),
            (S::Refuse(c, m), Language::Rust) => {
                format!(
                    "    if {} {{\n        panic!(\"{m}\");\n    }}\n",
                    expr(c, l)
                )
            }
            (S::Refuse(c, m), Language::Python) => {
                format!(
                    "    if {}:\n        raise ValueError(\"{m}\")\n",
                    expr(c, l)
                )
            }
            (S::Return(e), Language::Rust) if last => format!("    {}\n", expr(e, l)),
            (S::Return(e), Language::Cpp | Language::Rust) => {
                format!("    return {};\n", expr(e, l))
            }
            (S::Return(e), Language::Python) => format!("    return {}\n", expr(e, l)),
        };
    }
    s
}

/// A list of numbers, at most 16 to a line, each line indented by `indent`.
pub(super) fn list(v: &[u64], indent: &str) -> String {
    list_by(v, 16, indent)
}

/// A list of numbers, `per` to a line, each line indented by `indent`.
pub(super) fn list_by(v: &[u64], per: usize, indent: &str) -> String {
    v.chunks(per)
        .map(|c| {
            let parts: Vec<String> = c.iter().map(u64::to_string).collect();
            format!("{indent}{},", parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn table(t: &Table, l: Language) -> String {
    let n = t.values.len();
    let v = list(&t.values, "    ");
    match l {
        Language::Cpp => format!(
            "// {}\nstatic const u64 {}[{n}] = {{\n{v}\n}};\n",
            t.doc, t.name
        ),
        Language::Rust => format!("/// {}\nconst {}: [u64; {n}] = [\n{v}\n];\n", t.doc, t.name),
        Language::Python => format!("# {}\n{} = [\n{v}\n]\n", t.doc, t.name),
    }
}

/// The helpers `hs` and those they call, each once, callees first.
fn closure(hs: &[Helper]) -> Vec<Helper> {
    let mut out: Vec<Helper> = Vec::new();
    fn add(h: Helper, out: &mut Vec<Helper>) {
        if out.contains(&h) {
            return;
        }
        for &d in h.needs() {
            add(d, out);
        }
        out.push(h);
    }
    for &h in hs {
        add(h, &mut out);
    }
    out
}

/// The program `p` in language `l`.
pub(super) fn render(p: &Program, l: Language) -> String {
    let mut s = String::new();
    let marker = match l {
        Language::Cpp => "//",
        Language::Rust => "//!",
        Language::Python => "#",
    };
    if l == Language::Python {
        s += "#!/usr/bin/env python3\n";
    }
    for c in &p.comment {
        s += format!("{marker} {c}").trim_end();
        s.push('\n');
    }
    let helpers = closure(&p.helpers);
    match l {
        Language::Cpp => {
            s += "#include <algorithm>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n\ntypedef unsigned long long u64;\n";
            if helpers.iter().any(|h| h.wide()) {
                s += "typedef unsigned __int128 u128;\n";
            }
            s.push('\n');
        }
        Language::Rust => s.push('\n'),
        Language::Python => {
            if helpers.iter().any(|h| h.uses_math()) {
                s += "import math\n";
            }
            s += "import sys\n\n\n";
        }
    }
    let sep = if l == Language::Python { "\n\n" } else { "\n" };
    for &h in &helpers {
        s += &helper(h, l);
        s += sep;
    }
    for t in &p.tables {
        s += &table(t, l);
        s += sep;
    }
    let name = p.name();
    let params = match l {
        Language::Cpp => p
            .params
            .iter()
            .map(|v| format!("u64 {v}"))
            .collect::<Vec<_>>(),
        // A parameter the rule does not read (G(a, b) = a) is named `_b`, which rustc takes as meant.
        Language::Rust => p
            .params
            .iter()
            .map(|v| {
                let unused = if p.body.iter().any(|s| s.mentions(v)) {
                    ""
                } else {
                    "_"
                };
                format!("{unused}{v}: u64")
            })
            .collect(),
        Language::Python => p.params.iter().map(|v| format!("{v}: int")).collect(),
    }
    .join(", ");
    s += &match (l, p.p_only) {
        (Language::Cpp, false) => format!("u64 {name}({params}) {{\n"),
        (Language::Cpp, true) => format!("bool {name}({params}) {{\n"),
        (Language::Rust, false) => format!("fn {name}({params}) -> u64 {{\n"),
        (Language::Rust, true) => format!("fn {name}({params}) -> bool {{\n"),
        (Language::Python, false) => format!("def {name}({params}) -> int:\n"),
        (Language::Python, true) => format!("def {name}({params}) -> bool:\n"),
    };
    s += &body(&p.body, l);
    if l != Language::Python {
        s += "}\n";
    }
    s += sep;
    s += &super::mains::main(p, l);
    s
}
