//! End-to-end tests of reports and everyday use: SARIF (validated with Microsoft's SARIF
//! Multitool), fingerprints, suppressions, baselines, configuration, exit statuses, bad input,
//! `checks` / `explain`, and the HTML report in headless Chromium (clicked through with
//! playwright-core by `tests/html_click.mjs`).
//!
//! External tools come from `scripts/setup-test-tools`. Without them a test is skipped with a
//! note, except in CI (`CI` set), where a missing tool fails it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn goanna(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_goanna-rs"));
    command.current_dir(dir).env_remove("NO_COLOR");
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    goanna(dir).args(args).output().unwrap()
}

/// The checks the tests are written for; the catalogue grows, the tests should not change.
const ONLY: &str = "RED-dead,SPC-uninit-var-all";

/// `goanna-rs scan ARGS --enable ONLY`.
fn scan(dir: &Path, args: &[&str]) -> Output {
    goanna(dir).arg("scan").args(args).args(["--enable", ONLY]).output().unwrap()
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("bad JSON ({e}): {stdout}\nstderr: {}", stderr(output)))
}

fn write(path: &Path, contents: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, contents).unwrap();
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const UNINIT: &str = "int f(int c) {\n    int x;\n    if (c)\n        return 0;\n    return x;\n}\n";
const DEAD: &str = "int g(int a) {\n    return a;\n    a = 2;\n}\n";

/// A project with a use of an uninitialised variable (error, with a path) and dead code (note).
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join("src/u.c"), UNINIT);
    write(&dir.path().join("src/dead.c"), DEAD);
    dir
}

fn fingerprints(report: &Value) -> Vec<String> {
    report["findings"].as_array().unwrap().iter().map(|f| f["fingerprint"].as_str().unwrap().to_string()).collect()
}

fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An external tool: `$env`, else `default`; missing is a failure in CI, a skip elsewhere.
fn external_tool(env: &str, default: &Path, what: &str) -> Option<PathBuf> {
    let path = std::env::var_os(env).map(PathBuf::from).unwrap_or_else(|| default.to_path_buf());
    if path.exists() {
        return Some(path);
    }
    if is_ci() {
        panic!("{what} not found at {} (set {env} or run scripts/setup-test-tools); CI requires it", path.display());
    }
    eprintln!("note: skipping: {what} not found at {} (run scripts/setup-test-tools or set {env})", path.display());
    None
}

/// Runs a command with a time limit.
fn output_within(command: &mut Command, limit: Duration) -> Output {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().unwrap();
            panic!("{command:?} did not finish within {limit:?}; stderr: {}", String::from_utf8_lossy(&output.stderr));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Where the tests say the checks are documented (`--sarif-help-uri`): the tool's
/// `informationUri` derives from it (the package's own repository address is a placeholder,
/// which is never written; without either, SARIF rule SARIF2005 warns).
const HELP_URI: &str = "https://github.com/goanna-rs/goanna-rs/blob/main/checks/{family}/{id}.toml";

/// Validates a SARIF file with the SARIF Multitool and its GitHub rule set
/// (`--rule-kind "Sarif;Ghas"`); panics with its messages on any error or warning.
///
/// The tool is the native executable of npm's `@microsoft/sarif-multitool-linux` (installed by
/// `scripts/setup-test-tools`); npm's `sarif-multitool` wrapper runs it through a shell, which
/// would split `Sarif;Ghas` at the `;`, so for the wrapper the value is quoted for that shell.
fn validate_sarif(file: &Path) {
    let default = repo_root().join(".tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool");
    let Some(tool) = external_tool("GOANNA_SARIF_MULTITOOL", &default, "the SARIF Multitool") else {
        return;
    };
    let through_shell = tool.file_name().is_some_and(|n| n == "sarif-multitool" || n.to_string_lossy().ends_with(".js"));
    let rule_kind = if through_shell { "\"Sarif;Ghas\"" } else { "Sarif;Ghas" };
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("validation.sarif");
    let output = output_within(
        Command::new(&tool)
            .args(["validate", "--rule-kind", rule_kind, "--level", "Error;Warning", "--log", "ForceOverwrite", "-o"])
            .arg(&log)
            .arg(file)
            .env("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1")
            .env("DOTNET_CLI_TELEMETRY_OPTOUT", "1"),
        Duration::from_secs(120),
    );
    let console = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success() && log.exists(), "the SARIF Multitool failed to run: {console}");
    let validation = read_json(&log);
    let problems: Vec<String> = validation["runs"][0]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter(|r| r["level"].as_str().unwrap_or("warning") != "note")
        .map(|r| format!("{} {}: {}", r["level"].as_str().unwrap_or("warning"), r["ruleId"], r["message"]))
        .collect();
    assert!(problems.is_empty(), "the SARIF Multitool rejects {}:\n{}\n{console}", file.display(), problems.join("\n"));
}

