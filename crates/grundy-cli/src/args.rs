//! Parsed arguments of one subcommand, as the subcommand modules read them: positional words, switches given and
//! values given. Built by [`crate::cli::words`] from clap's matches, so every flag is declared once in
//! [`crate::cli`], and a flag a subcommand does not declare never reaches it.

/// Parsed arguments of one subcommand.
#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    switches: Vec<String>,
    values: Vec<(String, String)>,
}

impl Args {
    pub fn push_switch(&mut self, name: &str) {
        self.switches.push(name.to_string());
    }

    pub fn push_value(&mut self, name: &str, value: String) {
        self.values.push((name.to_string(), value));
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
