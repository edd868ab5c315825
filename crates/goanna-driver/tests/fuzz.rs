//! The fuzz targets of `fuzz/` (bodies in `fuzz/bodies.rs`) as a plain test: every corpus entry
//! (seeds and the reproducers of past bugs, `regress_*`) and inputs from a seeded generator that
//! mutates them ([`goanna_testkit::fuzz`]). `scripts/fuzz artefact_loader|c_pipeline SECONDS`
//! runs libFuzzer when `cargo fuzz` and a nightly toolchain are available, else this generator
//! for that long. The two targets share scratch directories, so they run one after the other.

#[path = "../fuzz/bodies.rs"]
mod bodies;

use goanna_driver::{build_artefact, ResultsDir, UnitSpec, DEFAULT_RESULTS_DIR_NAME};
use goanna_testkit::fuzz::Campaign;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Tokens of stored artefacts (a JSON header line, then JSON) the mutator inserts.
const ARTEFACT_TOKENS: &[&[u8]] = &[
    b"{", b"}", b"[", b"]", b"\"", b",", b":", b"\n", b"null", b"true", b"false", b"0", b"1", b"-1", b"4294967295",
    b"18446744073709551615", b"1e999", b"\"\"", b"\"/\"", b"\"..\"", b"\"results_format\"", b"\"format_version\"", b"\"cfgs\"",
    b"\"files\"", b"\"nodes\"", b"\"edges\"", b"\"entry\"", b"\"exit\"", b"\"unit.c\"", b"\"/etc/passwd\"", b"\\u0000",
];

/// Tokens of C the mutator inserts.
const C_TOKENS: &[&[u8]] = &[
    b"{", b"}", b"(", b")", b";", b"*", b"&", b"[", b"]", b",", b"\n", b"#define X(a) a##a\n", b"#include <stdlib.h>\n",
    b"#if 1\n", b"#endif\n", b"goto L;", b"L:", b"return", b"break;", b"continue;", b"switch (x) {", b"case 1:", b"default:",
    b"while (1)", b"for (;;)", b"do {", b"} while (0);", b"if (p)", b"else", b"malloc(8)", b"free(p);", b"NULL", b"int x;",
    b"struct s { int a; };", b"__builtin_unreachable();", b"__attribute__((noreturn))", b"_Generic(x, int: 1)", b"({ 1; })",
    b"asm(\"\");", b"setjmp(b)", b"longjmp(b, 1);", b"f(f(f(f(0))))", b"x = x / 0;", b"...", b"va_arg(ap, int)", b"\\\n",
    b"/*", b"*/", b"//", b"\"", b"'\\0'", b"0x7fffffffffffffff", b"sizeof", b"typedef", b"static", b"volatile", b"[[noreturn]]",
];

fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target)
}

#[test]
fn driver_targets_corpus_and_generated() {
    let artefacts = Campaign {
        target: "artefact_loader",
        corpus_dir: corpus_dir("artefact_loader"),
        tokens: ARTEFACT_TOKENS,
        runs: 150,
        max_seed_len: 256 * 1024,
        time_cap: Duration::from_secs(30),
        seed_files: None,
    }
    .run(bodies::artefact_loader);
    let c = Campaign {
        target: "c_pipeline",
        corpus_dir: corpus_dir("c_pipeline"),
        tokens: C_TOKENS,
        runs: 30,
        max_seed_len: 16 * 1024,
        time_cap: Duration::from_secs(60),
        // The check fixtures, read where they are.
        seed_files: Some((PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/checks"), "c")),
    }
    .run(bodies::c_pipeline);
    bodies::remove_scratch();
    assert!(artefacts.corpus > 0 && c.corpus > 0);
}

/// Writes the seeds of the artefact loader's corpus: the stored artefacts of the project's
/// sources ([`bodies::PROJECT_SOURCES`]), as `goanna-rs cc` would store them. Run it when the
/// artefact or results format changes:
/// `cargo test -p goanna-driver --test fuzz -- --ignored write_artefact_seeds`.
#[test]
#[ignore = "regenerates the artefact seeds of the corpus"]
fn write_artefact_seeds() {
    let root = bodies::artefact_project();
    let results = ResultsDir::new(&root.join(DEFAULT_RESULTS_DIR_NAME)).expect("results directory");
    let out = corpus_dir("artefact_loader");
    for (name, _) in bodies::PROJECT_SOURCES.iter().filter(|(name, _)| name.ends_with(".c")) {
        let source = root.join(name);
        let artefact = build_artefact(&UnitSpec::new(source.clone()), &bodies::options());
        assert!(artefact.analysed, "{name} does not analyse");
        let args = vec!["-O2".to_string(), format!("-I{}", root.display())];
        let stored = results.store(&source, Some(&root.join(Path::new(name).with_extension("o"))), artefact, root, "goanna-rs fuzz-seed", &args).expect("store");
        std::fs::copy(&stored, out.join(format!("seed_{name}.gart"))).expect("copy the seed");
        std::fs::remove_file(&stored).expect("remove the stored artefact");
    }
    bodies::remove_scratch();
}
