//! `grundy quotient GAME [--heaps N] [--json]`: the misère quotient of a heap game for heaps up to N, or for every
//! heap when the periodicity certificate holds (`grundy::misere::quotient`): order, presentation, P-portion and
//! each heap's element.

use crate::cli::QuotientArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::misere::quotient::{self, Goal, Quotient};
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
b³ = b, ...) that present it; the P-portion; each heap's element; and the heaps at which it changed. A quotient
that keeps growing stops at --max-order elements with 'order at least K at heaps up to N', and the quotient of
the heaps before is printed.

Every heap, certified. For an octal game with finitely many digits (each 0-7; k digits after the point: a move
removes at most k tokens and leaves 0, 1 or 2 heaps), when the heap map is periodic, Φ(n+p) = Φ(n) for
n0 <= n <= N-p with n0 >= 1, and N >= 2·n0 + 2·p + k - 2, every larger heap has the same element and option
elements as the heap p below it, so the quotient is that of the whole game (the Guy-Smith periodicity argument
of Winning Ways ch. 4 carried to quotient elements; proof in docs/quotient.md). The output then says 'for every
heap' and 'certified for every heap: Φ(n+p) = Φ(n) for n >= n0', and 'grundy value GAME HEAP... --misere' answers
heaps of any size from it. Otherwise the quotient is stated 'for heaps up to N' only.

Without --heaps, an octal game is built heap by heap until the certificate holds (its own bound says how far),
within the memory limit and 120 s (or nine tenths of --max-seconds); when none is reached it says why and gives
the quotient of the heaps built. Other games are built to heap 40. With --heaps N exactly N heaps are built
(certified when the bound holds at N).

The result is kept in the cache folder ($GRUNDY_CACHE_DIR, else $XDG_CACHE_HOME/grundy, else ~/.cache/grundy),
where 'grundy value GAME HEAP... --misere' finds it: sums too large for the exact search are answered from the
quotient, with every winning move, at once.

--heaps N: the largest heap built (default: until certified, see above; 40 for a game that cannot be; at most
1000000). --max-order K: the largest order accepted (default and at most 4096). --max-seconds S, --max-memory
SIZE: limits of the whole command.

JSON keys: game, heaps, order, p_portion_size, generators [{name, heap}], relations, p_portion, elements (every
element by its normal form), heap_elements (heap h's element), changes [{heap, order}], same_from, scope,
periodic ({preperiod, period, max_removed, needs_heaps, certified_by}, or null), no_certificate (why the growth
ended without one, or null), stopped.

EXAMPLES
  grundy quotient kayles                   order 40, certified at heap 166: Φ(n+12) = Φ(n) for n >= 71
  grundy quotient kayles --heaps 40        order 40 for heaps up to 40 (the same from heap 27 on)
  grundy value kayles 1000000000000 5 --misere   from the certified quotient
  grundy quotient 0.75 --heaps 30          order 8
  grundy quotient 0.07 --heaps 30         order 360 (Siegel's published figure for Dawson's Kayles)
  grundy quotient 0.07 --heaps 20 --json
";

/// The default largest heap of a game the periodicity certificate cannot cover (not octal with finitely many
/// digits).
pub fn run(a: &QuotientArgs) -> CliResult {
    let limits = crate::guard::limits();
    let max_order = a.max_order.unwrap_or(quotient::DEFAULT_MAX_ORDER);
    super::load_rules(&a.rules, false)?;
    let rules = super::heap_game(&super::game_or_script(a.game.as_deref())?)?;
    let goal = Goal::of(&rules, a.heaps);
    // No total when growing until certified: the certificate's own bound, not known before it holds, says how far.
    let (what, total) = match goal {
        Goal::Heaps(h) => (format!("misère quotient of {} to {h}", rules.name()), h),
        Goal::UntilCertified => (
            format!("misère quotient of {} until certified, heaps", rules.name()),
            0,
        ),
    };
    let mut bar = Progress::new(what.clone(), total);
    let q = quotient::answer(&rules, goal, max_order, &limits, &mut |d| {
        bar.set_what(state(&what, d));
        bar.update(d.heap)
    })?;
    bar.finish();
    if a.json {
        return print_json(&serde_json::to_value(&q).map_err(|e| CliError::usage(e.to_string()))?);
    }
    write_stdout(text(&q).as_bytes())
}

/// The progress line's subject with the quotient's state at the last heap added: "(heap 31: order 638, P-portion
/// 65)".
fn state(what: &str, d: quotient::HeapDone) -> String {
    format!(
        "{what} (heap {}: order {}, P-portion {})",
        d.heap, d.order, d.p_portion
    )
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
    match &q.periodic {
        Some(c) => {
            let _ = writeln!(
                s,
                "the same for every bound from heap {} to {}",
                q.same_from, q.heaps
            );
            let _ = writeln!(
                s,
                "certified for every heap: Φ(n+{p}) = Φ(n) for n ≥ {n0} (an octal game with {k} digit{ks} after the point, built to heap {n} ≥ 2·{n0} + 2·{p} + {k} − 2 = {need}; the Guy–Smith periodicity argument carried to quotient elements, docs/quotient.md)",
                p = c.period,
                n0 = c.preperiod,
                k = c.max_removed,
                ks = if c.max_removed == 1 { "" } else { "s" },
                n = q.heaps,
                need = c.needs_heaps
            );
            let _ = writeln!(
                s,
                "heap n > {} -> the element of heap {} + (n − {}) mod {}",
                q.heaps, c.preperiod, c.preperiod, c.period
            );
        }
        None => {
            let _ = writeln!(
                s,
                "the same for every bound from heap {} to {} (nothing is claimed for larger heaps)",
                q.same_from, q.heaps
            );
            if let Some(why) = &q.no_certificate {
                let _ = writeln!(s, "{why}");
            }
        }
    }
    s
}
