//! The library's integration tests, one module per file of this folder, in one test binary: each binary links the
//! whole library, and one binary instead of one per file saved most of the test build (issue 41). Each file's
//! tests are named after it (`cargo test -p grundy --test all misere::` runs misere.rs's). The files keep their
//! places, so a file's `proptest-regressions` file stays beside it.

#[path = "board_games.rs"]
mod board_games;
#[path = "board_search.rs"]
mod board_search;
#[path = "codes_reference.rs"]
mod codes_reference;
#[path = "foundation.rs"]
mod foundation;
#[path = "graph_kayles.rs"]
mod graph_kayles;
#[path = "graph_reference.rs"]
mod graph_reference;
#[path = "heap_games.rs"]
mod heap_games;
#[path = "huge_moves.rs"]
mod huge_moves;
#[path = "loopy.rs"]
mod loopy;
#[path = "loopy_split.rs"]
mod loopy_split;
#[path = "misere.rs"]
mod misere;
#[path = "multiheap.rs"]
mod multiheap;
#[path = "one_game.rs"]
mod one_game;
#[path = "pattern_props.rs"]
mod pattern_props;
#[path = "pattern_seeds.rs"]
mod pattern_seeds;
#[path = "quotient.rs"]
mod quotient;
#[path = "script.rs"]
mod script;
#[path = "sequence.rs"]
mod sequence;
#[path = "sparse_vs_plain.rs"]
mod sparse_vs_plain;
#[path = "table_file.rs"]
mod table_file;

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
