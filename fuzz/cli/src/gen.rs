//! Command lines generated from the documented grammar (README.md, `grundy help CMD`), mixed with adversarial
//! words. Case `i` of seed `s` depends only on `(s, i)`, so any case can be generated again on its own.

use std::path::{Path, PathBuf};

/// splitmix64: small, fast, and the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, case: u64) -> Rng {
        let mut r = Rng(seed ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        r.next();
        r
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `p` percent.
    pub fn pct(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// One generated run: the arguments (bytes: they need not be UTF-8), what goes on stdin, files to write first.
pub struct Case {
    pub args: Vec<Vec<u8>>,
    pub stdin: Option<Vec<u8>>,
    /// (path, contents), written before the run.
    pub files: Vec<(PathBuf, Vec<u8>)>,
    /// Where the stdin input came from (for the report), e.g. "tests/data/oj/poj1067/1.in, truncated".
    pub stdin_note: String,
    /// Environment variables set for the run (e.g. GRUNDY_CACHE_DIR inside the case's folder).
    pub env: Vec<(String, PathBuf)>,
}

/// Judge samples: (problem id as `grundy oj --list` names it, sample inputs).
pub type Samples = Vec<(String, Vec<Vec<u8>>)>;

/// The catalog's games, as `grundy games --json` lists them (read once by `main`, so that a game added to the
/// registry is fuzzed with no list here to edit): heap games without a parameter, and the games of other kinds.
pub struct Catalog {
    pub heaps: Vec<&'static str>,
    pub others: Vec<&'static str>,
}

static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();

/// Reads the catalog from `grundy games --json` (the binary under test).
pub fn load_catalog(json: &str) -> Result<(), String> {
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("grundy games --json: {e}"))?;
    let games = v["games"]
        .as_array()
        .ok_or("grundy games --json: no list of games")?;
    let mut c = Catalog {
        heaps: Vec::new(),
        others: Vec::new(),
    };
    for g in games {
        let (Some(name), Some(kind)) = (g["name"].as_str(), g["kind"].as_str()) else {
            return Err("grundy games --json: a game without a name or kind".into());
        };
        if name.contains(':') {
            continue; // parametrised families have generators of their own (heap_game)
        }
        let name: &'static str = Box::leak(name.to_string().into_boxed_str());
        match kind {
            "heap" => c.heaps.push(name),
            _ => c.others.push(name),
        }
    }
    if c.heaps.is_empty() || c.others.is_empty() {
        return Err("grundy games --json: the catalog lists no heap game or no other game".into());
    }
    CATALOG
        .set(c)
        .map_err(|_| "the catalog was read twice".to_string())
}

fn heap_names() -> &'static [&'static str] {
    &CATALOG.get().expect("main reads the catalog first").heaps
}

fn other_games() -> &'static [&'static str] {
    &CATALOG.get().expect("main reads the catalog first").others
}

const KNOWN_CODES: &[&str] = &[
    "0.77",
    "4!.0",
    "0.[3]",
    "4.[3]",
    "0.{2+}",
    "0.137",
    "0.07",
    "0.6",
    "0.007",
    "20.3",
    "0.8!",
    "0.8",
    "0.F",
    "0.V",
    "0.&64;",
    "4.0",
    "8.0",
    "0.{1,3}",
    "0.3F",
    "0.[7]",
    "0.[37]",
    "2.0",
    "1.0",
    "0.0",
    "0.",
    "0.4!",
    "0.4?",
    "0.4=",
    "0.&1000000;",
    "0.{3+}7",
    "0.1",
    "0.51",
    "0.161",
    "0.36",
    "0.26",
    "0.2",
    "0.3",
    "0.4",
];
/// Numbers a user might type, and the edges of every integer type.
const ADVERSARIAL_NUMBERS: &[&str] = &[
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "9223372036854775808",
    "4294967295",
    "4294967296",
    "2147483647",
    "2147483648",
    "1048576",
    "1048577",
    "1000000000",
    "1000000000000",
    "1000000000000000000",
    "99999999999999999999999999999999999999999999",
    "-1",
    "-0",
    "-9223372036854775808",
    "",
    " ",
    "1e9",
    "1.5",
    "+5",
    "0x10",
    "00000000000000000000007",
    "1_000",
    " 5",
    "5 ",
    "NaN",
    "inf",
    "\u{663}",
    "\u{ff15}",
];
/// Terminal escape sequences and other control characters, to be echoed (or not) in messages.
const ESCAPES: &[&str] = &[
    "\x1b[31m",
    "\x1b]0;title\x07",
    "\x1b[2J",
    "\r",
    "\n",
    "\t",
    "\x07",
    "\x08",
    "\u{9b}31m",
    "\x7f",
    "\u{202e}",
];

fn num(r: &mut Rng) -> String {
    match r.below(100) {
        0..=49 => r.below(31).to_string(),
        50..=64 => r.below(1_000_001).to_string(),
        65..=69 => r.below(1 << 40).to_string(),
        _ => r.pick(ADVERSARIAL_NUMBERS).to_string(),
    }
}

/// A small number, mostly (heap sizes that keep runs short), sometimes an adversarial one.
fn small_num(r: &mut Rng) -> String {
    if r.pct(85) {
        let hi = if r.pct(80) { 40 } else { 3000 };
        r.below(hi).to_string()
    } else {
        num(r)
    }
}

