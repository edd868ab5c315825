//! libFuzzer target: the results directory's artefact loader and the program stage over what it loads (see `bodies.rs`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::artefact_loader(data));
