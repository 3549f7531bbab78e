//! The counting mex, a sequence engine of its own for codes that never split and whose digits repeat one digit
//! (all-but subtraction games): a count of each value and a union–find pointer to the next value with count 0.

use crate::error::{Error, Result};
use crate::heap::plain;
use crate::heap::Code;
use crate::nimber::Nimber;
use crate::solver::Limits;

/// The shape the counting mex needs: the removal `J` from which every digit is the same digit, and whether that
/// digit allows taking a whole heap. `None` when the code splits, is finite, or its repeating digits differ or do
/// not allow leaving one heap.
pub(super) fn counting_shape(code: &Code) -> Option<(u64, bool)> {
    if code.period() == 0 || code.max_heaps() > 1 || code.is_loopy() {
        return None;
    }
    let digits = code.digits();
    let j = digits.len() - code.period();
    let d = &digits[j];
    if !d.allows(1) || digits[j..].iter().any(|x| x != d) {
        return None;
    }
    Some((j as u64, d.allows(0)))
}

/// The counting mex of the module docs.
pub(super) fn counting_mex(
    code: &Code,
    (j0, _): (u64, bool),
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    let len = to as usize + 2;
    let mut count = vec![0u32; len + 1];
    // next[v] = v while count[v] = 0, else a pointer towards the next value with count 0.
    let mut next: Vec<u32> = (0..=len as u32).collect();
    fn find(next: &mut [u32], mut v: usize) -> usize {
        while next[v] as usize != v {
            let up = next[next[v] as usize];
            next[v] = up;
            v = up as usize;
        }
        v
    }
    let ones: Vec<u64> = (1..j0).filter(|&j| code.digit(j).allows(1)).collect();
    let prefix = values.len();
    values.reserve_exact((to as usize + 1).saturating_sub(prefix));
    if values.is_empty() {
        values.push(0);
    }
    let mut extra: Vec<u64> = Vec::with_capacity(ones.len() + 1);
    for n in 1..=to {
        // Heap n − J joins the counted heaps 1 … n − J.
        if n > j0 {
            let v = values[(n - j0) as usize] as usize;
            if v >= len {
                return Err(Error::limit(format!(
                    "{name}: a value beyond the table at heap {n}"
                )));
            }
            count[v] = count[v].saturating_add(1);
            if count[v] == 1 {
                next[v] = v as u32 + 1;
            }
        }
        if (n as usize) < values.len() {
            continue;
        }
        extra.clear();
        for &j in &ones {
            if j >= n {
                break;
            }
            extra.push(values[(n - j) as usize]);
        }
        if code.digit(n).allows(0) {
            extra.push(0);
        }
        let mut v = find(&mut next, 0);
        while extra.contains(&(v as u64)) {
            v = find(&mut next, v + 1);
        }
        values.push(v as u64);
        if n & 0xffff == 0 {
            progress(n);
            plain::poll(limits, name, n, to)?;
        }
    }
    progress(to);
    Ok(())
}
