//! Tests of the sparse engine against the plain one.

mod values {
    use super::super::*;
    use crate::heap::plain::code_sequence;

    fn both(code: &str, to: u64) -> (Vec<Nimber>, Vec<Nimber>) {
        let c = Code::parse(code).unwrap();
        let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
        let mut fast = Vec::new();
        extend(&c, code, &mut fast, to, &mut |_| {}).unwrap();
        (plain, fast)
    }

    #[test]
    fn agrees_with_plain_on_named_games() {
        for code in [
            "0.77", "0.07", "0.137", "4!.0", "0.6", "0.007", "4.7", "4=.3", "0.4!", "0.4=", "0.3",
        ] {
            let (p, f) = both(code, 3000);
            assert_eq!(p, f, "{code}");
        }
    }

    /// The packed run kept between steps (`u16` values, no `u64` table) equals the wide path (`extend`, values
    /// handed back as `u64`) and the plain engine, step by step, on one thread and two, fresh and resumed.
    #[test]
    fn the_packed_run_equals_the_wide_path() {
        for code in ["0.77", "0.137", "4!.0", "0.6", "0.4=", "0.106"] {
            let c = Code::parse(code).unwrap();
            let to = 9000;
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            for threads in [1, 2] {
                let mut wide = Vec::new();
                extend_with_threads(&c, code, &mut wide, to, threads, &mut |_| {}).unwrap();
                assert_eq!(wide, plain, "{code}");
                for start in [0usize, 1, 777] {
                    let mut run = Run::new(&c, code, &plain[..start]).unwrap();
                    assert_eq!(run.len(), start.max(1));
                    for step in [1023u64, 1500, 4095, 4096, 8191, to] {
                        run.extend(step, threads, &mut |_| true).unwrap();
                        assert_eq!(run.len(), (step as usize + 1).max(start));
                        let Packed::Narrow(v) = run.values() else {
                            panic!("{code}: small values stay u16")
                        };
                        let got: Vec<Nimber> = v.iter().map(|&x| x as Nimber).collect();
                        assert_eq!(got, plain[..run.len()], "{code} to {step} from {start}");
                        assert_eq!(run.values().to_nimbers(0..run.len()), got);
                    }
                }
            }
        }
    }

    #[test]
    fn a_packed_run_starts_wide_from_a_wide_prefix_and_stops_when_asked() {
        // Values that need 31 bits at most are taken as u32; a value past 2^31 is refused, never wrapped.
        let c = Code::parse("0.6").unwrap();
        let plain = code_sequence(&c, "0.6", 3000, &mut |_| {}).unwrap();
        let mut run = Run::new(&c, "0.6", &plain[..2000]).unwrap();
        assert!(matches!(run.values(), Packed::Narrow(_)));
        // A stop asked for at the first report keeps what was computed and says how far it got.
        let err = run.extend(1 << 17, 1, &mut |n| n < 65536).unwrap_err();
        assert!(
            err.to_string().contains("stopped after heaps 0..="),
            "{err}"
        );
        assert!(run.len() > 2000 && run.len() <= 65537);
        assert_eq!(run.values().to_nimbers(0..3001), plain);
        let mut big = plain[..10].to_vec();
        big.push(1 << 31);
        assert!(Run::new(&c, "0.6", &big).is_err());
    }

    #[test]
    fn resuming_gives_the_same_sequence() {
        let c = Code::parse("0.6").unwrap();
        let mut whole = Vec::new();
        extend(&c, "0.6", &mut whole, 5000, &mut |_| {}).unwrap();
        let mut part = whole[..1234].to_vec();
        extend(&c, "0.6", &mut part, 5000, &mut |_| {}).unwrap();
        assert_eq!(whole, part);
    }

