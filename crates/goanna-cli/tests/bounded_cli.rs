//! Bounded reports (issue 11): `--max-path-steps` shortens long paths to their informative
//! steps in every format; `--max-findings` lists the most severe findings only and says how
//! many were left out, without changing the exit status.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::{goanna, json_of, text, write};

/// A function whose value assigned to `u` is never used, reached through `n` branches.
fn long_path(dir: &Path, n: usize) {
    let mut lines = vec!["int f(int a) {".to_string(), "    int x = 0;".to_string()];
    lines.extend((0..n).map(|i| format!("    if (a > {i}) x += {i};")));
    lines.push("    int u = x; u = a;".to_string());
    lines.push("    return x;\n}".to_string());
    write(&dir.join("long.c"), &(lines.join("\n") + "\n"));
}

fn scan(dir: &Path, args: &[&str]) -> Output {
    goanna(dir).args(["scan", "--in-process", "--enable", "RED-unused-val", "long.c"]).args(args).output().unwrap()
}

fn path_of(json: &Value) -> &Vec<Value> {
    let findings = json["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{json:#}");
    findings[0]["path"].as_array().unwrap()
}

#[test]
fn long_paths_are_shortened_in_every_format() {
    let project = tempfile::tempdir().unwrap();
    let dir = project.path();
    long_path(dir, 120);
    // The whole path: one branch per `if`, lines 3 to 122.
    let whole = json_of(&scan(dir, &["--format", "json", "--max-path-steps", "0"]));
    let steps = path_of(&whole);
    assert_eq!(steps.len(), 120);
    assert!(steps.iter().all(|s| s.get("omitted_before").is_none()));

    // By default at most 50 steps: the first, then those nearest the finding.
    let json = json_of(&scan(dir, &["--format", "json"]));
    let steps = path_of(&json);
    assert_eq!(steps.len(), 50);
    assert_eq!((steps[0]["line"].as_u64(), steps[49]["line"].as_u64()), (Some(3), Some(122)));
    assert_eq!(steps[1]["omitted_before"], 70);
    assert_eq!(steps[1]["line"], 74);
    assert_eq!(steps[1]["message"], "(70 steps left out) taking the false branch");
    assert!(steps[2..].iter().all(|s| s.get("omitted_before").is_none()));

    let sarif = json_of(&scan(dir, &["--format", "sarif", "--max-path-steps", "10"]));
    let flow = sarif["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    assert_eq!(flow.len(), 10);
    assert_eq!(flow[1]["location"]["message"]["text"], "(110 steps left out) taking the false branch");

    let output = scan(dir, &["--format", "text", "--no-color", "--max-path-steps", "10"]);
    let report = text(&output.stdout);
    assert!(report.contains("2. (110 steps left out) taking the false branch"), "{report}");
    assert!(report.contains("10. taking the false branch") && !report.contains("11. "), "{report}");

    let html = dir.join("html");
    let output = scan(dir, &["--format", "html", "-o", html.to_str().unwrap(), "--max-path-steps", "10"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(page.contains("(110 steps left out) taking the false branch"));
    assert_eq!(page.matches("taking the false branch").count(), 10, "only the kept steps are in the page");
}

const THREE: &str = "int a(int p) {\n    int v;\n    v = p;\n    v = 2;\n    return v;\n}\nint b(int c) {\n    int x;\n    if (c)\n        return 0;\n    return x;\n}\nint d(int p) {\n    int w;\n    w = p;\n    w = 3;\n    return w;\n}\n";

fn scan_three(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goanna-rs"))
        .current_dir(dir)
        .args(["scan", "--in-process", "--enable", "RED-unused-val,SPC-uninit-var-all", "three.c"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn max_findings_lists_the_most_severe_and_says_how_many_were_left_out() {
    let project = tempfile::tempdir().unwrap();
    let dir = project.path();
    write(&dir.join("three.c"), THREE);
    let all = json_of(&scan_three(dir, &["--format", "json"]));
    let listed = |json: &Value| -> Vec<(String, u64)> {
        json["findings"].as_array().unwrap().iter().map(|f| (f["check"].as_str().unwrap().to_string(), f["line"].as_u64().unwrap())).collect()
    };
    assert_eq!(listed(&all), vec![("RED-unused-val".into(), 3), ("SPC-uninit-var-all".into(), 11), ("RED-unused-val".into(), 15)]);
    assert!(all["summary"].get("left_out").is_none());

    // Two listed: the error first, then the first note by location; in report order.
    let output = scan_three(dir, &["--format", "json", "--max-findings", "2"]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    assert_eq!(listed(&json), vec![("RED-unused-val".into(), 3), ("SPC-uninit-var-all".into(), 11)]);
    assert_eq!(json["summary"]["left_out"], 1);
    assert_eq!((json["summary"]["errors"].as_u64(), json["summary"]["notes"].as_u64()), (Some(1), Some(2)), "counts are of every finding");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("1 findings left out of the report (--max-findings 2)"), "{stderr}");
    assert!(stderr.contains("3 findings (1 not listed: --max-findings)"), "{stderr}");

    // None listed: the exit status still counts the error.
    let output = scan_three(dir, &["--format", "sarif", "--max-findings", "0"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(json_of(&output)["runs"][0]["results"].as_array().unwrap().is_empty());
    let output = scan_three(dir, &["--format", "short", "--max-findings", "1"]);
    assert_eq!(text(&output.stdout).lines().collect::<Vec<_>>(), vec!["three.c:11:12: error: `x` is used uninitialised: no path assigns it a value first [SPC-uninit-var-all]"]);
}
