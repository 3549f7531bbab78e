//! `grundy nimber mul A B | inv A | pow A K`: arithmetic in the field of nimbers below 2^64.

use crate::cli::{NimberArgs, NimberOp};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::nimber::field;

pub const HELP: &str = "\
grundy nimber — nim-multiplication in the field of nimbers below 2^64

USAGE
  grundy nimber mul A B     the nim-product A (x) B
  grundy nimber inv A       the nim-inverse of A (A != 0): A (x) inv(A) = 1
  grundy nimber pow A K     A nim-multiplied by itself K times (A^0 = 1)

Nim-addition is XOR; with nim-multiplication the nimbers below 2^(2^k) form a field (Conway, On Numbers and
Games, ch. 6). A, B and K are integers 0 <= x < 2^64.

EXAMPLES
  grundy nimber mul 2 2       prints 3
  grundy nimber inv 2         prints 3
";

pub fn run(c: &NimberArgs) -> CliResult {
    let (op, args, v, json) = match c.op {
        NimberOp::Mul { a, b, json } => ("mul", vec![a, b], field::mul(a, b), json),
        NimberOp::Inv { a, json } => {
            let v = field::inv(a).ok_or_else(|| CliError::usage("nimber: 0 has no inverse"))?;
            ("inv", vec![a], v, json)
        }
        NimberOp::Pow { a, k, json } => ("pow", vec![a, k], field::pow(a, k), json),
    };
    if json {
        return print_json(&serde_json::json!({ "op": op, "args": args, "result": v }));
    }
    write_stdout(format!("{v}\n").as_bytes())
}
