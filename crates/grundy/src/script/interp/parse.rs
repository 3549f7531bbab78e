//! Reading a script's functions into the tree [`super::eval`] runs: a lexer and a recursive-descent parser for the
//! subset of Rhai the interpreter knows, with Rhai's precedence and associativity. The script has been compiled by
//! Rhai already, so the text is a valid program; this parser only has to read what it accepts exactly as Rhai reads
//! it, and to give up (`None`) on anything else: a string, a closure, a map, a `switch`, an operator or function it
//! does not know, a variable it cannot resolve.

use super::{Bin, Block, Builtin, Expr, FnDef, Iter, Method, Stmt, Val, MAX_FNS, MAX_NODES};

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    Int(i64),
    /// Punctuation and operators, longest match first (`..=`, `<=`, `+=`, `(`, ...).
    Op(&'static str),
    /// Anything the subset has no use for (a string, a float, an operator it does not know).
    Other,
}

/// Rhai's operators of two or three characters this lexer reads as one token; those the subset has no use for are
/// read too, so that they are refused rather than split into two it knows.
const LONG_OPS: &[&str] = &[
    "..=", "...", "**=", "<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "<<", ">>", "**", "..", "::", "=>", "->", "?.", "?[", "??", "#{", "|>",
    "<-", "++", "--", ":=",
];
/// Single-character tokens the subset reads.
const SHORT_OPS: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ",", ";", ".", "+", "-", "*", "/", "%", "<", ">", "=", "!", "&",
    "|", "^",
];
/// Multi-character operators the subset reads (the others of [`LONG_OPS`] are [`Tok::Other`]).
const KNOWN_LONG: &[&str] = &[
    "..=", "**=", "<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
    "&=", "|=", "^=", "<<", ">>", "**", "..",
];

/// The tokens of `text`, skipping comments; `None` where this lexer cannot be sure of what Rhai reads (a
/// back-quoted string, whose interpolation holds code; an unterminated comment).
pub(crate) fn tokens(text: &str) -> Option<Vec<Tok>> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            i = skip_block_comment(&c, i)?;
        } else if ch == '"' || ch == '\'' {
            i += 1;
            while i < c.len() && c[i] != ch {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(Tok::Other);
        } else if ch == '`' {
            return None;
        } else if ch.is_ascii_alphabetic() || ch == '_' {
            let s = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[s..i].iter().collect()));
        } else if ch.is_ascii_digit()
            || (ch == '-'
                && c.get(i + 1).is_some_and(char::is_ascii_digit)
                && unary_next(out.last()))
        {
            // Rhai reads `-` right before a digit as part of a negative number where an operand is expected
            // (`-1.abs()` is 1, `[-1]`), and as the operator after an operand (`n -1`).
            let negative = ch == '-';
            if negative {
                i += 1;
            }
            let s = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            // `1.5` (a float) is not the subset; `0..n` is a range and `5.abs()` a method call.
            if c.get(i) == Some(&'.') && c.get(i + 1).is_some_and(char::is_ascii_digit) {
                out.push(Tok::Other);
                continue;
            }
            let word: String = c[s..i].iter().filter(|&&d| d != '_').collect();
            let value = match number(&word) {
                // (A negative number in another base is not the subset.)
                Some(_) if negative && !word.chars().all(|d| d.is_ascii_digit()) => None,
                Some(_) if negative => format!("-{word}").parse().ok(),
                v => v,
            };
            out.push(value.map_or(Tok::Other, Tok::Int));
        } else {
            let rest: String = c[i..(i + 3).min(c.len())].iter().collect();
            if let Some(op) = LONG_OPS.iter().find(|op| rest.starts_with(**op)) {
                i += op.chars().count();
                out.push(match KNOWN_LONG.iter().find(|k| *k == op) {
                    Some(k) => Tok::Op(k),
                    None => Tok::Other,
                });
            } else {
                let s = ch.to_string();
                out.push(match SHORT_OPS.iter().find(|k| **k == s) {
                    Some(k) => Tok::Op(k),
                    None => Tok::Other,
                });
                i += 1;
            }
        }
    }
    Some(out)
}

