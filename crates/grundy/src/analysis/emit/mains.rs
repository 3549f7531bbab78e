//! The `main` of an emitted program, per language: with arguments it prints the function at each heap (or each pair
//! `a b`); without, it checks the function against the values the library computed ([`Check`]) and exits with
//! status 1 on a difference.

use super::code::{list, list_by, Check, Program};
use super::Language;

/// The check data and `main` of `p` in language `l`.
pub(super) fn main(p: &Program, l: Language) -> String {
    let name = p.name();
    let args = p.params.join(", ");
    // The function's value as a whole number (a truth value as 1 or 0).
    let val = match (l, p.p_only) {
        (_, false) => format!("{name}({args})"),
        (Language::Cpp, true) => format!("(u64){name}({args})"),
        (Language::Rust, true) => format!("u64::from({name}({args}))"),
        (Language::Python, true) => format!("int({name}({args}))"),
    };
    let (data, check, ok) = match &p.check {
        Check::Heaps { first, count, sum } => heaps(l, &val, first, *count, *sum),
        Check::Cells { cells, rows, cols } => cells_check(l, &val, cells, rows, cols),
    };
    let what = if p.p_only {
        format!("{name}({args}) (1: a P-position, 0: not)")
    } else {
        format!("{name}({args})")
    };
    let ok = format!("ok: {what} agrees with grundy's values {ok}");
    let print = print_args(p, l);
    match l {
        Language::Cpp => format!(
            "{data}\nint main(int argc, char** argv) {{\n{print}{check}    puts(\"{ok}\");\n    return 0;\n}}\n"
        ),
        Language::Rust => format!(
            "{data}\nfn main() {{\n{print}{check}    println!(\"{ok}\");\n}}\n"
        ),
        Language::Python => format!(
            "{data}\n\ndef main() -> int:\n{print}{check}    print(\"{ok}\")\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n"
        ),
    }
}

/// The lines of `main` that print the function for the numbers given as arguments (a heap each, or pairs).
fn print_args(p: &Program, l: Language) -> String {
    let name = p.name();
    let two = p.params.len() == 2;
    let show = |call: &str| match (l, p.p_only) {
        (Language::Cpp, false) => format!("printf(\"%llu\\n\", {call})"),
        (Language::Cpp, true) => format!("puts({call} ? \"P\" : \"N\")"),
        (Language::Rust, false) => format!("println!(\"{{}}\", {call})"),
        (Language::Rust, true) => {
            format!("println!(\"{{}}\", if {call} {{ \"P\" }} else {{ \"N\" }})")
        }
        (Language::Python, false) => format!("print({call})"),
        (Language::Python, true) => format!("print(\"P\" if {call} else \"N\")"),
    };
    let pairs = "give positions as pairs a b of whole numbers below 2^64";
    match (l, two) {
        (Language::Cpp, false) => format!(
            "    if (argc > 1) {{\n        for (int i = 1; i < argc; i++) {};\n        return 0;\n    }}\n",
            show(&format!("{name}(strtoull(argv[i], nullptr, 10))"))
        ),
        (Language::Cpp, true) => format!(
            "    if (argc > 1) {{\n        if (argc % 2 == 0) {{\n            fprintf(stderr, \"{pairs}\\n\");\n            return 2;\n        }}\n        for (int i = 1; i + 1 < argc; i += 2) {};\n        return 0;\n    }}\n",
            show(&format!("{name}(strtoull(argv[i], nullptr, 10), strtoull(argv[i + 1], nullptr, 10))"))
        ),
        (Language::Rust, _) => format!(
            r#"    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {{
        let mut ns = Vec::new();
        for a in &args {{
            match a.parse::<u64>() {{
                Ok(n) => ns.push(n),
                Err(_) => {{
                    eprintln!("{{a}}: not a whole number below 2^64");
                    std::process::exit(2);
                }}
            }}
        }}
        if ns.len() % {k} != 0 {{
            eprintln!("{pairs}");
            std::process::exit(2);
        }}
        for c in ns.chunks({k}) {{
            {};
        }}
        return;
    }}
"#,
            show(&format!("{name}({})", if two { "c[0], c[1]" } else { "c[0]" })),
            k = p.params.len()
        ),
        (Language::Python, _) => format!(
            "    if len(sys.argv) > 1:\n        ns = [int(a) for a in sys.argv[1:]]\n        if len(ns) % {k} != 0:\n            print(\"{pairs}\", file=sys.stderr)\n            return 2\n        for i in range(0, len(ns), {k}):\n            {}\n        return 0\n",
            show(&format!("{name}({})", if two { "ns[i], ns[i + 1]" } else { "ns[i]" })),
            k = p.params.len()
        ),
    }
}

