//! The record of one code of a survey (one JSON line of `grundy sweep`), how a record read back is checked, and
//! the reading of a file of records.
//!
//! The library has no JSON reader of its own: a front end parses each line with its JSON library into a
//! [`Record`] (whose `Deserialize` checks the type of every field, with the messages below), and
//! [`read_records`] does the rest (line numbers, a last line cut short, the file's size).

use crate::error::{Error, Result};
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::fmt;

/// The record of one code of a survey: its period (when certified), how far it got and why it stopped, and its
/// provenance (the tool's version, the budgets it ran with, the engine, the version of the certificate checks).
///
/// Every field is on every line written (null where unknown), in the order of the fields here (alphabetical: the
/// order of the lines written before this type existed, which stay byte-identical). Lines written before every
/// line carried every key lack some of the optional ones; they read as `None`. The provenance fields are left out
/// of a line when unknown (a record read from a line written before they existed keeps its line as it was).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    /// The largest heap the search could reach (its heap budget: the `to` of [`super::PerCode`], else the
    /// engine's limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_heaps: Option<u64>,
    /// The memory budget of the code, in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_memory: Option<u64>,
    /// The time budget of the code, in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_seconds: Option<f64>,
    /// How the period was certified (a theorem's name), when it was.
    pub certificate: Option<String>,
    /// The version of the certificate checks ([`CERTIFICATE_VERSION`]) of the tool that wrote the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_version: Option<u64>,
    /// Whether the period is certified (else the code is open).
    pub certified: bool,
    /// The code (a game spec such as `0.137`).
    pub code: String,
    /// The engine that computed the values (`plain`, `fast`, `auto` when none ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The family of the survey (`0.ddd`, or [`super::LIST`] for a code list).
    pub family: String,
    /// The largest value computed.
    pub largest: Option<u64>,
    /// The first heap with the largest value.
    pub largest_at: Option<u64>,
    /// The last rare position (under the rare/common split that makes fewest positions rare), if any.
    pub last_rare: Option<u64>,
    /// The period (at least 1).
    pub period: Option<u64>,
    /// The preperiod.
    pub preperiod: Option<u64>,
    /// The number of rare positions.
    pub rare_positions: Option<u64>,
    /// The saltus (0 for a pure period).
    pub saltus: Option<u64>,
    /// Seconds of computing, to the millisecond.
    pub seconds: Option<f64>,
    /// Why the code was left open, or `None` when it was certified.
    pub stopped: Option<String>,
    /// What left the code open: `"budget"` (its time, memory or heap budget; a larger one may certify it) or
    /// `"error"` (the code could not be searched: no heap game, an engine's error; a larger budget does not help).
    /// `None` when certified, and in lines written before records said it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    /// The threads of the code's run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<u64>,
    /// How many values were computed (heaps `0..values_computed`).
    pub values_computed: Option<u64>,
    /// The version of the tool that wrote the record (the library's, `CARGO_PKG_VERSION`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// The version of the certificate checks behind a certified record: raised when a certificate's rule changes, so
/// that a merge of records certified under two versions can say so.
pub const CERTIFICATE_VERSION: u64 = 1;

impl Record {
    /// The record of a code stopped before its search gave anything: open, with `seconds` and the reason.
    pub fn stopped(code: &str, family: &str, seconds: f64, why: impl Into<String>) -> Record {
        Record {
            budget_heaps: None,
            budget_memory: None,
            budget_seconds: None,
            certificate: None,
            certificate_version: None,
            certified: false,
            code: code.to_string(),
            engine: None,
            family: family.to_string(),
            largest: None,
            largest_at: None,
            last_rare: None,
            period: None,
            preperiod: None,
            rare_positions: None,
            saltus: None,
            seconds: Some(seconds),
            stopped: Some(why.into()),
            stopped_by: None,
            threads: None,
            values_computed: None,
            version: None,
        }
    }
}

