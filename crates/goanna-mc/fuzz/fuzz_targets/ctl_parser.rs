//! libFuzzer target: the CTL parser (see `bodies.rs`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::ctl_parser(data));
