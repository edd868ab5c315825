//! The fuzz targets of `fuzz/` (bodies in `fuzz/bodies.rs`) as a plain test: every corpus entry
//! (seeds and the reproducers of past bugs, `regress_*`) and inputs from a seeded generator that
//! mutates them ([`goanna_testkit::fuzz`]), each under a time cap, on a thread with the default
//! test stack (2 MiB).
//!
//! `scripts/fuzz TARGET SECONDS` runs libFuzzer when `cargo fuzz` and a nightly toolchain are
//! available, else this generator for that long (`FUZZ_TARGET`, `FUZZ_SECONDS`, `FUZZ_SEED`).

#[allow(dead_code)]
#[path = "../fuzz/bodies.rs"]
mod bodies;

use goanna_testkit::fuzz::Campaign;
use std::path::PathBuf;
use std::time::Duration;

/// Tokens of CTL and of RSM JSON the mutator inserts.
const TOKENS: &[&[u8]] = &[
    b"(", b")", b"[", b"]", b"!", b"&", b"|", b"->", b" U ", b"EX ", b"AG ", b"E[", b"{", b"}", b"\"", b",",
];

fn campaign(target: &'static str, runs: usize) -> Campaign {
    Campaign {
        target,
        corpus_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target),
        tokens: TOKENS,
        runs,
        max_seed_len: 4096,
        time_cap: Duration::from_secs(10),
        seed_files: None,
    }
}

#[test]
fn ctl_parser_corpus_and_generated() {
    assert!(campaign("ctl_parser", 400).run(bodies::ctl_parser).corpus > 0);
}

#[test]
fn rsm_reader_corpus_and_generated() {
    assert!(campaign("rsm_reader", 150).run(bodies::rsm_reader).corpus > 0);
}
