//! The subcommands' arguments as text: each `checked` method turns the OS strings clap gives into the fields the
//! subcommand module reads, naming the argument that is not UTF-8.

use super::args::{
    EmitLang, HelpArgs, LimitArgs, NimberArgs, NimberOp, OjArgs, PatternArgs, PeriodArgs, PlayArgs,
    PlotArgs, QuotientArgs, RulesArgs, SeqArgs, SweepArgs, SweepMergeArgs, TableArgs,
    TableGameArgs, ValueArgs,
};
use super::{opt_text, text};
use crate::output::CliResult;

/// What a positional argument is called when it is not UTF-8.
const POSITIONAL: &str = "an argument";

/// [`RulesArgs`] as text.
#[derive(Debug, Clone, Default)]
pub struct RulesCmd {
    pub rules: Vec<String>,
    pub moves: Option<String>,
    pub params: Vec<String>,
}

impl RulesCmd {
    /// The flags that load these scripts again, each with a leading space (for a command line to resume with).
    pub fn as_flags(&self) -> String {
        let mut s = String::new();
        for r in &self.rules {
            s += &format!(" --rules {r}");
        }
        if let Some(m) = &self.moves {
            s += &format!(" --moves '{m}'");
        }
        for p in &self.params {
            s += &format!(" --param '{p}'");
        }
        s
    }
}

impl RulesArgs {
    pub fn checked(&self) -> CliResult<RulesCmd> {
        Ok(RulesCmd {
            rules: self
                .rules
                .iter()
                .map(|r| text(r, "--rules"))
                .collect::<CliResult<_>>()?,
            moves: opt_text(self.moves.as_deref(), "--moves")?,
            params: self
                .param
                .iter()
                .map(|p| text(p, "--param"))
                .collect::<CliResult<_>>()?,
        })
    }
}

impl TableGameArgs {
    /// The game (`None` when left out) and the rules scripts, as text: the game first.
    pub fn checked(&self) -> CliResult<(Option<String>, RulesCmd)> {
        Ok((
            opt_text(self.game.as_deref(), POSITIONAL)?,
            self.rules.checked()?,
        ))
    }
}

// The subcommands' arguments as text. Each `checked` converts the fields in the order they are declared (so with
// two arguments that are not UTF-8 the first declared is named), and leaves out the limits: `main` has read and
// applied them before ([`LimitArgs::max_memory_text`], [`LimitArgs::max_seconds_text`]).

/// `grundy value`: [`ValueArgs`] as text.
#[derive(Debug, Clone)]
pub struct ValueCmd {
    pub words: Vec<String>,
    pub json: bool,
    pub all_moves: bool,
    pub no_moves: bool,
    pub misere: bool,
    pub loopy: bool,
    pub max_heap: Option<String>,
    pub max_positions: Option<String>,
    pub rules: RulesCmd,
    pub load_table: Option<String>,
    pub save_table: Option<String>,
    pub threads: Option<String>,
    pub positions: Option<String>,
}

impl ValueArgs {
    pub fn checked(self) -> CliResult<ValueCmd> {
        Ok(ValueCmd {
            words: self
                .words
                .iter()
                .map(|w| text(w, POSITIONAL))
                .collect::<CliResult<_>>()?,
            json: self.json,
            all_moves: self.all_moves,
            no_moves: self.no_moves,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            max_heap: opt_text(self.max_heap.as_deref(), "--max-heap")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            rules: self.rules.checked()?,
            load_table: opt_text(self.load_table.as_deref(), "--load-table")?,
            save_table: opt_text(self.save_table.as_deref(), "--save-table")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            positions: opt_text(self.positions.as_deref(), "--positions")?,
        })
    }
}

/// `grundy seq`: [`SeqArgs`] as text.
#[derive(Debug)]
pub struct SeqCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    pub to: String,
    pub json: bool,
    pub misere: bool,
    pub genus: bool,
    pub max_positions: Option<String>,
    pub engine: Option<String>,
    pub threads: Option<String>,
    pub stats: bool,
    pub out: Option<String>,
    pub resume: Option<String>,
    pub rules: RulesCmd,
}

