//! The misère quotient against exact search, for `benches/quotient.sh`:
//! `quotient_bench CODE HEAPS SUMS MAX_PARTS EXACT_TOKENS`. Builds the quotient of CODE for heaps up to HEAPS (timed),
//! answers SUMS random sums of 1..=MAX_PARTS heaps from 1..=HEAPS with it (timed, with a checksum of the outcomes),
//! then answers the sums of at most EXACT_TOKENS tokens again by exact search (today's method; timed) and compares.
//! Prints one line of figures; exits 1 when an outcome differs.

use grundy::heap::{HeapGame, TakeAndBreak};
use grundy::misere::quotient::{compute, DEFAULT_MAX_ORDER};
use grundy::misere::search::{HeapPositions, MisereSearch, Numbered, Part};
use grundy::{Limits, Outcome};
use std::rc::Rc;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 6 {
        eprintln!("usage: quotient_bench CODE HEAPS SUMS MAX_PARTS EXACT_TOKENS");
        std::process::exit(2);
    }
    let num = |i: usize| a[i].parse::<u64>().expect("a number");
    let (heaps, sums, parts, tokens) = (num(2), num(3), num(4), num(5));
    let game: Rc<HeapGame> = Rc::new(TakeAndBreak::parse(&a[1]).expect("a code"));
    let t = Instant::now();
    let q = compute(
        &*game,
        heaps,
        DEFAULT_MAX_ORDER,
        &Limits::default(),
        &mut |_| {},
    )
    .expect("quotient");
    let build = t.elapsed().as_secs_f64();
    if let Some(why) = &q.stopped {
        eprintln!("{}: {why}", a[1]);
    }
    let top = q.heaps;
    let mut seed = 0x2545F4914F6CDD1Du64;
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let all: Vec<Vec<u64>> = (0..sums)
        .map(|_| (0..1 + rng() % parts).map(|_| 1 + rng() % top).collect())
        .collect();
    let t = Instant::now();
    let mut checksum = 0u64;
    let mut moves = 0usize;
    let outcomes: Vec<Outcome> = all
        .iter()
        .map(|s| {
            let o = q.outcome(s).expect("within the quotient");
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add((o == Outcome::P) as u64);
            if o == Outcome::N {
                moves += q.winning_moves(&*game, s).expect("within").len();
            }
            o
        })
        .collect();
    let answer = t.elapsed().as_secs_f64();
    let games: Vec<Box<dyn Numbered>> = vec![Box::new(HeapPositions(game.clone()))];
    let mut search = MisereSearch::new(games, Limits::default());
    let t = Instant::now();
    let (mut compared, mut bad) = (0usize, 0usize);
    for (s, &o) in all.iter().zip(&outcomes) {
        if s.iter().sum::<u64>() > tokens {
            continue;
        }
        let p: Vec<Part> = s.iter().map(|&h| Part { game: 0, pos: h }).collect();
        let v = search.value(&p).expect("exact search");
        compared += 1;
        if (v == 0) != (o == Outcome::P) {
            bad += 1;
            eprintln!("{}: {s:?} differs", a[1]);
        }
    }
    let exact = t.elapsed().as_secs_f64();
    println!(
        "{:<6} heaps<={top:<3} order {:<4} build {build:.3}s  {sums} sums by quotient {answer:.3}s ({:.2} us/sum, {moves} winning moves, checksum {checksum:016x})  exact search on {compared} of them (<= {tokens} tokens) {exact:.3}s ({:.1} us/sum)  {}",
        a[1],
        q.order,
        answer / sums as f64 * 1e6,
        if compared > 0 { exact / compared as f64 * 1e6 } else { 0.0 },
        if bad == 0 { "same" } else { "DIFFERENT" }
    );
    if bad > 0 {
        std::process::exit(1);
    }
}