/// A number list as `subtraction:` and `allbut:` take it.
fn num_list(r: &mut Rng) -> String {
    match r.below(10) {
        0 => String::new(),
        1 => ",".into(),
        2 => (1..=r.range(50, 3000))
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(","),
        3 => format!("1,,{}", num(r)),
        _ => {
            let k = r.range(1, 5);
            (0..k).map(|_| small_num(r)).collect::<Vec<_>>().join(",")
        }
    }
}

const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

fn code_digit(r: &mut Rng, out: &mut String) {
    match r.below(20) {
        0 => out.push_str(&format!("&{};", num(r))),
        1 => out.push_str(&format!("&{}", r.below(100))), // unterminated
        2 => out.push('{'),
        3 => {
            let k = r.range(1, 6);
            let parts: Vec<String> = (0..k)
                .map(|_| {
                    let mut p = small_num(r);
                    if r.pct(30) {
                        p.push(r.pick(&['+', '!', '?', '=']));
                    }
                    p
                })
                .collect();
            out.push_str(&format!("{{{}}}", parts.join(",")));
        }
        _ => out.push(r.pick(DIGITS) as char),
    }
    if r.pct(15) {
        out.push(r.pick(&['!', '?', '=', '!', '+']));
    }
}

/// A take-and-break code: well-formed mostly, with the grammar's corners (`&n;`, braces, modifiers, repeats,
/// additive digits, many digits) and broken forms.
fn code(r: &mut Rng) -> String {
    if r.pct(25) {
        return r.pick(KNOWN_CODES).to_string();
    }
    let mut s = String::new();
    // Left of the point: usually d0 alone; sometimes additive digits.
    let left = if r.pct(80) { 1 } else { r.range(0, 4) };
    for _ in 0..left {
        if r.pct(70) {
            s.push(r.pick(b"0000000048C2") as char);
        } else {
            code_digit(r, &mut s);
        }
    }
    if r.pct(95) {
        s.push('.');
    }
    let n = match r.below(10) {
        0 => r.range(20, 400),
        1 => 0,
        _ => r.range(1, 6),
    };
    let repeat_at = if r.pct(25) {
        Some(r.below(n.max(1)))
    } else {
        None
    };
    for i in 0..n {
        if repeat_at == Some(i) {
            s.push('[');
        }
        code_digit(r, &mut s);
    }
    if repeat_at.is_some() && r.pct(90) {
        s.push(']');
    }
    if r.pct(5) {
        s.push_str(r.pick(&[".", "[", "]", "}", "[]", ".7", "0"]));
    }
    s
}

/// A heap game: a name, a code, or one of the parametrised families.
fn heap_game(r: &mut Rng) -> String {
    match r.below(12) {
        0..=3 => r.pick(heap_names()).to_string(),
        4..=7 => code(r),
        8 => format!("subtraction:{}", num_list(r)),
        9 => format!("allbut:{}", num_list(r)),
        10 => format!("bash:{}", small_num(r)),
        _ => format!("constrained:{},{}", small_num(r), small_num(r)),
    }
}

/// A graph file: random small graphs (cycles likely), headers, comments, and broken lines.
fn graph_file(r: &mut Rng) -> Vec<u8> {
    let mut s = String::new();
    let n = match r.below(10) {
        0 => r.range(1000, 50_000),
        1 => 1,
        _ => r.range(2, 25),
    };
    let nl = if r.pct(10) { "\r\n" } else { "\n" };
    if r.pct(30) {
        let declared = if r.pct(80) { n.to_string() } else { num(r) };
        s.push_str(&format!("nodes {declared}{nl}"));
    }
    let m = if n > 100 {
        n * r.range(1, 5)
    } else {
        r.range(0, 3 * n)
    };
    let acyclic = r.pct(50);
    for _ in 0..m {
        let x = r.below(n);
        let y = r.below(n);
        let (x, y) = if acyclic && x >= y {
            (y, x + 1)
        } else {
            (x, y)
        };
        if acyclic && y >= n {
            continue;
        }
        s.push_str(&format!("{x} {y}{nl}"));
        if r.pct(2) {
            s.push_str(&format!("# comment {}{nl}", r.below(99)));
        }
        if r.pct(2) {
            s.push_str(nl);
        }
    }
    if r.pct(20) {
        let bad = [
            format!("{} 0", r.pick(ADVERSARIAL_NUMBERS)),
            "1 2 3".to_string(),
            "nodes 5".to_string(),
            "0".to_string(),
            "x y".to_string(),
            "19999999 0".to_string(),
            "20000000 0".to_string(),
            "4294967295 4294967295".to_string(),
            "\u{1b}[31m 1".to_string(),
        ];
        s.push_str(&bad[r.below(bad.len() as u64) as usize]);
        s.push_str(nl);
    }
    let mut b = s.into_bytes();
    if r.pct(3) {
        b.push(0xff);
    }
    b
}

fn escape(r: &mut Rng) -> &'static str {
    r.pick(ESCAPES)
}

pub struct Gen<'a> {
    pub r: Rng,
    pub dir: &'a Path,
    pub samples: &'a Samples,
    pub case: Case,
}

