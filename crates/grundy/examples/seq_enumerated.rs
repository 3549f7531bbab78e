//! The nim-values of heaps `0..=N` of a take-and-break code with every move that leaves three or more heaps
//! enumerated partition by partition (`heap::plain::code_sequence_enumerated`), one per line like `grundy seq`:
//! the reference `benches/multiheap.sh` times the multi-heap engine against.
//!
//!     cargo run --release -p grundy --example seq_enumerated -- '0.{2+}' 80
//!     cargo run --release -p grundy --example seq_enumerated -- --engine '0.{2+}' 80   (the multi-heap engine)

use grundy::heap::plain::{code_sequence, code_sequence_enumerated};
use grundy::heap::Code;
use std::fmt::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let engine = args.first().is_some_and(|a| a == "--engine");
    if engine {
        args.remove(0);
    }
    let [code, to] = args.as_slice() else {
        eprintln!("usage: seq_enumerated [--engine] CODE N");
        return ExitCode::from(2);
    };
    let result = Code::parse(code)
        .and_then(|c| Ok((c, grundy::error::parse_u64(to, "N")?)))
        .and_then(|(c, to)| {
            let f = if engine {
                code_sequence
            } else {
                code_sequence_enumerated
            };
            f(&c, code, to, &mut |_| {})
        });
    match result {
        Ok(values) => {
            let mut s = String::new();
            for v in values {
                let _ = writeln!(s, "{v}");
            }
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("seq_enumerated: {e}");
            ExitCode::from(2)
        }
    }
}
