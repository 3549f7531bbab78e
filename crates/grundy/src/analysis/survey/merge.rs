//! The join of a survey's files: the records of one family, every code of it exactly once, in the family's order;
//! and the rule that keeps one record of a code recorded more than once (a deepened survey): a certified record
//! before an open one, a longer computation before a shorter one, and two certified records that disagree refused.

use super::{Family, Record, LIST};
use crate::error::{plural, Error, Result};
use std::collections::{BTreeMap, BTreeSet};

/// Which of two records of one code to keep: a certified one before an open one; of two certified ones (which
/// must agree) the longer computation; of two open ones the longer computation (more values computed, then more
/// seconds), `b` (the later) on a tie. Two certified records with different preperiods, periods or saltuses are a
/// one-line [`crate::ErrorKind::Input`] error (one of them is wrong: a bug), naming the code, both figures and,
/// when they differ, the versions of the certificate checks that certified them.
pub fn prefer(a: Record, b: Record) -> Result<Record> {
    let longer = |a: &Record, b: &Record| {
        (a.values_computed.unwrap_or(0), a.seconds.unwrap_or(0.0))
            > (b.values_computed.unwrap_or(0), b.seconds.unwrap_or(0.0))
    };
    match (a.certified, b.certified) {
        (true, true) => {
            let figures = |r: &Record| (r.preperiod, r.period, r.saltus);
            if figures(&a) != figures(&b) {
                let shown = |r: &Record| {
                    let n = |x: Option<u64>| x.map_or("?".to_string(), |x| x.to_string());
                    format!(
                        "preperiod {}, period {}, saltus {}",
                        n(r.preperiod),
                        n(r.period),
                        n(r.saltus)
                    )
                };
                let versions = if a.certificate_version != b.certificate_version {
                    let v = |r: &Record| {
                        r.certificate_version
                            .map_or("unknown".to_string(), |v| v.to_string())
                    };
                    format!(
                        " (certified by different versions of the certificate checks: {} and {})",
                        v(&a),
                        v(&b)
                    )
                } else {
                    String::new()
                };
                return Err(Error::input(format!(
                    "code {}: two certified records disagree, {} and {}{versions}: one of them is wrong (a bug)",
                    a.code,
                    shown(&a),
                    shown(&b)
                )));
            }
            Ok(if longer(&a, &b) { a } else { b })
        }
        (true, false) => Ok(a),
        (false, true) => Ok(b),
        (false, false) => Ok(if longer(&a, &b) { a } else { b }),
    }
}

/// The records with one record per code ([`prefer`] between the records of a code), in the order each code first
/// appears.
pub fn best_records(records: Vec<Record>) -> Result<Vec<Record>> {
    let mut at: BTreeMap<String, usize> = BTreeMap::new();
    let mut out: Vec<Record> = Vec::new();
    for r in records {
        match at.get(&r.code) {
            Some(&i) => {
                let old = std::mem::replace(&mut out[i], Record::stopped("", "", 0.0, ""));
                out[i] = prefer(old, r)?;
            }
            None => {
                at.insert(r.code.clone(), out.len());
                out.push(r);
            }
        }
    }
    Ok(out)
}

/// The open codes of a survey's records (those whose kept record, by [`prefer`], is open), in the order they
/// first appear, and the family of the records; the records must be of one family.
pub fn open_codes(records: Vec<Record>) -> Result<(String, Vec<String>)> {
    let family = one_family(&records)?;
    let codes = best_records(records)?
        .into_iter()
        .filter(|r| !r.certified)
        .map(|r| r.code)
        .collect();
    Ok((family, codes))
}

/// The versions of the certificate checks of the certified records (`None`: a record written before records
/// carried it): more than one, and a merge says so.
pub fn certificate_versions(records: &[Record]) -> BTreeSet<Option<u64>> {
    records
        .iter()
        .filter(|r| r.certified)
        .map(|r| r.certificate_version)
        .collect()
}

/// The family of records that must be of one: no records, or two families (both named), are errors.
fn one_family(records: &[Record]) -> Result<String> {
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
    Ok(name)
}

