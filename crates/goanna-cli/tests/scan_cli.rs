//! End-to-end tests of `goanna-rs scan` on bad input: nothing stops the scan, everything is
//! reported, and the exit status tells what happened.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn goanna() -> Command {
    Command::new(env!("CARGO_BIN_EXE_goanna-rs"))
}

fn write(dir: &Path, name: &str, contents: &[u8]) {
    std::fs::write(dir.join(name), contents).unwrap();
}

fn scan_json(args: &[&str]) -> (i32, Value) {
    let output = goanna().arg("scan").arg("--format").arg("json").args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("bad JSON ({e}): {stdout}\nstderr: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code().unwrap_or(-1), json)
}

#[test]
fn bad_units_are_reported_and_the_scan_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.c", b"int f(void) {\n    int x;\n    return x;\n}\n");
    write(dir.path(), "broken.c", b"int g(void) {\n    return 1 +;\n}\n");
    write(dir.path(), "empty.c", b"");
    write(dir.path(), "blob.c", &[0x7f, b'E', b'L', b'F', 0, 0, 1, 2, 3]);
    write(dir.path(), "missing_header.c", b"#include \"nowhere.h\"\nint h(void) { return 0; }\n");
    let (code, json) = scan_json(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 2, "errors must give exit status 2: {json:#}");

    let findings = json["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{json:#}");
    let finding = &findings[0];
    assert_eq!(finding["check"], "SPC-uninit-var-all");
    assert_eq!(finding["line"], 3);
    assert_eq!(finding["function"], "f");
    assert_eq!(finding["cwe"], serde_json::json!([457]));
    assert!(finding["file"].as_str().unwrap().ends_with("good.c"));

    let errors = json["errors"].as_array().unwrap();
    let about = |name: &str| errors.iter().find(|e| e["file"].as_str().unwrap().ends_with(name)).cloned();
    assert!(about("broken.c").unwrap()["message"].as_str().unwrap().contains("does not compile"));
    assert!(about("blob.c").unwrap()["message"].as_str().unwrap().contains("binary"));
    assert!(about("empty.c").unwrap()["message"].as_str().unwrap().contains("empty"));
    assert!(about("missing_header.c").is_some(), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], 2, "{json:#}");
    assert_eq!(json["summary"]["units_failed"], 3, "{json:#}");
}

#[test]
fn exit_status_is_one_for_findings_and_zero_when_clean() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "clean.c", b"int f(int a) {\n    return a + 1;\n}\n");
    let (code, json) = scan_json(&[dir.path().join("clean.c").to_str().unwrap()]);
    assert_eq!(code, 0, "{json:#}");
    write(dir.path(), "dead.c", b"int f(int a) {\n    return a;\n    a = 2;\n}\n");
    // RED-dead is a note: it fails the run only with `--fail-on note` (the default is warning).
    let (code, json) = scan_json(&[dir.path().join("dead.c").to_str().unwrap(), "--enable", "RED-dead"]);
    assert_eq!(code, 0, "{json:#}");
    let (code, json) = scan_json(&[dir.path().join("dead.c").to_str().unwrap(), "--enable", "RED-dead", "--fail-on", "note"]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(json["findings"][0]["check"], "RED-dead");
    assert_eq!(json["findings"][0]["line"], 3);
}

#[test]
fn missing_paths_and_unknown_flags_are_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.c", b"int f(void) { return 0; }\n");
    let missing = dir.path().join("does-not-exist");
    let (code, json) = scan_json(&[dir.path().join("ok.c").to_str().unwrap(), missing.to_str().unwrap(), "--", "-fno-such-flag-at-all"]);
    assert_eq!(code, 2, "{json:#}");
    let errors = json["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["file"].as_str().unwrap().ends_with("does-not-exist")), "{json:#}");
    // The unknown flag is dropped with a warning and the unit is still analysed.
    let flag = errors.iter().find(|e| e["file"].as_str().unwrap().ends_with("ok.c")).expect("flag warning");
    assert_eq!(flag["severity"], "warning");
    assert!(flag["message"].as_str().unwrap().contains("-fno-such-flag-at-all"), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], 1, "{json:#}");
}

#[test]
fn usage_errors_exit_with_two() {
    let output = goanna().args(["scan"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = goanna().args(["scan", ".", "--enable", "NO-such-check"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown check"));
}

#[test]
fn text_report_shows_snippet_path_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "u.c", b"int f(int c) {\n    int x;\n    if (c)\n        return 0;\n    return x;\n}\n");
    let output = goanna().args(["scan", "--no-color"]).arg(dir.path().join("u.c")).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("error[SPC-uninit-var-all]"), "{text}");
    assert!(text.contains("return x;"), "{text}");
    assert!(text.contains("1. `x` is declared without an initial value"), "{text}");
    assert!(text.contains("taking the false branch"), "{text}");
    assert!(text.contains("1 unit analysed, 0 failed"), "{text}");
    assert!(!text.contains('\u{1b}'), "no colour codes in a pipe: {text}");
}

#[test]
fn a_function_over_its_budget_is_skipped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "big.c", b"int f(int *p) {\n    int x;\n    return *p + x;\n}\nint g(void) { return 0; }\n");
    let file = dir.path().join("big.c");
    let (_, json) = scan_json(&[file.to_str().unwrap(), "--function-timeout", "0"]);
    let errors = json["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["message"].as_str().unwrap().contains("budget")), "{json:#}");
    // Data-flow checks still ran: nothing found so far is lost.
    assert!(json["findings"].as_array().unwrap().iter().any(|f| f["check"] == "SPC-uninit-var-all"), "{json:#}");
    let (_, json) = scan_json(&[file.to_str().unwrap(), "--max-function-nodes", "3"]);
    let errors = json["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["message"].as_str().unwrap().contains("too large")), "{json:#}");
}
