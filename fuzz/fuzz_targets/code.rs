//! bytes → `Code::parse`. When a code parses: its Display parses again, to a code with the same options on every
//! heap 0..20 (compared as sets of (tokens removed, heaps left)), whose Display is the same text (Display is
//! canonical); and `TakeAndBreak::new` of either code returns (Ok or Err) without panicking.
#![no_main]

use grundy::heap::{Code, TakeAndBreak};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

/// Every option of heaps 0..=20: (heap, tokens removed, heaps left).
fn options(c: &Code) -> BTreeSet<(u64, u64, Vec<u64>)> {
    let mut set = BTreeSet::new();
    let mut buf = Vec::new();
    for n in 0..=20 {
        c.for_each_option(n, &mut buf, |j, heaps| {
            set.insert((n, j, heaps.to_vec()));
        });
    }
    set
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(code) = Code::parse(text) else {
        return;
    };
    let shown = code.to_string();
    let again = match Code::parse(&shown) {
        Ok(c) => c,
        Err(e) => panic!("{text:?} parses, but its Display {shown:?} does not: {e}"),
    };
    let (a, b) = (options(&code), options(&again));
    if a != b {
        let only_a: Vec<_> = a.difference(&b).take(3).collect();
        let only_b: Vec<_> = b.difference(&a).take(3).collect();
        panic!(
            "{text:?} and its Display {shown:?} have different options on heaps 0..20: \
             only in the first {only_a:?}, only in the second {only_b:?}"
        );
    }
    let shown_again = again.to_string();
    assert_eq!(
        shown, shown_again,
        "Display is not canonical: {text:?} shows as {shown:?}, which shows as {shown_again:?}"
    );
    let _ = TakeAndBreak::new(code);
    let _ = TakeAndBreak::new(again);
});
