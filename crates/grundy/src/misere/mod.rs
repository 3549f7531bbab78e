//! Misère play (issue: misère play of any finite game).