/// The keys of a record, in the order their types are checked.
const KEYS: [&str; 22] = [
    "code",
    "family",
    "preperiod",
    "period",
    "saltus",
    "certified",
    "certificate",
    "values_computed",
    "rare_positions",
    "last_rare",
    "largest",
    "largest_at",
    "seconds",
    "stopped",
    "stopped_by",
    "budget_heaps",
    "budget_memory",
    "budget_seconds",
    "certificate_version",
    "engine",
    "threads",
    "version",
];

/// A JSON value of any type, as read for the check (a field may hold the wrong one).
#[derive(Debug, Clone, PartialEq)]
enum Loose {
    Null,
    Bool(bool),
    U64(u64),
    I64(i64),
    F64(f64),
    Str(String),
    Seq(Vec<Loose>),
    Map(BTreeMap<String, Loose>),
}

impl Loose {
    fn as_u64(&self) -> Option<u64> {
        match *self {
            Loose::U64(x) => Some(x),
            _ => None,
        }
    }
    fn as_f64(&self) -> Option<f64> {
        match *self {
            Loose::U64(x) => Some(x as f64),
            Loose::I64(x) => Some(x as f64),
            Loose::F64(x) => Some(x),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        *self == Loose::Null
    }
    fn as_str(&self) -> Option<&str> {
        match self {
            Loose::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value as compact JSON text, as serde_json writes it.
    fn write_json(&self, out: &mut String) {
        match self {
            Loose::Null => out.push_str("null"),
            Loose::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Loose::U64(x) => out.push_str(&x.to_string()),
            Loose::I64(x) => out.push_str(&x.to_string()),
            Loose::F64(x) => out.push_str(&json_float(*x)),
            Loose::Str(s) => json_string(s, out),
            Loose::Seq(v) => {
                out.push('[');
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    x.write_json(out);
                }
                out.push(']');
            }
            Loose::Map(m) => {
                out.push('{');
                for (i, (k, x)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    json_string(k, out);
                    out.push(':');
                    x.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

/// A string as a JSON string literal, escaped as serde_json escapes it.
fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A finite float as serde_json writes it: the shortest digits that read back, laid out as a decimal for exponents
/// -5 to 15 (`0.00001`, `2.0`, `1000000000000000.0`) and in scientific notation beyond (`1e-6`, `1.5e+16`).
fn json_float(x: f64) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    let e = format!("{x:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-5..=15).contains(&exp) {
        return format!("{mant}e{}{exp}", if exp > 0 { "+" } else { "" });
    }
    let (sign, mant) = match mant.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mant),
    };
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let body = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() <= point {
            format!("{digits}{}.0", "0".repeat(point - digits.len()))
        } else {
            format!("{}.{}", &digits[..point], &digits[point..])
        }
    };
    format!("{sign}{body}")
}

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Loose, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Loose;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<Loose, E> {
                Ok(Loose::Null)
            }
            fn visit_none<E: de::Error>(self) -> std::result::Result<Loose, E> {
                Ok(Loose::Null)
            }
            fn visit_some<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> std::result::Result<Loose, D::Error> {
                Loose::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> std::result::Result<Loose, E> {
                Ok(Loose::Bool(b))
            }
            fn visit_u64<E: de::Error>(self, x: u64) -> std::result::Result<Loose, E> {
                Ok(Loose::U64(x))
            }
            fn visit_i64<E: de::Error>(self, x: i64) -> std::result::Result<Loose, E> {
                Ok(u64::try_from(x).map_or(Loose::I64(x), Loose::U64))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> std::result::Result<Loose, E> {
                Ok(Loose::F64(x))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<Loose, E> {
                Ok(Loose::Str(s.to_string()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> std::result::Result<Loose, E> {
                Ok(Loose::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> std::result::Result<Loose, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(Loose::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut a: A,
            ) -> std::result::Result<Loose, A::Error> {
                let mut m = BTreeMap::new();
                while let Some((k, x)) = a.next_entry::<String, Loose>()? {
                    m.insert(k, x);
                }
                Ok(Loose::Map(m))
            }
        }
        d.deserialize_any(V)
    }
}

/// Checks the type of each field of a record read back: code and family are text and certified true or false; the
/// counts are whole numbers >= 0, seconds a number >= 0, certificate and stopped text, each of them null or left
/// out. A key given twice, a period of 0 and a certified record without its period are refused too. The error
/// names the field.
fn check(fields: &BTreeMap<String, Loose>, twice: Option<&str>) -> std::result::Result<(), String> {
    if let Some(k) = twice {
        return Err(format!("field '{k}' is given twice"));
    }
    if fields.get("period").and_then(Loose::as_u64) == Some(0) {
        return Err("field 'period' is 0: a period is at least 1".to_string());
    }
    // A certified record states its period: a certificate of nothing is no record.
    if fields.get("certified") == Some(&Loose::Bool(true)) {
        for k in ["preperiod", "period", "saltus", "certificate"] {
            if fields.get(k).is_none_or(Loose::is_null) {
                return Err(format!(
                    "field '{k}' is missing, but the record says its period is certified"
                ));
            }
        }
    }
    let shown = |x: &Loose| {
        let mut t = String::new();
        x.write_json(&mut t);
        if t.chars().count() > 40 {
            format!("{}...", t.chars().take(40).collect::<String>())
        } else {
            t
        }
    };
    for k in KEYS {
        let x = fields.get(k);
        let (ok, want) = match k {
            "code" | "family" => (x.is_some_and(|x| x.as_str().is_some()), "text"),
            "certified" => (
                x.is_some_and(|x| matches!(x, Loose::Bool(_))),
                "true or false",
            ),
            "stopped_by" => (
                x.is_none_or(|x| x.is_null() || matches!(x.as_str(), Some("budget" | "error"))),
                "\"budget\", \"error\" or null",
            ),
            "certificate" | "stopped" | "engine" | "version" => (
                x.is_none_or(|x| x.is_null() || x.as_str().is_some()),
                "text or null",
            ),
            "seconds" | "budget_seconds" => (
                x.is_none_or(|x| x.is_null() || x.as_f64().is_some_and(|s| s >= 0.0)),
                "a number >= 0 or null",
            ),
            _ => (
                x.is_none_or(|x| x.is_null() || x.as_u64().is_some()),
                "a whole number >= 0 or null",
            ),
        };
        if !ok {
            return Err(match x {
                Some(x) => format!("field '{k}' is {}, not {want}", shown(x)),
                None => format!("field '{k}' is missing ({want})"),
            });
        }
    }
    Ok(())
}

/// A record from its checked fields.
fn from_fields(f: &BTreeMap<String, Loose>) -> Record {
    let text = |k: &str| f.get(k).and_then(Loose::as_str).map(str::to_string);
    let num = |k: &str| f.get(k).and_then(Loose::as_u64);
    Record {
        budget_heaps: num("budget_heaps"),
        budget_memory: num("budget_memory"),
        budget_seconds: f.get("budget_seconds").and_then(Loose::as_f64),
        certificate: text("certificate"),
        certificate_version: num("certificate_version"),
        certified: f.get("certified") == Some(&Loose::Bool(true)),
        code: text("code").unwrap_or_default(),
        engine: text("engine"),
        family: text("family").unwrap_or_default(),
        largest: num("largest"),
        largest_at: num("largest_at"),
        last_rare: num("last_rare"),
        period: num("period"),
        preperiod: num("preperiod"),
        rare_positions: num("rare_positions"),
        saltus: num("saltus"),
        seconds: f.get("seconds").and_then(Loose::as_f64),
        stopped: text("stopped"),
        stopped_by: text("stopped_by"),
        threads: num("threads"),
        values_computed: num("values_computed"),
        version: text("version"),
    }
}

impl<'de> Deserialize<'de> for Record {
    /// Reads a record from a map, checking every field (see the module's docs): the error of a bad one is a
    /// custom error whose message names the field (`field 'period' is "x", not a whole number >= 0 or null`).
    /// Keys it does not know are ignored.
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Record, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Record;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a sweep record (an object)")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut a: A,
            ) -> std::result::Result<Record, A::Error> {
                let mut fields = BTreeMap::new();
                let mut seen = HashSet::new();
                let mut twice = None;
                while let Some(k) = a.next_key::<String>()? {
                    if KEYS.contains(&k.as_str()) {
                        fields.insert(k.clone(), a.next_value::<Loose>()?);
                    } else {
                        a.next_value::<IgnoredAny>()?;
                    }
                    if !seen.insert(k.clone()) && twice.is_none() {
                        twice = Some(k);
                    }
                }
                check(&fields, twice.as_deref()).map_err(de::Error::custom)?;
                Ok(from_fields(&fields))
            }
        }
        d.deserialize_map(V)
    }
}

/// The columns of [`csv`], in order.
pub const CSV_COLUMNS: [&str; 19] = [
    "code",
    "family",
    "preperiod",
    "period",
    "saltus",
    "certified",
    "certificate",
    "values_computed",
    "rare_positions",
    "last_rare",
    "largest",
    "largest_at",
    "seconds",
    "stopped",
    "budget_heaps",
    "budget_seconds",
    "budget_memory",
    "engine",
    "version",
];

/// The records as CSV text (RFC 4180: a header line of [`CSV_COLUMNS`], then one line per record; a field with a
/// comma, a quote or a line break quoted, its quotes doubled; an unknown field empty), for a spreadsheet or a
/// data frame.
pub fn csv(records: &[Record]) -> String {
    fn field(t: &str) -> String {
        if t.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", t.replace('"', "\"\""))
        } else {
            t.to_string()
        }
    }
    let n = |x: Option<u64>| x.map_or(String::new(), |x| x.to_string());
    let f = |x: Option<f64>| x.map_or(String::new(), json_float);
    let mut out = CSV_COLUMNS.join(",") + "\n";
    for r in records {
        let row = [
            field(&r.code),
            field(&r.family),
            n(r.preperiod),
            n(r.period),
            n(r.saltus),
            r.certified.to_string(),
            field(r.certificate.as_deref().unwrap_or("")),
            n(r.values_computed),
            n(r.rare_positions),
            n(r.last_rare),
            n(r.largest),
            n(r.largest_at),
            f(r.seconds),
            field(r.stopped.as_deref().unwrap_or("")),
            n(r.budget_heaps),
            f(r.budget_seconds),
            n(r.budget_memory),
            field(r.engine.as_deref().unwrap_or("")),
            field(r.version.as_deref().unwrap_or("")),
        ];
        out += &row.join(",");
        out.push('\n');
    }
    out
}

/// Why a line of a survey file is not a record, as a front end's line parser says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// Not a JSON object at all (or not JSON).
    NotARecord,
    /// An object whose fields fail the check: the message names the field.
    Field(String),
}

/// The longest line of a survey or published-figures file: a record is a few hundred bytes, so a longer line (a
/// file of zeros, a binary file) is refused as soon as it is read, not after the whole file fills memory.
pub const MAX_LINE_BYTES: u64 = 64 * 1024;

/// A text file read line by line, each line at most [`MAX_LINE_BYTES`] long (an error at the first that is not).
pub fn read_text(file: &str) -> std::io::Result<String> {
    use std::io::{BufRead, Read};
    let mut r = std::io::BufReader::new(std::fs::File::open(file)?);
    let mut bytes = Vec::new();
    loop {
        let start = bytes.len();
        let n = r
            .by_ref()
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            break;
        }
        if n as u64 > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
            return Err(std::io::Error::other(format!(
                "line {} is longer than {MAX_LINE_BYTES} bytes: not a file of records",
                bytes[..start].iter().filter(|&&b| b == b'\n').count() + 1
            )));
        }
    }
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("not UTF-8 text"))
}