impl SeqArgs {
    pub fn checked(self) -> CliResult<SeqCmd> {
        Ok(SeqCmd {
            game: opt_text(self.game.as_deref(), POSITIONAL)?,
            to: text(&self.to, "--to")?,
            json: self.json,
            misere: self.misere,
            genus: self.genus,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            engine: opt_text(self.engine.as_deref(), "--engine")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            stats: self.stats,
            out: opt_text(self.out.as_deref(), "--out")?,
            resume: opt_text(self.resume.as_deref(), "--resume")?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy play`: [`PlayArgs`] as text.
#[derive(Debug)]
pub struct PlayCmd {
    pub words: Vec<String>,
    pub misere: bool,
    pub loopy: bool,
    pub first: Option<String>,
    pub max_positions: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
}

impl PlayArgs {
    pub fn checked(self) -> CliResult<PlayCmd> {
        Ok(PlayCmd {
            words: self
                .words
                .iter()
                .map(|w| text(w, POSITIONAL))
                .collect::<CliResult<_>>()?,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            first: opt_text(self.first.as_deref(), "--first")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy period`: [`PeriodArgs`] as text.
#[derive(Debug)]
pub struct PeriodCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    pub to: Option<String>,
    pub engine: Option<String>,
    pub threads: Option<String>,
    pub json: bool,
    pub rules: RulesCmd,
    pub out: Option<String>,
    pub resume: Option<String>,
    pub emit: Option<EmitLang>,
}

impl PeriodArgs {
    pub fn checked(self) -> CliResult<PeriodCmd> {
        Ok(PeriodCmd {
            game: opt_text(self.game.as_deref(), POSITIONAL)?,
            to: opt_text(self.to.as_deref(), "--to")?,
            engine: opt_text(self.engine.as_deref(), "--engine")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            json: self.json,
            out: opt_text(self.out.as_deref(), "--out")?,
            resume: opt_text(self.resume.as_deref(), "--resume")?,
            emit: EmitLang::read(self.emit.as_deref())?,
            rules: self.rules.checked()?,
        })
    }
}

/// `grundy table`: [`TableArgs`] as text.
#[derive(Debug)]
pub struct TableCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub wrap: Option<String>,
    pub csv: bool,
    pub json: bool,
}

impl TableArgs {
    pub fn checked(self) -> CliResult<TableCmd> {
        let (game, rules) = self.game.checked()?;
        Ok(TableCmd {
            game,
            rules,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            wrap: opt_text(self.wrap.as_deref(), "--wrap")?,
            csv: self.csv,
            json: self.json,
        })
    }
}

/// `grundy pattern`: [`PatternArgs`] as text.
#[derive(Debug)]
pub struct PatternCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<String>,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub json: bool,
    pub emit: Option<EmitLang>,
}

impl PatternArgs {
    pub fn checked(self) -> CliResult<PatternCmd> {
        let (game, rules) = self.game.checked()?;
        Ok(PatternCmd {
            game,
            rules,
            to: opt_text(self.to.as_deref(), "--to")?,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            json: self.json,
            emit: EmitLang::read(self.emit.as_deref())?,
        })
    }
}

/// `grundy plot`: [`PlotArgs`] as text.
#[derive(Debug)]
pub struct PlotCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<String>,
    pub out: Option<String>,
    pub rare: bool,
    pub misere: bool,
    pub rows: Option<String>,
    pub cols: Option<String>,
    pub width: Option<String>,
    pub height: Option<String>,
    pub max_positions: Option<String>,
    pub json: bool,
}

impl PlotArgs {
    pub fn checked(self) -> CliResult<PlotCmd> {
        Ok(PlotCmd {
            game: self
                .game
                .as_deref()
                .map(|g| text(g, POSITIONAL))
                .transpose()?,
            rules: self.rules.checked()?,
            to: opt_text(self.to.as_deref(), "--to")?,
            out: opt_text(self.out.as_deref(), "--out")?,
            rare: self.rare,
            misere: self.misere,
            rows: opt_text(self.rows.as_deref(), "--rows")?,
            cols: opt_text(self.cols.as_deref(), "--cols")?,
            width: opt_text(self.width.as_deref(), "--width")?,
            height: opt_text(self.height.as_deref(), "--height")?,
            max_positions: opt_text(self.max_positions.as_deref(), "--max-positions")?,
            json: self.json,
        })
    }
}

/// `grundy sweep`: [`SweepArgs`] as text.
#[derive(Debug)]
pub struct SweepCmd {
    pub family: String,
    pub to: Option<String>,
    pub max_seconds: Option<String>,
    pub max_memory: Option<String>,
    pub threads: Option<String>,
    pub shard: Option<String>,
    pub jsonl: Option<String>,
    pub published: Option<String>,
}