impl Gen<'_> {
    fn file(&mut self, name: &str, contents: Vec<u8>) -> String {
        let p = self.dir.join(name);
        self.case.files.push((p.clone(), contents));
        p.to_string_lossy().into_owned()
    }

    /// A path for `graph FILE`: a generated graph mostly; sometimes a missing file, a directory or a device.
    fn graph_path(&mut self) -> String {
        match self.r.below(40) {
            0 => "/nonexistent/graph.txt".into(),
            1 => self.dir.to_string_lossy().into_owned(),
            2 => "/dev/null".into(),
            3 => "/dev/zero".into(),
            4 => String::new(),
            _ => {
                let g = graph_file(&mut self.r);
                self.file("g.txt", g)
            }
        }
    }

    /// Positions of one part of a `value` sum, for the game named.
    fn positions(&mut self, game: &str) -> Vec<String> {
        let r = &mut self.r;
        let k = if r.pct(10) { 0 } else { r.range(1, 4) };
        match game {
            "wythoff" | "ed" => (0..2).map(|_| small_num(r)).collect(),
            "cutting" => (0..k)
                .map(|_| format!("{}x{}", small_num(r), small_num(r)))
                .collect(),
            "fibonacci-nim" => (0..r.range(1, 2)).map(|_| num(r)).collect(),
            "graph" | "loopy-graph" => {
                let mut v = vec![self.graph_path()];
                v.extend((0..k).map(|_| small_num(&mut self.r)));
                v
            }
            _ => (0..k).map(|_| small_num(r)).collect(),
        }
    }

    fn value(&mut self) -> Vec<String> {
        let mut a = vec!["value".to_string()];
        let parts = if self.r.pct(70) {
            1
        } else {
            self.r.range(2, 4)
        };
        for p in 0..parts {
            if p > 0 {
                a.push("+".into());
            }
            let game = if self.r.pct(70) {
                heap_game(&mut self.r)
            } else {
                self.r.pick(other_games()).to_string()
            };
            let pos = self.positions(&game);
            a.push(game);
            a.extend(pos);
        }
        if self.r.pct(3) {
            a.push("+".into());
        }
        let flags: &[(&str, bool)] = &[
            ("json", false),
            ("all-moves", false),
            ("no-moves", false),
            ("outcome", false),
            ("misere", false),
            ("loopy", false),
            ("max-heap", true),
            ("max-positions", true),
            ("max-seconds", true),
            ("max-memory", true),
        ];
        self.flags(&mut a, flags);
        self.maybe_rules(&mut a, 8);
        self.mostly_a_time_limit(&mut a);
        a
    }

    /// Gives every `value`, `seq` and `period` command line a time limit when it has none: a line without one
    /// may compute for as long as its work takes (a period search of millions of heaps, with a progress bar),
    /// which is no hang; what the run checks is that every limit holds. (The tests run commands without a limit.)
    fn mostly_a_time_limit(&mut self, a: &mut Vec<String>) {
        if a.iter().any(|w| w.starts_with("--max-seconds")) {
            return;
        }
        a.push("--max-seconds".into());
        a.push(self.r.pick(&["0.2", "0.5", "1", "2", "3"]).to_string());
    }

    fn seq(&mut self, period: bool) -> Vec<String> {
        let mut a = vec![if period { "period" } else { "seq" }.to_string()];
        let game = if self.r.pct(90) {
            heap_game(&mut self.r)
        } else {
            self.r.pick(other_games()).to_string()
        };
        a.push(game.clone());
        if !period || self.r.pct(50) {
            let to = match self.r.below(10) {
                0 => num(&mut self.r),
                1 => self.r.range(1000, 200_000).to_string(),
                _ => self.r.below(300).to_string(),
            };
            if self.r.pct(95) {
                a.push("--to".into());
                a.push(to);
            }
        }
        let flags: &[(&str, bool)] = if period {
            &[
                ("engine", true),
                ("threads", true),
                ("json", false),
                ("max-seconds", true),
                ("max-memory", true),
            ]
        } else {
            &[
                ("json", false),
                ("misere", false),
                ("genus", false),
                ("max-positions", true),
                ("max-seconds", true),
                ("engine", true),
                ("stats", false),
                ("out", true),
                ("resume", true),
                ("threads", true),
                ("max-memory", true),
            ]
        };
        self.flags(&mut a, flags);
        self.maybe_rules(&mut a, 8);
        self.mostly_a_time_limit(&mut a);
        let _ = game;
        a
    }

    /// Adds a random subset of the subcommand's flags (values drawn for each), and now and then a flag of
    /// another subcommand, a misspelt one, `--name=value`, a missing value, or `--`.
    fn flags(&mut self, a: &mut Vec<String>, own: &[(&str, bool)]) {
        let k = self.r.below(4);
        for _ in 0..k {
            let (name, takes) = self.r.pick(own);
            let v = if takes {
                Some(self.flag_value(name))
            } else {
                None
            };
            let inline = self.r.pct(15);
            match v {
                Some(v) if inline => a.push(format!("--{name}={v}")),
                Some(v) => {
                    a.push(format!("--{name}"));
                    a.push(v);
                }
                None if inline && self.r.pct(30) => a.push(format!("--{name}=1")),
                None => a.push(format!("--{name}")),
            }
        }
        if self.r.pct(8) {
            let other = [
                "--to",
                "--jsn",
                "-j",
                "--list",
                "--json=",
                "--",
                "-",
                "--max-seconds",
                "--loopy",
                "--help",
                "-h",
                "--version",
                "--engine",
                "--out",
            ];
            a.push(self.r.pick(&other).to_string());
        }
        if self.r.pct(5) {
            let i = self.r.below(a.len() as u64) as usize;
            let j = self.r.below(a.len() as u64) as usize;
            a.swap(i, j);
        }
    }

    fn flag_value(&mut self, name: &str) -> String {
        let r = &mut self.r;
        match name {
            "engine" => {
                if r.pct(80) {
                    r.pick(&["plain", "fast", "auto"]).to_string()
                } else {
                    r.pick(&["", "Fast", "sparse", "plain,fast"]).to_string()
                }
            }
            "max-seconds" => {
                if r.pct(70) {
                    r.pick(&["0.3", "0.5", "1", "2", "0", "3"]).to_string()
                } else {
                    r.pick(&[
                        "-1",
                        "",
                        "0.5",
                        "1e3",
                        "18446744073709551615",
                        "99999999999999999999",
                        "x",
                    ])
                    .to_string()
                }
            }
            "max-memory" => {
                if r.pct(70) {
                    r.pick(&["1K", "64M", "512M", "1G", "3G", "100000"])
                        .to_string()
                } else {
                    r.pick(&["0", "-1", "", "1X", "18446744073709551615G", "x"])
                        .to_string()
                }
            }
            "threads" => {
                if r.pct(70) {
                    r.range(0, 3).to_string()
                } else {
                    num(r)
                }
            }
            "max-heap" | "max-positions" => {
                if r.pct(60) {
                    r.range(0, 200).to_string()
                } else {
                    num(r)
                }
            }
            "out" => match r.below(10) {
                0 => "/dev/full".into(),
                1 => "/nonexistent/out.seq".into(),
                2 => self.dir.to_string_lossy().into_owned(),
                _ => self.dir.join("out.seq").to_string_lossy().into_owned(),
            },
            "resume" => {
                let k = r.below(20);
                match k {
                    0 => "/dev/null".into(),
                    1 => "/dev/zero".into(),
                    2 => "/nonexistent/in.seq".into(),
                    3 => self.dir.to_string_lossy().into_owned(),
                    _ => {
                        let c = self.seq_file();
                        self.file("resume.seq", c)
                    }
                }
            }
            "rows" | "cols" => self.range_value(),
            "wrap" | "width" | "height" | "heaps" | "max-order" => {
                if r.pct(70) {
                    r.range(0, 300).to_string()
                } else {
                    num(r)
                }
            }
            "first" => r.pick(&["me", "engine", "", "you", "ENGINE"]).to_string(),
            _ => num(r),
        }
    }

    /// A sequence file for `--resume`: the right header and a few values, or a broken one.
    fn seq_file(&mut self) -> Vec<u8> {
        let r = &mut self.r;
        let game = if r.pct(60) {
            r.pick(&["kayles", "0.77", "0.6", "4!.0", "nim"])
                .to_string()
        } else {
            heap_game(r)
        };
        let mut b = match r.below(10) {
            0 => Vec::new(),
            1 => b"grundy-seq 1".to_vec(),
            2 => format!("grundy-seq 2 {game}\n").into_bytes(),
            3 => b"garbage\n".to_vec(),
            _ => format!("grundy-seq 1 {game}\n").into_bytes(),
        };
        let n = r.below(200);
        for i in 0..n {
            let v: u32 = match r.below(10) {
                0 => u32::MAX,
                1 => r.next() as u32,
                _ => (i % 13) as u32,
            };
            b.extend_from_slice(&v.to_le_bytes());
        }
        if r.pct(20) {
            b.push(7);
        }
        b
    }

    fn oj(&mut self) -> Vec<String> {
        let mut a = vec!["oj".to_string()];
        let k = self.r.below(self.samples.len() as u64) as usize;
        let (id, ins) = &self.samples[k];
        let id = id.clone();
        match self.r.below(30) {
            0 => a.push("--list".into()),
            1 => {}
            2 => {
                a.push(id.clone());
                a.push(id.clone());
            }
            3 => a.push(id.to_uppercase()),
            6 => {
                a.push(id.clone());
                a.push("--json".into());
            }
            4 => a.push(format!("{id}{}", escape(&mut self.r))),
            5 => a.push("nosuch".into()),
            _ => a.push(id.clone()),
        }
        // The input: a sample of this problem (or another's), mutated.
        let src_k = if self.r.pct(90) {
            k
        } else {
            self.r.below(self.samples.len() as u64) as usize
        };
        let (src_id, src_ins) = &self.samples[src_k];
        let si = self.r.below(src_ins.len() as u64) as usize;
        let _ = ins;
        let (input, how) = mutate(&mut self.r, &src_ins[si]);
        self.case.stdin_note = format!("tests/data/oj/{}/{}.in, {how}", dir_of(src_id), si + 1);
        self.case.stdin = Some(input);
        a
    }

    fn nimber(&mut self) -> Vec<String> {
        let r = &mut self.r;
        let op = if r.pct(90) {
            r.pick(&["mul", "inv", "pow"]).to_string()
        } else {
            r.pick(&["add", "", "MUL"]).to_string()
        };
        let k = match op.as_str() {
            "inv" => 1,
            _ => 2,
        };
        let k = if r.pct(10) { r.below(4) } else { k };
        let mut a = vec!["nimber".to_string(), op];
        for _ in 0..k {
            a.push(num(r));
        }
        a
    }

    /// A rules script: mostly valid Rhai games, sometimes broken ones (syntax errors, infinite loops, huge arrays,
    /// moves to bigger heaps, type errors, strings, deep recursion).
    fn rhai(&mut self) -> String {
        const GOOD: &[&str] = &[
            "fn moves(n) { [n - 1, n - 3, n - 4] }",
            "const NAME = \"s12\";\nfn moves(n) { [n - 1, n - 2] }",
            // Growth by push, the natural style (it was quadratic under Rhai's size limits).
            "fn moves(n) { let out = []; for t in 1..3 { if t <= n { for a in 0..(n - t) / 2 + 1 { out.push([a, n - t - a]); } } } out }",
            "fn moves(n) { let a = []; for i in 0..10000 { a.push(0); } [n - 1] }",
            "fn moves(n) { let v = []; for a in 1..n { for b in a..n { if a + b < n { v.push([a, b]); } } } v }",
            "fn moves(a, b) { [[a - 1, b], [a, b - 1], [a - 1, b - 1]] }",
            "const PLAY = \"misere\";\nfn moves(n) { [n - 1, n - 2] }",
            "fn moves(n) { [] }",
            "fn moves(n) { splits(n - 1) }",
        ];
        const BAD: &[&str] = &[
            "fn moves(n) { [n - 1, ",
            "fn moves(n) { loop {} }",
            "fn moves(n) { let v = []; for i in 0..100000000 { v.push(i); } v }",
            "fn moves(n) { [n + 1] }",
            "fn moves(n) { [n] }",
            "fn moves(n) { [\"x\"] }",
            "fn moves(n) { n - 1 }",
            "fn moves(n) { [true] }",
            "fn moves(n) { [9223372036854775807] }",
            "fn moves(n) { [n * 9223372036854775807] }",
            "fn moves(n) { moves(n) }",
            "fn moves(n) { [n / 0] }",
            "fn mvoes(n) { [n - 1] }",
            "fn moves(n, m, k, l) { [] }",
            "fn moves(n) { [[n - 1, [n - 2]]] }",
            "const NAME = \"\\u{1b}[31m\";\nfn moves(n) { [n - 1] }",
            "const NAME = 7;\nfn moves(n) { [n - 1] }",
            "const SHAPE = \"list\";\nfn moves(l) { [l] }",
            "fn moves(n) { let s = \"x\"; while true { s += s; } }",
            "fn moves(n) { throw \"line one\\nline two\"; }",
            "\u{ff}\u{fe}",
            "",
        ];
        if self.r.pct(55) {
            self.r.pick(GOOD).to_string()
        } else {
            self.r.pick(BAD).to_string()
        }
    }

    /// An inline `--moves` expression: valid closures mostly, broken ones too.
    fn moves_expr(&mut self) -> String {
        const EXPRS: &[&str] = &[
            "n => [n - 1, n - 3, n - 4]",
            "n => [n - 1, n - 2]",
            "n => []",
            "|n| [n - 1]",
            "n => [n + 1]",
            "n => [n]",
            "n => loop {}",
            "n => [",
            "n => \"x\"",
            "n => [1.5]",
            "n => [-1, -2]",
            "(a, b) => [[a - 1, b], [a, b - 1]]",
            "n => { let v = []; for i in 0..100000000 { v.push(0); } v }",
            "",
            "-",
            "n => [n - 1]; fn x() {}",
        ];
        self.r.pick(EXPRS).to_string()
    }

    /// With probability `p` percent, adds `--rules FILE` (a script in the case's folder, or a bad path) and/or
    /// `--moves EXPR`.
    fn maybe_rules(&mut self, a: &mut Vec<String>, p: u64) {
        if !self.r.pct(p) {
            return;
        }
        let k = self.r.below(3);
        if k != 1 {
            let path = match self.r.below(12) {
                0 => "/nonexistent/x.rhai".into(),
                1 => self.dir.to_string_lossy().into_owned(),
                2 => "/dev/zero".into(),
                _ => {
                    let text = self.rhai();
                    let name = self.r.pick(&["s134.rhai", "game.rhai", "x", "9bad.rhai"]);
                    self.file(name, text.into_bytes())
                }
            };
            a.push("--rules".into());
            a.push(path);
        }
        if k != 0 {
            let e = self.moves_expr();
            if self.r.pct(20) {
                a.push(format!("--moves={e}"));
            } else {
                a.push("--moves".into());
                a.push(e);
            }
        }
    }

    /// The newer subcommands have many flags, and `flags` often breaks the line: so that their successful paths
    /// are run too, it is called on fewer than half of their lines.
    fn some_flags(&mut self, a: &mut Vec<String>, own: &[(&str, bool)]) {
        if self.r.pct(40) {
            self.flags(a, own);
        }
    }

    /// A game whose positions are one or two numbers, or none (the script's game) sometimes.
    fn table_game(&mut self, a: &mut Vec<String>) {
        match self.r.below(10) {
            0..=2 => a.push(heap_game(&mut self.r)),
            3..=5 => a.push(if self.r.pct(50) {
                self.r.pick(heap_names()).to_string()
            } else {
                self.r.pick(KNOWN_CODES).to_string()
            }),
            6..=8 => a.push(
                self.r
                    .pick(&[
                        "wythoff",
                        "cutting",
                        "ed",
                        "chomp",
                        "chocolate",
                        "nim",
                        "staircase",
                    ])
                    .to_string(),
            ),
            _ => {}
        }
    }

    /// A range A..B or N, small mostly.
    fn range_value(&mut self) -> String {
        let r = &mut self.r;
        match r.below(12) {
            0 => num(r),
            1 => format!("{}..{}", r.below(40), r.below(10)),
            2 => r
                .pick(&[
                    "..",
                    "1..",
                    "..5",
                    "a..b",
                    "0...3",
                    "-1..3",
                    "0..18446744073709551615",
                ])
                .to_string(),
            3 => format!("0..{}", r.range(100, 5000)),
            4..=7 => r.below(40).to_string(),
            _ => {
                let lo = r.below(20);
                format!("{lo}..{}", lo + r.below(30))
            }
        }
    }

    fn table(&mut self) -> Vec<String> {
        let mut a = vec!["table".to_string()];
        self.table_game(&mut a);
        for f in ["rows", "cols"] {
            if self.r.pct(60) {
                a.push(format!("--{f}"));
                let v = self.range_value();
                a.push(v);
            }
        }
        let flags: &[(&str, bool)] = &[
            ("wrap", true),
            ("csv", false),
            ("json", false),
            ("max-seconds", true),
            ("max-memory", true),
        ];
        self.some_flags(&mut a, flags);
        self.maybe_rules(&mut a, 25);
        self.mostly_a_time_limit(&mut a);
        a
    }

    fn pattern(&mut self) -> Vec<String> {
        let mut a = vec!["pattern".to_string()];
        self.table_game(&mut a);
        if self.r.pct(50) {
            a.push("--to".into());
            let v = if self.r.pct(80) {
                self.r.below(500).to_string()
            } else {
                num(&mut self.r)
            };
            a.push(v);
        }
        for f in ["rows", "cols"] {
            if self.r.pct(30) {
                a.push(format!("--{f}"));
                let v = self.range_value();
                a.push(v);
            }
        }
        let flags: &[(&str, bool)] =
            &[("json", false), ("max-seconds", true), ("max-memory", true)];
        self.some_flags(&mut a, flags);
        self.maybe_rules(&mut a, 25);
        self.mostly_a_time_limit(&mut a);
        a
    }

    fn plot(&mut self) -> Vec<String> {
        let mut a = vec!["plot".to_string()];
        self.table_game(&mut a);
        if self.r.pct(90) {
            let out = match self.r.below(14) {
                0 => "/dev/full".into(),
                1 => "/nonexistent/p.png".into(),
                2 => self.dir.join("p.txt").to_string_lossy().into_owned(),
                3 => self.dir.join("p").to_string_lossy().into_owned(),
                4 => self.dir.to_string_lossy().into_owned(),
                5 => "-".into(),
                k => self
                    .dir
                    .join(if k % 2 == 0 { "p.png" } else { "p.svg" })
                    .to_string_lossy()
                    .into_owned(),
            };
            a.push(self.r.pick(&["-o", "--out"]).to_string());
            a.push(out);
        }
        if self.r.pct(50) {
            a.push("--to".into());
            let v = if self.r.pct(85) {
                self.r.below(2000).to_string()
            } else {
                num(&mut self.r)
            };
            a.push(v);
        }
        let flags: &[(&str, bool)] = &[
            ("rare", false),
            ("misere", false),
            ("rows", true),
            ("cols", true),
            ("width", true),
            ("height", true),
            ("max-positions", true),
            ("json", false),
            ("max-seconds", true),
            ("max-memory", true),
        ];
        self.some_flags(&mut a, flags);
        self.maybe_rules(&mut a, 20);
        self.mostly_a_time_limit(&mut a);
        a
    }

    fn quotient(&mut self) -> Vec<String> {
        let mut a = vec!["quotient".to_string()];
        if self.r.pct(85) {
            let g = if self.r.pct(40) {
                self.r
                    .pick(&[
                        "kayles",
                        "0.75",
                        "0.77",
                        "0.123",
                        "0.31",
                        "0.6",
                        "dawsons-kayles",
                        "nim",
                    ])
                    .to_string()
            } else {
                heap_game(&mut self.r)
            };
            a.push(g);
        }
        let flags: &[(&str, bool)] = &[
            ("heaps", true),
            ("max-order", true),
            ("json", false),
            ("max-seconds", true),
            ("max-memory", true),
        ];
        self.some_flags(&mut a, flags);
        self.maybe_rules(&mut a, 25);
        self.mostly_a_time_limit(&mut a);
        a
    }

    /// A small sweep family (a few codes), or a broken one. Never `0.ddd` or larger: its 512 codes at even 0.1 s
    /// each would pass the harness's 10 s.
    fn family(&mut self) -> String {
        let r = &mut self.r;
        match r.below(14) {
            0..=3 => r.pick(&["0.0d", "0.d", "4.d", "0.d0", "0.7d"]).to_string(),
            4..=6 => format!("subtraction:{},{}", r.range(1, 2), r.range(1, 5)),
            7 => r
                .pick(&["octal:1", "octal:0", "octal:7", "octal:x"])
                .to_string(),
            8 => r
                .pick(&[
                    "octal:7",
                    "subtraction:0,4",
                    "subtraction:9,99",
                    "subtraction:3,1000000",
                ])
                .to_string(),
            9 => r
                .pick(&[
                    "",
                    "0.",
                    "0.8d",
                    "9.d",
                    "x.dd",
                    "subtraction:",
                    "subtraction:1",
                    "0.d[d]",
                ])
                .to_string(),
            _ => code(r),
        }
    }

    /// A JSON-lines file as `sweep --jsonl` writes it (made up), or a broken one.
    fn jsonl_file(&mut self) -> Vec<u8> {
        let r = &mut self.r;
        let mut s = String::new();
        for _ in 0..r.below(5) {
            s.push_str(match r.below(6) {
                0 => "{}\n",
                1 => "garbage\n",
                2 => "{\"code\":\"0.07\",\"preperiod\":0,\"period\":3}\n",
                3 => "[1,2,3]\n",
                4 => "{\"code\":\"0.07\"\n",
                _ => "\n",
            });
        }
        s.into_bytes()
    }

    fn sweep(&mut self) -> Vec<String> {
        let mut a = vec!["sweep".to_string()];
        let f = self.family();
        a.push(f);
        a.push("--max-seconds".into());
        a.push(self.r.pick(&["0.1", "0.2", "0.3", "0.5"]).to_string());
        if self.r.pct(60) {
            a.push("--to".into());
            let v = if self.r.pct(85) {
                self.r.below(300).to_string()
            } else {
                num(&mut self.r)
            };
            a.push(v);
        }
        if self.r.pct(30) {
            a.push("--shard".into());
            let v = self
                .r
                .pick(&[
                    "1/2",
                    "2/2",
                    "1/1",
                    "3/2",
                    "0/2",
                    "1/0",
                    "x",
                    "1/18446744073709551616",
                ])
                .to_string();
            a.push(v);
        }
        if self.r.pct(35) {
            a.push("--jsonl".into());
            let p = match self.r.below(6) {
                0 => "/dev/full".into(),
                1 => "/nonexistent/s.jsonl".into(),
                2 => {
                    let c = self.jsonl_file();
                    self.file("old.jsonl", c)
                }
                _ => self.dir.join("s.jsonl").to_string_lossy().into_owned(),
            };
            a.push(p);
        }
        if self.r.pct(20) {
            a.push("--published".into());
            let p = if self.r.pct(50) {
                "tests/data/octal-periods.txt".into()
            } else {
                let c = self.published_file();
                self.file("pub.txt", c)
            };
            a.push(p);
        }
        let flags: &[(&str, bool)] = &[("threads", true), ("max-memory", true)];
        self.some_flags(&mut a, flags);
        a
    }

    fn published_file(&mut self) -> Vec<u8> {
        let r = &mut self.r;
        let mut s = String::new();
        for _ in 0..r.below(6) {
            s.push_str(match r.below(5) {
                0 => "0.07 0 3\n",
                1 => "0.07 x 3\n",
                2 => "# comment\n",
                3 => "0.07 0 18446744073709551616\n",
                _ => "0.1\n",
            });
        }
        s.into_bytes()
    }

    fn sweep_merge(&mut self) -> Vec<String> {
        let mut a = vec!["sweep-merge".to_string()];
        for i in 0..self.r.below(4) {
            let p = match self.r.below(8) {
                0 => "/nonexistent/a.jsonl".into(),
                1 => "/dev/null".into(),
                2 => self.dir.to_string_lossy().into_owned(),
                _ => {
                    let c = self.jsonl_file();
                    self.file(&format!("m{i}.jsonl"), c)
                }
            };
            a.push(p);
        }
        if self.r.pct(25) {
            a.push("--published".into());
            let c = self.published_file();
            let p = self.file("pub.txt", c);
            a.push(p);
        }
        a
    }

    /// `play`: a sum to play and random lines on stdin (numbers, moves, hint, undo, quit, garbage; EOF).
    fn play(&mut self) -> Vec<String> {
        let mut a = vec!["play".to_string()];
        let game = if self.r.pct(80) {
            self.r
                .pick(&[
                    "kayles",
                    "nim",
                    "0.07",
                    "subtraction:1,2",
                    "wythoff",
                    "dawsons-kayles",
                ])
                .to_string()
        } else {
            heap_game(&mut self.r)
        };
        if self.r.pct(92) {
            let pos = self.positions(&game);
            a.push(game.clone());
            a.extend(pos);
        } else if self.r.pct(50) {
            // Positions with more moves than can be listed, refused before any work, and a long Chomp row.
            let (g, p) = self.r.pick(&[
                ("nim", "18446744073709551615"),
                ("lasker", "1000000000"),
                ("chomp", "100000x1"),
            ]);
            a.push(g.into());
            a.push(p.into());
        }
        if self.r.pct(15) {
            a.push("+".into());
            a.push("nim".into());
            a.push(self.r.below(8).to_string());
        }
        let flags: &[(&str, bool)] = &[
            ("misere", false),
            ("loopy", false),
            ("first", true),
            ("max-positions", true),
        ];
        self.some_flags(&mut a, flags);
        self.maybe_rules(&mut a, 15);
        let mut input = String::new();
        for _ in 0..self.r.below(12) {
            let line = match self.r.below(14) {
                0..=3 => self.r.below(10).to_string(),
                4 => "hint".into(),
                5 => "undo".into(),
                6 => "quit".into(),
                7 => format!("{game} {} -> {}", self.r.below(10), self.r.below(10)),
                8 => format!("{} {}", self.r.below(10), self.r.below(10)),
                9 => num(&mut self.r),
                10 => escape(&mut self.r).to_string(),
                11 => "help".into(),
                12 => "".into(),
                _ => self
                    .r
                    .pick(&["garbage", "1 -> 2 -> 3", "\u{ff15}", "-1", "kayles 5 -> 3"])
                    .to_string(),
            };
            input.push_str(&line);
            input.push('\n');
        }
        if self.r.pct(20) {
            input.pop(); // no final newline
        }
        self.case.stdin_note = "random play lines".into();
        self.case.stdin = Some(input.into_bytes());
        a
    }

    pub fn generate(mut self) -> Case {
        // Never the user's cache: `quotient` and `value --misere` keep theirs in the case's folder.
        self.case
            .env
            .push(("GRUNDY_CACHE_DIR".into(), self.dir.join("cache")));
        // One case in four is one of the newer subcommands (table, pattern, plot, quotient, sweep, sweep-merge,
        // play); the other three keep the older mix.
        if self.r.pct(25) {
            let a = match self.r.below(100) {
                0..=17 => self.table(),
                18..=31 => self.pattern(),
                32..=43 => self.plot(),
                44..=59 => self.quotient(),
                60..=69 => self.sweep(),
                70..=74 => self.sweep_merge(),
                _ => self.play(),
            };
            return self.finish(a);
        }
        let a: Vec<String> = match self.r.below(100) {
            0..=37 => self.value(),
            38..=57 => self.seq(false),
            58..=65 => self.seq(true),
            66..=80 => self.oj(),
            81..=87 => self.nimber(),
            88..=89 => {
                let mut a = vec!["games".to_string()];
                if self.r.pct(30) {
                    a.push(num(&mut self.r));
                }
                a
            }
            90..=93 => {
                let topics = [
                    "value",
                    "seq",
                    "period",
                    "games",
                    "oj",
                    "nimber",
                    "help",
                    "",
                    "nosuch",
                    "table",
                    "pattern",
                    "plot",
                    "quotient",
                    "sweep",
                    "sweep-merge",
                    "play",
                ];
                let mut a = vec![self.r.pick(&["help", "--help", "-h"]).to_string()];
                if self.r.pct(80) {
                    a.push(self.r.pick(&topics).to_string());
                }
                a
            }
            _ => {
                let words = [
                    "",
                    "--version",
                    "-V",
                    "valu",
                    "VALUE",
                    "+",
                    "--",
                    "-",
                    "seq",
                    "value",
                ];
                let k = self.r.below(4);
                (0..k).map(|_| self.r.pick(&words).to_string()).collect()
            }
        };
        self.finish(a)
    }

    /// The common end of a case: now and then an escape sequence inside a word or a word that is not UTF-8.
    fn finish(mut self, mut a: Vec<String>) -> Case {
        // Now and then an escape sequence or control character inside a word.
        if !a.is_empty() && self.r.pct(4) {
            let i = self.r.below(a.len() as u64) as usize;
            let e = escape(&mut self.r);
            if self.r.pct(50) {
                a[i].push_str(e);
            } else {
                a[i].insert_str(0, e);
            }
        }
        let mut args: Vec<Vec<u8>> = a.into_iter().map(String::into_bytes).collect();
        // Now and then a word that is not UTF-8.
        if !args.is_empty() && self.r.pct(2) {
            let i = self.r.below(args.len() as u64) as usize;
            args[i].push(0xff);
        }
        self.case.args = args;
        self.case
    }
}

