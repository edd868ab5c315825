//! End-to-end tests of the everyday conventions a user relies on without reading the manual:
//! `-p BUILD FILE` analyses FILE only; one unit per file however it is named; a compile
//! database copied from another tree is said; a baseline says how much it matched; reports
//! respect the umask; a closed pipe is quiet; the short format's summary is on standard error;
//! unknown ids in suppression comments are warned about; nothing analysed is never success (a
//! missing libclang included);
//! `build` captures builds that do not honour `CC` (with `bear`) and says how it captured.

use serde_json::Value;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::{goanna, json_of, text, write, DEAD, ONLY, UNINIT};

/// `scan ARGS --enable ONLY --format json` in `dir`.
fn scan_json(dir: &Path, args: &[&str]) -> Output {
    goanna(dir).arg("scan").args(args).args(["--enable", ONLY, "--format", "json"]).output().unwrap()
}

fn findings(json: &Value) -> Vec<(String, u64)> {
    json["findings"].as_array().unwrap().iter().map(|f| (f["file"].as_str().unwrap().to_string(), f["line"].as_u64().unwrap())).collect()
}

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join("src/u.c"), UNINIT);
    write(&dir.path().join("src/dead.c"), DEAD);
    dir
}

/// A `compile_commands.json` in `build/` naming `src/u.c` and `src/dead.c` of `root`.
fn database(root: &Path, at: &Path) {
    let entries: Vec<Value> = ["u", "dead"]
        .iter()
        .map(|unit| {
            serde_json::json!({
                "directory": root.join("build").display().to_string(),
                "file": root.join(format!("src/{unit}.c")).display().to_string(),
                "arguments": ["cc", "-DFROM_DB", "-c", root.join(format!("src/{unit}.c")).display().to_string()],
            })
        })
        .collect();
    write(&at.join("build/compile_commands.json"), &serde_json::to_string_pretty(&entries).unwrap());
}