/// The records of a survey file, each line read by `parse` (the front end's JSON reader). With `trim` (a survey
/// resuming its own file) a missing file holds no records, and a last line cut short (a run killed while writing
/// it) is dropped from the file; without it, and for any other line that is not a record, the error is a one-line
/// [`crate::ErrorKind::Input`] naming the file and the line.
pub fn read_records(
    file: &str,
    trim: bool,
    parse: &dyn Fn(&str) -> std::result::Result<Record, LineError>,
) -> Result<Vec<Record>> {
    let text = match read_text(file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && trim => return Ok(Vec::new()),
        Err(e) => return Err(Error::input(format!("{file}: {e}"))),
    };
    let mut out = Vec::new();
    let mut good_len = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let whole = line.ends_with('\n');
        match parse(line.trim_end()) {
            Ok(r) if whole => {
                out.push(r);
                good_len += line.len();
            }
            Err(LineError::Field(why)) if whole => {
                return Err(Error::input(format!("{file}: line {}: {why}", i + 1)))
            }
            _ if !whole && trim => break,
            _ => {
                return Err(Error::input(format!(
                    "{file}: line {} is not a sweep record",
                    i + 1
                )))
            }
        }
    }
    if trim && good_len < text.len() {
        std::fs::OpenOptions::new()
            .write(true)
            .open(file)
            .and_then(|f| f.set_len(good_len as u64))
            .map_err(|e| Error::input(format!("{file}: {e}")))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line format of `grundy sweep` before this type: every key, sorted, null where unknown.
    const LINE: &str = r#"{"certificate":"the Guy-Smith periodicity theorem","certified":true,"code":"0.27","family":"0.d7","largest":3,"largest_at":4,"last_rare":null,"period":4,"preperiod":1,"rare_positions":0,"saltus":0,"seconds":0.0,"stopped":null,"values_computed":51}"#;

    fn parse(line: &str) -> std::result::Result<Record, String> {
        serde_json::from_str::<Record>(line).map_err(|e| {
            let t = e.to_string();
            let tail = format!(" at line {} column {}", e.line(), e.column());
            t.strip_suffix(&tail).unwrap_or(&t).to_string()
        })
    }

    #[test]
    fn a_record_round_trips_and_keeps_the_line_format() {
        let r = parse(LINE).unwrap();
        assert_eq!(r.period, Some(4));
        assert!(r.certified && r.last_rare.is_none());
        assert_eq!(serde_json::to_string(&r).unwrap(), LINE);
        let open = Record::stopped("0.07", "0.d7", 0.001, "no certificate in heaps 0..=50");
        let line = serde_json::to_string(&open).unwrap();
        assert_eq!(
            line,
            r#"{"certificate":null,"certified":false,"code":"0.07","family":"0.d7","largest":null,"largest_at":null,"last_rare":null,"period":null,"preperiod":null,"rare_positions":null,"saltus":null,"seconds":0.001,"stopped":"no certificate in heaps 0..=50","values_computed":null}"#
        );
        assert_eq!(parse(&line).unwrap(), open);
        // A line of the older schema, without the keys of a stopped code, and with a key it does not know.
        let old = r#"{"code":"0.07","family":"0.d7","certified":false,"seconds":1,"extra":[1]}"#;
        assert_eq!(parse(old).unwrap().seconds, Some(1.0));
    }

    #[test]
    fn provenance_round_trips_and_is_checked() {
        let with = LINE
            .replacen(
                "{",
                r#"{"budget_heaps":3000,"budget_memory":1024,"budget_seconds":2.5,"#,
                1,
            )
            .replacen(
                r#""certified":"#,
                r#""certificate_version":1,"certified":"#,
                1,
            )
            .replacen(r#""family":"#, r#""engine":"fast","family":"#, 1)
            .replacen(
                r#""values_computed""#,
                r#""threads":1,"values_computed""#,
                1,
            )
            .replacen("51}", r#"51,"version":"0.1.0"}"#, 1);
        let r = parse(&with).unwrap();
        assert_eq!(
            (r.budget_heaps, r.budget_memory, r.budget_seconds),
            (Some(3000), Some(1024), Some(2.5))
        );
        assert_eq!(
            (
                r.engine.as_deref(),
                r.version.as_deref(),
                r.certificate_version,
                r.threads
            ),
            (Some("fast"), Some("0.1.0"), Some(1), Some(1))
        );
        assert_eq!(serde_json::to_string(&r).unwrap(), with);
        let bad = with.replacen("\"budget_seconds\":2.5", "\"budget_seconds\":-1", 1);
        assert!(parse(&bad)
            .unwrap_err()
            .starts_with("field 'budget_seconds' is -1"));
        let bad = with.replacen("\"engine\":\"fast\"", "\"engine\":3", 1);
        assert!(parse(&bad).unwrap_err().starts_with("field 'engine' is 3"));
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named() {
        let with = |k: &str, v: &str| {
            LINE.replacen(&format!("\"{k}\":"), &format!("\"{k}\":{v},\"x{k}\":"), 1)
        };
        for (k, v, says) in [
            (
                "period",
                "\"4\"",
                "field 'period' is \"4\", not a whole number >= 0 or null",
            ),
            ("period", "0", "field 'period' is 0: a period is at least 1"),
            (
                "saltus",
                "-1",
                "field 'saltus' is -1, not a whole number >= 0 or null",
            ),
            (
                "largest",
                "1.5",
                "field 'largest' is 1.5, not a whole number >= 0 or null",
            ),
            ("largest", "1e20", "field 'largest' is 1e+20, not a whole"),
            (
                "seconds",
                "-0.5",
                "field 'seconds' is -0.5, not a number >= 0 or null",
            ),
            (
                "certified",
                "1",
                "field 'certified' is 1, not true or false",
            ),
            (
                "code",
                "{\"b\":[1,\"\\n\"],\"a\":null}",
                "field 'code' is {\"a\":null,\"b\":[1,\"\\n\"]}, not text",
            ),
            ("code", "true", "field 'code' is true, not text"),
        ] {
            let e = parse(&with(k, v)).unwrap_err();
            assert!(e.starts_with(says), "{k}={v}: {e}");
        }
        let twice = LINE.replacen("\"code\":\"0.27\"", "\"code\":\"0.27\",\"code\":\"0.3\"", 1);
        assert_eq!(parse(&twice).unwrap_err(), "field 'code' is given twice");
        let open = LINE.replacen("\"period\":4", "\"period\":null", 1);
        assert!(parse(&open)
            .unwrap_err()
            .contains("'period' is missing, but the record says"));
        assert_eq!(
            parse(r#"{"code":"0.07","family":"0.d7"}"#).unwrap_err(),
            "field 'certified' is missing (true or false)"
        );
    }

    #[test]
    fn records_as_csv_quote_what_needs_it() {
        let mut open = Record::stopped("0.07", "0.d7", 0.25, "no certificate, \"yet\"");
        open.budget_seconds = Some(1.0);
        let done = parse(LINE).unwrap();
        let text = csv(&[done, open]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_COLUMNS.join(","));
        assert_eq!(
            lines[1],
            "0.27,0.d7,1,4,0,true,the Guy-Smith periodicity theorem,51,0,,3,4,0.0,,,,,,"
        );
        assert_eq!(
            lines[2],
            "0.07,0.d7,,,,false,,,,,,,0.25,\"no certificate, \"\"yet\"\"\",,1.0,,,"
        );
        assert!(lines.iter().all(|l| l.matches(',').count() >= 18));
    }

    #[test]
    fn floats_are_shown_as_json_writes_them() {
        for x in [
            0.0,
            -0.0,
            1.5,
            0.1,
            1e-5,
            1e-6,
            1.5e-7,
            0.00012,
            1e15,
            123456789012345.6,
            1e16,
            1.5e16,
            1e20,
            123456.789,
            -2.0,
            1.2345678901234568e17,
            5e-324,
            1.7976931348623157e308,
            2.5e-10,
        ] {
            assert_eq!(json_float(x), serde_json::to_string(&x).unwrap(), "{x}");
        }
    }
}
