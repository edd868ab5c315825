//! The bodies of the fuzz targets, shared by the libFuzzer binaries (`fuzz_targets/`) and the
//! plain test over the corpus and a seeded generator (`tests/fuzz.rs`). A body panics exactly
//! when it finds a bug: a panic (also one the driver caught and turned into an "internal
//! error" problem), a stack overflow (an abort), or an artefact the loader refuses although
//! the unit stage wrote it.

use goanna_driver::{analyse_program, build_artefact, AnalysisOptions, ProgramOutcome, ResultsDir, UnitArtefact, UnitSpec, DEFAULT_RESULTS_DIR_NAME};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The sources of the project the artefact loader reads from: the seeds of its corpus are the
/// stored artefacts of these (`tests/fuzz.rs`, `write_artefact_seeds`), so that a mutant whose
/// header still matches them reaches the program stage.
pub const PROJECT_SOURCES: &[(&str, &str)] = &[
    (
        "unit.c",
        "#include <stdlib.h>\n#include \"unit.h\"\n\nstatic int helper(int *p) {\n    if (p == NULL)\n        return -1;\n    return *p / 2;\n}\n\nint entry(int n) {\n    int *buf = malloc(sizeof *buf * 4);\n    int x;\n    for (int i = 0; i < n; i++)\n        x = i;\n    if (buf)\n        buf[0] = n;\n    int r = helper(buf) + x;\n    free(buf);\n    return r;\n}\n",
    ),
    ("unit.h", "#ifndef UNIT_H\n#define UNIT_H\nint entry(int n);\n#endif\n"),
    (
        "calls.c",
        "#include <stdio.h>\n#include \"unit.h\"\n\nstatic int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }\n\nint run(const char *name) {\n    FILE *f = fopen(name, \"r\");\n    if (!f)\n        return entry(depth(3));\n    switch (fgetc(f)) {\n    case 'a':\n        fclose(f);\n        return 1;\n    default:\n        break;\n    }\n    fclose(f);\n    return 0;\n}\n",
    ),
];

/// Options for fuzzing: units that do not compile are analysed too (more of the pipeline runs
/// on mutants), and one function gets little time, as the per-input cap is short.
pub fn options() -> AnalysisOptions {
    AnalysisOptions { analyse_with_errors: true, function_budget: Duration::from_secs(2), ..AnalysisOptions::default() }
}

/// Panics when the analysis reports an internal error (a panic it caught, a failed stage).
fn assert_no_internal_error(outcome: &ProgramOutcome) {
    if let Some(p) = outcome.problems.iter().find(|p| p.message.contains("internal error")) {
        panic!("{}: {}", p.file.display(), p.message);
    }
}

/// A directory of this process under the temporary directory, created once.
fn scratch(name: &str) -> &'static Path {
    static DIRS: OnceLock<std::sync::Mutex<Vec<(String, &'static Path)>>> = OnceLock::new();
    let dirs = DIRS.get_or_init(Default::default);
    let mut dirs = dirs.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, dir)) = dirs.iter().find(|(n, _)| n == name) {
        return dir;
    }
    let dir: &'static Path = Box::leak(std::env::temp_dir().join(format!("goanna-fuzz-{name}-{}", std::process::id())).into_boxed_path());
    std::fs::create_dir_all(dir).expect("cannot create the fuzz scratch directory");
    dirs.push((name.to_string(), dir));
    dir
}

/// The project the artefact loader reads: [`PROJECT_SOURCES`] and an empty results directory.
pub fn artefact_project() -> &'static Path {
    let root = scratch("artefacts");
    for (name, text) in PROJECT_SOURCES {
        std::fs::write(root.join(name), text).expect("cannot write a project source");
    }
    std::fs::create_dir_all(root.join(DEFAULT_RESULTS_DIR_NAME).join("units")).expect("cannot create the results directory");
    root
}

/// The artefact loader: any bytes stored as an artefact are loaded or refused by name (never a
/// failure of the whole directory), and what is loaded links and is checked without an internal
/// error. The same bytes read as an artefact on its own ([`UnitArtefact::from_bytes`]) are
/// refused with an error or linked and checked as well.
pub fn artefact_loader(data: &[u8]) {
    let root = artefact_project();
    let results = root.join(DEFAULT_RESULTS_DIR_NAME);
    std::fs::write(results.join("units").join("fuzz.gart"), data).expect("cannot store the input");
    let dir = ResultsDir::new(&results).expect("results directory");
    let loaded = dir.load().unwrap_or_else(|e| panic!("one artefact failed the whole directory: {e}"));
    assert_eq!(loaded.artefacts.len() + loaded.stale.len() + loaded.refused.len(), 1, "the stored artefact is neither loaded, stale nor refused");
    for refused in &loaded.refused {
        assert!(!refused.error.to_string().is_empty(), "a refusal without a reason");
    }
    if !loaded.artefacts.is_empty() {
        assert_no_internal_error(&analyse_program(&loaded.artefacts, &options()));
    }
    if let Ok(artefact) = UnitArtefact::from_bytes(data) {
        assert_no_internal_error(&analyse_program(std::slice::from_ref(&artefact), &options()));
    }
}

/// The whole pipeline on C text: the front end, the graph builder, the artefact written and read
/// back (an artefact the unit stage wrote must load), and the checks, without an internal error.
pub fn c_pipeline(data: &[u8]) {
    let path: PathBuf = scratch("c").join("input.c");
    std::fs::write(&path, data).expect("cannot write the input");
    let artefact = build_artefact(&UnitSpec::new(path), &options());
    if let Some(p) = artefact.problems.iter().find(|p| p.message.contains("internal error")) {
        panic!("unit stage: {}", p.message);
    }
    let reread = UnitArtefact::from_bytes(&artefact.to_bytes()).unwrap_or_else(|e| panic!("the unit stage's own artefact is refused: {e}"));
    assert_no_internal_error(&analyse_program(std::slice::from_ref(&reread), &options()));
}

/// Removes the scratch directories of this process (the plain test calls it when done).
pub fn remove_scratch() {
    for name in ["artefacts", "c"] {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join(format!("goanna-fuzz-{name}-{}", std::process::id())));
    }
}
