//! yosupo-nim-product-64: T, then T lines `A B` (64-bit); print `A ⊗ B`, the nim-product
//! ([`grundy::nimber::field`]: GF(2^16) log/exp tables and Karatsuba, about 30 table reads per product).

use super::Tokens;
use grundy::nimber::field::Tables;
use grundy::Result;

/// Appends `v` in decimal and a newline.
#[inline]
fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 21];
    let mut i = 20;
    buf[i] = b'\n';
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<()> {
    let mut t = Tokens::new(input);
    let n = t.int("the number of pairs T", 0, 10_000_000)?;
    let tables = Tables::get();
    out.reserve(n as usize * 21);
    for _ in 0..n {
        let a = t.int("A", 0, u64::MAX)?;
        let b = t.int("B", 0, u64::MAX)?;
        push_u64(out, tables.mul(a, b));
    }
    t.expect_end()
}
