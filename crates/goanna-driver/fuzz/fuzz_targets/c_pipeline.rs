//! libFuzzer target: C text through the front end, the graph builder, the artefact round trip and the checks (see `bodies.rs`).
#![no_main]

// Each binary uses one of the bodies.
#[allow(dead_code)]
#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::c_pipeline(data));
