//! `grundy quotient GAME [--heaps N] [--json]`: the misère quotient of a heap game for heaps up to N
//! (`grundy::misere::quotient`): order, presentation, P-portion and each heap's element.

use crate::cli::QuotientCmd;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::misere::quotient::{self, cache, Quotient};
use std::fmt::Write as _;

pub const HELP: &str = "\
grundy quotient — the misère quotient of a heap game: every misère sum of its heaps as a product in a finite monoid

USAGE
  grundy quotient GAME [--heaps N] [--max-order K] [--json] [--max-seconds S] [--max-memory SIZE]

Under misère play (whoever makes the last move loses) sums do not add by nim-sum. The misère quotient (Plambeck,
'Taming the wild in impartial combinatorial games', 2005; Plambeck and Siegel, 'Misère quotients for impartial
games', JCTA 2008) of the game restricted to heaps 0..N identifies two sums of heaps when adding any third sum
gives both the same misère outcome. It is a commutative monoid Q with a P-portion P and a map heap -> element:
a sum of heaps is a misère P-position exactly when the product of their elements lies in P.

The quotient is built as Siegel's MisereSolver does, adding one heap at a time, and every quotient printed has
passed a check that proves it right for every sum of heaps up to N (the check and its proof: docs/quotient.md).
It is printed as: its order; generators a, b, c, ... (each the element of a heap) and relations (a² = 1,
b³ = b, ...) that present it; the P-portion; each heap's element; and the heaps at which it changed. It is stated
'for heaps up to N' only: nothing is claimed for larger heaps. A quotient that keeps growing stops at --max-order
elements with 'order at least K at heaps up to N', and the quotient of the heaps before is printed.

The result is kept in the cache folder ($GRUNDY_CACHE_DIR, else $XDG_CACHE_HOME/grundy, else ~/.cache/grundy),
where 'grundy value GAME HEAP... --misere' finds it: sums too large for the exact search are answered from the
quotient, with every winning move, at once.

--heaps N: the largest heap covered (default 40, at most 2000). --max-order K: the largest order accepted
(default 2048, at most 4096). --max-seconds S, --max-memory SIZE: limits of the whole command.

JSON keys: game, heaps, order, p_portion_size, generators [{name, heap}], relations, p_portion, elements (every
element by its normal form), heap_elements (heap h's element), changes [{heap, order}], same_from, scope, stopped.

EXAMPLES
  grundy quotient kayles --heaps 40        order 40, the same from heap 27 on
  grundy quotient 0.75 --heaps 30          order 8
  grundy quotient 0.07 --heaps 30         order 360 (Siegel's published figure for Dawson's Kayles)
  grundy quotient 0.07 --heaps 20 --json
";

/// The default largest heap.
pub const DEFAULT_HEAPS: u64 = 40;

pub fn run(a: &QuotientCmd) -> CliResult {
    let limits = crate::guard::limits();
    let heaps = match a.heaps.as_deref() {
        Some(t) => grundy::error::parse_bounded(t, "--heaps", quotient::MAX_HEAP)?,
        None => DEFAULT_HEAPS,
    };
    let max_order = match a.max_order.as_deref() {
        Some(t) => {
            let k = grundy::error::parse_bounded(t, "--max-order", 4096)? as usize;
            if k < 2 {
                return Err(CliError::usage(
                    "--max-order: every misère quotient of a game with a move has at least 2 elements; give 2 or more",
                ));
            }
            k
        }
        None => quotient::DEFAULT_MAX_ORDER,
    };
    super::load_rules(&a.rules, false)?;
    let rules = super::heap_game(&super::game_or_script(a.game.as_deref())?)?;
    let q = match cache::load(&*rules, heaps, &limits)
        .filter(|q| q.heaps == heaps && q.order <= max_order)
    {
        Some(q) => q,
        None => {
            let mut bar = Progress::new(
                format!("misère quotient of {} to {heaps}", rules.name()),
                heaps,
            );
            let q = quotient::compute(&*rules, heaps, max_order, &limits, &mut |n| bar.update(n))?;
            bar.finish();
            if q.stopped.is_none() {
                cache::store(&*rules, &q, &limits);
            }
            q
        }
    };
    if a.json {
        return print_json(&serde_json::to_value(&q).map_err(|e| CliError::usage(e.to_string()))?);
    }
    write_stdout(text(&q).as_bytes())
}

/// The quotient in words.
pub fn text(q: &Quotient) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "misère quotient of {} {}", q.game, q.scope);
    if let Some(why) = &q.stopped {
        let _ = writeln!(s, "stopped: {why}");
    }
    let _ = writeln!(
        s,
        "order {}, P-portion of {} element{}",
        q.order,
        q.p_portion_size,
        if q.p_portion_size == 1 { "" } else { "s" }
    );
    if q.generators.is_empty() {
        let _ = writeln!(
            s,
            "generators: none (every heap is the identity 1: no heap has a move)"
        );
    } else {
        let gens: Vec<String> = q
            .generators
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        let _ = writeln!(s, "generators: {}", gens.join(", "));
        let _ = writeln!(s, "relations: {}", q.relations.join(", "));
    }
    let _ = writeln!(s, "P-portion: {}", q.p_portion.join(", "));
    let _ = writeln!(s, "heap -> element:");
    for (h, e) in q.heap_elements.iter().enumerate() {
        let _ = write!(s, "  {h}: {e}");
        if h % 8 == 7 || h + 1 == q.heap_elements.len() {
            s.push('\n');
        }
    }
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|c| format!("{} (order {})", c.heap, c.order))
        .collect();
    if !changes.is_empty() {
        let _ = writeln!(s, "changed at heaps: {}", changes.join(", "));
    }
    let _ = writeln!(
        s,
        "the same for every bound from heap {} to {} (nothing is claimed for larger heaps)",
        q.same_from, q.heaps
    );
    s
}