/// The data and the checking lines for heaps: the first values one by one, then the checksum.
fn heaps(l: Language, val: &str, first: &[u64], count: u64, sum: u64) -> (String, String, String) {
    let last = count - 1;
    let data = match l {
        Language::Cpp => format!(
            "// The first values grundy computed, and the FNV-1a checksum of G(0..{last}).\nstatic const u64 FIRST[{}] = {{\n{}\n}};\nstatic const u64 CHECK_COUNT = {count};\nstatic const u64 CHECKSUM = {sum}ULL;\n",
            first.len(),
            list(first, "    ")
        ),
        Language::Rust => format!(
            "/// The first values grundy computed, and the FNV-1a checksum of G(0..{last}).\nconst FIRST: [u64; {}] = [\n{}\n];\nconst CHECK_COUNT: u64 = {count};\nconst CHECKSUM: u64 = {sum};\n",
            first.len(),
            list(first, "    ")
        ),
        Language::Python => format!(
            "# The first values grundy computed, and the FNV-1a checksum of G(0..{last}).\nFIRST = [\n{}\n]\nCHECK_COUNT = {count}\nCHECKSUM = {sum}\n",
            list(first, "    ")
        ),
    };
    let check = match l {
        Language::Cpp => format!(
            r#"    for (u64 n = 0; n < sizeof FIRST / sizeof FIRST[0]; n++) {{
        if ({val} != FIRST[n]) {{
            fprintf(stderr, "at n = %llu: %llu, but grundy computed %llu\n", n, {val}, FIRST[n]);
            return 1;
        }}
    }}
    u64 h = 14695981039346656037ULL;
    for (u64 n = 0; n < CHECK_COUNT; n++) {{
        h ^= {val};
        h *= 1099511628211ULL;
    }}
    if (h != CHECKSUM) {{
        fprintf(stderr, "the checksum of n = 0..%llu differs from grundy's values\n", CHECK_COUNT - 1);
        return 1;
    }}
"#
        ),
        Language::Rust => format!(
            r#"    for (i, &want) in FIRST.iter().enumerate() {{
        let n = i as u64;
        let got = {val};
        if got != want {{
            eprintln!("at n = {{n}}: {{got}}, but grundy computed {{want}}");
            std::process::exit(1);
        }}
    }}
    let mut h: u64 = 14695981039346656037;
    for n in 0..CHECK_COUNT {{
        h ^= {val};
        h = h.wrapping_mul(1099511628211);
    }}
    if h != CHECKSUM {{
        eprintln!("the checksum of n = 0..{{}} differs from grundy's values", CHECK_COUNT - 1);
        std::process::exit(1);
    }}
"#
        ),
        Language::Python => format!(
            r#"    for n, want in enumerate(FIRST):
        if {val} != want:
            print(f"at n = {{n}}: {{{val}}}, but grundy computed {{want}}", file=sys.stderr)
            return 1
    h = 14695981039346656037
    for n in range(CHECK_COUNT):
        h = ((h ^ {val}) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    if h != CHECKSUM:
        print(f"the checksum of n = 0..{{CHECK_COUNT - 1}} differs from grundy's values", file=sys.stderr)
        return 1
"#
        ),
    };
    (data, check, format!("for n = 0..{last}"))
}

/// The data and the checking lines for cells `(a, b, value)`.
fn cells_check(
    l: Language,
    val: &str,
    cells: &[[u64; 3]],
    rows: &str,
    cols: &str,
) -> (String, String, String) {
    let flat: Vec<u64> = cells.iter().flatten().copied().collect();
    let doc = "The cells grundy computed, as (a, b, value) triples.";
    let data = match l {
        Language::Cpp => format!(
            "// {doc}\nstatic const u64 CELLS[{}] = {{\n{}\n}};\n",
            flat.len(),
            list_by(&flat, 15, "    ")
        ),
        Language::Rust => format!(
            "/// {doc}\nconst CELLS: [u64; {}] = [\n{}\n];\n",
            flat.len(),
            list_by(&flat, 15, "    ")
        ),
        Language::Python => format!("# {doc}\nCELLS = [\n{}\n]\n", list_by(&flat, 15, "    ")),
    };
    let check = match l {
        Language::Cpp => format!(
            r#"    for (u64 i = 0; i < sizeof CELLS / sizeof CELLS[0]; i += 3) {{
        u64 a = CELLS[i], b = CELLS[i + 1];
        if ({val} != CELLS[i + 2]) {{
            fprintf(stderr, "at (%llu, %llu): %llu, but grundy computed %llu\n", a, b, {val}, CELLS[i + 2]);
            return 1;
        }}
    }}
"#
        ),
        Language::Rust => format!(
            r#"    for c in CELLS.chunks(3) {{
        let (a, b) = (c[0], c[1]);
        let got = {val};
        if got != c[2] {{
            eprintln!("at ({{a}}, {{b}}): {{got}}, but grundy computed {{}}", c[2]);
            std::process::exit(1);
        }}
    }}
"#
        ),
        Language::Python => format!(
            r#"    for i in range(0, len(CELLS), 3):
        a, b = CELLS[i], CELLS[i + 1]
        if {val} != CELLS[i + 2]:
            print(f"at ({{a}}, {{b}}): {{{val}}}, but grundy computed {{CELLS[i + 2]}}", file=sys.stderr)
            return 1
"#
        ),
    };
    (
        data,
        check,
        format!("on the {} cells of a = {rows}, b = {cols}", cells.len()),
    )
}
