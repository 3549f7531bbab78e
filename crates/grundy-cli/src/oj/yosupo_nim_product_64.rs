//! yosupo-nim-product-64: T, then T lines `A B` (64-bit); print `A ⊗ B`, the nim-product
//! ([`grundy::nimber::field`]: GF(2^16) log/exp tables and Karatsuba, about 30 table reads per product).

use super::Tokens;
use grundy::nimber::field::Tables;
use grundy::Result;

/// `"00" "01" … "99"`: two digits per table read.
const DIGITS: &[u8; 200] = b"\
0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Appends `v` in decimal and a newline.
#[inline]
fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 21];
    let mut i = 20;
    buf[i] = b'\n';
    while v >= 100 {
        let r = (v % 100) as usize;
        v /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&DIGITS[2 * r..2 * r + 2]);
    }
    if v >= 10 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(&DIGITS[2 * v as usize..2 * v as usize + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + v as u8;
    }
    out.extend_from_slice(&buf[i..]);
}

/// The next token as a `u64`, fast path: up to 19 digits cannot overflow, a 20th is a checked step; anything else
/// (too long, a bad character, the end of the input) goes to [`Tokens::int`] for its exact error message.
#[inline]
fn next_u64(
    input: &[u8],
    pos: &mut usize,
    count: &mut usize,
    t: &mut Tokens,
    what: &str,
) -> Result<u64> {
    let mut i = *pos;
    while i < input.len() && input[i].is_ascii_whitespace() {
        i += 1;
    }
    let start = i;
    let mut v: u64 = 0;
    while i < input.len() && input[i].is_ascii_digit() && i - start < 19 {
        v = v * 10 + (input[i] - b'0') as u64;
        i += 1;
    }
    // A 20th digit: the value may still fit (below 18446744073709551616).
    if i - start == 19 && i < input.len() && input[i].is_ascii_digit() {
        if let Some(w) = v
            .checked_mul(10)
            .and_then(|w| w.checked_add((input[i] - b'0') as u64))
        {
            if i + 1 == input.len() || input[i + 1].is_ascii_whitespace() {
                *pos = i + 1;
                *count += 1;
                return Ok(w);
            }
        }
    }
    if i > start && (i == input.len() || input[i].is_ascii_whitespace()) {
        *pos = i;
        *count += 1;
        return Ok(v);
    }
    t.seek(start, *count);
    let v = t.int(what, 0, u64::MAX)?;
    *pos = t.position();
    *count += 1;
    Ok(v)
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<()> {
    let mut t = Tokens::new(input);
    let n = t.int("the number of pairs T", 0, 1_000_000)?;
    let tables = Tables::get();
    // At most 21 output bytes per pair, and a pair takes at least 4 input bytes: a huge T with a short input
    // reserves nothing large before it fails.
    out.reserve((n as usize).min(input.len() / 4 + 1) * 21);
    let (mut pos, mut count) = (t.position(), 1);
    for _ in 0..n {
        let a = next_u64(input, &mut pos, &mut count, &mut t, "A")?;
        let b = next_u64(input, &mut pos, &mut count, &mut t, "B")?;
        push_u64(out, tables.mul(a, b));
    }
    t.seek(pos, count);
    t.expect_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_output_and_fast_parse() {
        let mut out = Vec::new();
        for v in [0u64, 7, 10, 99, 100, 12345, u64::MAX] {
            push_u64(&mut out, v);
        }
        assert_eq!(out, b"0\n7\n10\n99\n100\n12345\n18446744073709551615\n");
        let mut out = Vec::new();
        run(
            b"2\n18446744073709551615 1\n 9999999999999999999   2\n",
            &mut out,
        )
        .unwrap();
        let mut want = b"18446744073709551615\n".to_vec();
        want.extend(
            format!(
                "{}\n",
                grundy::nimber::field::mul_slow(9999999999999999999, 2)
            )
            .bytes(),
        );
        assert_eq!(out, want);
        assert!(run(b"1\n18446744073709551616 1\n", &mut Vec::new()).is_err());
        assert!(run(b"1\n99999999999999999999 1\n", &mut Vec::new()).is_err());
        assert!(run(b"1\n184467440737095516150 1\n", &mut Vec::new()).is_err());
        let mut out = Vec::new();
        run(b"1\n10000000000000000000 1", &mut out).unwrap();
        assert_eq!(out, b"10000000000000000000\n");
        assert!(run(b"1\n12a 1\n", &mut Vec::new()).is_err());
        assert!(run(b"1\n12", &mut Vec::new()).is_err());
    }
}
