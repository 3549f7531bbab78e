//! The multi-heap engine (`heap::multi`) against partition enumeration and brute force, on random take-and-break
//! codes whose moves may leave three or more heaps.

use grundy::heap::plain::{code_sequence, code_sequence_enumerated};
use grundy::heap::{Code, TakeAndBreak};
use grundy::solver::brute_force_value;
use proptest::prelude::*;

/// Digits after the point: some leave 3 or more heaps, some at most 2.
const DIGITS: &[&str] = &[
    "0", "1", "3", "7", "8", "C", "F", "{3}", "{4}", "{0,3}", "{2+}", "{3+}", "{1+}", "{2,5}",
    "{4+}",
];
/// `d0`: never one heap (that move would change nothing).
const FIRST: &[&str] = &["0", "4", "8", "C", "{3+}", "{2,4}"];
const MODIFIERS: &[&str] = &["", "", "!", "?", "="];

fn digit(choice: (usize, usize)) -> String {
    format!("{}{}", DIGITS[choice.0], MODIFIERS[choice.1])
}

fn code_strategy() -> impl Strategy<Value = String> {
    let d = (0..DIGITS.len(), 0..MODIFIERS.len());
    (
        (0..FIRST.len(), 0..MODIFIERS.len()),
        proptest::collection::vec(d.clone(), 1..4),
        proptest::option::of(proptest::collection::vec(d, 1..3)),
    )
        .prop_map(|(first, digits, period)| {
            let mut s = format!("{}{}.", FIRST[first.0], MODIFIERS[first.1]);
            for x in digits {
                s += &digit(x);
            }
            if let Some(p) = period {
                s += "[";
                for x in p {
                    s += &digit(x);
                }
                s += "]";
            }
            s
        })
}

fn seq(code: &Code, to: u64, enumerated: bool) -> Vec<u64> {
    let f = if enumerated {
        code_sequence_enumerated
    } else {
        code_sequence
    };
    f(code, "test", to, &mut |_| {}).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn engine_agrees_with_enumeration_and_brute_force(text in code_strategy()) {
        let code = Code::parse(&text).unwrap();
        // Enumerating every partition of 40 for every digit of a repeating "or more" code is slow in debug tests:
        // go as far as the partitions allow.
        let to = if code.period() > 0 && code.max_heaps() == usize::MAX { 30 } else { 40 };
        let fast = seq(&code, to, false);
        let slow = seq(&code, to, true);
        prop_assert_eq!(&fast, &slow, "{}", text);
        let game = TakeAndBreak::new(code).unwrap();
        for n in 0..=8u64 {
            prop_assert_eq!(fast[n as usize], brute_force_value(&game, &n), "{} heap {}", text, n);
        }
    }
}

#[test]
fn many_heap_codes_go_far() {
    // Remove one token and leave two or more heaps: beyond partition enumeration at 300 (p(299) ≈ 9·10^15).
    let code = Code::parse("0.{2+}").unwrap();
    let g = seq(&code, 300, false);
    assert_eq!(g[..40], seq(&code, 39, true)[..]);
    // 8.0 (split into three heaps) and 0.F against enumeration on a longer range.
    for text in ["8.0", "0.F", "0.{3?}", "8!.0", "0.{3!,5}"] {
        let code = Code::parse(text).unwrap();
        assert_eq!(seq(&code, 120, false), seq(&code, 120, true), "{text}");
    }
    for text in ["0.{3?+}", "4?.{2!+}"] {
        let code = Code::parse(text).unwrap();
        assert_eq!(seq(&code, 60, false), seq(&code, 60, true), "{text}");
    }
    let code = Code::parse("8=.{4+}").unwrap();
    assert_eq!(seq(&code, 50, false), seq(&code, 50, true));
}
