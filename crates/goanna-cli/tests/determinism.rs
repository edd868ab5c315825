//! The same input gives byte-identical JSON and SARIF reports, whatever the number of jobs, in
//! worker processes or threads, run after run (issue 11, item 8): units finish in any order, and
//! nothing of a run's timing may reach the compared formats.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Fixture directories with findings of several checks, paths across branches and loops, and
/// suppressions; plus a project of its own with a unit that does not compile (an analysis
/// problem) and a function spread over two files.
fn inputs(extra: &Path) -> Vec<PathBuf> {
    let root = repo_root();
    let mut inputs: Vec<PathBuf> = ["MEM-leak", "PTR-null-fun-pos", "SPC-uninit-var-some", "RED-unused-val"]
        .iter()
        .map(|id| root.join("testdata/checks").join(id))
        .collect();
    inputs.push(extra.to_path_buf());
    inputs
}

fn extra_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("broken.c"), "int b(void) { return 1 +; }\n").unwrap();
    std::fs::write(dir.path().join("lib.c"), "#include <stdlib.h>\nvoid release(char *p) { free(p); }\n").unwrap();
    std::fs::write(
        dir.path().join("main.c"),
        "void release(char *p);\nint use(char *p) {\n    release(p);\n    return *p;\n}\nint unset(int c) {\n    int x;\n    if (c)\n        x = 1;\n    return x;\n}\n",
    )
    .unwrap();
    dir
}

/// One scan's report as bytes.
fn report(format: &str, jobs: &[&str], inputs: &[PathBuf], out: &Path) -> Vec<u8> {
    let file = out.join(format!("{}-{}.{format}", jobs.join(""), std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_goanna-rs"))
        .current_dir(repo_root())
        .arg("scan")
        .args(inputs)
        .args(jobs)
        .args(["--enable", "default,style", "--format", format, "-o"])
        .arg(&file)
        .args(["--project-root"])
        .arg(repo_root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "findings and a unit that does not compile: {stderr}");
    let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("no report {}: {e}\n{stderr}", file.display()));
    std::fs::remove_file(&file).unwrap();
    bytes
}

#[test]
fn json_and_sarif_are_byte_identical_at_any_parallelism_run_after_run() {
    let extra = extra_project();
    let inputs = inputs(extra.path());
    let out = tempfile::tempdir().unwrap();
    for format in ["json", "sarif"] {
        let reference = report(format, &["-j", "1"], &inputs, out.path());
        let text = String::from_utf8(reference.clone()).unwrap();
        assert!(text.matches("MEM-leak").count() > 2 && text.contains("does not compile"), "a report with findings and problems: {text}");
        for jobs in [&["-j", "1"][..], &["-j", "2"], &["-j", "3"], &["--in-process", "-j", "2"]] {
            let again = report(format, jobs, &inputs, out.path());
            assert!(again == reference, "{format} at {jobs:?} differs from -j 1:\n{}", first_difference(&reference, &again));
        }
    }
}

#[test]
fn timings_are_only_in_the_json_report_when_asked_for() {
    let extra = extra_project();
    let run = |timings: bool| -> serde_json::Value {
        let mut command = Command::new(env!("CARGO_BIN_EXE_goanna-rs"));
        command.current_dir(extra.path()).args(["scan", "main.c", "--format", "json"]);
        if timings {
            command.arg("--timings");
        }
        let output = command.output().unwrap();
        serde_json::from_slice(&output.stdout).unwrap()
    };
    assert!(run(false)["summary"].get("millis").is_none());
    assert!(run(true)["summary"]["millis"].is_u64());
}

/// The first line where two reports differ, with its neighbours.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(3);
    format!("line {}:\n--- -j 1\n{}\n--- other\n{}", at + 1, a[from..(at + 3).min(a.len())].join("\n"), b[from..(at + 3).min(b.len())].join("\n"))
}
