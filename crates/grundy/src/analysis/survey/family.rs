//! The families of a survey: sets of codes written as one word (`0.ddd`, `x.dd`, `octal:K`, `subtraction:SIZE,MAX`),
//! each listed in one fixed order, and the shards `K/N` that split that order between processes.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A family of codes and its codes, in its fixed order (the order of the survey's lines and of its shards).
///
/// ```rust
/// use grundy::analysis::survey::Family;
///
/// let f: Family = "0.d7".parse()?;
/// assert_eq!(f.codes().len(), 8);
/// assert_eq!(f.codes()[0], "0.07");
/// assert!("kayles".parse::<Family>().is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    name: String,
    codes: Vec<String>,
}

impl Family {
    /// The family as written (`0.ddd`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its codes (game specs such as `0.137` or `subtraction:1,2,5`), in the family's order.
    pub fn codes(&self) -> &[String] {
        &self.codes
    }

    /// The codes of one shard: those whose index `i` (from 0, in the family's order) has `i mod N = K - 1`.
    pub fn shard(&self, shard: Shard) -> Vec<&String> {
        self.codes
            .iter()
            .skip(shard.index)
            .step_by(shard.count)
            .collect()
    }
}

/// The family of the records of a code list surveyed without a family (its codes are the list's).
pub const LIST: &str = "list";

impl Family {
    /// The codes of a list as a family named `name` ([`LIST`], or the family the list was checked against), in
    /// the list's order.
    pub fn from_list(name: &str, codes: Vec<String>) -> Family {
        Family {
            name: name.to_string(),
            codes,
        }
    }
}

/// The codes of a code list (the text of a file): one code per line, blank lines and `#` comments ignored, a code
/// given twice kept once (its first line). Each code is a take-and-break code, or a code of `within`; with
/// `within`, every code must be one of its codes. A bad line is a one-line [`crate::ErrorKind::Input`] error
/// naming the line (the caller adds the file); a list of no codes is refused.
pub fn parse_code_list(text: &str, within: Option<&Family>) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("").trim();
        if code.is_empty() {
            continue;
        }
        let in_family = within.map(|f| f.codes.iter().any(|c| c == code));
        match (in_family, crate::code::Code::parse(code)) {
            (Some(true), _) | (None, Ok(_)) => {}
            (Some(false), _) => {
                let f = within.map(Family::name).unwrap_or_default();
                return Err(Error::input(format!(
                    "line {}: '{code}' is not a code of the family {f}",
                    i + 1
                )));
            }
            (None, Err(e)) => {
                return Err(Error::input(format!(
                    "line {}: '{code}' is not a take-and-break code: {}",
                    i + 1,
                    e.message()
                )))
            }
        }
        if seen.insert(code.to_string()) {
            out.push(code.to_string());
        }
    }
    if out.is_empty() {
        return Err(Error::input("the code list holds no codes"));
    }
    Ok(out)
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl FromStr for Family {
    type Err = Error;

    /// A family written as `0.ddd` (digits 0-7, or `d` for any), `x.dd` (first digit 0 or 4), `octal:K` or
    /// `subtraction:SIZE,MAX`; anything else is a one-line [`crate::ErrorKind::Input`] error naming the family.
    fn from_str(family: &str) -> Result<Family> {
        Ok(Family {
            name: family.to_string(),
            codes: codes(family)?,
        })
    }
}

