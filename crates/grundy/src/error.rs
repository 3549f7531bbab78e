//! The one error type of the library.
//!
//! Every failure is a value with a kind and a one-line message that names the offending input and, where a limit
//! was hit, the limit. The command-line tool prints the message as it is and turns the kind into an exit status.

use std::fmt;

/// What went wrong, coarsely: enough for a caller to decide what to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is malformed: a bad code, a number out of range, a truncated file.
    Input,
    /// A limit was reached (positions stored, heap size, time, memory). Raising the limit may help.
    Limit,
    /// The game has a cycle of positions; the finite-game solvers do not apply (see [`crate::loopy`]).
    Loopy,
    /// The request is well formed but the tool does not support it (for example misère play of a scoring game).
    Unsupported,
    /// The caller stopped the work ([`crate::Context::with_cancel`]) before it ended.
    Cancelled,
}

/// The budget that stopped a piece of work, with its value: the data of an [`ErrorKind::Limit`] error whose limit
/// the caller chose (and may raise to get the answer), as opposed to a fixed bound of the tool (the largest board
/// the exact search takes, say). Front ends word the remedy in their own terms (a flag, a keyword argument), and
/// the command line exits with its own status for it, so that a job scheduler can retry with a larger budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// The time limit (the whole command's deadline, or a budget of seconds of one step).
    Time(std::time::Duration),
    /// The memory budget, in bytes.
    Memory(u64),
    /// The number of positions a search may store.
    Positions(u64),
}

/// How to go on after an error, as data: each front end words it in its own terms ([`Error::render`]): the
/// command line names its flags ("raise it with --max-seconds"), Python its keyword arguments ("raise it with
/// max_seconds="), and [`Error`]'s `Display` uses the plain words of [`Remedy::plain_words`]. The library's messages
/// never name a front end's flag themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Remedy {
    /// Raise this budget (the time, memory or position limit that stopped the work).
    Raise(Budget),
    /// Lift the time limit altogether (after [`Remedy::Raise`] of a default time limit).
    LiftTimeLimit,
    /// Analyse the game as a loopy game, whose positions may repeat ([`crate::loopy`]).
    Loopy,
    /// Analyse the game as a loopy game, in an analysis (not in play, which does not take loopy games).
    AnalyseLoopy,
    /// Use the plain sequence engine, which takes every code.
    PlainEngine,
    /// Ask for the outcome alone, without winning moves.
    OutcomeAlone,
    /// Play the game by its own convention: leave out the misère switch.
    LeaveOutMisere,
    /// Name positions by two numbers (rows and columns).
    RowsAndColumns,
    /// Raise the largest heap of a loopy analysis.
    RaiseMaxHeap,
    /// Lower the largest heap of a loopy analysis.
    LowerMaxHeap,
    /// Search the sequence further (a period search to a larger heap).
    SearchFurther,
    /// Value a black box's huge heaps from a period observed on its values: an assumption the user allows.
    AssumePeriod,
    /// Draw a larger picture, or a table of fewer cells (a table whose cells do not fit the picture).
    LargerPicture,
}

impl Remedy {
    /// The library's own words for the remedy, naming no front end's flag: what an [`Error`] displays.
    pub fn plain_words(self) -> String {
        match self {
            Remedy::Raise(Budget::Time(_)) => "raise the time limit",
            Remedy::Raise(Budget::Memory(_)) => "raise the memory limit",
            Remedy::Raise(Budget::Positions(_)) => "raise the limit on positions stored",
            Remedy::LiftTimeLimit => "lift the time limit",
            Remedy::Loopy | Remedy::AnalyseLoopy => "analyse it as a loopy game",
            Remedy::PlainEngine => "use the plain engine",
            Remedy::OutcomeAlone => "ask for its outcome alone",
            Remedy::LeaveOutMisere => "play it by its own convention",
            Remedy::RowsAndColumns => "name positions by rows and columns",
            Remedy::RaiseMaxHeap => "raise the largest heap",
            Remedy::LowerMaxHeap => "lower the largest heap",
            Remedy::SearchFurther => "search the sequence further",
            Remedy::AssumePeriod => "allow a period observed on its values, as an assumption",
            Remedy::LargerPicture => "draw a larger picture or fewer cells",
        }
        .to_string()
    }
}

/// An error with a one-line, human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    budget: Option<Budget>,
    remedies: Vec<Remedy>,
    /// Where the hints added by [`Error::with_hint`] start in `message`: the remedies are said before them.
    hints_at: usize,
}

