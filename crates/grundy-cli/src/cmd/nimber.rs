//! `grundy nimber mul A B | inv A | pow A K`: arithmetic in the field of nimbers below 2^64.

use crate::args::Args;
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

fn num(s: &str, what: &str) -> CliResult<u64> {
    Ok(grundy::error::parse_u64(s, &format!("nimber: {what}"))?)
}

pub fn run(args: &Args) -> CliResult {
    let p: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let v = match p.as_slice() {
        ["mul", a, b] => field::mul(num(a, "A")?, num(b, "B")?),
        ["inv", a] => {
            field::inv(num(a, "A")?).ok_or_else(|| CliError::usage("nimber: 0 has no inverse"))?
        }
        ["pow", a, k] => field::pow(num(a, "A")?, num(k, "K")?),
        _ => {
            return Err(CliError::usage(
                "'grundy nimber' takes 'mul A B', 'inv A' or 'pow A K'",
            ))
        }
    };
    if args.switch("json") {
        let nums: Vec<u64> = p[1..]
            .iter()
            .map(|x| grundy::error::parse_u64(x, "nimber"))
            .collect::<Result<_, _>>()?;
        return print_json(&serde_json::json!({ "op": p[0], "args": nums, "result": v }));
    }
    write_stdout(format!("{v}\n").as_bytes())
}
