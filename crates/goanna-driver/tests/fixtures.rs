//! Runs every annotated C and C++ fixture (`.c`, `.cpp`) under `testdata/checks/` and `testdata/example/` and compares
//! the findings with the `// expect:` annotations (closed world: nothing missing, nothing extra).
//!
//! A file directly in `testdata/checks/<ID>/` is a program of its own. The files of a deeper
//! folder (`testdata/checks/<ID>/<case>/*.c`), and of `testdata/example/`, are linked into one
//! program, for bugs that cross files.

use goanna_driver::{analyse_program, analyse_unit, build_artefact, AnalysisOptions, ProblemSeverity, UnitSpec};
use std::collections::BTreeMap;
use goanna_testkit::{compare, parse_annotations, Expectation};
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `FIXTURE_FILTER=MEM-leak cargo test -p goanna-driver --test fixtures` runs only the fixtures
/// (and documentation examples) whose path or check id contains the text.
fn selected(name: &str) -> bool {
    std::env::var("FIXTURE_FILTER").map_or(true, |filter| name.contains(&filter))
}

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["testdata/checks", "testdata/example"] {
        for entry in walkdir::WalkDir::new(repo_root().join(dir)).sort_by_file_name() {
            let entry = entry.expect("walk testdata");
            if entry.path().extension().is_some_and(|e| e == "c" || e == "cpp") && selected(&entry.path().to_string_lossy()) {
                files.push(entry.into_path());
            }
        }
    }
    files
}

/// The program a fixture belongs to: its own file, or its folder when the files are linked.
fn program_of(file: &Path) -> PathBuf {
    let root = repo_root();
    let relative = file.strip_prefix(&root).unwrap_or(file);
    let parts: Vec<_> = relative.components().collect();
    let linked = relative.starts_with("testdata/example") || (relative.starts_with("testdata/checks") && parts.len() > 4);
    if linked {
        let dir = if relative.starts_with("testdata/example") {
            root.join("testdata/example")
        } else {
            root.join(parts[..4].iter().collect::<PathBuf>())
        };
        dir
    } else {
        file.to_path_buf()
    }
}

#[test]
fn annotated_fixtures_report_exactly_their_expectations() {
    let known: Vec<&str> = goanna_checks::catalogue().checks().iter().map(|c| c.id.as_str()).collect();
    let files = fixtures();
    assert!(files.len() >= 4 || std::env::var_os("FIXTURE_FILTER").is_some(), "fixtures missing: {files:?}");
    let mut programs: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for file in &files {
        programs.entry(program_of(file)).or_default().push(file.clone());
    }
    let mut failures = String::new();
    for members in programs.values() {
        let mut annotated = Vec::new();
        let mut artefacts = Vec::new();
        for file in members {
            let source = std::fs::read_to_string(file).expect("read fixture");
            let annotations = parse_annotations(&source);
            for e in &annotations.expected {
                assert!(known.contains(&e.check.as_str()), "{}:{}: unknown check `{}`", file.display(), e.line, e.check);
            }
            let options = AnalysisOptions { args: annotations.args.clone(), ..AnalysisOptions::default() };
            artefacts.push(build_artefact(&UnitSpec::new(file.clone()), &options));
            annotated.push((file, annotations));
        }
        let outcome = analyse_program(&artefacts, &AnalysisOptions::default());
        for problem in &outcome.problems {
            if problem.severity == ProblemSeverity::Error {
                failures.push_str(&format!("{}: analysis failed: {} {:?}\n", problem.file.display(), problem.message, problem.details));
            }
        }
        for (file, annotations) in annotated {
            let canonical = file.canonicalize().expect("canonical fixture path");
            let mut actual: Vec<Expectation> = outcome
                .findings
                .iter()
                .filter(|f| f.location.file.canonicalize().ok().as_deref() == Some(canonical.as_path()))
                .map(|f| Expectation { line: f.location.line, check: f.check.clone() })
                .collect();
            actual.sort();
            let shown = file.strip_prefix(repo_root()).unwrap_or(file).display().to_string();
            if let Err(report) = compare(&shown, &annotations.expected, &actual) {
                failures.push_str(&report);
            }
        }
    }
    assert!(failures.is_empty(), "fixture mismatches:\n{failures}");
}

/// The bad and good examples of every check's documentation are fixtures too: the bad one
/// reports exactly what it marks, the good one nothing.
#[test]
fn documentation_examples_behave_as_documented() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut failures = String::new();
    for spec in goanna_checks::catalogue().checks().iter().filter(|s| selected(&s.id)) {
        for (kind, source) in [("bad", &spec.docs.bad), ("good", &spec.docs.good)] {
            let file = dir.path().join(format!("{}-{kind}.{}", spec.id, spec.docs.language.extension()));
            std::fs::write(&file, source).expect("write example");
            let annotations = parse_annotations(source);
            let options = AnalysisOptions {
                args: annotations.args.clone(),
                enabled: Some([spec.id.clone()].into_iter().collect()),
                ..AnalysisOptions::default()
            };
            let outcome = analyse_unit(&UnitSpec::new(file.clone()), &options);
            if !outcome.analysed || outcome.problems.iter().any(|p| p.severity == ProblemSeverity::Error) {
                failures.push_str(&format!("{} {kind} example does not compile: {:?}\n", spec.id, outcome.problems));
            }
            let mut actual: Vec<Expectation> =
                outcome.findings.iter().map(|f| Expectation { line: f.location.line, check: f.check.clone() }).collect();
            actual.sort();
            if let Err(report) = compare(&format!("{} ({kind} example)", spec.id), &annotations.expected, &actual) {
                failures.push_str(&report);
            }
        }
    }
    assert!(failures.is_empty(), "documentation examples:\n{failures}");
}
