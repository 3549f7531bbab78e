//! Builds Cram's endgame database (`src/games/cram/endgame.rs` says what it holds and how it is computed) into
//! `$OUT_DIR/cram_endgame.bin`, which the crate includes: the table's words, little-endian. Only with the
//! `endgame-table` feature (on by default).

#[path = "src/games/cram/small.rs"]
#[allow(dead_code)]
mod small;

#[path = "src/games/cram/endgame.rs"]
#[allow(dead_code)]
mod endgame;

fn main() {
    for f in [
        "build.rs",
        "src/games/cram/small.rs",
        "src/games/cram/endgame.rs",
    ] {
        println!("cargo:rerun-if-changed={f}");
    }
    // Without the `endgame-table` feature the crate includes no table: nothing to build.
    if std::env::var_os("CARGO_FEATURE_ENDGAME_TABLE").is_none() {
        return;
    }
    let values = endgame::values(endgame::MAX_CELLS);
    let table = endgame::layout(&values);
    let bytes: Vec<u8> = table.iter().flat_map(|w| w.to_le_bytes()).collect();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("cram_endgame.bin"), bytes)
        .expect("the build's output folder is writable");
}