/// The codes of `family`, in its fixed order.
fn codes(family: &str) -> Result<Vec<String>> {
    let bad = |why: &str| {
        Error::input(format!(
            "family '{family}': {why} (see 'grundy help sweep')"
        ))
    };
    if let Some(k) = family.strip_prefix("octal:") {
        let k: usize = k
            .parse()
            .map_err(|_| bad("octal:K needs a number of digits K"))?;
        if !(1..=6).contains(&k) {
            return Err(bad("octal:K takes 1 to 6 digits"));
        }
        return codes(&format!("0.{}", "d".repeat(k)));
    }
    if let Some(rest) = family.strip_prefix("subtraction:") {
        return subtraction_sets(rest).map_err(&bad);
    }
    let (d0, digits) = family
        .split_once('.')
        .ok_or_else(|| bad("not a family: 0.ddd, x.dd, octal:K or subtraction:SIZE,MAX"))?;
    let firsts: Vec<char> = match d0 {
        "x" => vec!['0', '4'],
        "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" => vec![d0.chars().next().unwrap()],
        _ => return Err(bad("the digit before the point is 0-7 or x (0 or 4)")),
    };
    if digits.is_empty() || digits.len() > 6 {
        return Err(bad("1 to 6 digits after the point"));
    }
    let mut codes: Vec<String> = firsts.iter().map(|c| format!("{c}.")).collect();
    for ch in digits.chars() {
        let choices: Vec<char> = match ch {
            'd' => ('0'..='7').collect(),
            '0'..='7' => vec![ch],
            _ => return Err(bad("digits after the point are 0-7 or d (any of them)")),
        };
        codes = codes
            .iter()
            .flat_map(|c| choices.iter().map(move |d| format!("{c}{d}")))
            .collect();
    }
    Ok(codes)
}

/// Every subtraction set of SIZE amounts from 1..=MAX (`rest` is `SIZE,MAX`), in lexicographic order; the error
/// says what is wrong.
fn subtraction_sets(rest: &str) -> std::result::Result<Vec<String>, &'static str> {
    let (size, max) = rest.split_once(',').ok_or("subtraction:SIZE,MAX")?;
    let size: usize = size.parse().map_err(|_| "subtraction:SIZE,MAX")?;
    let max: u64 = max.parse().map_err(|_| "subtraction:SIZE,MAX")?;
    if size == 0 || max > 64 || size as u64 > max {
        return Err("subtraction:SIZE,MAX needs 1 <= SIZE <= MAX <= 64");
    }
    let mut out = Vec::new();
    let mut set: Vec<u64> = (1..=size as u64).collect();
    loop {
        let words: Vec<String> = set.iter().map(|x| x.to_string()).collect();
        out.push(format!("subtraction:{}", words.join(",")));
        if out.len() > 1_000_000 {
            return Err("more than 10^6 sets");
        }
        // The next set in lexicographic order.
        let mut i = size;
        while i > 0 && set[i - 1] == max - (size - i) as u64 {
            i -= 1;
        }
        if i == 0 {
            return Ok(out);
        }
        set[i - 1] += 1;
        for j in i..size {
            set[j] = set[j - 1] + 1;
        }
    }
}

/// A code as a game, for comparing with published figures: an octal code without its trailing zero digits
/// (0.770 and 0.77 are the same game).
pub fn game_key(code: &str) -> String {
    match code.split_once('.') {
        Some((a, b)) if !code.contains(':') => {
            let b = b.trim_end_matches('0');
            format!("{a}.{}", if b.is_empty() { "0" } else { b })
        }
        _ => code.to_string(),
    }
}

/// One of `count` shards of a survey, written `K/N` (`index` is K − 1): N processes, each with its own K, cover a
/// family with no coordination. The default is the whole family (`1/1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// K − 1, from 0.
    pub index: usize,
    /// N, at least 1.
    pub count: usize,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 0, count: 1 }
    }
}

impl FromStr for Shard {
    type Err = Error;