    #[test]
    fn kayles_split_is_sensible_and_stats_are_right() {
        let c = Code::parse("0.77").unwrap();
        let mut v = Vec::new();
        let split = extend(&c, "kayles", &mut v, 1000, &mut |_| {}).unwrap();
        let s = stats(&v, split);
        // The only P-position of Kayles is the empty row: from a row of n ≥ 1 pins the first player knocks down
        // the middle one or two and then copies the opponent's moves on the other side.
        assert_eq!(s.p_positions, 1);
        assert_eq!(s.largest, *v.iter().max().unwrap());
        assert_eq!(v[s.largest_at as usize], s.largest);
        assert!(v[..s.largest_at as usize].iter().all(|&x| x < s.largest));
        assert_ne!(split.mask, 0);
        // Its two-heap digits 1 and 2 differ in parity: no phase bit.
        assert_eq!(split.phase, None);
        let rare: Vec<u64> = (1..=1000)
            .filter(|&n| split.is_rare(n, v[n as usize]))
            .collect();
        assert_eq!(s.rare_positions, rare.len() as u64);
        assert_eq!(s.last_rare, rare.last().copied());
    }

    #[test]
    fn the_scan_visits_every_block_once() {
        for blocks in 1..40 {
            let mut seen: Vec<usize> = (0..blocks).map(|t| scan_block(t, blocks)).collect();
            assert_eq!(seen[0], 0);
            assert_eq!(seen.get(1).copied(), (blocks > 1).then_some(blocks - 1));
            seen.sort_unstable();
            assert_eq!(seen, (0..blocks).collect::<Vec<_>>(), "{blocks} blocks");
        }
    }

    #[test]
    fn codes_it_does_not_cover_are_refused() {
        for code in ["0.F", "0.[7]", "0.{3}"] {
            let c = Code::parse(code).unwrap();
            let e = extend(&c, code, &mut Vec::new(), 10, &mut |_| {}).unwrap_err();
            assert!(e.to_string().contains("plain"), "{e}");
        }
    }
}

mod threads {
    use super::super::*;
    use crate::heap::plain::code_sequence;
    use proptest::prelude::*;

    /// A value type that holds only values below `L`, so that tests reach the widening to `u32` early.
    #[derive(Clone, Copy, Default)]
    struct Tiny<const L: u32>(u16);

    impl<const L: u32> std::ops::BitXor for Tiny<L> {
        type Output = Tiny<L>;
        fn bitxor(self, o: Tiny<L>) -> Tiny<L> {
            Tiny(self.0 ^ o.0)
        }
    }

    impl<const L: u32> Val for Tiny<L> {
        const LIMIT: u32 = L;
        fn new(v: u32) -> Self {
            Tiny(v as u16)
        }
        fn get(self) -> usize {
            self.0 as usize
        }
    }

    /// The values of `code` to heap `to`, starting with values of type `Tiny<L>`.
    fn narrow<const L: u32>(code: &Code, name: &str, to: u64, threads: usize) -> Vec<Nimber> {
        let mut values = Vec::new();
        widening::<Tiny<L>>(
            moves_of(code),
            &[0],
            Vec::new(),
            name,
            &mut values,
            to,
            threads,
            &mut |_| true,
        )
        .unwrap();
        values
    }