#[test]
fn sarif_report_is_complete_and_valid() {
    let dir = project();
    write(&dir.path().join("src/quiet.c"), "int q(void) {\n    int y;\n    return y; // goanna-rs: ignore[SPC-uninit-var-all]\n}\n");
    write(&dir.path().join("src/broken.c"), "int b(void) { return 1 +; }\n");
    let sarif = dir.path().join("out/report.sarif");
    std::fs::create_dir_all(sarif.parent().unwrap()).unwrap();
    let output = scan(dir.path(), &["src", "--format", "sarif", "-o", "out/report.sarif", "--sarif-help-uri", HELP_URI]);
    assert_eq!(code(&output), 2, "a unit that does not compile gives 2: {}", stderr(&output));
    assert!(stderr(&output).contains("1 suppressed"), "summary on stderr: {}", stderr(&output));
    let log = read_json(&sarif);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "goanna-rs");
    assert!(driver["version"].is_string());
    assert_eq!(driver["informationUri"], "https://github.com/goanna-rs/goanna-rs/blob/main/checks/", "where the help links point: {driver:#}");
    let rules = driver["rules"].as_array().unwrap();
    let catalogue = json(&goanna(dir.path()).args(["checks", "--json"]).output().unwrap());
    assert_eq!(rules.len(), catalogue.as_array().unwrap().len(), "every check is a rule");
    for rule in rules {
        for key in ["id", "name", "shortDescription", "fullDescription", "help", "defaultConfiguration", "relationships"] {
            assert!(!rule[key].is_null(), "rule without {key}: {rule:#}");
        }
        assert!(rule["properties"]["tags"].as_array().unwrap().iter().any(|t| t.as_str().unwrap().starts_with("CWE-")));
    }
    assert_eq!(run["taxonomies"][0]["name"], "CWE");
    assert!(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().unwrap().starts_with("file:///"));

    let results = run["results"].as_array().unwrap();
    let uninit = results.iter().find(|r| r["ruleId"] == "SPC-uninit-var-all" && r["suppressions"].is_null()).unwrap();
    let index = uninit["ruleIndex"].as_u64().unwrap() as usize;
    assert_eq!(rules[index]["id"], "SPC-uninit-var-all");
    assert_eq!(uninit["level"], "error");
    let location = &uninit["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "src/u.c");
    assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(location["region"]["startLine"], 5);
    assert_eq!(location["region"]["startColumn"], 12);
    assert!(location["region"]["endColumn"].as_u64().unwrap() > 12);
    assert!(uninit["partialFingerprints"]["goannaFingerprint/v1"].is_string());
    let steps = uninit["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    assert!(steps.len() >= 3, "{uninit:#}");
    assert!(steps.iter().all(|s| s["location"]["message"]["text"].is_string()));
    assert!(steps.iter().any(|s| s["location"]["message"]["text"].as_str().unwrap().contains("false branch")));

    let quiet = results.iter().find(|r| !r["suppressions"].is_null()).expect("suppressed result kept");
    assert_eq!(quiet["suppressions"][0]["kind"], "inSource");
    assert_eq!(quiet["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "src/quiet.c");
    let notes = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert!(notes.iter().any(|n| n["level"] == "error"), "{:#}", run["invocations"]);
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    validate_sarif(&sarif);
}

/// What GitHub code scanning needs (issue 11, item 7): rule properties from the check files, the
/// category, help links where the user says, descriptions within 1,024 characters, and files
/// outside the project root named absolutely with a warning; the SARIF Multitool with GitHub's
/// rules finds nothing to complain about.
#[test]
fn sarif_for_github_code_scanning() {
    let dir = project();
    let elsewhere = tempfile::tempdir().unwrap();
    write(&elsewhere.path().join("outside.c"), UNINIT);
    let outside = elsewhere.path().join("outside.c");
    let output = goanna(dir.path())
        .args(["scan", "src"])
        .arg(&outside)
        .args(["--enable", "SPC-uninit-var-all,RED-dead,MEM-leak", "--format", "sarif", "-o", "report.sarif"])
        .args(["--sarif-category", "goanna/linux-gcc"])
        .args(["--sarif-help-uri", "https://github.com/example-org/goanna-rs/blob/v1.0/checks/{family}/{id}.toml"])
        .output()
        .unwrap();
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("warning: 1 file(s) that results point into are outside the project root"), "{err}");
    let sarif = dir.path().join("report.sarif");
    let log = read_json(&sarif);
    let run = &log["runs"][0];
    assert_eq!(run["automationDetails"]["id"], "goanna/linux-gcc/");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for rule in rules {
        let id = rule["id"].as_str().unwrap();
        let family = id.split('-').next().unwrap();
        assert_eq!(rule["helpUri"], format!("https://github.com/example-org/goanna-rs/blob/v1.0/checks/{family}/{id}.toml"));
        assert!(rule["fullDescription"]["text"].as_str().unwrap().chars().count() <= 1024, "{id}");
        assert!(["very-high", "high", "medium", "low"].contains(&rule["properties"]["precision"].as_str().unwrap()), "{id}");
    }
    let rule = |id: &str| rules.iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(rule("SPC-uninit-var-all")["properties"]["security-severity"], "7.8");
    assert_eq!(rule("SPC-uninit-var-all")["properties"]["tags"][0], "security");
    assert!(rule("RED-dead")["properties"]["security-severity"].is_null());
    assert!(!rule("RED-dead")["properties"]["tags"].as_array().unwrap().iter().any(|t| t == "security"));
    let uris: Vec<&str> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap())
        .collect();
    assert!(uris.contains(&"src/u.c"), "{uris:?}");
    assert!(uris.iter().any(|u| u.starts_with("file:///") && u.ends_with("/outside.c")), "{uris:?}");
    let notes = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert!(notes.iter().any(|n| n["level"] == "warning" && n["message"]["text"].as_str().unwrap().contains("outside the project root")));
    validate_sarif(&sarif);

    // The help link may also come from goanna.toml; a link that is no absolute URI is refused.
    write(&dir.path().join("goanna.toml"), "sarif-help-uri = \"https://docs.example.org/checks/{id}.html\"\n");
    let output = scan(dir.path(), &["src", "--format", "sarif", "-o", "config.sarif"]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let log = read_json(&dir.path().join("config.sarif"));
    let rules = log["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(rules.iter().any(|r| r["helpUri"] == "https://docs.example.org/checks/RED-dead.html"));
    assert!(log["runs"][0]["automationDetails"].is_null());
    for bad in ["checks/{id}.toml", "https://example.org/checks.html", "ftp://host/{id}"] {
        let output = scan(dir.path(), &["src", "--format", "sarif", "-o", "bad.sarif", "--sarif-help-uri", bad]);
        assert_eq!(code(&output), 2, "{bad}: {}", stderr(&output));
        assert!(stderr(&output).contains("SARIF help URI"), "{bad}: {}", stderr(&output));
    }
}

#[test]
fn fingerprints_survive_lines_inserted_above() {
    let dir = project();
    let before = json(&scan(dir.path(), &["src", "--format", "json"]));
    let old = fingerprints(&before);
    assert_eq!(old.len(), 2, "{before:#}");
    write(&dir.path().join("src/u.c"), &format!("/* a new header comment */\n#include <stddef.h>\n\nint helper(void) {{ return 0; }}\n\n{UNINIT}"));
    write(&dir.path().join("src/dead.c"), &format!("\n\n\n{}", DEAD.replace("    return a;", "        return a;")));
    let after = json(&scan(dir.path(), &["src", "--format", "json"]));
    let new = fingerprints(&after);
    assert_eq!(after["findings"].as_array().unwrap().iter().find(|f| f["check"] == "SPC-uninit-var-all").unwrap()["line"], 10);
    for fingerprint in &old {
        assert!(new.contains(fingerprint), "{fingerprint} lost after inserting lines: {before:#} {after:#}");
    }
    // A change of the flagged line itself is a different finding.
    write(&dir.path().join("src/u.c"), &UNINIT.replace("return x;", "return x + 0;"));
    let changed = fingerprints(&json(&scan(dir.path(), &["src", "--format", "json"])));
    assert_eq!(changed.iter().filter(|f| old.contains(f)).count(), 1, "only the dead-code finding is unchanged");
}

#[test]
fn identical_findings_get_distinct_fingerprints() {
    let dir = tempfile::tempdir().unwrap();
    let body = "int f(int a) {\n    return a;\n    a = 2;\n}\n";
    write(&dir.path().join("a.c"), &format!("{body}{}", body.replace("f(", "f2(")));
    let report = json(&scan(dir.path(), &["a.c", "--format", "json"]));
    let prints = fingerprints(&report);
    assert_eq!(prints.len(), 2);
    assert_ne!(prints[0], prints[1]);
}

#[test]
fn suppressions_are_counted_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("s.c"),
        "int f(int c) {\n    int x;\n    // goanna-rs: ignore[SPC-uninit-var-all]\n    return x;\n}\nint g(int a) {\n    return a;\n    a = 2; //cstat !RED-dead\n}\nint h(int a) {\n    return a;\n    /* goanna-rs: ignore */ a = 3;\n}\n",
    );
    let output = scan(dir.path(), &["s.c", "--format", "json", "--fail-on", "note"]);
    assert_eq!(code(&output), 0, "suppressed findings do not fail: {}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["findings"].as_array().unwrap().len(), 0, "{report:#}");
    let suppressed = report["suppressed"].as_array().unwrap();
    assert_eq!(suppressed.len(), 3, "{report:#}");
    assert!(suppressed.iter().all(|f| f["suppressed"] == true && f["suppression"].is_string()));
    assert_eq!(report["summary"]["suppressed"], 3);
    let text = scan(dir.path(), &["s.c", "--no-color"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("0 findings") && text.contains("3 suppressed"), "{text}");
    // Without the comments, they are reported.
    write(&dir.path().join("s.c"), "int f(int c) {\n    int x;\n    // goanna-rs: ignore[MEM-leak]\n    return x;\n}\n");
    let report = json(&scan(dir.path(), &["s.c", "--format", "json"]));
    assert_eq!(report["findings"].as_array().unwrap().len(), 1, "another check's suppression does not apply: {report:#}");
}

#[test]
fn baseline_reports_only_new_findings() {
    let dir = project();
    let output = scan(dir.path(), &["src", "--format", "sarif", "-o", "old.sarif"]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    // Unchanged code: nothing new, exit 0 even with --fail-on note.
    let output = scan(dir.path(), &["src", "--format", "json", "--baseline", "old.sarif", "--fail-on", "note"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["findings"].as_array().unwrap().len(), 0, "{report:#}");
    assert_eq!(report["summary"]["baseline_unchanged"], 2);
    // Lines above the old findings and a new bug: only the new bug is reported.
    write(&dir.path().join("src/u.c"), &format!("// new comment\n{UNINIT}int n(void) {{\n    int z;\n    return z;\n}}\n"));
    let output = scan(dir.path(), &["src", "--format", "json", "--baseline", "old.sarif"]);
    assert_eq!(code(&output), 1);
    let report = json(&output);
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{report:#}");
    assert_eq!(findings[0]["function"], "n");
    assert_eq!(findings[0]["baseline_state"], "new");
    // SARIF marks both kinds.
    let output = scan(dir.path(), &["src", "--format", "sarif", "-o", "new.sarif", "--baseline", "old.sarif", "--sarif-help-uri", HELP_URI]);
    assert_eq!(code(&output), 1);
    let log = read_json(&dir.path().join("new.sarif"));
    let states: Vec<&str> = log["runs"][0]["results"].as_array().unwrap().iter().map(|r| r["baselineState"].as_str().unwrap()).collect();
    assert_eq!(states.iter().filter(|s| **s == "new").count(), 1, "{states:?}");
    assert_eq!(states.iter().filter(|s| **s == "unchanged").count(), 2, "{states:?}");
    validate_sarif(&dir.path().join("new.sarif"));
}

#[test]
fn exit_statuses_follow_fail_on() {
    let dir = project();
    assert_eq!(code(&scan(dir.path(), &["src/dead.c", "-q"])), 0, "notes do not fail by default");
    assert_eq!(code(&scan(dir.path(), &["src/dead.c", "-q", "--fail-on", "note"])), 1);
    assert_eq!(code(&scan(dir.path(), &["src", "-q"])), 1, "an error fails at the default level");
    assert_eq!(code(&scan(dir.path(), &["src", "-q", "--fail-on", "never"])), 0);
    write(&dir.path().join("src/broken.c"), "int b(void) { return 1 +; }\n");
    assert_eq!(code(&scan(dir.path(), &["src", "-q"])), 2, "analysis errors take precedence");
    assert_eq!(code(&scan(dir.path(), &["src", "-q", "--no-fail-on-unparsable"])), 1);
    assert_eq!(code(&scan(dir.path(), &["src", "-q", "--no-fail-on-unparsable", "--fail-on", "never"])), 0);
    let help = run(dir.path(), &["--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("--fail-on"), "exit statuses are in --help");
}

#[test]
fn selection_by_id_family_severity_and_config() {
    let dir = project();
    let checks = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["scan", "src", "--format", "json"];
        all.extend_from_slice(args);
        let output = run(dir.path(), &all);
        let report = json(&output);
        report["findings"].as_array().unwrap().iter().map(|f| f["check"].as_str().unwrap().to_string()).collect()
    };
    let red = checks(&["--enable", "RED"]);
    assert!(red.contains(&"RED-dead".to_string()) && red.iter().all(|c| c.starts_with("RED-")), "{red:?}");
    assert_eq!(checks(&["--enable", ONLY, "--disable", "RED"]), vec!["SPC-uninit-var-all"]);
    // Style checks (RED-dead) are off by default; `--enable style` adds them to the default
    // set, and naming one turns it on alone.
    assert_eq!(checks(&[]), vec!["SPC-uninit-var-all"]);
    let mut styled = checks(&["--enable", "style"]);
    styled.sort();
    assert_eq!(styled, vec!["RED-dead", "SPC-uninit-var-all"]);
    assert_eq!(checks(&["--enable", "RED-dead"]), vec!["RED-dead"]);
    assert_eq!(checks(&["--enable", ONLY, "--min-severity", "warning"]), vec!["SPC-uninit-var-all"]);
    assert_eq!(checks(&["--enable", ONLY, "--exclude", "src/dead.c"]), vec!["SPC-uninit-var-all"]);

    write(&dir.path().join("goanna.toml"), "enable = [\"RED-dead\", \"SPC-uninit-var-all\"]\ndisable = [\"SPC\"]\nfail-on = \"note\"\n");
    assert_eq!(checks(&[]), vec!["RED-dead"]);
    let nested = dir.path().join("src");
    let output = goanna(&nested).args(["scan", "dead.c", "-q"]).output().unwrap();
    assert_eq!(code(&output), 1, "goanna.toml found above the current directory; fail-on note: {}", stderr(&output));
    write(&dir.path().join("goanna.toml"), "enable = [\"RED-dead\", \"SPC-uninit-var-all\"]\nexclude = [\"dead.c\"]\n");
    assert_eq!(checks(&[]), vec!["SPC-uninit-var-all"]);
    write(&dir.path().join("other.toml"), "enable = [\"RED-dead\"]\n");
    assert_eq!(checks(&["--config", "other.toml"]), vec!["RED-dead"]);
    write(&dir.path().join("style.toml"), "enable = [\"style\"]\ndisable = [\"SPC\"]\n");
    assert_eq!(checks(&["--config", "style.toml"]), vec!["RED-dead"]);
}

#[test]
fn bad_input_is_a_clear_usage_error_without_output() {
    let dir = project();
    let out = dir.path().join("report.sarif");
    let expect_usage_error = |args: &[&str], needle: &str| {
        let output = run(dir.path(), args);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(needle), "{args:?}: expected `{needle}` in: {}", stderr(&output));
        assert!(!out.exists(), "{args:?} left an output file");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".goanna-rs-"))
            .collect();
        assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    };
    write(&dir.path().join("corrupt.sarif"), "{\"version\": \"2.1.0\", \"runs\": [{");
    expect_usage_error(&["scan", "src", "--format", "sarif", "-o", "report.sarif", "--baseline", "corrupt.sarif"], "corrupt.sarif");
    write(&dir.path().join("foreign.sarif"), r#"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"clang-tidy"}},"results":[]}]}"#);
    expect_usage_error(&["scan", "src", "--format", "sarif", "-o", "report.sarif", "--baseline", "foreign.sarif"], "clang-tidy");
    expect_usage_error(&["scan", "src", "-o", "report.sarif", "--baseline", "missing.sarif"], "missing.sarif");
    expect_usage_error(&["scan", "src", "-o", "report.sarif", "--enable", "NO-such-check"], "NO-such-check");
    write(&dir.path().join("bad.toml"), "enable = \"MEM\"\n");
    expect_usage_error(&["scan", "src", "-o", "report.sarif", "--config", "bad.toml"], "bad.toml");
    write(&dir.path().join("goanna.toml"), "min-severity = \"fatal\"\n");
    expect_usage_error(&["scan", "src", "-o", "report.sarif"], "goanna.toml");
    std::fs::remove_file(dir.path().join("goanna.toml")).unwrap();
    expect_usage_error(&["scan", "src", "--format", "sarif", "-o", "no/such/dir/report.sarif"], "no/such/dir");
    expect_usage_error(&["scan", "src", "--format", "html"], "-o DIR");
    // An existing report is not clobbered by a failing run.
    write(&out, "old");
    let output = run(dir.path(), &["scan", "src", "-o", "report.sarif", "--baseline", "corrupt.sarif"]);
    assert_eq!(code(&output), 2);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
}

#[test]
fn short_format_is_one_line_per_finding() {
    let dir = project();
    let output = scan(dir.path(), &["src/u.c", "--format", "short"]);
    let text = String::from_utf8_lossy(&output.stdout);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("src/u.c:5:12: error: ") && first.ends_with("[SPC-uninit-var-all]"), "{text}");
}

#[test]
fn checks_and_explain() {
    let dir = tempfile::tempdir().unwrap();
    let list = json(&run(dir.path(), &["checks", "--json"]));
    let spc = list.as_array().unwrap().iter().find(|c| c["id"] == "SPC-uninit-var-all").unwrap();
    assert_eq!(spc["family"], "SPC");
    let table = run(dir.path(), &["checks", "--family", "RED"]);
    let table = String::from_utf8_lossy(&table.stdout);
    assert!(table.contains("RED-dead") && !table.contains("SPC-uninit-var-all"), "{table}");
    let output = run(dir.path(), &["explain", "SPC-uninit-var-all"]);
    assert_eq!(code(&output), 0);
    let text = String::from_utf8_lossy(&output.stdout);
    for needle in ["SPC-uninit-var-all", "CWE-457", "What it reports", "Why it matters", "Reported (bad)", "Fixed (good)", "int sum = 0;"] {
        assert!(text.contains(needle), "missing {needle}: {text}");
    }
    let output = run(dir.path(), &["explain", "SPC-uninit"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("did you mean") && stderr(&output).contains("SPC-uninit-var-all"), "{}", stderr(&output));
}

/// An HTML report of a project whose first finding has a path (use of an uninitialised
/// variable), followed by dead code (no path) in the same file and a suppressed finding.
struct HtmlReport {
    dir: tempfile::TempDir,
    /// `html/index.html`, absolute.
    index: PathBuf,
    /// The page numbers every finding from 1 in report order, suppressed ones included.
    listed: Vec<usize>,
    suppressed: Vec<usize>,
    /// The JSON report's findings (the active ones, in report order).
    active: Vec<Value>,
}

fn html_report() -> HtmlReport {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join("src/path.c"), &format!("{UNINIT}\n{DEAD}"));
    write(&dir.path().join("src/quiet.c"), "int q(void) {\n    int y;\n    return y; // goanna-rs: ignore\n}\n");
    let output = scan(dir.path(), &["src", "--format", "html", "-o", "html"]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let index = dir.path().join("html/index.html").canonicalize().unwrap();
    let page = std::fs::read_to_string(&index).unwrap();
    assert!(!page.contains("http://") && !page.contains("https://") && !page.contains(" src=\""), "self-contained, no network");
    // Report order, suppressed findings included, is SARIF's.
    scan(dir.path(), &["src", "--format", "sarif", "-o", "all.sarif"]);
    let results = read_json(&dir.path().join("all.sarif"))["runs"][0]["results"].as_array().unwrap().clone();
    let (mut listed, mut suppressed) = (Vec::new(), Vec::new());
    for (i, result) in results.iter().enumerate() {
        if result["suppressions"].is_null() { listed.push(i + 1) } else { suppressed.push(i + 1) }
    }
    let active = json(&scan(dir.path(), &["src", "--format", "json"]))["findings"].as_array().unwrap().clone();
    assert_eq!(active.len(), listed.len());
    assert!(!suppressed.is_empty(), "a suppressed finding");
    HtmlReport { dir, index, listed, suppressed, active }
}

/// Loads the page in headless Chromium (driven by playwright-core, `tests/html_click.mjs`),
/// clicks the first finding in the list and checks that its path is shown, step by step; keeps
/// a screenshot as a test artefact (target/tmp/html-report.png).
#[test]
fn html_report_shows_the_path_of_a_clicked_finding() {
    let report = html_report();
    let Some(chromium) = external_tool("GOANNA_CHROMIUM", Path::new("/usr/bin/chromium"), "Chromium") else {
        return;
    };
    let Some(node) = external_tool("GOANNA_NODE", Path::new("/usr/bin/node"), "Node.js") else {
        return;
    };
    let default = repo_root().join(".tools/node_modules/playwright-core");
    let Some(playwright) = external_tool("GOANNA_PLAYWRIGHT_CORE", &default, "playwright-core") else {
        return;
    };
    let first = &report.active[0];
    assert_eq!(first["check"], "SPC-uninit-var-all", "the first finding is the one with a path: {first}");
    let steps: Vec<&str> = first["path"].as_array().unwrap().iter().map(|s| s["message"].as_str().unwrap()).collect();
    assert!(steps.len() >= 2, "a path of several steps: {first}");
    let expect = serde_json::json!({
        "listed": report.listed,
        "hidden": report.suppressed,
        "click": { "index": report.listed[0], "message": first["message"], "steps": steps, "source": "return x;" },
    });
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-report.png");
    let _ = std::fs::remove_file(&shot);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/html_click.mjs");
    let output = output_within(
        Command::new(&node)
            .arg(&script)
            .arg("--playwright-core")
            .arg(&playwright)
            .arg("--chromium")
            .arg(&chromium)
            .arg("--report")
            .arg(report.index.parent().unwrap())
            .arg("--screenshot")
            .arg(&shot)
            .args(["--expect", &expect.to_string()])
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
            .env_remove("PLAYWRIGHT_BROWSERS_PATH"),
        Duration::from_secs(120),
    );
    let console = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "clicking through the report failed ({}): {console}", output.status);
    assert!(std::fs::metadata(&shot).map(|m| m.len() > 1000).unwrap_or(false), "no screenshot at {}", shot.display());
}

/// `index.html#finding-N` opens finding `N` directly, a suppressed one too (then the suppressed
/// findings are listed); checked on the DOM Chromium renders.
#[test]
fn html_report_link_opens_a_finding() {
    let report = html_report();
    let Some(chromium) = external_tool("GOANNA_CHROMIUM", Path::new("/usr/bin/chromium"), "Chromium") else {
        return;
    };
    let number = report.suppressed[0];
    let url = format!("file://{}#finding-{number}", report.index.display());
    let profile = tempfile::tempdir_in(report.dir.path()).unwrap();
    let output = output_within(
        Command::new(&chromium)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"])
            .args(["--disable-background-networking", "--disable-component-update", "--disable-sync"])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("--dump-dom")
            .arg(&url),
        Duration::from_secs(90),
    );
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(dom.contains(&format!("data-finding=\"{number}\"")), "finding {number} not opened: {dom}");
    // quiet.c: `y` declared, then read.
    assert_eq!(dom.matches("class=\"step-note\"").count(), 2, "one marked note per path step: {dom}");
    assert!(dom.contains("suppressed by: goanna-rs: ignore") && dom.contains("return y;"), "{dom}");
    assert!(dom.contains(&format!("id=\"item-{number}\" class=\"finding-item selected\"")), "the finding is listed and selected: {dom}");
    for n in &report.listed {
        assert!(dom.contains(&format!("id=\"item-{n}\"")), "finding {n} is listed too");
    }
}