impl Error {
    /// An error of `kind` with the one-line `message` (no trailing newline or period needed).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            budget: None,
            remedies: Vec::new(),
            hints_at: usize::MAX,
        }
    }
    /// Malformed input.
    pub fn input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Input, message)
    }
    /// A limit was reached.
    pub fn limit(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Limit, message)
    }
    /// The work was stopped by `budget`, a limit the caller chose (kind [`ErrorKind::Limit`]); its remedy,
    /// [`Remedy::Raise`] of that budget, goes with it.
    pub fn over_budget(budget: Budget, message: impl Into<String>) -> Self {
        Error {
            budget: Some(budget),
            remedies: vec![Remedy::Raise(budget)],
            ..Self::new(ErrorKind::Limit, message)
        }
    }
    /// The same error with one more way to go on (several are said joined by "or").
    pub fn with_remedy(mut self, remedy: Remedy) -> Self {
        self.remedies.push(remedy);
        self
    }
    /// The ways to go on, as data ([`Remedy`]), first the likeliest.
    pub fn remedies(&self) -> &[Remedy] {
        &self.remedies
    }
    /// The whole one-line message with its remedies in `words`, a front end's terms: "MESSAGE (REMEDY, or
    /// REMEDY)". `Display` is `render(Remedy::plain_words)`.
    pub fn render(&self, words: impl Fn(Remedy) -> String) -> String {
        if self.remedies.is_empty() {
            return self.message.clone();
        }
        let said: Vec<String> = self.remedies.iter().map(|&r| words(r)).collect();
        let (main, hints) = self.message.split_at(self.hints_at.min(self.message.len()));
        format!("{main} ({}){hints}", said.join(", or "))
    }
    /// A cycle of positions was found.
    pub fn loopy(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Loopy, message)
    }
    /// The caller stopped the work ([`ErrorKind::Cancelled`]).
    pub fn cancelled(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Cancelled, message)
    }
    /// Not supported.
    pub fn unsupported(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unsupported, message)
    }
    /// What kind of failure this is (the command-line tool maps it to an exit status).
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
    /// The budget that stopped the work, when a limit the caller chose did ([`Error::over_budget`]).
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }
    /// The one-line message, naming the offending input or the limit reached, without its remedies
    /// ([`Error::render`] says both).
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The same error (kind, budget and remedies) with `; hint` after its message: how to go on, say (said after
    /// the remedies by [`Error::render`]).
    pub fn with_hint(self, hint: impl fmt::Display) -> Self {
        Error {
            hints_at: self.hints_at.min(self.message.len()),
            message: format!("{}; {hint}", self.message),
            ..self
        }
    }
    /// The same error with `context: ` put in front of its message.
    pub fn context(self, context: impl fmt::Display) -> Self {
        let message = format!("{context}: {}", self.message);
        Error {
            hints_at: self
                .hints_at
                .saturating_add(message.len() - self.message.len()),
            message,
            ..self
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Remedy::plain_words))
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// User text made safe for a one-line message: control characters (terminal escapes, newlines, tabs) and
/// invisible direction marks are written as Rust escapes (`\u{1b}`), everything else as it is.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The ending of a noun counted `n` times in a message: "" for 1, else "s" (1 move, 2 moves).
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `text` without a leading UTF-8 byte-order mark (U+FEFF), which some editors write at the start of a file and
/// which is no part of its content: the library's file readers (rules scripts, graph and board files) read through it.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Parses a non-negative integer that must fit in `u64`, with a message that names `what` and the bound.
pub fn parse_u64(text: &str, what: &str) -> Result<u64> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Error::input(format!(
            "{what}: expected a non-negative integer, found nothing"
        )));
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::input(format!(
            "{what}: expected a non-negative integer, found '{}'",
            escape(t)
        )));
    }
    t.parse::<u64>().map_err(|_| {
        Error::input(format!(
            "{what}: {t} is too large (the largest allowed is {})",
            u64::MAX
        ))
    })
}

/// Parses a non-negative integer no larger than `max`.
pub fn parse_bounded(text: &str, what: &str, max: u64) -> Result<u64> {
    let v = parse_u64(text, what).map_err(|e| {
        if e.message().contains("too large") {
            Error::input(format!(
                "{what}: {} is too large (the largest allowed is {max})",
                text.trim()
            ))
        } else {
            e
        }
    })?;
    if v > max {
        return Err(Error::input(format!(
            "{what}: {v} is too large (the largest allowed is {max})"
        )));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remedies_are_data_each_front_end_words() {
        let e = Error::over_budget(Budget::Positions(10), "the search stored 10 positions")
            .with_remedy(Remedy::LowerMaxHeap)
            .context("kayles");
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(e.budget(), Some(Budget::Positions(10)));
        assert_eq!(e.message(), "kayles: the search stored 10 positions");
        assert_eq!(
            e.remedies(),
            &[Remedy::Raise(Budget::Positions(10)), Remedy::LowerMaxHeap]
        );
        assert_eq!(
            e.to_string(),
            "kayles: the search stored 10 positions (raise the limit on positions stored, or lower the largest heap)"
        );
        let flags = |r: Remedy| match r {
            Remedy::Raise(_) => "raise it with --max-positions".to_string(),
            _ => "lower --max-heap".to_string(),
        };
        assert_eq!(
            e.render(flags),
            "kayles: the search stored 10 positions (raise it with --max-positions, or lower --max-heap)"
        );
        assert_eq!(Error::input("bad").render(flags), "bad");
        let hinted = Error::over_budget(Budget::Positions(10), "stopped")
            .with_hint("saved in f")
            .context("kayles");
        assert_eq!(
            hinted.render(flags),
            "kayles: stopped (raise it with --max-positions); saved in f"
        );
    }

    #[test]
    fn parse_errors_name_the_input() {
        assert_eq!(parse_u64("42", "heap").unwrap(), 42);
        let e = parse_u64("99999999999999999999999", "heap").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Input);
        assert!(e.message().contains("too large"), "{e}");
        assert!(parse_u64("-3", "heap")
            .unwrap_err()
            .message()
            .contains("'-3'"));
        assert!(parse_u64("", "heap")
            .unwrap_err()
            .message()
            .contains("nothing"));
        assert!(parse_bounded("11", "k", 10)
            .unwrap_err()
            .message()
            .contains("largest allowed is 10"));
        assert_eq!(parse_bounded("10", "k", 10).unwrap(), 10);
        let e = parse_u64("\u{1b}[31mred\n", "heap").unwrap_err();
        assert!(
            !e.message().contains('\u{1b}') && !e.message().contains('\n'),
            "{e}"
        );
        assert!(e.message().contains("\\u{1b}[31mred"), "{e}");
    }
}