    /// Values that outgrow the narrow type are widened mid-run (one thread and two), never wrapped.
    #[test]
    fn widening_mid_run_keeps_the_values() {
        // Officers and Treblecross pass 16 early (heap 60-odd and heap 40-odd), Grundy's game later.
        for (code, to) in [("0.6", 9_000), ("0.007", 9_000), ("4!.0", 9_000)] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            assert!(
                plain.iter().any(|&v| v >= 16),
                "{code} should need widening"
            );
            for threads in [1, 2] {
                let fast = narrow::<16>(&c, code, to, threads);
                assert_eq!(plain, fast, "{code} threads {threads}");
            }
        }
    }

    /// A value that outgrows the narrow type inside a two-worker window stops both workers and widens, keeping
    /// every value: found by the second worker (Officers reach 128 at heap 4178, in the window from 4097 whose
    /// odd heaps are the first worker's) and by the first (Treblecross reaches 256 at heap 9168, in the window
    /// from 8704 whose even heaps are the first worker's). Test windows are 512 heaps.
    #[test]
    fn widening_inside_a_two_worker_window() {
        fn check<const L: u32>(code: &str, to: u64, window: u64) {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let first = plain.iter().position(|&v| v >= L as u64).unwrap() as u64;
            let s = first / WINDOW * WINDOW;
            assert_eq!(s.max(PIPELINE_FROM + 1), window, "{code}: heap {first}");
            assert!(
                Probe::new().pipelined(window),
                "{code}: two workers at {window}"
            );
            assert_eq!(plain, narrow::<L>(&c, code, to, 2), "{code}");
        }
        check::<128>("0.6", 6_000, 4097);
        check::<256>("0.007", 9_500, 8704);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// Random codes (taking and splitting digits, d0 = 4 or not) on two threads: the plain engine's values.
        #[test]
        fn two_threads_equal_plain_on_random_codes(
            d0 in any::<bool>(),
            digits in proptest::collection::vec(0u64..8, 1..5),
        ) {
            let text = format!("{}.{}", if d0 { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
            let c = Code::parse(&text).unwrap();
            prop_assume!(covers(&c));
            let plain = code_sequence(&c, &text, 7_000, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, &text, &mut fast, 7_000, 2, &mut |_| {}).unwrap();
            prop_assert_eq!(&plain, &fast, "{}", text);
            prop_assert_eq!(&plain, &speculative(&c, 7_000), "{} (early, then finished)", text);
        }
    }

    /// Heaps found early (before the previous heap's value is known) and finished after, one thread: the
    /// order of work of the two-worker run, checked against the plain engine.
    pub(super) fn speculative(code: &Code, to: u64) -> Vec<Nimber> {
        let mut e = Engine::<u16>::new(moves_of(code), vec![0], Vec::new());
        // Heap 1 the ordinary way; then, with v = G(n - 1) found but not yet stored: find heap n early, store
        // v, finish heap n.
        let v = e.next();
        assert!(e.push(v));
        let mut v = e.next();
        let mut next_rebuild = FIRST_REBUILD;
        loop {
            let pending = ((e.g.len() as u64) < to).then(|| e.next_early());
            assert!(e.push(v));
            if e.g.len() as u64 == next_rebuild {
                e.rebuild();
                next_rebuild *= 2;
            }
            match pending {
                Some(early) => v = e.finish_early(early),
                None => break,
            }
        }
        e.g.iter().map(|&v| v.get() as Nimber).collect()
    }

    /// A batch holds the heaps it was made for whatever the runner asks: heaps asked in an order other than the
    /// batch's stride (here the stride changes every few heaps, and heaps are found early now and then) only
    /// start new batches, and a batch prepared ahead is used only when the run reaches it as planned.
    #[test]
    fn batches_hold_whatever_the_order_of_heaps() {
        for (code, to) in [
            ("0.6", 6_000),
            ("4!.0", 5_000),
            ("0.77", 3_000),
            ("0.16", 5_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut e = Engine::<u16>::new(moves_of(&c), vec![0], Vec::new());
            let mut next_rebuild = FIRST_REBUILD;
            while (e.g.len() as u64) <= to {
                let n = e.g.len() as u64;
                e.stride = 1 + (n / 5) % 2;
                // Part of the next batch prepared now and then (used if the run gets there with the same
                // stride, dropped if not).
                for _ in 0..n % 3 {
                    e.prepare();
                }
                let v = if n >= 3 && n < to && n.is_multiple_of(7) {
                    // Heap n + 1 early (it joins the current batch or starts one), then heap n.
                    let early = e.next_early();
                    let v = e.next();
                    assert!(e.push(v));
                    let w = e.finish_early(early);
                    assert_eq!(
                        w as Nimber,
                        plain[n as usize + 1],
                        "{code}: heap {} early",
                        n + 1
                    );
                    w
                } else {
                    e.next()
                };
                assert!(e.push(v));
                if e.g.len() as u64 >= next_rebuild {
                    e.rebuild();
                    next_rebuild *= 2;
                }
            }
            let fast: Vec<Nimber> = e.g.iter().map(|&v| v.get() as Nimber).collect();
            assert_eq!(plain, fast[..plain.len()], "{code}");
        }
    }

    /// Two workers (from heap 4096 on), and heaps found early then finished on one thread, give the plain
    /// engine's values.
    #[test]
    fn two_workers_and_early_heaps_agree_with_plain() {
        for (code, to) in [
            ("0.6", 20_000),
            ("0.007", 12_000),
            ("4!.0", 12_000),
            ("0.137", 9_000),
            ("4.7", 9_000),
            ("0.4!", 9_000),
            ("0.77", 9_000),
            ("0.106", 9_000),
            ("4.07", 9_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, code, &mut fast, to, 2, &mut |_| {}).unwrap();
            assert_eq!(plain, fast, "{code}: two workers");
            assert_eq!(plain, speculative(&c, to), "{code}: early, then finished");
        }
    }
}

/// Bounded runs: values kept in a mapped file of which only a window stays resident give exactly the values of the
/// run in memory, whatever the window (a window of one heap sends nearly every read to the file).
mod bounded {
    use super::super::*;
    use crate::heap::plain::code_sequence;

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-spill-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn nimbers(run: &Run) -> Vec<Nimber> {
        run.values().to_nimbers(0..run.len())
    }

    /// Sparse codes (Grundy's game, Officers, Treblecross, Kayles, a long-period code) and a dense one (0.106:
    /// the dense kernel reads every value of every heap), with tiny windows and the default one.
    #[test]
    fn tiny_windows_give_the_in_memory_values() {
        for (code, to) in [
            ("4!.0", 9_000u64),
            ("0.6", 9_000),
            ("0.007", 6_000),
            ("0.77", 6_000),
            ("0.16", 6_000),
            ("0.106", 6_000),
        ] {
            let c = Code::parse(code).unwrap();
            let mut memory = Vec::new();
            extend(&c, code, &mut memory, to, &mut |_| {}).unwrap();
            for (head, window) in [(1, 1), (3, 2), (100, 700), (1 << 20, 1 << 24)] {
                let w = Window { head, window };
                let mut run = Run::spilled(&c, code, &dir(), w).unwrap();
                assert!(run.is_spilled());
                // In two steps, as `seq` extends it.
                run.extend(to / 3, 4, &mut |_| true).unwrap();
                run.extend(to, 4, &mut |_| true).unwrap();
                assert_eq!(nimbers(&run), memory, "{code} window {w:?}");
                let s = run.spill().unwrap();
                assert_eq!(s.file_bytes, 2 * (to + 1), "{code}");
                if window < 1000 {
                    // The window was small: pages were given back, and (for a code that scans) read again.
                    assert!(s.releases > 0, "{code} {w:?}: {s:?}");
                    if code != "0.106" && code != "0.77" {
                        assert!(s.cold_blocks > 0, "{code} {w:?}: {s:?}");
                    }
                } else {
                    assert_eq!(
                        s.releases, 0,
                        "{code}: nothing is cold below the default window"
                    );
                }
                // The statistics read in chunks are those of the values.
                assert_eq!(
                    run.stats(),
                    stats(&memory, best_split(&memory, phase_of(&c))),
                    "{code}"
                );
            }
        }
    }

    /// A bounded run resumed from known values (as from a file) continues to the plain engine's values.
    #[test]
    fn a_run_resumed_from_known_values_continues_exactly() {
        for code in ["4!.0", "0.6", "0.137"] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, 7_000, &mut |_| {}).unwrap();
            let mut run = Run::spilled(&c, code, &dir(), Window { head: 2, window: 5 }).unwrap();
            run.push_known(&plain[1..2_345]).unwrap();
            assert_eq!(run.len(), 2_345);
            run.extend(7_000, 1, &mut |_| true).unwrap();
            assert_eq!(nimbers(&run), plain, "{code}");
        }
    }

    /// Values past 15 bits widen a bounded run to `u32` in a new file (still bounded), keeping every value.
    #[test]
    fn known_values_past_15_bits_widen_the_file() {
        let c = Code::parse("0.6").unwrap();
        let mut run = Run::spilled(&c, "0.6", &dir(), Window { head: 1, window: 1 }).unwrap();
        let known: Vec<Nimber> = (1..50_000u64).map(|n| (n * 7919) % 40_000).collect();
        run.push_known(&known).unwrap();
        assert!(matches!(run.values(), Packed::Wide(_)));
        assert!(run.is_spilled());
        let mut all = vec![0];
        all.extend_from_slice(&known);
        assert_eq!(nimbers(&run), all);
        assert_eq!(run.spill().unwrap().value_bytes, 4);
        // Values past 31 bits are refused, never wrapped.
        let e = run.push_known(&[1 << 31]).unwrap_err();
        assert!(e.message().contains("31-bit"), "{e}");
    }

    /// The store's copy to `u32` (the widening) keeps the values, in memory and in a file.
    #[test]
    fn converting_a_store_keeps_its_values() {
        let values: Vec<u16> = (0..70_000u32).map(|n| (n * 31 % 32_768) as u16).collect();
        let mut mapped = Store::<u16>::spilled(&dir(), Window { head: 4, window: 8 }).unwrap();
        let mut memory = Store::<u16>::from(Vec::new());
        for &v in &values {
            mapped.push(v);
            memory.push(v);
        }
        for s in [&mapped, &memory] {
            let wide = s.convert(|x| x as u32).unwrap();
            assert_eq!(wide.is_spilled(), s.is_spilled());
            assert!(wide.iter().map(|&x| x as u16).eq(values.iter().copied()));
        }
    }
}

