//! libFuzzer target: the RSM JSON reader (see `bodies.rs`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::rsm_reader(data));
