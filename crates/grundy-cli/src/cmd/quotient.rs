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
  grundy quotient GAME [+ GAME]... [--heaps N] [--max-order K] [--json] [--max-seconds S] [--max-memory SIZE]

Under misère play (whoever makes the last move loses) sums do not add by nim-sum. The misère quotient (Plambeck,
'Taming the wild in impartial combinatorial games', 2005; Plambeck and Siegel, 'Misère quotients for impartial
games', JCTA 2008) of the game restricted to heaps 0..N identifies two sums of heaps when adding any third sum
gives both the same misère outcome. It is a commutative monoid Q with a P-portion P and a map heap -> element:
a sum of heaps is a misère P-position exactly when the product of their elements lies in P.

The quotient is built as Siegel's MisereSolver does, adding one heap at a time, and every quotient printed has
passed a check that proves it right for every sum of heaps up to N (the check and its proof: docs/quotient.md).
It is printed as: its order; generators a, b, c, ... (each the element of a heap) and relations (a² = 1,
b³ = b, ...) that present it; the P-portion; each heap's element; and the heaps at which it changed. A quotient
that keeps growing stops past --max-order elements ('order K at heaps up to N'), or when the search finds no
candidate ('order at least K'), and the quotient of the heaps before is printed. A quotient (a trial's too) is
held as each element's products by the generators, memory linear in its order; a reduction of a candidate that
would not fit --max-memory beside the quotients held ends in the memory limit's error.

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

Sums of different games: 'grundy quotient kayles + 0.07' (games joined by '+', as 'grundy value' names a sum)
gives the quotient of every sum mixing heaps of the games: one monoid, generators named by game and heap (a =
heap 1 of kayles), one heap map per game. The games are taken in the order of their names, as 'grundy value
... --misere' takes them, and the result is cached where it finds it. With --heaps N each game is built to heap
N; without, until every game's own part of the map is certified (each an octal game with finitely many
digits), within the same budget. It is stated for every heap only when every game's part is certified. JSON:
the keys above, with generators [{name, game, heap}], changes [{game, heap, order}], heap_elements one list
per game, games, tops (each game's largest heap built) and periodic one per game (no heaps or same_from).

--heaps N: the largest heap built (default: until certified, see above; 40 for a game that cannot be; at most
1000000). --max-order K: the largest order accepted (default: as the memory allows; at most 400000).
--max-seconds S, --max-memory SIZE: limits of the whole command; with --heaps, a limit that ends a heap prints the
quotient of the heaps completed before it, marked partial, and exits with status 3.

JSON keys: game, heaps, order, p_portion_size, generators [{name, heap}], relations, p_portion, elements (every
element by its normal form), heap_elements (heap h's element), changes [{heap, order}], same_from, scope,
periodic ({preperiod, period, max_removed, needs_heaps, certified_by}, or null), no_certificate (why the growth
ended without one, or null), stopped, partial (true when a limit ended a heap before the one asked for: the
quotient of the heaps completed is printed, and the command exits with status 3).

EXAMPLES
  grundy quotient kayles                   order 40, certified at heap 166: Φ(n+12) = Φ(n) for n >= 71
  grundy quotient kayles --heaps 40        order 40 for heaps up to 40 (the same from heap 27 on)
  grundy value kayles 1000000000000 5 --misere   from the certified quotient
  grundy quotient 0.75 --heaps 30          order 8
  grundy quotient 0.07 --heaps 30         order 360 (Siegel's published figure for Dawson's Kayles)
  grundy quotient 0.07 --heaps 20 --json
  grundy quotient kayles + 0.07 --heaps 8   order 12: sums mixing Kayles and Dawson's Kayles heaps
";

/// The default largest heap of a game the periodicity certificate cannot cover (not octal with finitely many
/// digits).
pub fn run(a: &QuotientArgs) -> CliResult {
    let limits = crate::guard::limits();
    let max_order = a.max_order.unwrap_or(quotient::DEFAULT_MAX_ORDER);
    super::load_rules(&a.rules, false)?;
    if !a.more.is_empty() {
        return run_mixed(a, max_order, &limits);
    }
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
    // Heaps asked for: a limit that ends a heap prints the quotient of the heaps before it, so the library stops a
    // little before the command's deadline (as `table` does) and its limit is then named as the command's.
    let (limits, command_deadline) = match goal {
        Goal::Heaps(_) => crate::guard::limits_before_saving(),
        Goal::UntilCertified => (limits, None),
    };
    let commands = |e: grundy::Error| match (command_deadline, limits.deadline) {
        (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
        _ => e,
    };
    let mut bar = Progress::new(what.clone(), total);
    let mut q = quotient::answer_partial(&rules, goal, max_order, &limits, &mut |d| {
        bar.set_what(state(&what, d));
        bar.update(d.heap - u64::from(d.round > 0))
    })
    .map_err(commands)?;
    bar.finish();
    if let Some(e) = &q.limit {
        // The early deadline's words are the command's limit's.
        let said = commands(e.clone());
        q.stopped = q.stopped.map(|s| s.replace(e.message(), said.message()));
    }
    crate::guard::answering();
    if a.json {
        print_json(&serde_json::to_value(&q).map_err(|e| CliError::usage(e.to_string()))?)?;
    } else {
        write_stdout(text(&q).as_bytes())?;
    }
    match q.limit.clone().map(commands) {
        Some(e) => Err(CliError::Stopped(format!(
            "quotient stopped early, the quotient of heaps up to {} printed (partial): {}",
            q.heaps,
            crate::output::said(&e)
        ))),
        None => Ok(()),
    }
}

/// `grundy quotient GAME + GAME ...`: the quotient of sums mixing heaps of the games (the union of their heap sets,
/// `grundy::misere::quotient::mixed`), the games taken in the order of their names as `grundy value ... --misere`
/// takes them (so each finds the other's cache file).
fn run_mixed(a: &QuotientArgs, max_order: usize, limits: &grundy::solver::Limits) -> CliResult {
    let mut names = vec![super::game_or_script(a.game.as_deref())?];
    let mut words = a.more.iter();
    while let Some(plus) = words.next() {
        match (plus.as_str(), words.next()) {
            ("+", Some(g)) if g != "+" => names.push(g.clone()),
            _ => {
                return Err(CliError::usage(
                    "'+' must stand between two games: grundy quotient GAME + GAME [+ GAME]...",
                ))
            }
        }
    }
    super::check_scripts_used(names.iter().skip(1).map(String::as_str))?;
    let mut games = names
        .iter()
        .map(|n| super::heap_game(n))
        .collect::<CliResult<Vec<_>>>()?;
    games.sort_by_key(|g| g.name());
    if let Some(w) = games.windows(2).find(|w| w[0].name() == w[1].name()) {
        return Err(CliError::usage(format!(
            "'{}' is given twice: the games of a mixed quotient must differ (one game's own: grundy quotient GAME)",
            w[0].name()
        )));
    }
    let refs: Vec<&grundy::heap::HeapGame> = games.iter().map(|g| g.as_ref()).collect();
    let goal = Goal::of_games(&refs, a.heaps);
    let list = refs
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(" + ");
    let what = match goal {
        Goal::Heaps(h) => format!("misère quotient of {list} to heap {h} of each, letters"),
        Goal::UntilCertified => format!("misère quotient of {list} until certified, letters"),
    };
    let total = match goal {
        Goal::Heaps(h) => (h + 1) * refs.len() as u64 - 1,
        Goal::UntilCertified => 0,
    };
    let mut bar = Progress::new(what.clone(), total);
    let m = quotient::answer_mixed(&refs, goal, max_order, limits, &mut |d| {
        bar.set_what(format!(
            "{what} (letter {}{}: order {}, P-portion {})",
            d.heap,
            if d.round > 0 {
                format!(", recalibration round {}, a trial", d.round)
            } else {
                String::new()
            },
            d.order,
            d.p_portion
        ));
        bar.update(d.heap - u64::from(d.round > 0))
    })?;
    bar.finish();
    if a.json {
        return print_json(&mixed_json(&m)?);
    }
    write_stdout(mixed_text(&m).as_bytes())
}

/// The JSON of a mixed quotient: the quotient's keys, with `generators` and `changes` naming each letter by its
/// game and heap, `heap_elements` one list per game, and `games`, `tops` and `periodic` (one per game) added.
fn mixed_json(m: &quotient::mixed::Mixed) -> CliResult<serde_json::Value> {
    let q = &m.quotient;
    let mut v = serde_json::to_value(q).map_err(|e| CliError::usage(e.to_string()))?;
    let letter = |l: u64| m.letters[l as usize];
    let gens: Vec<serde_json::Value> = q
        .generators
        .iter()
        .map(|g| serde_json::json!({"name": g.name, "game": m.names[letter(g.heap).0], "heap": letter(g.heap).1}))
        .collect();
    let changes: Vec<serde_json::Value> = q
        .changes
        .iter()
        .map(|c| serde_json::json!({"game": m.names[letter(c.heap).0], "heap": letter(c.heap).1, "order": c.order}))
        .collect();
    let mut per_game: Vec<Vec<&str>> = vec![Vec::new(); m.names.len()];
    for (l, e) in q.heap_elements.iter().enumerate() {
        per_game[m.letters[l].0].push(e);
    }
    let o = v
        .as_object_mut()
        .expect("a quotient serialises to an object");
    o.insert("games".into(), serde_json::json!(m.names));
    o.insert("tops".into(), serde_json::json!(m.tops));
    o.insert("generators".into(), serde_json::json!(gens));
    o.insert("changes".into(), serde_json::json!(changes));
    o.insert("heap_elements".into(), serde_json::json!(per_game));
    o.insert("periodic".into(), serde_json::json!(m.periodic));
    o.remove("heaps");
    o.remove("same_from");
    Ok(v)
}

/// A mixed quotient in words: as one game's, each letter named by its game and heap, one heap map per game, and
/// each game's certificate.
fn mixed_text(m: &quotient::mixed::Mixed) -> String {
    let q = &m.quotient;
    let mut s = String::new();
    let title = format!(
        "misère quotient of sums of heaps of {} {}",
        m.names.join(" and "),
        q.scope
    );
    head(&mut s, &title, q, "no heap has a move", |g| {
        quotient::mixed::letter_name(m, g.heap)
    });
    for (g, name) in m.names.iter().enumerate() {
        let _ = writeln!(s, "{name}: heap -> element:");
        let elems: Vec<&String> = m
            .letters
            .iter()
            .zip(&q.heap_elements)
            .filter(|((gi, _), _)| *gi == g)
            .map(|(_, e)| e)
            .collect();
        heap_map(&mut s, &elems);
    }
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|c| {
            format!(
                "{} (order {})",
                quotient::mixed::letter_name(m, c.heap),
                c.order
            )
        })
        .collect();
    if !changes.is_empty() {
        let _ = writeln!(s, "changed at: {}", changes.join(", "));
    }
    for ((name, c), top) in m.names.iter().zip(&m.periodic).zip(&m.tops) {
        if let Some(c) = c {
            let _ = writeln!(
                s,
                "{name}: certified for every heap: Φ(n+{p}) = Φ(n) for n ≥ {n0} (built to heap {n} ≥ 2·{n0} + 2·{p} + {k} − 2 = {need}; docs/quotient.md)",
                p = c.period,
                n0 = c.preperiod,
                k = c.max_removed,
                n = top,
                need = c.needs_heaps
            );
        }
    }
    if !m.certified() {
        let _ = writeln!(s, "nothing is claimed for heaps past those built");
        if let Some(why) = &q.no_certificate {
            let _ = writeln!(s, "{why}");
        }
    }
    s
}

/// The lines every quotient's text starts with: `title`, why it stopped, its order and P-portion, its generators
/// (each heap named by `heap`; `none` when there are none) and relations, and its P-portion.
fn head(
    s: &mut String,
    title: &str,
    q: &Quotient,
    none: &str,
    heap: impl Fn(&quotient::Generator) -> String,
) {
    let _ = writeln!(s, "{title}");
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
        let _ = writeln!(s, "generators: none ({none})");
    } else {
        let gens: Vec<String> = q
            .generators
            .iter()
            .map(|g| format!("{} = {}", g.name, heap(g)))
            .collect();
        let _ = writeln!(s, "generators: {}", gens.join(", "));
        let _ = writeln!(s, "relations: {}", q.relations.join(", "));
    }
    let _ = writeln!(s, "P-portion: {}", q.p_portion.join(", "));
}

/// A heap map, eight heaps a line: `  h: element`.
fn heap_map(s: &mut String, elements: &[&String]) {
    for (h, e) in elements.iter().enumerate() {
        let _ = write!(s, "  {h}: {e}");
        if h % 8 == 7 || h + 1 == elements.len() {
            s.push('\n');
        }
    }
}

/// The progress line's subject with the quotient's state at the last heap added: "(heap 31: order 638, P-portion
/// 65)", or during a heap's recalibration its last trial: "(heap 34, recalibration round 12: a trial of order
/// 16622, P-portion 2301)".
fn state(what: &str, d: quotient::HeapDone) -> String {
    if d.round > 0 {
        return format!(
            "{what} (heap {}, recalibration round {}: a trial of order {}, P-portion {})",
            d.heap, d.round, d.order, d.p_portion
        );
    }
    format!(
        "{what} (heap {}: order {}, P-portion {})",
        d.heap, d.order, d.p_portion
    )
}

/// The quotient in words.
pub fn text(q: &Quotient) -> String {
    let mut s = String::new();
    let title = format!("misère quotient of {} {}", q.game, q.scope);
    head(
        &mut s,
        &title,
        q,
        "every heap is the identity 1: no heap has a move",
        |g| format!("heap {}", g.heap),
    );
    let _ = writeln!(s, "heap -> element:");
    heap_map(&mut s, &q.heap_elements.iter().collect::<Vec<_>>());
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