/// The folder of a problem's samples under tests/data/oj (ids use '-' where folder names do, and the reverse).
pub fn dir_of(id: &str) -> String {
    id.to_string()
}

/// A mutation of a judge input: truncated, a number replaced by an adversarial one, a line duplicated or dropped,
/// junk inserted, or random bytes. Returns the input and what was done.
fn mutate(r: &mut Rng, input: &[u8]) -> (Vec<u8>, String) {
    let text = String::from_utf8_lossy(input).into_owned();
    let mut words: Vec<String> = text.split_ascii_whitespace().map(String::from).collect();
    match r.below(12) {
        0 => (input.to_vec(), "unchanged".into()),
        1 | 2 => {
            let cut = r.below(input.len() as u64 + 1) as usize;
            (input[..cut].to_vec(), format!("truncated to {cut} bytes"))
        }
        3..=5 if !words.is_empty() => {
            let i = r.below(words.len() as u64) as usize;
            let w = match r.below(4) {
                0 => r.pick(ADVERSARIAL_NUMBERS).to_string(),
                1 => r.range(0, 1 << 20).to_string(),
                2 => r
                    .pick(&[
                        "1000000000",
                        "1000000000000000000",
                        "2000000000",
                        "100000",
                        "0",
                    ])
                    .to_string(),
                _ => (r.next() >> r.below(64)).to_string(),
            };
            let how = format!("word {i} '{}' replaced by '{}'", words[i], w.escape_debug());
            words[i] = w;
            (join_lines(&words, r), how)
        }
        6 if !words.is_empty() => {
            // The first number (often a count of cases or of items) made large: the rest is then too short.
            let w = r
                .pick(&[
                    "1000000000",
                    "100000",
                    "18446744073709551615",
                    "2147483647",
                    "-1",
                ])
                .to_string();
            let how = format!("first word '{}' replaced by '{w}'", words[0]);
            words[0] = w;
            (join_lines(&words, r), how)
        }
        7 if !words.is_empty() => {
            let i = r.below(words.len() as u64) as usize;
            words.remove(i);
            (join_lines(&words, r), format!("word {i} deleted"))
        }
        8 => {
            let mut b = input.to_vec();
            let at = r.below(b.len() as u64 + 1) as usize;
            let junk: &[u8] = r.pick(&[
                &b"\xff\xfe"[..],
                b"\x1b[31m",
                b"\0",
                b"-",
                b"x",
                b"\r",
                b"1e5",
                b"\xe2\x80\xae",
            ]);
            b.splice(at..at, junk.iter().copied());
            (
                b,
                format!("{:?} inserted at byte {at}", String::from_utf8_lossy(junk)),
            )
        }
        9 => {
            let n = r.below(64) as usize;
            (
                (0..n).map(|_| r.next() as u8).collect(),
                format!("{n} random bytes"),
            )
        }
        10 => {
            let lines: Vec<&str> = text.lines().collect();
            if lines.is_empty() {
                return (Vec::new(), "empty".into());
            }
            let i = r.below(lines.len() as u64) as usize;
            let times = r.range(2, 2000);
            let mut out: Vec<&str> = lines[..=i].to_vec();
            for _ in 1..times {
                out.push(lines[i]);
            }
            out.extend_from_slice(&lines[i + 1..]);
            (
                format!("{}\n", out.join("\n")).into_bytes(),
                format!("line {i} repeated {times} times"),
            )
        }
        _ => (Vec::new(), "empty".into()),
    }
}

fn join_lines(words: &[String], r: &mut Rng) -> Vec<u8> {
    let sep = if r.pct(50) { " " } else { "\n" };
    format!("{}\n", words.join(sep)).into_bytes()
}
