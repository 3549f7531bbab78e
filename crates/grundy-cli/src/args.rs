//! A small argument parser: positional words and `--flag [value]` options, each subcommand naming the options
//! it takes, so that a misspelt option is an error and not a silent default.

use crate::output::{CliError, CliResult};

/// How an option is written: a switch, or an option that takes a value.
#[derive(Clone, Copy)]
pub enum Opt {
    Switch(&'static str),
    Value(&'static str),
}

/// Parsed arguments of one subcommand.
#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    switches: Vec<String>,
    values: Vec<(String, String)>,
}

impl Args {
    /// Splits `argv` by the options `spec` allows. `--name=value` and `--name value` are both accepted.
    pub fn parse(argv: &[String], spec: &[Opt]) -> CliResult<Args> {
        let mut a = Args::default();
        let mut i = 0;
        while i < argv.len() {
            let w = &argv[i];
            if let Some(name) = w.strip_prefix("--") {
                if name.is_empty() {
                    a.positional.extend(argv[i + 1..].iter().cloned());
                    break;
                }
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                match spec
                    .iter()
                    .find(|o| matches!(o, Opt::Switch(n) | Opt::Value(n) if *n == name))
                {
                    Some(Opt::Switch(_)) => {
                        if inline.is_some() {
                            return Err(CliError::usage(format!("--{name} takes no value")));
                        }
                        a.switches.push(name.to_string());
                    }
                    Some(Opt::Value(_)) => {
                        let v = match inline {
                            Some(v) => v,
                            None => {
                                i += 1;
                                argv.get(i).cloned().ok_or_else(|| {
                                    CliError::usage(format!("--{name} needs a value"))
                                })?
                            }
                        };
                        a.values.push((name.to_string(), v));
                    }
                    None => return Err(CliError::usage(format!("unknown option --{name}"))),
                }
            } else if w.len() > 1
                && w.starts_with('-')
                && !w[1..].starts_with(|c: char| c.is_ascii_digit())
            {
                return Err(CliError::usage(format!("unknown option {w}")));
            } else {
                a.positional.push(w.clone());
            }
            i += 1;
        }
        Ok(a)
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}