/// Joins the records of a sharded survey (read from any number of files): they must be of one family and hold
/// every code of it; a code recorded more than once keeps one record ([`prefer`]). Returns the family and the
/// records in its order. The records of a code list (family [`LIST`]) are their own family, in the order their
/// codes first appear. The errors are one-line [`crate::ErrorKind::Input`] errors: no records, two families (both
/// named), two certified records of a code that disagree, codes not in the family, codes missing (each list the
/// first 10 codes and the count).
pub fn merge(records: Vec<Record>) -> Result<(Family, Vec<Record>)> {
    let name = one_family(&records)?;
    let mut records = best_records(records)?;
    if name == LIST {
        let codes = records.iter().map(|r| r.code.clone()).collect();
        return Ok((Family::from_list(LIST, codes), records));
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

/// Refuses records that do not cover `codes` (the family's) exactly once each: codes recorded twice (none after
/// [`best_records`]), codes of another family, codes missing.
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
        // A code recorded twice keeps one record.
        let (_, r) = merge(records(
            "0.d",
            &[
                "0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.3",
            ],
        ))
        .unwrap();
        assert_eq!(r.len(), 8);
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

    /// A record of `code`: certified with (preperiod, period) when given, else open; `values` computed.
    fn rec(code: &str, figures: Option<(u64, u64)>, values: u64, version: Option<u64>) -> Record {
        let mut r = Record::stopped(code, "0.d", values as f64 / 1000.0, "budget");
        r.values_computed = Some(values);
        r.certificate_version = version;
        if let Some((e, p)) = figures {
            r.certified = true;
            r.stopped = None;
            r.preperiod = Some(e);
            r.period = Some(p);
            r.saltus = Some(0);
            r.certificate = Some("x".into());
        }
        r
    }

    #[test]
    fn the_merge_prefers_certified_then_longer_records() {
        let open_short = rec("0.1", None, 100, Some(1));
        let open_long = rec("0.1", None, 500, Some(1));
        let done = rec("0.1", Some((0, 2)), 50, Some(1));
        let done_long = rec("0.1", Some((0, 2)), 90, Some(1));
        // A certified record wins over an open one, in either order, even a longer one.
        assert_eq!(prefer(open_long.clone(), done.clone()).unwrap(), done);
        assert_eq!(prefer(done.clone(), open_long.clone()).unwrap(), done);
        // Of two open records, and of two certified ones that agree, the longer computation.
        assert_eq!(
            prefer(open_long.clone(), open_short.clone()).unwrap(),
            open_long
        );
        assert_eq!(
            prefer(open_short.clone(), open_long.clone()).unwrap(),
            open_long
        );
        assert_eq!(prefer(done_long.clone(), done.clone()).unwrap(), done_long);
        // On a tie, the later record.
        let mut later = open_short.clone();
        later.stopped = Some("later".into());
        assert_eq!(prefer(open_short.clone(), later.clone()).unwrap(), later);
        // The kept records, in the order the codes first appear; the open codes.
        let all = vec![
            open_short.clone(),
            rec("0.2", None, 10, None),
            done.clone(),
            rec("0.3", Some((1, 4)), 10, None),
        ];
        let best = best_records(all.clone()).unwrap();
        assert_eq!(best.len(), 3);
        assert_eq!((best[0].code.as_str(), best[0].certified), ("0.1", true));
        assert_eq!(
            open_codes(all.clone()).unwrap(),
            ("0.d".to_string(), vec!["0.2".to_string()])
        );
        assert_eq!(
            certificate_versions(&all),
            [None, Some(1)].into_iter().collect()
        );
    }

    #[test]
    fn two_certified_records_that_disagree_are_refused() {
        let a = rec("0.1", Some((0, 2)), 50, Some(1));
        let e = prefer(a.clone(), rec("0.1", Some((0, 3)), 50, Some(1))).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        assert_eq!(
            e.to_string(),
            "code 0.1: two certified records disagree, preperiod 0, period 2, saltus 0 and preperiod 0, period 3, \
             saltus 0: one of them is wrong (a bug)"
        );
        let e = prefer(a.clone(), rec("0.1", Some((1, 2)), 50, Some(2))).unwrap_err();
        assert!(
            e.to_string()
                .contains("(certified by different versions of the certificate checks: 1 and 2)"),
            "{e}"
        );
        let e = merge(vec![a, rec("0.1", Some((0, 3)), 5, None)]).unwrap_err();
        assert!(e.to_string().contains("1 and unknown"), "{e}");
    }
}