/// Whether Rhai reads a `-` after `prev` as the sign of what follows (its `Token::is_next_unary`): at the start,
/// after an operator or an opening bracket, and after the keywords that an expression follows.
fn unary_next(prev: Option<&Tok>) -> bool {
    match prev {
        None => true,
        Some(Tok::Op(op)) => !matches!(*op, ")" | "]" | "}" | "."),
        Some(Tok::Ident(w)) => matches!(
            w.as_str(),
            "if" | "while" | "until" | "in" | "return" | "throw"
        ),
        Some(Tok::Int(_)) => false,
        // (What follows an unknown token is never read.)
        Some(Tok::Other) => true,
    }
}

/// The index just past the block comment starting at `i` (Rhai's block comments nest).
fn skip_block_comment(c: &[char], mut i: usize) -> Option<usize> {
    let mut level = 0usize;
    loop {
        if i >= c.len() {
            return None;
        }
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            level += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            level -= 1;
            i += 2;
            if level == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
}

/// An integer literal as Rhai reads it: decimal, or `0x`, `0o`, `0b` (underscores removed).
fn number(w: &str) -> Option<i64> {
    let (digits, radix) = match w.get(..2) {
        Some("0x") => (&w[2..], 16),
        Some("0o") => (&w[2..], 8),
        Some("0b") => (&w[2..], 2),
        _ => (w, 10),
    };
    if digits.is_empty() || !digits.chars().all(|d| d.is_digit(radix)) {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

/// A function of the script as written: its name, parameters and the tokens of its body (between the braces).
pub(super) struct Source {
    pub(super) name: String,
    pub(super) params: Vec<String>,
    pub(super) body: std::ops::Range<usize>,
}

/// The functions defined at the top level of `toks` (`fn NAME(a, b) { ... }`, also `private fn`); `None` when one
/// cannot be read.
pub(super) fn functions(toks: &[Tok]) -> Option<Vec<Source>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Op("{" | "(" | "[") => depth += 1,
            Tok::Op("}" | ")" | "]") => depth = depth.checked_sub(1)?,
            Tok::Ident(w) if w == "fn" && depth == 0 => {
                let Some(Tok::Ident(name)) = toks.get(i + 1) else {
                    return None;
                };
                if toks.get(i + 2) != Some(&Tok::Op("(")) {
                    return None;
                }
                let mut params = Vec::new();
                let mut j = i + 3;
                loop {
                    match toks.get(j)? {
                        Tok::Op(")") => break,
                        Tok::Ident(p) => {
                            params.push(p.clone());
                            j += 1;
                            match toks.get(j)? {
                                Tok::Op(",") => j += 1,
                                Tok::Op(")") => break,
                                _ => return None,
                            }
                        }
                        _ => return None,
                    }
                }
                // `)` then `{`.
                if toks.get(j + 1) != Some(&Tok::Op("{")) {
                    return None;
                }
                let start = j + 2;
                let mut level = 1usize;
                let mut k = start;
                while level > 0 {
                    match toks.get(k)? {
                        Tok::Op("{") => level += 1,
                        Tok::Op("}") => level -= 1,
                        _ => {}
                    }
                    k += 1;
                }
                out.push(Source {
                    name: name.clone(),
                    params,
                    body: start..k - 1,
                });
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Some(out)
}

/// Reads the functions reachable from one: the function table being built, and where each named function is.
pub(super) struct Program<'a> {
    pub(super) toks: &'a [Tok],
    pub(super) sources: &'a [Source],
    /// The script's global constants (read inside every function), by name.
    pub(super) globals: &'a [(String, Val)],
    /// Compiled so far, in the order first called; index = the [`Expr::Call`] target.
    pub(super) fns: Vec<Option<FnDef>>,
    /// `(name, arity)` of each entry of `fns`.
    pub(super) names: Vec<(String, usize)>,
    pub(super) nodes: usize,
}

impl Program<'_> {
    /// The index of the script function `name` of `arity` parameters, compiling it on first use; `None` when it is
    /// not defined or not in the subset.
    pub(super) fn function(&mut self, name: &str, arity: usize) -> Option<Option<usize>> {
        if let Some(i) = self
            .names
            .iter()
            .position(|(n, a)| n == name && *a == arity)
        {
            return Some(Some(i));
        }
        let Some(src) = self
            .sources
            .iter()
            .find(|s| s.name == name && s.params.len() == arity)
        else {
            return Some(None);
        };
        if self.fns.len() >= MAX_FNS {
            return None;
        }
        let index = self.fns.len();
        self.fns.push(None);
        self.names.push((name.to_string(), arity));
        let mut f = FnParser {
            prog: self,
            at: src.body.start,
            end: src.body.end,
            scopes: vec![src.params.iter().cloned().zip(0..).collect()],
            slots: src.params.len(),
            loops: 0,
        };
        let body = f.block_body()?;
        let slots = f.slots;
        if f.at != f.end {
            return None;
        }
        self.fns[index] = Some(FnDef {
            params: arity,
            slots,
            body,
        });
        Some(Some(index))
    }
}

/// The parser of one function body: names resolve to frame slots through a stack of scopes (a `let` adds a slot,
/// so a name declared again shadows the old one, as in Rhai).
struct FnParser<'p, 'a> {
    prog: &'p mut Program<'a>,
    at: usize,
    end: usize,
    /// The names in scope, innermost last, each with its slot.
    scopes: Vec<Vec<(String, usize)>>,
    slots: usize,
    loops: usize,
}

/// Binary operators by Rhai's precedence (`Token::precedence`): all bind to the left except `**`.
fn binary(op: &str) -> Option<(u8, Bin)> {
    Some(match op {
        "||" => (30, Bin::Or),
        "|" => (30, Bin::BitOr),
        "^" => (30, Bin::Xor),
        "&&" => (60, Bin::And),
        "&" => (60, Bin::BitAnd),
        "==" => (90, Bin::Eq),
        "!=" => (90, Bin::Ne),
        "<" => (130, Bin::Lt),
        "<=" => (130, Bin::Le),
        ">" => (130, Bin::Gt),
        ">=" => (130, Bin::Ge),
        "+" => (150, Bin::Add),
        "-" => (150, Bin::Sub),
        "*" => (180, Bin::Mul),
        "/" => (180, Bin::Div),
        "%" => (180, Bin::Rem),
        "**" => (190, Bin::Pow),
        "<<" => (210, Bin::Shl),
        ">>" => (210, Bin::Shr),
        _ => return None,
    })
}

/// Compound assignments and the operator each applies.
fn compound(op: &str) -> Option<Option<Bin>> {
    Some(match op {
        "=" => None,
        "+=" => Some(Bin::Add),
        "-=" => Some(Bin::Sub),
        "*=" => Some(Bin::Mul),
        "/=" => Some(Bin::Div),
        "%=" => Some(Bin::Rem),
        "**=" => Some(Bin::Pow),
        "<<=" => Some(Bin::Shl),
        ">>=" => Some(Bin::Shr),
        "&=" => Some(Bin::BitAnd),
        "|=" => Some(Bin::BitOr),
        "^=" => Some(Bin::Xor),
        _ => return None,
    })
}

/// Words that are not variables.
const KEYWORDS: &[&str] = &[
    "let",
    "const",
    "if",
    "else",
    "while",
    "loop",
    "for",
    "in",
    "do",
    "until",
    "break",
    "continue",
    "return",
    "fn",
    "private",
    "true",
    "false",
    "this",
    "switch",
    "throw",
    "try",
    "catch",
    "import",
    "export",
    "as",
    "global",
    "Fn",
    "call",
    "curry",
    "type_of",
    "print",
    "debug",
    "eval",
    "is_def_var",
    "is_def_fn",
    "is_shared",
    "static",
    "shared",
    "sync",
    "async",
    "await",
    "yield",
    "default",
    "void",
    "null",
    "nil",
    "spawn",
    "thread",
    "go",
    "exit",
    "goto",
    "new",
    "var",
    "match",
    "case",
    "public",
    "protected",
    "super",
    "with",
    "module",
    "package",
    "use",
];

impl FnParser<'_, '_> {
    fn peek(&self) -> Option<&Tok> {
        (self.at < self.end).then(|| &self.prog.toks[self.at])
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        (self.at + k < self.end).then(|| &self.prog.toks[self.at + k])
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(x)) if x == w)
    }
    fn eat(&mut self, op: &str) -> bool {
        let yes = self.is_op(op);
        if yes {
            self.at += 1;
        }
        yes
    }
    fn expect(&mut self, op: &str) -> Option<()> {
        self.eat(op).then_some(())
    }
    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.at += 1;
        }
        yes
    }
    fn node(&mut self) -> Option<()> {
        self.prog.nodes += 1;
        (self.prog.nodes <= MAX_NODES).then_some(())
    }
    fn ident(&mut self) -> Option<String> {
        match self.peek()? {
            Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) => {
                let w = w.clone();
                self.at += 1;
                Some(w)
            }
            _ => None,
        }
    }
    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes
            .iter()
            .rev()
            .find_map(|scope| scope.iter().rev().find(|(n, _)| n == name))
            .map(|(_, slot)| *slot)
    }
    /// Declares `name` in the innermost scope: its slot.
    fn declare(&mut self, name: String) -> usize {
        let slot = self.slots;
        self.scopes
            .last_mut()
            .expect("a scope is open")
            .push((name, slot));
        self.slots += 1;
        slot
    }

    /// The statements up to the closing brace (not eaten) or the end of the function body.
    fn block_body(&mut self) -> Option<Block> {
        let mut stmts = Vec::new();
        while self.peek().is_some() && !self.is_op("}") {
            if self.eat(";") {
                continue;
            }
            let (s, ends_block) = self.statement()?;
            stmts.push(s);
            if !ends_block && !self.eat(";") && self.peek().is_some() && !self.is_op("}") {
                return None;
            }
        }
        Some(Block { stmts })
    }

    /// `{ ... }` as a new scope.
    fn block(&mut self) -> Option<Block> {
        self.expect("{")?;
        // A nested scope reuses no slot: slots only grow, so each declaration keeps its own.
        self.scopes.push(Vec::new());
        let b = self.block_body()?;
        self.scopes.pop();
        self.expect("}")?;
        Some(b)
    }

    /// One statement, and whether it ended in a block (needs no `;` after it).
    ///
    /// Long: one arm per statement form of the subset (let, if, while, loop, for, break, continue, return,
    /// assignments, method calls that change a variable, expressions), each a few lines.
    fn statement(&mut self) -> Option<(Stmt, bool)> {
        self.node()?;
        if self.eat_word("let") || self.eat_word("const") {
            let name = self.ident()?;
            let value = if self.eat("=") {
                self.expr(0)?
            } else {
                Expr::Lit(Val::Unit)
            };
            let slot = self.declare(name);
            return Some((Stmt::Let(slot, value), false));
        }
        if self.is_word("if") {
            let e = self.if_expr()?;
            return Some((Stmt::Expr(e), true));
        }
        if self.eat_word("while") {
            let cond = self.expr(0)?;
            self.loops += 1;
            let body = self.block()?;
            self.loops -= 1;
            return Some((Stmt::While(cond, body), true));
        }
        if self.eat_word("loop") {
            self.loops += 1;
            let body = self.block()?;
            self.loops -= 1;
            return Some((Stmt::Loop(body), true));
        }
        if self.eat_word("for") {
            return self.for_loop().map(|s| (s, true));
        }
        if self.eat_word("break") {
            return (self.loops > 0 && self.ends_statement()).then_some((Stmt::Break, false));
        }
        if self.eat_word("continue") {
            return (self.loops > 0 && self.ends_statement()).then_some((Stmt::Continue, false));
        }
        if self.eat_word("return") {
            let e = if self.ends_statement() {
                Expr::Lit(Val::Unit)
            } else {
                self.expr(0)?
            };
            return Some((Stmt::Return(e), false));
        }
        if let Some(s) = self.assignment_or_mutation()? {
            return Some((s, false));
        }
        let e = self.expr(0)?;
        Some((Stmt::Expr(e), false))
    }

    fn ends_statement(&self) -> bool {
        self.peek().is_none() || self.is_op(";") || self.is_op("}")
    }

    /// `x = e`, `x += e`, `x[i] = e`, `x[i] += e`, `x.push(e)` and the other methods that change the array in a
    /// variable; `Some(None)` when the statement is none of these (then it is read as an expression).
    fn assignment_or_mutation(&mut self) -> Option<Option<Stmt>> {
        let Some(Tok::Ident(name)) = self.peek() else {
            return Some(None);
        };
        let name = name.clone();
        let Some(slot) = self.lookup(&name) else {
            return Some(None);
        };
        match self.peek_at(1) {
            Some(Tok::Op(op)) if compound(op).is_some() => {
                let op = compound(op)?;
                self.at += 2;
                let e = self.expr(0)?;
                Some(Some(Stmt::Assign(slot, op, e)))
            }
            Some(Tok::Op("[")) => {
                // `x[i] op= e` only; `x[i]` alone (or in an expression) is read as an expression.
                let save = self.at;
                self.at += 2;
                let index = self.expr(0)?;
                self.expect("]")?;
                match self.peek() {
                    Some(Tok::Op(op)) if compound(op).is_some() => {
                        let op = compound(op)?;
                        self.at += 1;
                        let e = self.expr(0)?;
                        Some(Some(Stmt::AssignIndex(slot, index, op, e)))
                    }
                    _ => {
                        self.at = save;
                        Some(None)
                    }
                }
            }
            Some(Tok::Op(".")) => {
                let Some(Tok::Ident(m)) = self.peek_at(2) else {
                    return None;
                };
                let method = match m.as_str() {
                    "push" => Method::Push,
                    "pop" => Method::Pop,
                    "remove" => Method::Remove,
                    "insert" => Method::Insert,
                    "clear" => Method::Clear,
                    "reverse" => Method::Reverse,
                    "sort" => Method::Sort,
                    _ => return Some(None),
                };
                if self.prog.sources.iter().any(|s| s.name == *m) {
                    return None;
                }
                self.at += 3;
                let args = self.args()?;
                if args.len() != method.arity() {
                    return None;
                }
                // A statement that is one call: its value is the call's (a `pop` or `remove` as the last statement).
                if !self.ends_statement() {
                    return None;
                }
                Some(Some(Stmt::Expr(Expr::Mutate(slot, method, args))))
            }
            _ => Some(None),
        }
    }

    fn for_loop(&mut self) -> Option<Stmt> {
        let name = self.ident()?;
        if !self.eat_word("in") {
            return None;
        }
        let from = self.expr(141)?;
        let iter = if self.eat("..") {
            Iter::Range(from, self.expr(141)?, false)
        } else if self.eat("..=") {
            Iter::Range(from, self.expr(141)?, true)
        } else {
            match from {
                Expr::RangeCall(a, b) => Iter::Range(*a, *b, false),
                e => Iter::Array(e),
            }
        };
        self.scopes.push(Vec::new());
        let slot = self.declare(name);
        self.loops += 1;
        let body = self.block()?;
        self.loops -= 1;
        self.scopes.pop();
        Some(Stmt::For(slot, iter, body))
    }

    /// `if c { ... } else if ... else { ... }`.
    fn if_expr(&mut self) -> Option<Expr> {
        self.node()?;
        if !self.eat_word("if") {
            return None;
        }
        let cond = self.expr(0)?;
        let then = self.block()?;
        let other = if self.eat_word("else") {
            if self.is_word("if") {
                let e = self.if_expr()?;
                Some(Block {
                    stmts: vec![Stmt::Expr(e)],
                })
            } else {
                Some(self.block()?)
            }
        } else {
            None
        };
        Some(Expr::If(Box::new(cond), then, other))
    }

    /// An expression whose binary operators bind at least as tightly as `min` (precedence climbing).
    fn expr(&mut self, min: u8) -> Option<Expr> {
        let mut left = self.unary()?;
        while let Some(Tok::Op(op)) = self.peek() {
            let Some((prec, bin)) = binary(op) else {
                break;
            };
            if prec < min {
                break;
            }
            self.at += 1;
            self.node()?;
            let next = if bin == Bin::Pow { prec } else { prec + 1 };
            let right = self.expr(next)?;
            left = Expr::Bin(bin, Box::new(left), Box::new(right));
        }
        Some(left)
    }

    fn unary(&mut self) -> Option<Expr> {
        self.node()?;
        if self.eat("-") {
            let e = self.unary()?;
            return Some(match e {
                Expr::Lit(Val::Int(v)) => Expr::Lit(Val::Int(v.checked_neg()?)),
                e => Expr::Neg(Box::new(e)),
            });
        }
        if self.eat("!") {
            return Some(Expr::Not(Box::new(self.unary()?)));
        }
        let e = self.primary()?;
        self.postfix(e)
    }

    /// `e[i]` and `e.method(...)` after a primary expression.
    fn postfix(&mut self, mut e: Expr) -> Option<Expr> {
        loop {
            if self.eat("[") {
                let i = self.expr(0)?;
                self.expect("]")?;
                e = Expr::Index(Box::new(e), Box::new(i));
            } else if self.is_op(".") {
                self.at += 1;
                let m = self.ident()?;
                if self.prog.sources.iter().any(|s| s.name == m) {
                    return None;
                }
                let args = self.args()?;
                let b = match (m.as_str(), args.len()) {
                    ("len", 0) => Builtin::Len,
                    ("is_empty", 0) => Builtin::IsEmpty,
                    ("contains", 1) => Builtin::Contains,
                    ("abs", 0) => Builtin::Abs,
                    ("sign", 0) => Builtin::Sign,
                    ("min", 1) => Builtin::Min,
                    ("max", 1) => Builtin::Max,
                    _ => return None,
                };
                let mut all = vec![e];
                all.extend(args);
                e = Expr::Builtin(b, all);
            } else {
                return Some(e);
            }
        }
    }

    /// `( e, e, ... )`.
    fn args(&mut self) -> Option<Vec<Expr>> {
        self.expect("(")?;
        let mut args = Vec::new();
        while !self.eat(")") {
            args.push(self.expr(0)?);
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        Some(args)
    }

    fn primary(&mut self) -> Option<Expr> {
        match self.peek()?.clone() {
            Tok::Int(v) => {
                self.at += 1;
                Some(Expr::Lit(Val::Int(v)))
            }
            Tok::Op("(") => {
                self.at += 1;
                let e = self.expr(0)?;
                self.expect(")")?;
                Some(e)
            }
            Tok::Op("[") => {
                self.at += 1;
                let mut items = Vec::new();
                while !self.eat("]") {
                    items.push(self.expr(0)?);
                    if !self.eat(",") {
                        self.expect("]")?;
                        break;
                    }
                }
                Some(Expr::Array(items))
            }
            Tok::Ident(w) if w == "true" || w == "false" => {
                self.at += 1;
                Some(Expr::Lit(Val::Bool(w == "true")))
            }
            Tok::Ident(w) if w == "if" => self.if_expr(),
            Tok::Ident(_) => self.name(),
            _ => None,
        }
    }

    /// A variable, a global constant, or a call of a script function or a built-in one.
    fn name(&mut self) -> Option<Expr> {
        let name = self.ident()?;
        if !self.is_op("(") {
            if let Some(slot) = self.lookup(&name) {
                return Some(Expr::Var(slot));
            }
            let v = self.prog.globals.iter().rev().find(|(n, _)| *n == name)?;
            return Some(Expr::Lit(v.1.clone()));
        }
        let args = self.args()?;
        if let Some(f) = self.prog.function(&name, args.len())? {
            return Some(Expr::Call(f, args));
        }
        // (A script function of this name with another arity: Rhai would look for a built-in one; so does this.)
        let b = match (name.as_str(), args.len()) {
            ("splits", 1) => Builtin::Splits,
            ("abs", 1) => Builtin::Abs,
            ("sign", 1) => Builtin::Sign,
            ("min", 2) => Builtin::Min,
            ("max", 2) => Builtin::Max,
            ("len", 1) => Builtin::Len,
            ("is_empty", 1) => Builtin::IsEmpty,
            ("contains", 2) => Builtin::Contains,
            ("range", 2) => {
                let mut it = args.into_iter();
                let (a, b) = (it.next()?, it.next()?);
                return Some(Expr::RangeCall(Box::new(a), Box::new(b)));
            }
            _ => return None,
        };
        Some(Expr::Builtin(b, args))
    }
}
