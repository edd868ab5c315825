//! The fuzz targets of `fuzz/` (bodies in `fuzz/bodies.rs`) as a plain test: every corpus entry
//! (seeds and the reproducers of past bugs, `regress_*`) and inputs from a seeded generator that
//! mutates them ([`goanna_testkit::fuzz`]). `scripts/fuzz config_reader SECONDS` runs libFuzzer
//! when `cargo fuzz` and a nightly toolchain are available, else this generator for that long.

#[allow(dead_code)]
#[path = "../src/config.rs"]
mod config;
#[path = "../fuzz/bodies.rs"]
mod bodies;

use goanna_testkit::fuzz::Campaign;
use std::path::PathBuf;
use std::time::Duration;

/// Tokens of TOML and of globs the mutator inserts.
const TOML_TOKENS: &[&[u8]] = &[
    b"[", b"]", b"{", b"}", b"\"", b"'", b"'''", b"\"\"\"", b",", b"=", b"\n", b"#", b".", b"\\u00e9", b"1979-05-27T07:32:00Z",
    b"inf", b"nan", b"0x7f", b"true", b"enable", b"disable", b"exclude", b"min-severity", b"fail-on", b"fail-on-unparsable",
    b"sarif-help-uri", b"\"warning\"", b"\"never\"", b"*", b"**", b"?", b"/", b"**/", b"*a*", b"./",
];

#[test]
fn config_reader_corpus_and_generated() {
    let tally = Campaign {
        target: "config_reader",
        corpus_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/config_reader"),
        tokens: TOML_TOKENS,
        runs: 3000,
        max_seed_len: 4096,
        time_cap: Duration::from_secs(10),
        seed_files: None,
    }
    .run(bodies::config_reader);
    assert!(tally.corpus > 0);
}
