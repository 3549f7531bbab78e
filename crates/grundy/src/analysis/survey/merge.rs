//! The join of a survey's files: the records of one family, every code of it exactly once, in the family's order.

use super::{Family, Record};
use crate::error::{plural, Error, Result};
use std::collections::{BTreeMap, BTreeSet};

/// Joins the records of a sharded survey (read from any number of files): they must be of one family and hold
/// every code of it exactly once. Returns the family and the records in its order. The errors are one-line
/// [`crate::ErrorKind::Input`] errors: no records, two families (both named), codes recorded twice, codes not in
/// the family, codes missing (each list the first 10 codes and the count).
pub fn merge(mut records: Vec<Record>) -> Result<(Family, Vec<Record>)> {
    let Some(first) = records.first() else {
        return Err(Error::input("the files hold no sweep records"));
    };
    let name = first.family.clone();
    if let Some(r) = records.iter().find(|r| r.family != name) {
        return Err(Error::input(format!(
            "the files mix surveys of {} and {}",
            name, r.family
        )));
    }
    let family: Family = name.parse()?;
    check_codes(&records, family.codes(), &name)?;
    let order: BTreeMap<&str, usize> = family
        .codes()
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    records.sort_by_key(|r| order.get(r.code.as_str()).copied());
    Ok((family, records))
}

/// Refuses records (read back by a survey resuming its file `file`) of another family than `family`.
pub fn check_family(records: &[Record], family: &str, file: &str) -> Result<()> {
    match records.iter().find(|r| r.family != family) {
        Some(r) => Err(Error::input(format!(
            "{file}: holds a survey of {}, not of {family}",
            r.family
        ))),
        None => Ok(()),
    }
}

/// `n` and the noun, in the singular for 1 ("1 code", "2 codes").
pub(super) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", plural(n as u64))
}

/// Refuses records that do not cover `codes` (the family's) exactly once each: codes recorded twice, codes of
/// another family, codes missing.
fn check_codes(records: &[Record], codes: &[String], family: &str) -> Result<()> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for r in records {
        *seen.entry(r.code.as_str()).or_default() += 1;
    }
    let twice: Vec<&str> = seen
        .iter()
        .filter(|(_, &c)| c > 1)
        .map(|(k, _)| *k)
        .collect();
    let known: BTreeSet<&str> = codes.iter().map(String::as_str).collect();
    let foreign: Vec<&str> = seen
        .keys()
        .filter(|k| !known.contains(*k))
        .copied()
        .collect();
    let missing: Vec<&str> = codes
        .iter()
        .map(String::as_str)
        .filter(|c| !seen.contains_key(c))
        .collect();
    let list = |v: &[&str]| {
        let shown: Vec<&str> = v.iter().take(10).copied().collect();
        format!(
            "{}{}",
            shown.join(", "),
            if v.len() > 10 {
                format!(", ... ({} in all)", v.len())
            } else {
                String::new()
            }
        )
    };
    if !twice.is_empty() {
        return Err(Error::input(format!(
            "codes recorded more than once: {}",
            list(&twice)
        )));
    }
    if !foreign.is_empty() {
        return Err(Error::input(format!(
            "codes not in the family {family}: {}",
            list(&foreign)
        )));
    }
    if !missing.is_empty() {
        return Err(Error::input(format!(
            "{} of {family} {} missing: {}",
            count(missing.len(), "code"),
            if missing.len() == 1 { "is" } else { "are" },
            list(&missing)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(family: &str, codes: &[&str]) -> Vec<Record> {
        codes
            .iter()
            .map(|c| Record::stopped(c, family, 0.0, "test"))
            .collect()
    }

    #[test]
    fn merge_puts_the_codes_in_the_family_order() {
        let (f, r) = merge(records(
            "0.d",
            &["0.7", "0.0", "0.3", "0.1", "0.2", "0.4", "0.6", "0.5"],
        ))
        .unwrap();
        assert_eq!(f.name(), "0.d");
        let codes: Vec<&str> = r.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(
            codes,
            ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
    }

    #[test]
    fn merge_refuses_a_missing_and_a_repeated_code() {
        let e = merge(records(
            "0.d",
            &["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6"],
        ))
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        assert_eq!(e.to_string(), "1 code of 0.d is missing: 0.7");
        let e = merge(records(
            "0.d",
            &[
                "0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.3",
            ],
        ))
        .unwrap_err();
        assert_eq!(e.to_string(), "codes recorded more than once: 0.3");
        let e = merge(records(
            "0.d",
            &[
                "0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.77",
            ],
        ))
        .unwrap_err();
        assert_eq!(e.to_string(), "codes not in the family 0.d: 0.77");
        let mut mixed = records("0.d", &["0.0"]);
        mixed.extend(records("0.dd", &["0.00"]));
        assert_eq!(
            merge(mixed).unwrap_err().to_string(),
            "the files mix surveys of 0.d and 0.dd"
        );
        assert_eq!(
            merge(Vec::new()).unwrap_err().to_string(),
            "the files hold no sweep records"
        );
        assert!(check_family(&records("0.d", &["0.0"]), "0.dd", "f.jsonl").is_err());
    }
}
