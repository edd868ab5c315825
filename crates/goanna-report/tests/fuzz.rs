//! The fuzz targets of `fuzz/` (bodies in `fuzz/bodies.rs`) as a plain test: every corpus entry
//! (seeds and the reproducers of past bugs, `regress_*`) and inputs from a seeded generator that
//! mutates them ([`goanna_testkit::fuzz`]). `scripts/fuzz baseline_reader SECONDS` runs libFuzzer
//! when `cargo fuzz` and a nightly toolchain are available, else this generator for that long.

#[path = "../fuzz/bodies.rs"]
mod bodies;

use goanna_testkit::fuzz::Campaign;
use std::path::PathBuf;
use std::time::Duration;

/// Tokens of SARIF (JSON) the mutator inserts.
const SARIF_TOKENS: &[&[u8]] = &[
    b"{", b"}", b"[", b"]", b"\"", b",", b":", b"null", b"true", b"0", b"-1", b"1e999", b"\"2.1.0\"", b"\"runs\"",
    b"\"results\"", b"\"partialFingerprints\"", b"\"goannaFingerprint/v1\"", b"\"goanna-rs\"", b"\\u0000", b"\\ud800",
];

#[test]
fn baseline_reader_corpus_and_generated() {
    let tally = Campaign {
        target: "baseline_reader",
        corpus_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/baseline_reader"),
        tokens: SARIF_TOKENS,
        runs: 2000,
        max_seed_len: 64 * 1024,
        time_cap: Duration::from_secs(10),
        seed_files: None,
    }
    .run(bodies::baseline_reader);
    assert!(tally.corpus > 0);
}
