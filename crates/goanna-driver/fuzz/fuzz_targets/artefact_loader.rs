//! libFuzzer target: the results directory's artefact loader and the program stage over what it loads (see `bodies.rs`).
#![no_main]

// Each binary uses one of the bodies.
#[allow(dead_code)]
#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::artefact_loader(data));
