//! Loopy impartial games (issue: loopy games with draws).
