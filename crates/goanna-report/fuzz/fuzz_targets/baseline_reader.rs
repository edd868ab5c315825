//! libFuzzer target: the baseline (SARIF) reader (see `bodies.rs`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::baseline_reader(data));
