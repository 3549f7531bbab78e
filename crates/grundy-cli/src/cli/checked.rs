//! The arguments of `seq`, `sweep` and `sweep-merge` as their modules read them (still as text, in structs of their
//! own: `SeqCmd`, ...): each `checked` method gathers the fields clap gives into that struct. The other subcommands'
//! modules read their clap arguments (`ValueArgs`, ...) as they are.

use super::args::{RulesArgs, SeqArgs, SweepArgs, SweepMergeArgs};

/// The rules scripts as the subcommand modules name them.
pub type RulesCmd = RulesArgs;

// The subcommands' arguments as their modules read them. Each `checked` leaves out the limits: `main` has applied
// them before ([`crate::cli::LimitArgs`]).

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
            rules: self.rules,
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
