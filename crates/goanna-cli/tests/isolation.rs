//! A unit is a fault domain (design note 12): hostile input — an expression with 50,000
//! operands, a unit that crashes or hangs the process analysing it — costs at most that unit.
//! The crash and hang paths use the worker's test hooks (`GOANNA_TEST_CRASH_ON`,
//! `GOANNA_TEST_HANG_ON`), so they do not depend on a real bug.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// The binary, without the environment variables that steer the wrapper and the test hooks.
fn goanna() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_goanna-rs"));
    for var in ["CC", "GOANNA_CC", "GOANNA_RESULTS_DIR", "GOANNA_STRICT", "GOANNA_LOG", "GOANNA_CC_DEPTH", "GOANNA_UNIT_TIMEOUT", "GOANNA_TEST_CRASH_ON", "GOANNA_TEST_HANG_ON"] {
        command.env_remove(var);
    }
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("bad JSON ({e}): {}\nstderr: {}", text(&output.stdout), text(&output.stderr)))
}

/// A unit with one known finding (an uninitialised read at line 3).
const GOOD: &str = "int f(void) {\n    int x;\n    return x;\n}\n";

/// A function returning the sum of `operands` terms: a left-deep tree of that many levels.
fn deep_expression(operands: usize) -> String {
    let mut source = String::from("int deep(int a, int b) {\n    return a");
    for i in 1..operands {
        source.push_str(if i % 2 == 0 { " + a" } else { " - b" });
        if i % 16 == 0 {
            source.push('\n');
        }
    }
    source.push_str(";\n}\n");
    source
}

/// An `else if` chain of `links` tests, as generated dispatch code has.
fn long_else_if_chain(links: usize) -> String {
    let mut source = String::from("int chain(int k) {\n    int r = 0;\n    if (k == 0) r = 1;\n");
    for i in 1..links {
        source.push_str(&format!("    else if (k == {i}) r = {};\n", i % 7));
    }
    source.push_str("    return r;\n}\n");
    source
}

fn files_named<'a>(json: &'a Value, list: &str, name: &str) -> Vec<&'a Value> {
    json[list].as_array().unwrap().iter().filter(|e| e["file"].as_str().is_some_and(|f| f.ends_with(name))).collect()
}

fn scan(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = goanna();
    command.args(["scan", "--format", "json"]).args(extra).arg(dir);
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

#[test]
fn deep_generated_code_is_analysed_in_workers_and_in_process() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("deep.c"), deep_expression(50_000)).unwrap();
    std::fs::write(dir.path().join("chain.c"), long_else_if_chain(5_000)).unwrap();
    std::fs::write(dir.path().join("good.c"), GOOD).unwrap();
    for mode in [&["-j", "2"][..], &["--in-process"][..]] {
        let output = scan(dir.path(), mode, &[]);
        let json = json_of(&output);
        assert!(output.status.code() == Some(1), "{mode:?}: status {:?}: {json:#}\n{}", output.status, text(&output.stderr));
        let good = files_named(&json, "findings", "good.c");
        assert_eq!(good.len(), 1, "{mode:?}: {json:#}");
        assert_eq!(good[0]["check"], "SPC-uninit-var-all");
        // The deep units are analysed, not merely survived: the tree is converted, built into
        // a graph and dropped without running out of stack.
        assert_eq!(json["summary"]["units_analysed"], 3, "{mode:?}: {json:#}");
        assert_eq!(json["summary"]["units_failed"], 0, "{mode:?}: {json:#}");
    }
}

#[test]
fn a_crashing_unit_costs_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a_good.c"), GOOD).unwrap();
    std::fs::write(dir.path().join("b_crash.c"), "int g(void) { return 0; }\n").unwrap();
    std::fs::write(dir.path().join("c_good.c"), GOOD.replace("int f(", "int h(")).unwrap();
    // One worker: the units after the crash need a fresh one.
    let output = scan(dir.path(), &["-j", "1"], &[("GOANNA_TEST_CRASH_ON", "b_crash.c")]);
    let json = json_of(&output);
    assert_eq!(output.status.code(), Some(2), "a failed unit is an analysis error: {json:#}");
    assert_eq!(files_named(&json, "findings", "a_good.c").len(), 1, "{json:#}");
    assert_eq!(files_named(&json, "findings", "c_good.c").len(), 1, "{json:#}");
    let errors = files_named(&json, "errors", "b_crash.c");
    assert_eq!(errors.len(), 1, "{json:#}");
    assert!(errors[0]["message"].as_str().unwrap().starts_with("crashed (signal 6, SIGABRT)"), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], 2, "{json:#}");
    assert_eq!(json["summary"]["units_failed"], 1, "{json:#}");
}

