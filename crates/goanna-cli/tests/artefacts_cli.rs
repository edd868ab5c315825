//! End-to-end tests of `report` on results directories that are damaged, hostile or out of
//! date: every artefact is validated on load and a bad one costs only itself (refused by name,
//! exit status 2, every other artefact still reported); only regular files are read; an
//! artefact whose source changed since the analysis is analysed again (or, with
//! `--no-reanalyse`, refused), never matched against the new text; and a report embeds only
//! sources inside the project root.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

mod common;
use common::{goanna, json_of, text, write, DEAD, ONLY, UNINIT};

/// Runs a command with a time limit (a report that reads a device would never end), reading
/// its output as it comes.
fn output_within(command: &mut Command, limit: Duration) -> Output {
    let child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let pid = child.id();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output()));
    match receive.recv_timeout(limit) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            panic!("{command:?} did not finish within {limit:?}");
        }
    }
}

fn have_cc() -> bool {
    Command::new("cc").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// A project (a git top directory) with `src/u.c` (an uninitialised read) and `src/dead.c`
/// (dead code), compiled through the wrapper into `.goanna`.
fn built_project() -> Option<tempfile::TempDir> {
    if !have_cc() {
        eprintln!("note: skipping: no C compiler");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    write(&dir.path().join("src/u.c"), UNINIT);
    write(&dir.path().join("src/dead.c"), DEAD);
    for unit in ["u", "dead"] {
        let source = format!("src/{unit}.c");
        let object = format!("{unit}.o");
        let output = goanna(dir.path()).args(["cc", "--", "cc", "-c", &source, "-o", &object]).output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    Some(dir)
}

/// `report --format json` in `dir`.
fn report(dir: &Path) -> Output {
    output_within(goanna(dir).args(["report", "--format", "json", "--enable", ONLY]), Duration::from_secs(60))
}

/// The (file, check) of every finding.
fn found(json: &Value) -> Vec<(String, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["file"].as_str().unwrap().to_string(), f["check"].as_str().unwrap().to_string()))
        .collect()
}

/// The messages of the report's errors.
fn errors(json: &Value) -> Vec<String> {
    json["errors"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap().to_string()).collect()
}

fn artefact_of(dir: &Path, unit: &str) -> PathBuf {
    let units = dir.join(".goanna/units");
    std::fs::read_dir(&units)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("src_{unit}.c.")))
        .unwrap_or_else(|| panic!("no artefact of {unit} in {}", units.display()))
}

/// Rewrites the artefact part (after the header line) of a stored artefact.
fn edit_artefact(file: &Path, edit: impl FnOnce(&mut Value)) {
    let stored = std::fs::read_to_string(file).unwrap();
    let (header, body) = stored.split_once('\n').unwrap();
    let mut artefact: Value = serde_json::from_str(body).unwrap();
    edit(&mut artefact);
    std::fs::write(file, format!("{header}\n{artefact}")).unwrap();
}

const BOTH: [(&str, &str); 2] = [("src/dead.c", "RED-dead"), ("src/u.c", "SPC-uninit-var-all")];

fn both() -> Vec<(String, String)> {
    BOTH.iter().map(|(f, c)| (f.to_string(), c.to_string())).collect()
}

#[test]
fn every_damaged_artefact_is_refused_by_name_and_the_others_reported() {
    let Some(project) = built_project() else { return };
    let dir = project.path();
    let output = report(dir);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(found(&json_of(&output)), both());

    type Damage = (&'static str, fn(&mut Value), &'static str);
    let damages: [Damage; 4] = [
        ("an empty node list", |a| a["cfgs"][0]["nodes"] = Value::Array(Vec::new()), "the graph has no nodes"),
        ("an out-of-range entry", |a| a["cfgs"][0]["entry"] = Value::from(4_000_000), "the entry names node 4000000"),
        ("a span in no file", |a| a["files"] = Value::Array(Vec::new()), "names file 0 of 0"),
        ("an edge to nowhere", |a| a["cfgs"][0]["nodes"][0]["succs"][0]["target"] = Value::from(77_777), "names node 77777"),
    ];
    let file = artefact_of(dir, "u");
    let pristine = std::fs::read(&file).unwrap();
    for (what, damage, expected) in damages {
        std::fs::write(&file, &pristine).unwrap();
        edit_artefact(&file, damage);
        let output = report(dir);
        assert_eq!(output.status.code(), Some(2), "{what}: {}", text(&output.stderr));
        let json = json_of(&output);
        assert_eq!(found(&json), vec![both()[0].clone()], "{what}: the other unit is still reported");
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let errors = errors(&json);
        assert!(errors.iter().any(|e| e.contains(&name) && e.contains(expected)), "{what}: {errors:?}");
        assert_eq!(json["summary"]["units_failed"], 1, "{what}");
    }
    std::fs::write(&file, &pristine).unwrap();
    assert_eq!(report(dir).status.code(), Some(1), "the repaired artefact is read again");
}