impl SweepArgs {
    pub fn checked(self) -> CliResult<SweepCmd> {
        Ok(SweepCmd {
            family: text(&self.family, POSITIONAL)?,
            to: opt_text(self.to.as_deref(), "--to")?,
            max_seconds: opt_text(self.max_seconds.as_deref(), "--max-seconds")?,
            max_memory: opt_text(self.max_memory.as_deref(), "--max-memory")?,
            threads: opt_text(self.threads.as_deref(), "--threads")?,
            shard: opt_text(self.shard.as_deref(), "--shard")?,
            jsonl: opt_text(self.jsonl.as_deref(), "--jsonl")?,
            published: opt_text(self.published.as_deref(), "--published")?,
        })
    }
}

/// `grundy sweep-merge`: [`SweepMergeArgs`] as text.
#[derive(Debug)]
pub struct SweepMergeCmd {
    pub files: Vec<String>,
    pub published: Option<String>,
}

impl SweepMergeArgs {
    pub fn checked(self) -> CliResult<SweepMergeCmd> {
        Ok(SweepMergeCmd {
            files: self
                .files
                .iter()
                .map(|f| text(f, POSITIONAL))
                .collect::<CliResult<_>>()?,
            published: opt_text(self.published.as_deref(), "--published")?,
        })
    }
}

/// `grundy quotient`: [`QuotientArgs`] as text.
#[derive(Debug)]
pub struct QuotientCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub heaps: Option<String>,
    pub max_order: Option<String>,
    pub json: bool,
}

impl QuotientArgs {
    pub fn checked(self) -> CliResult<QuotientCmd> {
        Ok(QuotientCmd {
            game: self
                .game
                .as_deref()
                .map(|g| text(g, POSITIONAL))
                .transpose()?,
            rules: self.rules.checked()?,
            heaps: opt_text(self.heaps.as_deref(), "--heaps")?,
            max_order: opt_text(self.max_order.as_deref(), "--max-order")?,
            json: self.json,
        })
    }
}

/// `grundy oj`: [`OjArgs`] as text.
#[derive(Debug)]
pub struct OjCmd {
    pub id: Option<String>,
    pub list: bool,
    pub json: bool,
}

impl OjArgs {
    pub fn checked(self) -> CliResult<OjCmd> {
        Ok(OjCmd {
            id: opt_text(self.id.as_deref(), POSITIONAL)?,
            list: self.list,
            json: self.json,
        })
    }
}

/// `grundy nimber`: [`NimberArgs`] as text, the operation and its numbers.
#[derive(Debug)]
pub struct NimberCmd {
    pub op: NimberOpText,
    pub json: bool,
}

/// A nimber operation with its numbers as text.
#[derive(Debug)]
pub enum NimberOpText {
    Mul { a: String, b: String },
    Inv { a: String },
    Pow { a: String, k: String },
}

impl NimberArgs {
    pub fn checked(self) -> CliResult<NimberCmd> {
        let (op, json) = match self.op {
            NimberOp::Mul { a, b, json } => (
                NimberOpText::Mul {
                    a: text(&a, POSITIONAL)?,
                    b: text(&b, POSITIONAL)?,
                },
                json,
            ),
            NimberOp::Inv { a, json } => (
                NimberOpText::Inv {
                    a: text(&a, POSITIONAL)?,
                },
                json,
            ),
            NimberOp::Pow { a, k, json } => (
                NimberOpText::Pow {
                    a: text(&a, POSITIONAL)?,
                    k: text(&k, POSITIONAL)?,
                },
                json,
            ),
        };
        Ok(NimberCmd { op, json })
    }
}

impl HelpArgs {
    /// The topic as text.
    pub fn checked(self) -> CliResult<Option<String>> {
        opt_text(self.topic.as_deref(), POSITIONAL)
    }
}

impl LimitArgs {
    /// `--max-memory` as text. Read before `--max-seconds`, and applied before that is read.
    pub fn max_memory_text(&self) -> CliResult<Option<String>> {
        opt_text(self.max_memory.as_deref(), "--max-memory")
    }

    /// `--max-seconds` as text.
    pub fn max_seconds_text(&self) -> CliResult<Option<String>> {
        opt_text(self.max_seconds.as_deref(), "--max-seconds")
    }
}
