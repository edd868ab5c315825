//! The fuzz targets of `fuzz/` (bodies in `fuzz/bodies.rs`) as a plain test: every corpus entry
//! (seeds and the reproducers of past bugs, `regress_*`) and inputs from a seeded random
//! generator that mutates them, on a thread with the default test stack (2 MiB).
//!
//! `scripts/fuzz TARGET SECONDS` runs libFuzzer when `cargo fuzz` and a nightly toolchain are
//! available, else this generator for that long (`FUZZ_TARGET`, `FUZZ_SECONDS`, `FUZZ_SEED`).

#[allow(dead_code)]
#[path = "../fuzz/bodies.rs"]
mod bodies;
mod common;

use common::Rng;
use std::path::PathBuf;
use std::time::{Duration, Instant};

type Body = fn(&[u8]);

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus {}: {e}", dir.display()))
        .map(|e| e.expect("corpus entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read(&p).expect("corpus file"),
            )
        })
        .collect()
}

/// One random mutation of `input` (byte flips, insertions and deletions of CTL/JSON-ish tokens,
/// splices with `other`), as libFuzzer would do.
fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    const TOKENS: [&[u8]; 16] = [
        b"(", b")", b"[", b"]", b"!", b"&", b"|", b"->", b" U ", b"EX ", b"AG ", b"E[", b"{", b"}",
        b"\"", b",",
    ];
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(5) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            2 if !v.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(v.len());
                v.drain(at.min(end)..end);
            }
            3 if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(64)).min(other.len());
                v.splice(at..at, other[from..end].iter().copied());
            }
            _ => {
                let t = TOKENS[rng.below(TOKENS.len())];
                v.extend_from_slice(t);
            }
        }
    }
    v
}

/// Runs `body` over the corpus of `target`, then over `runs` mutations (or, with `FUZZ_SECONDS`
/// set and `FUZZ_TARGET` naming this target, as many as fit in that time).
fn fuzz(target: &'static str, body: Body, runs: usize) {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let inputs = corpus(target);
            for (name, data) in &inputs {
                let r = std::panic::catch_unwind(|| body(data));
                assert!(r.is_ok(), "{target}: corpus entry {name} fails");
            }
            let chosen = std::env::var("FUZZ_TARGET").ok().as_deref() == Some(target);
            let seconds = std::env::var("FUZZ_SECONDS")
                .ok()
                .and_then(|s| s.parse::<u64>().ok());
            let deadline = seconds
                .filter(|_| chosen)
                .map(|s| Instant::now() + Duration::from_secs(s));
            let seed = std::env::var("FUZZ_SEED")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(11);
            let mut rng = Rng(seed);
            let small: Vec<&Vec<u8>> = inputs
                .iter()
                .map(|i| &i.1)
                .filter(|d| d.len() <= 4096)
                .collect();
            let mut done = 0usize;
            loop {
                match deadline {
                    Some(d) if Instant::now() >= d => break,
                    None if done >= runs => break,
                    _ => {}
                }
                let a = small[rng.below(small.len())];
                let b = small[rng.below(small.len())];
                let input = mutate(&mut rng, a, b);
                if std::panic::catch_unwind(|| body(&input)).is_err() {
                    let path = std::env::temp_dir().join(format!("{target}-crash-{seed}-{done}"));
                    let _ = std::fs::write(&path, &input);
                    panic!(
                        "{target}: input {} fails (seed {seed}, run {done})",
                        path.display()
                    );
                }
                done += 1;
            }
            eprintln!(
                "{target}: {} corpus entries, {done} generated inputs",
                inputs.len()
            );
        })
        .expect("spawn");
    handle.join().expect("fuzz thread");
}

#[test]
fn ctl_parser_corpus_and_generated() {
    fuzz("ctl_parser", bodies::ctl_parser, 400);
}

#[test]
fn rsm_reader_corpus_and_generated() {
    fuzz("rsm_reader", bodies::rsm_reader, 150);
}