#[test]
fn p_with_files_analyses_only_those_files() {
    let project = project();
    let dir = project.path();
    database(dir, dir);
    let output = scan_json(dir, &["-p", "build"]);
    assert_eq!(json_of(&output)["summary"]["units_analysed"], 2, "{}", text(&output.stderr));

    let output = scan_json(dir, &["-p", "build", "src/u.c"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(json["summary"]["units_analysed"], 1);
    assert_eq!(findings(&json), vec![(dir.join("src/u.c").display().to_string(), 5)]);

    let output = scan_json(dir, &["-p", "build", "src"]);
    assert_eq!(json_of(&output)["summary"]["units_analysed"], 2, "a directory selects the units below it");

    write(&dir.join("src/other.c"), DEAD);
    let output = scan_json(dir, &["-p", "build", "src/other.c", "src/dead.c"]);
    assert_eq!(output.status.code(), Some(2), "a file the build does not compile is an error");
    let json = json_of(&output);
    assert_eq!(json["summary"]["units_analysed"], 1);
    let errors = json["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["file"].as_str().unwrap().ends_with("other.c") && e["message"].as_str().unwrap().contains("not in")), "{json:#}");
}

#[test]
fn the_same_file_named_several_ways_is_one_unit_reported_once() {
    let project = project();
    let dir = project.path();
    std::os::unix::fs::symlink(dir.join("src/u.c"), dir.join("link.c")).unwrap();
    let output = scan_json(dir, &["src/u.c", "./src/u.c", "src/../src/u.c", "link.c", "src"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(json["summary"]["units_analysed"], 2, "{json:#}");
    assert_eq!(findings(&json), vec![("src/dead.c".to_string(), 3), ("src/u.c".to_string(), 5)]);
}

#[test]
fn a_database_copied_from_another_tree_is_said() {
    let base = tempfile::tempdir().unwrap();
    let original = base.path().join("original");
    let copy = base.path().join("copy");
    for tree in [&original, &copy] {
        write(&tree.join("src/u.c"), UNINIT);
        write(&tree.join("src/dead.c"), DEAD);
    }
    database(&original, &original);
    database(&original, &copy);
    let output = scan_json(&original, &["-p", "build"]);
    assert!(!text(&output.stderr).contains("copied"), "{}", text(&output.stderr));
    assert!(json_of(&output)["errors"].as_array().unwrap().is_empty());

    let output = scan_json(&copy, &["-p", "build"]);
    let json = json_of(&output);
    let warning = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap().to_string())
        .find(|m| m.contains("copied from another tree"))
        .unwrap_or_else(|| panic!("no warning: {json:#}"));
    assert!(warning.contains(&original.join("build").display().to_string()), "{warning}");
}

#[test]
fn a_baseline_says_how_much_it_matched() {
    let project = project();
    let dir = project.path();
    let output = goanna(dir).args(["scan", "src", "--enable", ONLY, "--format", "sarif", "-o", "old.sarif"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let output = goanna(dir).args(["scan", "src", "--enable", ONLY, "--baseline", "old.sarif"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("the baseline matched 2 of the 2 findings it lists"), "{}", text(&output.stderr));

    // The same baseline applied from another root (other paths) matches nothing: said.
    let output = goanna(dir).args(["scan", "src", "--enable", ONLY, "--baseline", "old.sarif", "--project-root", "src"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("warning: the baseline matched none of its 2 findings"), "{}", text(&output.stderr));
}

#[test]
fn reports_are_written_with_the_umask_not_0600() {
    let project = project();
    let dir = project.path();
    for (umask, mode) in [("022", 0o644), ("002", 0o664), ("077", 0o600)] {
        let script = format!("umask {umask}; exec \"$0\" scan src --enable {ONLY} --format json -o report-{umask}.json");
        let output = Command::new("sh")
            .current_dir(dir)
            .args(["-c", &script, env!("CARGO_BIN_EXE_goanna-rs")])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        let written = std::fs::metadata(dir.join(format!("report-{umask}.json"))).unwrap().permissions().mode() & 0o777;
        assert_eq!(written, mode, "umask {umask}: mode {written:o}");
    }
    let leftovers: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).filter(|n| n.to_string_lossy().ends_with(".tmp")).collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Runs `goanna-rs ARGS` with its standard output closed before it writes.
fn with_closed_stdout(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = goanna(dir).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    (child.wait().unwrap().code(), stderr)
}

#[test]
fn a_closed_pipe_is_quiet() {
    let project = project();
    let dir = project.path();
    for args in [&["checks"][..], &["checks", "--json"], &["explain", "MEM-leak"]] {
        let (code, stderr) = with_closed_stdout(dir, args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
    let (code, stderr) = with_closed_stdout(dir, &["scan", "src", "--enable", ONLY, "--format", "short", "-q"]);
    assert_eq!(code, Some(1), "the exit status still tells the findings: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("error"), "{stderr}");
    // The same through a shell pipeline, as users write it.
    let output = Command::new("sh")
        .args(["-c", "\"$0\" checks | head -1", env!("CARGO_BIN_EXE_goanna-rs")])
        .output()
        .unwrap();
    assert_eq!(text(&output.stdout).lines().count(), 1);
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
}

#[test]
fn the_short_formats_summary_is_on_standard_error() {
    let project = project();
    let dir = project.path();
    let output = goanna(dir).args(["scan", "src", "--enable", ONLY, "--format", "short"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 2, "one line per finding, nothing else: {stdout}");
    assert!(stdout.lines().all(|l| l.starts_with("src/")), "{stdout}");
    assert!(text(&output.stderr).contains("2 units analysed"), "{}", text(&output.stderr));
}

#[test]
fn unknown_ids_in_suppression_comments_are_warned_about() {
    let project = project();
    let dir = project.path();
    write(&dir.join("src/u.c"), &UNINIT.replace("    return x;", "    return x; // goanna-rs: ignore[SPC-uninit-var-al]"));
    let output = scan_json(dir, &["src/u.c"]);
    assert_eq!(output.status.code(), Some(1), "the misspelt id silences nothing");
    let json = json_of(&output);
    assert_eq!(findings(&json).len(), 1);
    let warning = json["errors"].as_array().unwrap().iter().find(|e| e["message"].as_str().unwrap().contains("SPC-uninit-var-al`"));
    let warning = warning.unwrap_or_else(|| panic!("no warning: {json:#}"));
    assert!(warning["message"].as_str().unwrap().contains("line 5"), "{warning}");
    assert_eq!(warning["severity"], "warning");

    // A known id or family: no warning, the finding is suppressed.
    write(&dir.join("src/u.c"), &UNINIT.replace("    return x;", "    return x; // goanna-rs: ignore[SPC]"));
    let output = scan_json(dir, &["src/u.c"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(json_of(&output)["errors"].as_array().unwrap().is_empty());
}

#[test]
fn unknown_suppression_ids_are_warned_about_in_files_without_findings() {
    let project = project();
    let dir = project.path();
    // No finding in this unit nor in its header: the comments are read all the same.
    write(&dir.join("src/clean.h"), "/* goanna-rs: ignore[MEM-leek] */\nint helper(int a);\n");
    write(&dir.join("src/clean.c"), "#include \"clean.h\"\nint h(int a) {\n    return a; // goanna-rs: ignore[SPC-uninit-var-al]\n}\n// goanna-rs: ignore[RED]\n");
    let output = scan_json(dir, &["src/clean.c", "src/u.c"]);
    assert_eq!(output.status.code(), Some(1), "u.c's finding; warnings do not fail: {}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(findings(&json), vec![("src/u.c".to_string(), 5)]);
    let warnings: Vec<(String, String)> = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["file"].as_str().unwrap_or_default().to_string(), e["message"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(warnings[0].0.ends_with("src/clean.c") && warnings[0].1.starts_with("line 3: ") && warnings[0].1.contains("`SPC-uninit-var-al`"), "{warnings:#?}");
    assert!(warnings[1].0.ends_with("src/clean.h") && warnings[1].1.starts_with("line 1: ") && warnings[1].1.contains("`MEM-leek`"), "{warnings:#?}");
    // Known ids and families, and headers outside the project, say nothing.
    write(&dir.join("src/clean.h"), "#include <stdio.h>\n/* goanna-rs: ignore[MEM-leak] */\nint helper(int a);\n");
    write(&dir.join("src/clean.c"), "#include \"clean.h\"\nint h(int a) {\n    return a; // goanna-rs: ignore[SPC]\n}\n");
    let output = scan_json(dir, &["src/clean.c"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(json_of(&output)["errors"].as_array().unwrap().is_empty(), "{}", text(&output.stdout));
    assert!(!text(&output.stderr).contains("outside the project root"), "{}", text(&output.stderr));
}

#[test]
fn nothing_analysed_is_never_success() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("empty")).unwrap();
    let output = goanna(dir.path()).args(["scan", "empty"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no unit was analysed"), "{}", text(&output.stderr));

    // Every unit failed: not success even when failures do not count.
    write(&dir.path().join("broken.c"), "int f( {\n");
    let output = goanna(dir.path()).args(["scan", "broken.c", "--no-fail-on-unparsable"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("every unit failed"), "{}", text(&output.stderr));

    // A device named as a unit is refused, never read.
    let output = goanna(dir.path()).args(["scan", "/dev/zero", "--no-fail-on-unparsable"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stdout).contains("not a regular file"), "{}", text(&output.stdout));

    // The twin: one good unit is enough.
    write(&dir.path().join("good.c"), "int g(void) { return 0; }\n");
    let output = goanna(dir.path()).args(["scan", "broken.c", "good.c", "--no-fail-on-unparsable"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// A project whose makefile ignores `CC` for one unit (`gcc` written out) and uses it for the other.
#[test]
fn a_missing_libclang_is_never_silent() {
    let dir = project();
    let nowhere = dir.path().join("no-libclang-here");
    // In worker processes and in process, and whether or not unparsable units count: exit 2,
    // the reason on the unit, and a hint that nothing was analysed.
    for extra in [&[][..], &["--in-process"][..]] {
        let output = goanna(dir.path())
            .env("LIBCLANG_PATH", &nowhere)
            .args(["scan", "src", "--no-fail-on-unparsable", "--format", "short"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{extra:?}: {}", text(&output.stderr));
        assert!(text(&output.stdout).contains("src/u.c: error: libclang not found"), "{extra:?}: {}", text(&output.stdout));
        assert!(text(&output.stderr).contains("no unit was analysed: every unit failed"), "{extra:?}: {}", text(&output.stderr));
    }
    // The compiler wrapper keeps the compiler's status and says in one line why it analysed
    // nothing.
    let compiler = "cc";
    if Command::new(compiler).arg("--version").output().is_ok_and(|o| o.status.success()) {
        let output = goanna(dir.path())
            .env("LIBCLANG_PATH", &nowhere)
            .args(["cc", "--results-dir", "results", "--", compiler, "-c", "src/u.c", "-o", "u.o"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(dir.path().join("u.o").is_file());
        let stderr = text(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("goanna-rs: src/u.c: not analysed: libclang not found"), "{stderr}");
    }
}

fn make_project() -> tempfile::TempDir {
    let dir = project();
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    write(
        &dir.path().join("Makefile"),
        "all: u.o dead.o\nu.o: src/u.c\n\tgcc -c src/u.c -o u.o\ndead.o: src/dead.c\n\t$(CC) -c src/dead.c -o dead.o\nclean:\n\trm -f *.o\n",
    );
    dir
}

#[test]
fn build_captures_what_does_not_go_through_cc_with_bear_and_says_how() {
    if !(have("make") && have("gcc") && have("bear")) {
        assert!(std::env::var_os("CI").is_none(), "CI needs make, gcc and bear (scripts/setup)");
        eprintln!("note: skipping: make, gcc or bear missing (scripts/setup installs them)");
        return;
    }
    let project = make_project();
    let dir = project.path();
    let output = goanna(dir).args(["build", "--enable", ONLY, "--format", "json", "--", "make", "-s"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(findings(&json_of(&output)), vec![("src/dead.c".to_string(), 3), ("src/u.c".to_string(), 5)]);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("captured 1 C unit(s) through the compiler wrapper (CC) and 1 with bear"), "{stderr}");
    assert!(dir.join(".goanna/compile_commands.json").is_file(), "bear's database is kept for scan -p");

    // Without bear, the unit compiled by `gcc` is not seen, and nothing at all is not success.
    let project = make_project();
    let dir = project.path();
    write(&dir.join("Makefile"), "all: u.o\nu.o: src/u.c\n\tgcc -c src/u.c -o u.o\n");
    let output = goanna(dir).args(["build", "--capture", "wrapper", "--", "make", "-s"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("compiled no C unit through CC") && stderr.contains("bear"), "{stderr}");
    let output = goanna(dir).args(["build", "--capture", "bear", "--format", "json", "--enable", ONLY, "--", "make", "-s", "-B"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("captured 1 C unit(s) with bear: the build does not compile through $CC"), "{}", text(&output.stderr));
    assert_eq!(findings(&json_of(&output)), vec![("src/u.c".to_string(), 5)]);
}