#[test]
fn dangling_links_and_devices_among_the_artefacts_cost_only_themselves() {
    let Some(project) = built_project() else { return };
    let dir = project.path();
    let units = dir.join(".goanna/units");
    std::os::unix::fs::symlink(dir.join("gone.gart"), units.join("src_gone.c.0000000000000000.gart")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", units.join("src_zero.c.0000000000000000.gart")).unwrap();
    let output = report(dir);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(found(&json), both(), "one dangling link must not drop every finding");
    let errors = errors(&json);
    assert!(errors.iter().any(|e| e.contains("src_gone.c.0000000000000000.gart") && e.contains("No such file")), "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("src_zero.c.0000000000000000.gart") && e.contains("not a regular file")), "{errors:?}");
}

/// `report --format json --no-reanalyse` in `dir`.
fn report_refusing_stale(dir: &Path) -> Output {
    output_within(goanna(dir).args(["report", "--format", "json", "--enable", ONLY, "--no-reanalyse"]), Duration::from_secs(60))
}

/// The (file, line) of every finding.
fn lines(json: &Value) -> Vec<(String, u64)> {
    json["findings"].as_array().unwrap().iter().map(|f| (f["file"].as_str().unwrap().to_string(), f["line"].as_u64().unwrap())).collect()
}

#[test]
fn a_stale_artefact_is_never_matched_against_the_new_text() {
    let Some(project) = built_project() else { return };
    let dir = project.path();
    // Lines inserted above move the uninitialised read: the old line 5 would now be `int x;`.
    let edited = format!("/* a comment\n   of three lines */\n\n{UNINIT}");
    write(&dir.join("src/u.c"), &edited);
    let output = report_refusing_stale(dir);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(found(&json), vec![both()[0].clone()], "no finding of the changed unit at its old line: {json:#}");
    let messages = errors(&json);
    assert!(messages.iter().any(|e| e.contains("src/u.c changed since it was analysed") && e.contains("rebuild")), "{messages:?}");

    // By default the unit is analysed again, with the flags the build recorded, and stored.
    let output = report(dir);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("analysing src/u.c again: it changed since the build analysed it"), "{}", text(&output.stderr));
    assert_eq!(lines(&json_of(&output)), vec![("src/dead.c".to_string(), 3), ("src/u.c".to_string(), 8)]);
    let output = report(dir);
    assert!(!text(&output.stderr).contains("again"), "stored: not analysed a third time: {}", text(&output.stderr));
    assert_eq!(lines(&json_of(&output)), vec![("src/dead.c".to_string(), 3), ("src/u.c".to_string(), 8)]);

    // A header the unit includes counts too.
    write(&dir.join("src/h.h"), "int h;\n");
    write(&dir.join("src/dead.c"), &format!("#include \"h.h\"\n{DEAD}"));
    let output = goanna(dir).args(["cc", "--", "cc", "-c", "src/dead.c", "-o", "dead.o"]).output().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(report_refusing_stale(dir).status.code(), Some(1));
    write(&dir.join("src/h.h"), "int h;\nint h2;\n");
    let json = json_of(&report_refusing_stale(dir));
    assert!(errors(&json).iter().any(|e| e.contains("src/h.h changed since it was analysed")), "{json:#}");
    assert_eq!(found(&json), vec![both()[1].clone()]);
    let output = report(dir);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(lines(&json_of(&output)), vec![("src/dead.c".to_string(), 4), ("src/u.c".to_string(), 8)]);
}

#[test]
fn reports_embed_only_sources_inside_the_project_root() {
    let Some(project) = built_project() else { return };
    let dir = project.path();
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.c");
    let marker = "TOP-SECRET-7f3a9";
    write(&secret, &format!("int f(int c) {{ /* {marker} */\n    int x;\n    if (c)\n        return 0;\n    return x;\n}}\n"));
    // An artefact from elsewhere whose files name a local file outside the project.
    edit_artefact(&artefact_of(dir, "u"), |a| a["files"][0]["path"] = Value::from(secret.display().to_string()));
    let html = dir.join("html");
    for format in ["html", "text", "sarif", "json"] {
        let mut command = goanna(dir);
        command.args(["report", "--enable", ONLY, "--format", format]);
        if format == "html" {
            command.arg("-o").arg(&html);
        }
        let output = output_within(&mut command, Duration::from_secs(60));
        assert_eq!(output.status.code(), Some(1), "{format}: {}", text(&output.stderr));
        let report = if format == "html" { std::fs::read_to_string(html.join("index.html")).unwrap() } else { text(&output.stdout) };
        assert!(!report.contains(marker), "{format}: the report embeds a file outside the project root");
        assert!(text(&output.stderr).contains("outside the project root not shown"), "{format}: {}", text(&output.stderr));
    }
    // The project's own sources are still embedded.
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(page.contains("return a;"), "src/dead.c is embedded");

    // A stale artefact whose header names a local file outside the project, with a recorded
    // compile: `report` does not parse that file (clang's diagnostics would quote it), it
    // refuses the artefact by name.
    let token = "TOP_SECRET_7f3a9";
    write(&secret, &format!("int leak(void) {{ return {token}; }}\n"));
    let stored = artefact_of(dir, "dead");
    let text_of = std::fs::read_to_string(&stored).unwrap();
    let (header, body) = text_of.split_once('\n').unwrap();
    let mut header: Value = serde_json::from_str(header).unwrap();
    header["source"] = Value::from(secret.display().to_string());
    header["record"]["inputs"] = serde_json::json!([{ "path": secret.display().to_string(), "hash": "0000000000000000" }]);
    header["compile"]["args"] = serde_json::json!(["-c", secret.display().to_string()]);
    std::fs::write(dir.join(".goanna/units/forged.0000000000000000.gart"), format!("{header}\n{body}")).unwrap();
    let output = output_within(goanna(dir).args(["report", "--enable", ONLY, "--format", "json"]), Duration::from_secs(60));
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let all = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert!(!all.contains(token), "a file outside the project was parsed for the report: {all}");
    assert!(!text(&output.stderr).contains("analysing"), "{}", text(&output.stderr));
    assert!(errors(&json_of(&output)).iter().any(|e| e.contains("forged.0000000000000000.gart refused")), "{all}");
}

#[test]
fn a_report_without_artefacts_exits_2_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    std::fs::create_dir_all(dir.path().join(".goanna")).unwrap();
    let output = goanna(dir.path()).args(["report"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("holds no artefacts") && stderr.contains("goanna-rs build -- make"), "{stderr}");
}