/// The split with the heap's parity (the phase bit): when it is allowed, when it is chosen, and that the values stay
/// those of the plain engine on the codes where it is (one worker, two, heaps found early, bounded runs).
mod phase {
    use super::super::*;
    use crate::heap::plain::code_sequence;
    use proptest::prelude::*;

    fn plain(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    /// The engine's split at the end of a run to `to`, and the rare positions it counts.
    fn final_split(code: &str, to: u64) -> (Split, u64) {
        let c = Code::parse(code).unwrap();
        let mut v = Vec::new();
        let split = extend(&c, code, &mut v, to, &mut |_| {}).unwrap();
        (split, stats(&v, split).rare_positions)
    }

    #[test]
    fn the_phase_is_allowed_when_the_two_heap_digits_share_a_parity() {
        for (code, j0) in [
            ("0.106", Some(1)),
            ("0.16", Some(0)),
            ("0.26", Some(0)),
            ("0.6", Some(1)),
            ("0.007", Some(1)),
            ("0.137", Some(1)),
            ("4!.0", Some(0)),
            ("0.06", Some(0)),
            ("4.04", Some(0)),
            ("0.0604", Some(0)),
            // Digits of both parities leave two heaps.
            ("0.77", None),
            ("0.07", Some(0)),
            ("4.7", None),
            ("0.66", None),
            ("4.4", None),
            // No two-heap digit whose heaps may differ (`=`: the option is 0, marked directly), or none at all.
            ("0.4=", None),
            ("0.3", None),
            // Three heaps: not the sparse engine's.
            ("0.8", None),
        ] {
            assert_eq!(phase_of(&Code::parse(code).unwrap()), j0, "{code}");
        }
    }

    /// 0.106: half its positions are rare under every value mask, 15 of the first 10^6 with mask 0b1101 and the
    /// heap's parity (`mask_ext` 0b11011); to 5000 the engine picks that split and so is no longer dense.
    #[test]
    fn the_phase_is_chosen_for_0_106() {
        let (split, rare) = final_split("0.106", 5000);
        assert_eq!(
            split,
            Split {
                mask: 0b1101,
                phase: Some(1)
            }
        );
        assert_eq!(split.ext_mask(), 0b11011);
        assert!(rare <= 15, "{rare} rare positions");
        let v = plain("0.106", 5000);
        let by_value = stats(&v, Split::of_mask(best_mask(&v))).rare_positions;
        assert!(by_value > 2000, "{by_value} rare by the value alone");
        // The engine's own state: a short rare list, and the sparse kernels rather than the dense one.
        let c = Code::parse("0.106").unwrap();
        let g: Vec<u16> = v.iter().map(|&x| x as u16).collect();
        let e = Engine::<u16>::new(moves_of(&c), g, {
            let mut h = Hist::new();
            for (n, &x) in v.iter().enumerate().skip(1) {
                bump(&mut h, n, x as usize);
            }
            h
        });
        assert_eq!(e.split, split);
        assert!(e.rare.len() <= 15 && !e.dense);
    }

    /// Codes the phase does not help keep the split they had without it: the engine with the phase allowed and one
    /// with it taken away choose the same split from heap 1024 on, and find the same values throughout (Officers,
    /// Grundy's game, Treblecross and 0.06 allow the phase; Kayles does not).
    #[test]
    fn codes_the_phase_does_not_help_keep_their_split() {
        for (code, to) in [
            ("0.6", 20_000),
            ("4!.0", 20_000),
            ("0.007", 12_000),
            ("0.06", 12_000),
            ("0.77", 5_000),
        ] {
            let c = Code::parse(code).unwrap();
            let mut with = Engine::<u16>::new(moves_of(&c), vec![0], Hist::new());
            let mut without = Engine::<u16>::new(moves_of(&c), vec![0], Hist::new());
            without.phase = None;
            without.rebuild();
            let mut next_rebuild = FIRST_REBUILD;
            let mut masks = Vec::new();
            while (with.g.len() as u64) <= to {
                let (v, w) = (with.next(), without.next());
                assert_eq!(v, w, "{code}: heap {}", with.g.len());
                assert!(with.push(v) && without.push(w));
                if with.g.len() as u64 == next_rebuild {
                    with.rebuild();
                    without.rebuild();
                    next_rebuild *= 2;
                }
                // On the first heaps the phase can win (Treblecross picks it from heap 4 to 1023, Grundy's game
                // and 0.06 on a few heaps below 20: a handful of values); from heap 1024 on it never does here.
                if with.g.len() >= 1024 {
                    assert_eq!(with.split, without.split, "{code}: heap {}", with.g.len());
                    assert_eq!(with.split.phase, None, "{code}");
                }
                if masks.last() != Some(&with.split.mask) {
                    masks.push(with.split.mask);
                }
            }
            assert!(masks.iter().any(|&m| m != 0), "{code}: {masks:?}");
        }
    }

    /// Fast engine against the plain one on codes that allow the phase, on one worker, two (from heap 4096 on; test
    /// windows switch modes and are cut often), heaps found early then finished, and runs resumed from a prefix.
    /// The phase is chosen for 0.106 (15 rare positions), 0.26 (none), 0.204 and 0.0406 (rare positions all
    /// along: a thousand and more to 9000, so the rare list grows by the heap's phase between rebuilds), not for
    /// 0.16 nor 0.1606.
    #[test]
    fn codes_with_the_phase_agree_with_plain() {
        for (code, to) in [
            ("0.106", 9_000),
            ("0.16", 7_000),
            ("0.26", 7_000),
            ("0.204", 9_000),
            ("0.0406", 7_000),
            ("0.1606", 6_000),
            ("4.06", 6_000),
        ] {
            let c = Code::parse(code).unwrap();
            let p = plain(code, to);
            let mut one = Vec::new();
            extend(&c, code, &mut one, to, &mut |_| {}).unwrap();
            assert_eq!(p, one, "{code}: one worker");
            let mut two = Vec::new();
            extend_with_threads(&c, code, &mut two, to, 2, &mut |_| {}).unwrap();
            assert_eq!(p, two, "{code}: two workers");
            assert_eq!(
                p,
                super::threads::speculative(&c, to),
                "{code}: early, then finished"
            );
            // A packed run resumed from a prefix that ends on either parity of heap.
            for start in [1001usize, 1002] {
                let mut run = Run::new(&c, code, &p[..start]).unwrap();
                run.extend(to, 2, &mut |_| true).unwrap();
                assert_eq!(
                    run.values().to_nimbers(0..run.len()),
                    p,
                    "{code} from {start}"
                );
            }
        }
        for (code, phase) in [
            ("0.106", true),
            ("0.26", true),
            ("0.204", true),
            ("0.0406", true),
            ("0.16", false),
        ] {
            let (split, rare) = final_split(code, 9_000);
            assert_eq!(split.phase.is_some(), phase, "{code}: {split:?}");
            if code == "0.204" || code == "0.0406" {
                assert!(rare > 1000, "{code}: {rare} rare positions");
            }
        }
    }

    /// The split is chosen by one Walsh–Hadamard transform: it equals a count of every mask one by one (the
    /// smallest mask among equals; with the phase only when strictly fewer positions are rare).
    #[test]
    fn the_transform_counts_as_the_masks_one_by_one() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..200 {
            let len = 1 + (next() % 300) as usize;
            let values: Vec<Nimber> = (0..len)
                .map(|_| match case % 3 {
                    0 => next() % 8,
                    1 => next() % 5000,
                    _ => next() % 64,
                })
                .collect();
            for phase in [None, Some(0), Some(1)] {
                let got = best_split(&values, phase);
                // One by one.
                let bits = (64 - (values[1..].iter().max().copied().unwrap_or(0)).leading_zeros())
                    .min(MASK_BITS);
                let count = |s: Split| {
                    (1..values.len())
                        .filter(|&n| s.is_rare(n as u64, values[n]))
                        .count()
                };
                let mut best = (usize::MAX, Split::of_mask(0));
                for m in 1..(1u64 << bits) {
                    let r = count(Split::of_mask(m));
                    if r < best.0 {
                        best = (r, Split::of_mask(m));
                    }
                }
                let floor = if best.0 == usize::MAX {
                    values.len() - 1
                } else {
                    best.0
                };
                if let Some(j0) = phase {
                    let mut with = (usize::MAX, Split::of_mask(0));
                    for m in 0..(1u64 << bits) {
                        let s = Split {
                            mask: m,
                            phase: Some(j0),
                        };
                        let r = count(s);
                        if r < with.0 {
                            with = (r, s);
                        }
                    }
                    if with.0 < floor {
                        best = with;
                    }
                }
                assert_eq!(got, best.1, "case {case} phase {phase:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// Random codes whose two-heap digits share a parity (d0 = 4 counts as digit 0, with a constraint on its
        /// two heaps or not): the fast engine on one worker and two gives the plain engine's values.
        #[test]
        fn random_codes_sharing_a_parity_equal_plain(
            j0 in 0u64..2,
            d0 in any::<bool>(),
            unequal in any::<bool>(),
            digits in proptest::collection::vec(0u64..8, 1..6),
        ) {
            // Digits of the other parity keep only their zero- and one-heap moves.
            let ds: String = digits
                .iter()
                .enumerate()
                .map(|(i, &d)| if (i as u64 + 1) % 2 == j0 { d } else { d & 3 })
                .map(|d| d.to_string())
                .collect();
            let d0 = if d0 && j0 == 0 { if unequal { "4!" } else { "4" } } else { "0" };
            let text = format!("{d0}.{ds}");
            let c = Code::parse(&text).unwrap();
            prop_assume!(covers(&c));
            let p = code_sequence(&c, &text, 5_000, &mut |_| {}).unwrap();
            let mut one = Vec::new();
            extend(&c, &text, &mut one, 5_000, &mut |_| {}).unwrap();
            prop_assert_eq!(&p, &one, "{} one worker", text);
            let mut two = Vec::new();
            extend_with_threads(&c, &text, &mut two, 5_000, 2, &mut |_| {}).unwrap();
            prop_assert_eq!(&p, &two, "{} two workers", text);
        }
    }
}

mod processors {
    use super::super::{current_cpu, move_off_cpu};

    /// A thread moved off its processor runs on another at once, and is allowed every processor it was before.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_moved_off_its_processor_runs_elsewhere_and_keeps_its_allowed_set() {
        std::thread::spawn(|| {
            let allowed = std::thread::available_parallelism().map_or(1, |n| n.get());
            let here = current_cpu().expect("Linux says which processor");
            move_off_cpu(here);
            if allowed >= 2 {
                assert_ne!(current_cpu(), Some(here));
            } else {
                assert_eq!(current_cpu(), Some(here));
            }
            assert_eq!(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
                allowed
            );
        })
        .join()
        .unwrap();
    }
}
