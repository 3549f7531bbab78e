//! The integration tests of the `grundy` binary, one module per file of this folder, in one test binary: each
//! binary links the whole library, and one binary instead of one per file saved most of the test build (issue 41).
//! Each file's tests are named after it (`cargo test -p grundy-cli --test all flags::` runs flags.rs's).

#[path = "board_search_cli.rs"]
mod board_search_cli;
#[path = "cli.rs"]
mod cli;
#[path = "closed_forms.rs"]
mod closed_forms;
#[path = "codes.rs"]
mod codes;
#[path = "common/mod.rs"]
mod common;
#[path = "dense_codes.rs"]
mod dense_codes;
#[path = "families.rs"]
mod families;
#[path = "flags.rs"]
mod flags;
#[path = "fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "graph_kayles.rs"]
mod graph_kayles;
#[path = "help_snapshots.rs"]
mod help_snapshots;
#[path = "huge_moves.rs"]
mod huge_moves;
#[path = "json_schema.rs"]
mod json_schema;
#[path = "lines.rs"]
mod lines;
#[path = "longrun.rs"]
mod longrun;
#[path = "loopy_split.rs"]
mod loopy_split;
#[path = "misere_loopy.rs"]
mod misere_loopy;
#[path = "oj_board_problems.rs"]
mod oj_board_problems;
#[path = "oj_heap_problems.rs"]
mod oj_heap_problems;
#[path = "play_pty.rs"]
mod play_pty;
#[path = "plot.rs"]
mod plot;
#[path = "progress_lines.rs"]
mod progress_lines;
#[path = "quotient.rs"]
mod quotient;
#[path = "quotient_periodic.rs"]
mod quotient_periodic;
#[path = "resume_limits.rs"]
mod resume_limits;
#[path = "script_cli.rs"]
mod script_cli;
#[path = "script_resume.rs"]
mod script_resume;
#[path = "seq_period.rs"]
mod seq_period;
#[path = "split_search.rs"]
mod split_search;
#[path = "sweep.rs"]
mod sweep;
#[path = "table_pattern.rs"]
mod table_pattern;
#[path = "terminal.rs"]
mod terminal;
#[path = "value_table.rs"]
mod value_table;

/// Cargo.toml turns test discovery off (`autotests = false`), so a file in tests/ that is not a module above
/// would be neither compiled nor run: this test fails until it is added.
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let this = include_str!("all.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".rs") && name != "all.rs" {
            assert!(
                this.contains(&format!("#[path = \"{name}\"]")),
                "tests/{name} is not a module of tests/all.rs"
            );
        }
    }
}