    /// `K/N` with 1 <= K <= N; anything else is a one-line [`crate::ErrorKind::Input`] error (`--shard: ...`).
    fn from_str(t: &str) -> Result<Shard> {
        let bad = || Error::input(format!("--shard: '{t}' is not K/N with 1 <= K <= N"));
        let (k, n) = t.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}

impl Shard {
    /// The shard of a task of a Slurm job array, from the environment variables `var` reads:
    /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`, with `SLURM_ARRAY_TASK_MIN` (default 0: arrays from 0
    /// or from 1 both work) and `SLURM_ARRAY_TASK_STEP` (default 1). The task's index is `(ID - MIN) / STEP`, of
    /// COUNT shards. A variable missing, not a whole number, or an ID outside the array is a one-line
    /// [`crate::ErrorKind::Input`] error naming the variable.
    pub fn from_slurm(var: &dyn Fn(&str) -> Option<String>) -> Result<Shard> {
        let get = |name: &str, default: Option<usize>| -> Result<usize> {
            match (var(name), default) {
                (None, Some(d)) => Ok(d),
                (None, None) => Err(Error::input(format!(
                    "{name} is not set: this process is no task of a Slurm job array"
                ))),
                (Some(t), _) => t.trim().parse().map_err(|_| {
                    Error::input(format!(
                        "{name} is '{}', not a whole number >= 0",
                        crate::error::escape(&t)
                    ))
                }),
            }
        };
        let id = get("SLURM_ARRAY_TASK_ID", None)?;
        let count = get("SLURM_ARRAY_TASK_COUNT", None)?;
        let min = get("SLURM_ARRAY_TASK_MIN", Some(0))?;
        let step = get("SLURM_ARRAY_TASK_STEP", Some(1))?.max(1);
        if count == 0 {
            return Err(Error::input(
                "SLURM_ARRAY_TASK_COUNT is 0: an array has a task",
            ));
        }
        let index = id.checked_sub(min).map(|d| (d / step, d % step));
        match index {
            Some((index, 0)) if index < count => Ok(Shard { index, count }),
            _ => Err(Error::input(format!(
                "SLURM_ARRAY_TASK_ID {id} is not a task of an array of {count} from {min} in steps of {step} \
                 (SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_STEP)"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn slurm(vars: &[(&str, &str)]) -> Result<Shard> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Shard::from_slurm(&move |k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
    }

    #[test]
    fn slurm_arrays_from_0_or_1_give_the_shards() {
        let s = |index, count| Shard { index, count };
        let id = "SLURM_ARRAY_TASK_ID";
        let n = "SLURM_ARRAY_TASK_COUNT";
        let min = "SLURM_ARRAY_TASK_MIN";
        assert_eq!(slurm(&[(id, "0"), (n, "4")]).unwrap(), s(0, 4));
        assert_eq!(slurm(&[(id, "3"), (n, "4"), (min, "0")]).unwrap(), s(3, 4));
        assert_eq!(slurm(&[(id, "1"), (n, "4"), (min, "1")]).unwrap(), s(0, 4));
        assert_eq!(slurm(&[(id, "4"), (n, "4"), (min, "1")]).unwrap(), s(3, 4));
        let step = ("SLURM_ARRAY_TASK_STEP", "2");
        assert_eq!(
            slurm(&[(id, "6"), (n, "4"), (min, "0"), step]).unwrap(),
            s(3, 4)
        );
        for (vars, says) in [
            (&[(n, "4")][..], "SLURM_ARRAY_TASK_ID is not set"),
            (&[(id, "1")], "SLURM_ARRAY_TASK_COUNT is not set"),
            (
                &[(id, "x"), (n, "4")],
                "SLURM_ARRAY_TASK_ID is 'x', not a whole number",
            ),
            (&[(id, "-1"), (n, "4")], "SLURM_ARRAY_TASK_ID is '-1'"),
            (&[(id, "0"), (n, "0")], "SLURM_ARRAY_TASK_COUNT is 0"),
            (
                &[(id, "4"), (n, "4")],
                "SLURM_ARRAY_TASK_ID 4 is not a task of an array of 4 from 0",
            ),
            (
                &[(id, "0"), (n, "4"), (min, "1")],
                "SLURM_ARRAY_TASK_ID 0 is not a task",
            ),
            (
                &[(id, "1"), (n, "4"), step],
                "SLURM_ARRAY_TASK_ID 1 is not a task",
            ),
        ] {
            let e = slurm(vars).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Input);
            assert!(e.to_string().starts_with(says), "{vars:?}: {e}");
            assert_eq!(e.to_string().lines().count(), 1);
        }
    }

    fn family_codes(f: &str) -> Result<Vec<String>> {
        f.parse::<Family>().map(|f| f.codes().to_vec())
    }

    #[test]
    fn families_enumerate_every_code_once_in_order() {
        let c = family_codes("0.ddd").unwrap();
        assert_eq!(c.len(), 512);
        assert_eq!(
            (c[0].as_str(), c[1].as_str(), c[511].as_str()),
            ("0.000", "0.001", "0.777")
        );
        assert_eq!(c, family_codes("octal:3").unwrap());
        let x = family_codes("x.dd").unwrap();
        assert_eq!(x.len(), 128);
        assert_eq!((x[0].as_str(), x[64].as_str()), ("0.00", "4.00"));
        assert_eq!(family_codes("0.d7").unwrap().len(), 8);
        let s = family_codes("subtraction:3,10").unwrap();
        assert_eq!(s.len(), 120); // C(10, 3)
        assert_eq!(
            (s[0].as_str(), s[119].as_str()),
            ("subtraction:1,2,3", "subtraction:8,9,10")
        );
        assert_eq!(s.iter().collect::<BTreeSet<_>>().len(), 120);
    }

    #[test]
    fn a_bad_family_is_a_one_line_input_error() {
        for bad in [
            "",
            "0.",
            "0.dx",
            "9.dd",
            "octal:0",
            "octal:7",
            "subtraction:4,3",
            "subtraction:x",
            "kayles",
        ] {
            let e = bad.parse::<Family>().unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Input, "{bad}");
            let e = e.to_string();
            assert!(e.contains("family") && !e.contains('\n'), "{bad}: {e}");
        }
        assert_eq!(
            "kayles".parse::<Family>().unwrap_err().to_string(),
            "family 'kayles': not a family: 0.ddd, x.dd, octal:K or subtraction:SIZE,MAX (see 'grundy help sweep')"
        );
    }

    #[test]
    fn survey_code_lists_are_read_with_their_line_numbers() {
        let text = "# a list\n0.137\n\n  4.07  # Dawson's?\n0.137\n0.77\n";
        assert_eq!(
            parse_code_list(text, None).unwrap(),
            ["0.137", "4.07", "0.77"]
        );
        let e = parse_code_list("0.7\n# x\n0.7x\n", None).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        assert!(
            e.message()
                .starts_with("line 3: '0.7x' is not a take-and-break code: "),
            "{e}"
        );
        assert_eq!(
            parse_code_list("# nothing\n\n", None)
                .unwrap_err()
                .to_string(),
            "the code list holds no codes"
        );
        let f: Family = "0.d7".parse().unwrap();
        assert_eq!(
            parse_code_list("0.37\n0.07", Some(&f)).unwrap(),
            ["0.37", "0.07"]
        );
        assert_eq!(
            parse_code_list("0.37\n0.36", Some(&f))
                .unwrap_err()
                .to_string(),
            "line 2: '0.36' is not a code of the family 0.d7"
        );
        let s: Family = "subtraction:2,4".parse().unwrap();
        assert_eq!(
            parse_code_list("subtraction:1,3", Some(&s)).unwrap(),
            ["subtraction:1,3"]
        );
        let l = Family::from_list(LIST, vec!["0.7".into(), "0.6".into()]);
        assert_eq!((l.name(), l.codes().len()), ("list", 2));
    }

    #[test]
    fn shards_split_the_codes_without_overlap() {
        assert_eq!(
            "2/3".parse::<Shard>().unwrap(),
            Shard { index: 1, count: 3 }
        );
        assert_eq!(Shard::default(), Shard { index: 0, count: 1 });
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let f: Family = "0.dd".parse().unwrap();
        let mut all: Vec<&String> = (1..=3)
            .flat_map(|k| f.shard(format!("{k}/3").parse().unwrap()))
            .collect();
        all.sort();
        assert_eq!(all, f.codes().iter().collect::<Vec<_>>());
        assert_eq!(game_key("0.770"), "0.77");
        assert_eq!(game_key("0.000"), "0.0");
        assert_eq!(game_key("4.00"), "4.0");
        assert_eq!(game_key("subtraction:1,2,30"), "subtraction:1,2,30");
    }
}
