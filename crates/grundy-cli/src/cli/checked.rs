//! The subcommands' arguments as their modules read them: each `checked` method gathers the fields clap gives (the
//! flags of a shared group, [`RulesArgs`], flattened) into the struct the subcommand module reads.

use super::args::{
    EmitLang, First, HelpArgs, PatternArgs, PeriodArgs, PlayArgs, PlotArgs, QuotientArgs,
    RulesArgs, SeqArgs, SweepArgs, SweepMergeArgs, TableArgs, TableGameArgs, ValueArgs,
};
use grundy::analysis::table::Span;

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
    pub fn checked(self) -> RulesCmd {
        RulesCmd {
            rules: self.rules,
            moves: self.moves,
            params: self.param,
        }
    }
}

impl TableGameArgs {
    /// The game (`None` when left out) and the rules scripts, as text: the game first.
    pub fn checked(self) -> (Option<String>, RulesCmd) {
        (self.game, self.rules.checked())
    }
}

// The subcommands' arguments as their modules read them. Each `checked` leaves out the limits: `main` has applied
// them before ([`crate::cli::LimitArgs`]).

/// `grundy value`: [`ValueArgs`] as text.
#[derive(Debug, Clone)]
pub struct ValueCmd {
    pub words: Vec<String>,
    pub json: bool,
    pub all_moves: bool,
    pub no_moves: bool,
    pub misere: bool,
    pub loopy: bool,
    pub max_heap: Option<u64>,
    pub max_positions: Option<String>,
    pub rules: RulesCmd,
    pub load_table: Option<String>,
    pub save_table: Option<String>,
    pub threads: Option<usize>,
    pub positions: Option<String>,
}

impl ValueArgs {
    pub fn checked(self) -> ValueCmd {
        ValueCmd {
            words: self.words,
            json: self.json,
            all_moves: self.all_moves,
            no_moves: self.no_moves,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            max_heap: self.max_heap,
            max_positions: self.max_positions,
            rules: self.rules.checked(),
            load_table: self.load_table,
            save_table: self.save_table,
            threads: self.threads,
            positions: self.positions,
        }
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
    pub fn checked(self) -> SeqCmd {
        SeqCmd {
            game: self.game,
            to: self.to,
            json: self.json,
            misere: self.misere,
            genus: self.genus,
            max_positions: self.max_positions,
            engine: self.engine,
            threads: self.threads,
            stats: self.stats,
            out: self.out,
            resume: self.resume,
            rules: self.rules.checked(),
        }
    }
}

/// `grundy play`: [`PlayArgs`] as text.
#[derive(Debug)]
pub struct PlayCmd {
    pub words: Vec<String>,
    pub misere: bool,
    pub loopy: bool,
    pub first: Option<First>,
    pub max_positions: Option<u64>,
    /// The rules scripts.
    pub rules: RulesCmd,
}

impl PlayArgs {
    pub fn checked(self) -> PlayCmd {
        PlayCmd {
            words: self.words,
            misere: self.rule.misere,
            loopy: self.rule.loopy,
            first: self.first,
            max_positions: self.max_positions,
            rules: self.rules.checked(),
        }
    }
}

/// `grundy period`: [`PeriodArgs`] as text.
#[derive(Debug)]
pub struct PeriodCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    pub to: Option<u64>,
    pub engine: Option<grundy::heap::Engine>,
    pub threads: Option<usize>,
    pub json: bool,
    pub rules: RulesCmd,
    pub out: Option<String>,
    pub resume: Option<String>,
    pub emit: Option<EmitLang>,
}

impl PeriodArgs {
    pub fn checked(self) -> PeriodCmd {
        PeriodCmd {
            game: self.game,
            to: self.to,
            engine: self.engine,
            threads: self.threads,
            json: self.json,
            out: self.out,
            resume: self.resume,
            emit: self.emit,
            rules: self.rules.checked(),
        }
    }
}

/// `grundy table`: [`TableArgs`] as text.
#[derive(Debug)]
pub struct TableCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub rows: Option<Span>,
    pub cols: Option<Span>,
    pub wrap: Option<usize>,
    pub csv: bool,
    pub json: bool,
}

impl TableArgs {
    pub fn checked(self) -> TableCmd {
        let (game, rules) = self.game.checked();
        TableCmd {
            game,
            rules,
            rows: self.rows,
            cols: self.cols,
            wrap: self.wrap,
            csv: self.csv,
            json: self.json,
        }
    }
}

/// `grundy pattern`: [`PatternArgs`] as text.
#[derive(Debug)]
pub struct PatternCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<u64>,
    pub rows: Option<Span>,
    pub cols: Option<Span>,
    pub json: bool,
    pub emit: Option<EmitLang>,
}

impl PatternArgs {
    pub fn checked(self) -> PatternCmd {
        let (game, rules) = self.game.checked();
        PatternCmd {
            game,
            rules,
            to: self.to,
            rows: self.rows,
            cols: self.cols,
            json: self.json,
            emit: self.emit,
        }
    }
}

/// `grundy plot`: [`PlotArgs`] as text.
#[derive(Debug)]
pub struct PlotCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub to: Option<u64>,
    pub out: Option<String>,
    pub rare: bool,
    pub misere: bool,
    pub rows: Option<(u64, u64)>,
    pub cols: Option<(u64, u64)>,
    pub width: Option<u64>,
    pub height: Option<u64>,
    pub max_positions: Option<String>,
    pub json: bool,
}

impl PlotArgs {
    pub fn checked(self) -> PlotCmd {
        PlotCmd {
            game: self.game,
            rules: self.rules.checked(),
            to: self.to,
            out: self.out,
            rare: self.rare,
            misere: self.misere,
            rows: self.rows,
            cols: self.cols,
            width: self.width,
            height: self.height,
            max_positions: self.max_positions,
            json: self.json,
        }
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
    pub fn checked(self) -> SweepCmd {
        SweepCmd {
            family: self.family,
            to: self.to,
            max_seconds: self.max_seconds,
            max_memory: self.max_memory,
            threads: self.threads,
            shard: self.shard,
            jsonl: self.jsonl,
            published: self.published,
        }
    }
}

/// `grundy sweep-merge`: [`SweepMergeArgs`] as text.
#[derive(Debug)]
pub struct SweepMergeCmd {
    pub files: Vec<String>,
    pub published: Option<String>,
}

impl SweepMergeArgs {
    pub fn checked(self) -> SweepMergeCmd {
        SweepMergeCmd {
            files: self.files,
            published: self.published,
        }
    }
}

/// `grundy quotient`: [`QuotientArgs`] as text.
#[derive(Debug)]
pub struct QuotientCmd {
    /// `None` when left out (one rules script names the game).
    pub game: Option<String>,
    /// The rules scripts.
    pub rules: RulesCmd,
    pub heaps: Option<u64>,
    pub max_order: Option<usize>,
    pub json: bool,
}

impl QuotientArgs {
    pub fn checked(self) -> QuotientCmd {
        QuotientCmd {
            game: self.game,
            rules: self.rules.checked(),
            heaps: self.heaps,
            max_order: self.max_order,
            json: self.json,
        }
    }
}

impl HelpArgs {
    /// The topic as text.
    pub fn checked(self) -> Option<String> {
        self.topic
    }
}