#[test]
fn a_hung_unit_is_killed_at_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.c"), GOOD).unwrap();
    std::fs::write(dir.path().join("hang.c"), "int g(void) { return 0; }\n").unwrap();
    let started = std::time::Instant::now();
    let output = scan(dir.path(), &["-j", "2", "--unit-timeout", "2"], &[("GOANNA_TEST_HANG_ON", "hang.c")]);
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    let json = json_of(&output);
    assert_eq!(output.status.code(), Some(2), "{json:#}");
    assert_eq!(files_named(&json, "findings", "good.c").len(), 1, "{json:#}");
    let errors = files_named(&json, "errors", "hang.c");
    assert!(errors[0]["message"].as_str().unwrap().starts_with("timed out after 2 s"), "{json:#}");
}

#[test]
fn the_test_hooks_are_not_read_in_process() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.c"), GOOD).unwrap();
    let output = scan(dir.path(), &["--in-process"], &[("GOANNA_TEST_CRASH_ON", "good.c")]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
}

/// Whether `cc` can compile here (the wrapper tests need a real compiler).
fn have_cc(dir: &Path) -> bool {
    std::fs::write(dir.join("probe.c"), "int main(void) { return 0; }\n").unwrap();
    Command::new("cc").current_dir(dir).args(["-c", "probe.c", "-o", "probe.o"]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn a_crash_in_the_wrappers_analysis_leaves_the_compile_step_alone() {
    let dir = tempfile::tempdir().unwrap();
    if !have_cc(dir.path()) {
        eprintln!("skipped: no working cc");
        return;
    }
    std::fs::write(dir.path().join("unit.c"), GOOD).unwrap();
    let results = dir.path().join("results");
    let plain = Command::new("cc").current_dir(dir.path()).args(["-c", "unit.c", "-o", "plain.o"]).output().unwrap();
    assert!(plain.status.success());
    let wrapped = goanna()
        .current_dir(dir.path())
        .env("GOANNA_TEST_CRASH_ON", "unit.c")
        .args(["cc", "--results-dir"])
        .arg(&results)
        .args(["cc", "-c", "unit.c", "-o", "unit.o"])
        .output()
        .unwrap();
    let stderr = text(&wrapped.stderr);
    assert_eq!(wrapped.status.code(), Some(0), "the compiler's status: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("goanna-rs: unit.c: not analysed: crashed (signal 6, SIGABRT)"), "{stderr}");
    assert_eq!(std::fs::read(dir.path().join("unit.o")).unwrap(), std::fs::read(dir.path().join("plain.o")).unwrap());
    // The failure is in the results: `report` names the unit.
    let report = goanna().args(["report", "--format", "json", "--results-dir"]).arg(&results).output().unwrap();
    let json = json_of(&report);
    assert_eq!(json["summary"]["units_failed"], 1, "{json:#}");
    assert!(files_named(&json, "errors", "unit.c")[0]["message"].as_str().unwrap().starts_with("crashed"), "{json:#}");

    // A compile that fails keeps its own status, whatever the analysis would do.
    std::fs::write(dir.path().join("broken.c"), "int f(void) { return 1 +; }\n").unwrap();
    let plain = Command::new("cc").current_dir(dir.path()).args(["-c", "broken.c"]).output().unwrap();
    let wrapped = goanna().current_dir(dir.path()).env("GOANNA_TEST_CRASH_ON", "broken.c").args(["cc", "--results-dir"]).arg(&results).args(["cc", "-c", "broken.c"]).output().unwrap();
    assert_eq!(wrapped.status.code(), plain.status.code());
    assert_eq!(wrapped.stderr, plain.stderr);
}

#[test]
fn the_wrapper_analyses_deep_generated_code_and_kills_a_hung_analysis() {
    let dir = tempfile::tempdir().unwrap();
    if !have_cc(dir.path()) {
        eprintln!("skipped: no working cc");
        return;
    }
    std::fs::write(dir.path().join("deep.c"), deep_expression(50_000)).unwrap();
    let results = dir.path().join("results");
    let wrapped = goanna().current_dir(dir.path()).args(["cc", "--results-dir"]).arg(&results).args(["cc", "-c", "deep.c"]).output().unwrap();
    assert_eq!(wrapped.status.code(), Some(0), "{}", text(&wrapped.stderr));
    assert!(wrapped.stderr.is_empty(), "{}", text(&wrapped.stderr));

    std::fs::write(dir.path().join("hang.c"), GOOD).unwrap();
    let wrapped = goanna()
        .current_dir(dir.path())
        .env("GOANNA_TEST_HANG_ON", "hang.c")
        .env("GOANNA_UNIT_TIMEOUT", "1")
        .args(["cc", "--results-dir"])
        .arg(&results)
        .args(["cc", "-c", "hang.c"])
        .output()
        .unwrap();
    let stderr = text(&wrapped.stderr);
    assert_eq!(wrapped.status.code(), Some(0), "{stderr}");
    assert!(stderr.starts_with("goanna-rs: hang.c: not analysed: timed out after 1 s") && stderr.lines().count() == 1, "{stderr}");
}
