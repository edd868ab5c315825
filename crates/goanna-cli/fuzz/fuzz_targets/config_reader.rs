//! libFuzzer target: the `goanna.toml` reader and its exclude globs (see `bodies.rs`).
#![no_main]

#[allow(dead_code)]
#[path = "../../src/config.rs"]
mod config;
#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::config_reader(data));
