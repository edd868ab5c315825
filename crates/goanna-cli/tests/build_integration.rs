//! Build integration end to end on `testdata/multifile` (copied to a temporary directory): the
//! compiler wrapper (`goanna-rs cc`, `goannacc`), `report`, `build`, `scan -p` over the build's
//! `compile_commands.json`, incremental re-analysis, and analysis failures that must not fail a
//! build. Needs `make` and a C compiler `cc`; the CMake test runs when `cmake` is installed.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Checks whose `// expect:` annotations in the fixture are asserted; the checks of bugs that
/// need whole-program linking are in [`CROSS_FILE_CHECKS`].
// RED-dead is a style check: the reports below ask for the style checks too.
const LOCAL_CHECKS: &[&str] = &["RED-dead", "SPC-uninit-var-all"];
/// Cross-file checks asserted: their bugs show only when the units are linked.
const CROSS_FILE_CHECKS: &[&str] = &["MEM-leak", "MEM-double-free", "MEM-use-free-all"];
/// Units of the fixture.
const UNITS: u64 = 3;

fn goanna_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_goanna-rs"))
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/multifile")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A fresh copy of the fixture in `base/name`.
fn project(base: &Path, name: &str) -> PathBuf {
    let dir = base.join(name);
    copy_dir(&fixture(), &dir);
    dir
}

fn run(command: &mut Command) -> Output {
    command.output().unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn must_succeed(command: &mut Command) -> Output {
    let output = run(command);
    assert!(output.status.success(), "{command:?} failed: {}\n{}", text(&output.stdout), text(&output.stderr));
    output
}

/// A command without the environment variables that steer the wrapper.
fn clean(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut command = Command::new(program);
    for var in ["CC", "CXX", "GOANNA_CC", "GOANNA_CXX", "GOANNA_RESULTS_DIR", "GOANNA_STRICT", "GOANNA_LOG", "GOANNA_CC_DEPTH", "MAKEFLAGS"] {
        command.env_remove(var);
    }
    command
}

fn goanna() -> Command {
    clean(goanna_bin())
}

fn make(dir: &Path) -> Command {
    let mut command = clean("make");
    command.arg("-s").arg("-C").arg(dir);
    command
}

/// A `goannacc` symbolic link to the binary, in `dir`.
fn goannacc(dir: &Path) -> PathBuf {
    let link = dir.join("goannacc");
    if !link.exists() {
        std::os::unix::fs::symlink(goanna_bin(), &link).unwrap();
    }
    link
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("bad JSON ({e}): {}\nstderr: {}", text(&output.stdout), text(&output.stderr)))
}

/// (file relative to `root`, line, check) of every finding.
fn findings(json: &Value, root: &Path) -> BTreeSet<(String, u64, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let file = PathBuf::from(f["file"].as_str().unwrap());
            let file = file.strip_prefix(root).map(Path::to_path_buf).unwrap_or(file);
            (file.display().to_string(), f["line"].as_u64().unwrap(), f["check"].as_str().unwrap().to_string())
        })
        .collect()
}

/// The fixture's expectations for the asserted checks.
fn expectations() -> BTreeSet<(String, u64, String)> {
    let mut out = BTreeSet::new();
    for name in ["main.c", "store.c", "level.c"] {
        let source = std::fs::read_to_string(fixture().join("src").join(name)).unwrap();
        for e in goanna_testkit::parse_annotations(&source).expected {
            if LOCAL_CHECKS.contains(&e.check.as_str()) || CROSS_FILE_CHECKS.contains(&e.check.as_str()) {
                out.insert((format!("src/{name}"), u64::from(e.line), e.check));
            }
        }
    }
    out
}

fn asserted(found: &BTreeSet<(String, u64, String)>) -> BTreeSet<(String, u64, String)> {
    found.iter().filter(|(_, _, c)| LOCAL_CHECKS.contains(&c.as_str()) || CROSS_FILE_CHECKS.contains(&c.as_str())).cloned().collect()
}

fn report_json(dir: &Path) -> (i32, Value) {
    let output = run(goanna().current_dir(dir).args(["report", "--format", "json", "--enable", "style"]));
    (output.status.code().unwrap_or(-1), json_of(&output))
}

fn objects(dir: &Path) -> Vec<(String, Vec<u8>)> {
    ["src/main.o", "src/store.o", "src/level.o", "app"].iter().map(|f| (f.to_string(), std::fs::read(dir.join(f)).unwrap())).collect()
}

fn artefacts(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(".goanna/units")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

fn mtimes(files: &[PathBuf]) -> Vec<std::time::SystemTime> {
    files.iter().map(|f| std::fs::metadata(f).unwrap().modified().unwrap()).collect()
}

fn log_lines(log: &Path, prefix: &str) -> usize {
    std::fs::read_to_string(log).unwrap_or_default().lines().filter(|l| l.starts_with(prefix)).count()
}

#[test]
fn wrapper_builds_the_same_objects_and_report_finds_each_bug() {
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    must_succeed(&mut make(&dir));
    let plain = objects(&dir);
    must_succeed(make(&dir).arg("clean"));
    let wrapper = format!("{} cc", goanna_bin().display());
    let built = must_succeed(make(&dir).arg(format!("CC={wrapper}")));
    assert!(text(&built.stderr).is_empty(), "the wrapper must be silent: {}", text(&built.stderr));
    assert_eq!(objects(&dir), plain, "objects built through the wrapper differ");

    let (code, json) = report_json(&dir);
    assert_eq!(code, 1, "findings give exit status 1: {json:#}");
    assert_eq!(asserted(&findings(&json, &dir)), expectations(), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], UNITS, "{json:#}");
    assert_eq!(json["summary"]["units_failed"], 0, "{json:#}");
    assert!(json["errors"].as_array().unwrap().is_empty(), "{json:#}");
    assert!(json["findings"][0]["file"].as_str().unwrap().starts_with("src/"), "paths relative to the project: {json:#}");

    // No absolute path of the project in the artefacts: moving the tree keeps the report.
    let root = dir.display().to_string();
    for artefact in artefacts(&dir) {
        assert!(!std::fs::read_to_string(&artefact).unwrap().contains(&root), "{} holds {root}", artefact.display());
    }
    let moved = base.path().join("elsewhere");
    std::fs::rename(&dir, &moved).unwrap();
    let (code, json_moved) = report_json(&moved);
    assert_eq!(code, 1);
    assert_eq!(findings(&json_moved, &moved), findings(&json, &dir));

    // From another directory, paths are shown relative to it when the project is inside it,
    // else absolute.
    let output = run(goanna().current_dir(base.path()).args(["report", "--enable", "style", "--format", "short", "--results-dir"]).arg(moved.join(".goanna")));
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("\nelsewhere/src/level.c:") || text(&output.stdout).starts_with("elsewhere/src/level.c:"), "{}", text(&output.stdout));
    let output = run(goanna().current_dir(moved.join("src")).args(["report", "--enable", "style", "--format", "short", "--results-dir", "../.goanna"]));
    assert!(text(&output.stdout).contains(&format!("{}:", moved.join("src/level.c").display())), "{}", text(&output.stdout));
}

#[test]
fn scan_of_the_compilation_database_matches_report() {
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    must_succeed(make(&dir).arg(format!("CC={}", goannacc(base.path()).display())).env("GOANNA_CC", "cc"));
    let (_, reported) = report_json(&dir);
    let entries: Vec<Value> = ["main", "store", "level"]
        .iter()
        .map(|n| {
            serde_json::json!({"directory": dir, "file": format!("src/{n}.c"),
                "command": format!("cc -O2 -Wall -Wno-uninitialized -Wno-maybe-uninitialized -Iinclude -c src/{n}.c -o src/{n}.o")})
        })
        .collect();
    std::fs::write(dir.join("compile_commands.json"), serde_json::to_string_pretty(&entries).unwrap()).unwrap();

    let output = run(goanna().args(["scan", "--enable", "style", "--format", "json", "-p"]).arg(&dir));
    let scanned = json_of(&output);
    assert_eq!(findings(&scanned, &dir), findings(&reported, &dir), "scan -p: {scanned:#}\nreport: {reported:#}");
    assert_eq!(scanned["summary"]["units_analysed"], reported["summary"]["units_analysed"]);

    // Scanning the directory picks up its compile_commands.json, with a note.
    let output = run(goanna().args(["scan", "--enable", "style", "--format", "json"]).arg(&dir));
    assert!(text(&output.stderr).contains("compile_commands.json"), "{}", text(&output.stderr));
    assert_eq!(findings(&json_of(&output), &dir), findings(&reported, &dir));
    // ... unless --no-compdb: then it walks, without the -Iinclude flag, and the units that
    // include store.h do not compile.
    let output = run(goanna().args(["scan", "--no-compdb", "--format", "json"]).arg(&dir));
    let walked = json_of(&output);
    assert!(walked["summary"]["units_failed"].as_u64().unwrap() > 0, "{walked:#}");
}

#[test]
fn second_parallel_make_reanalyses_nothing() {
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    let log = base.path().join("wrapper.log");
    let cc = goannacc(base.path());
    let make_j4 = || {
        let mut command = make(&dir);
        command.arg("-j4").arg(format!("CC={}", cc.display())).env("GOANNA_CC", "cc").env("GOANNA_LOG", &log);
        must_succeed(&mut command);
    };
    make_j4();
    assert_eq!(log_lines(&log, "analysed "), UNITS as usize, "{}", std::fs::read_to_string(&log).unwrap());
    let files = artefacts(&dir);
    assert_eq!(files.len(), UNITS as usize);
    let before = mtimes(&files);
    make_j4();
    assert_eq!(log_lines(&log, "analysed "), UNITS as usize, "the second make analysed again");
    assert_eq!(mtimes(&files), before);

    // A recompile with unchanged inputs is not analysed again...
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let level = dir.join("src/level.c");
    std::fs::write(&level, std::fs::read(&level).unwrap()).unwrap();
    make_j4();
    assert_eq!(log_lines(&log, "up-to-date "), 1, "{}", std::fs::read_to_string(&log).unwrap());
    assert_eq!(log_lines(&log, "analysed "), UNITS as usize);
    assert_eq!(mtimes(&files), before);
    // ... but a changed header re-analyses every unit that includes it.
    let header = dir.join("include/store.h");
    let mut contents = std::fs::read_to_string(&header).unwrap();
    contents.push_str("/* changed */\n");
    std::fs::write(&header, contents).unwrap();
    make_j4();
    assert_eq!(log_lines(&log, "analysed "), 2 * UNITS as usize, "{}", std::fs::read_to_string(&log).unwrap());
    let (_, json) = report_json(&dir);
    assert_eq!(asserted(&findings(&json, &dir)), expectations());
}

#[test]
fn analysis_failures_do_not_fail_the_build_unless_strict() {
    let dir = tempfile::tempdir().unwrap();
    // GCC accepts nested functions; clang (the analyser's parser) rejects them.
    std::fs::write(dir.path().join("nested.c"), "int outer(void)\n{\n    int inner(void) { return 1; }\n    return inner();\n}\n").unwrap();
    std::fs::write(dir.path().join("broken.c"), "int f(void) { return 1 +; }\n").unwrap();
    let results = dir.path().join("results");
    let plain = run(clean("cc").current_dir(dir.path()).args(["-c", "nested.c", "-o", "plain.o"]));
    if !plain.status.success() {
        eprintln!("skipped: cc does not accept GCC nested functions");
        return;
    }
    let wrapped = run(goanna().current_dir(dir.path()).args(["cc", "--results-dir"]).arg(&results).args(["cc", "-c", "nested.c", "-o", "nested.o"]));
    assert_eq!(wrapped.status.code(), Some(0), "{}", text(&wrapped.stderr));
    let stderr = text(&wrapped.stderr);
    assert!(stderr.starts_with("goanna-rs: nested.c: not analysed") && stderr.lines().count() == 1, "{stderr}");
    assert_eq!(std::fs::read(dir.path().join("nested.o")).unwrap(), std::fs::read(dir.path().join("plain.o")).unwrap());

    let strict = run(goanna().current_dir(dir.path()).args(["cc", "--strict", "--results-dir"]).arg(&results).args(["cc", "-c", "nested.c"]));
    assert_eq!(strict.status.code(), Some(2), "{}", text(&strict.stderr));
    let strict_env = run(goannacc_command(dir.path()).env("GOANNA_STRICT", "1").env("GOANNA_RESULTS_DIR", &results).args(["-c", "nested.c"]));
    assert_eq!(strict_env.status.code(), Some(2), "{}", text(&strict_env.stderr));

    // The report shows the unit that failed: twice, as it was compiled to two outputs
    // (`nested.o` by `-o`, and the default without `-o`), each with its own artefact.
    let output = run(goanna().args(["report", "--format", "json", "--results-dir"]).arg(&results));
    let json = json_of(&output);
    assert_eq!(json["summary"]["units_failed"], 2, "{json:#}");
    assert_eq!(output.status.code(), Some(2));

    // A compile error: the compiler's status and messages, nothing from goanna-rs.
    let plain = run(clean("cc").current_dir(dir.path()).args(["-c", "broken.c"]));
    let wrapped = run(goannacc_command(dir.path()).env("GOANNA_RESULTS_DIR", &results).args(["-c", "broken.c"]));
    assert_eq!(wrapped.status.code(), plain.status.code());
    assert_eq!(text(&wrapped.stderr), text(&plain.stderr));
    // Standard output passes through.
    let plain = run(clean("cc").arg("--version"));
    let wrapped = run(goannacc_command(dir.path()).arg("--version"));
    assert_eq!(wrapped.stdout, plain.stdout);
    assert_eq!(wrapped.status.code(), Some(0));
}

/// `goannacc` (a symlink) with `GOANNA_CC=goannacc` itself: the wrapper must not call itself.
fn goannacc_command(dir: &Path) -> Command {
    let link = goannacc(dir);
    let mut command = clean(&link);
    command.current_dir(dir).env("GOANNA_CC", &link);
    command
}

#[test]
fn goannacc_finds_the_real_compiler_and_stores_results_in_the_top_directory() {
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    let link = goannacc(base.path());
    // CC=goannacc exported as GOANNA_CC too, and make run in a subdirectory: still no recursion,
    // and results in the top directory (.git).
    let output = run(clean(&link).current_dir(dir.join("src")).env("GOANNA_CC", "goannacc").env("PATH", path_with(base.path())).args([
        "-O2", "-I../include", "-c", "level.c", "-o", "level.o",
    ]));
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(artefacts(&dir).len(), 1);

    // A compiler named on the command line that does not exist is an error (as a shell's
    // "command not found"), never replaced by another compiler.
    for missing in ["no-such-compiler-9f2", "/nonexistent/bin/gcc"] {
        let output = run(goanna().current_dir(dir.join("src")).args(["cc", "--", missing, "-c", "level.c", "-o", "missing.o"]));
        assert_eq!(output.status.code(), Some(127), "{missing}: {}", text(&output.stderr));
        assert!(text(&output.stderr).contains(&format!("cannot find the compiler `{missing}`")), "{}", text(&output.stderr));
        assert!(!dir.join("src/missing.o").exists(), "{missing}: another compiler ran");
    }
}

fn path_with(dir: &Path) -> std::ffi::OsString {
    let mut paths = vec![dir.to_path_buf()];
    paths.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
    std::env::join_paths(paths).unwrap()
}

#[test]
fn build_runs_the_build_then_reports() {
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    let output = run(goanna().current_dir(&dir).args(["build", "--enable", "style", "--format", "json", "--", "make", "-s", "-j2"]));
    assert_eq!(output.status.code(), Some(1), "findings: {}", text(&output.stderr));
    let json = json_of(&output);
    assert_eq!(asserted(&findings(&json, &dir)), expectations(), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], UNITS);
    assert!(dir.join("app").is_file());

    // Artefacts of deleted sources are ignored, with a note.
    std::fs::remove_file(dir.join("src/level.c")).unwrap();
    let output = run(goanna().current_dir(&dir).args(["report", "--format", "json", "--enable", "style"]));
    assert!(text(&output.stderr).contains("src/level.c: the source no longer exists"), "{}", text(&output.stderr));
    assert_eq!(json_of(&output)["summary"]["units_analysed"], UNITS - 1);

    // A failing build gives the build's status, after the report.
    let output = run(goanna().current_dir(&dir).args(["build", "--format", "json", "--", "sh", "-c", "exit 3"]));
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    assert_eq!(json_of(&output)["summary"]["units_analysed"], UNITS - 1);

    // Artefacts of another format version are refused, naming the file; the others are
    // still reported.
    let file = artefacts(&dir).into_iter().find(|a| !a.file_name().unwrap().to_string_lossy().starts_with("src_level.c.")).unwrap();
    let contents = std::fs::read_to_string(&file).unwrap().replacen("\"results_format\":1", "\"results_format\":99", 1);
    std::fs::write(&file, contents).unwrap();
    let output = run(goanna().current_dir(&dir).args(["report", "--format", "json"]));
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("rebuild to analyse the build again"), "{}", text(&output.stderr));
    let json = json_of(&output);
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    assert!(json["errors"].as_array().unwrap().iter().any(|e| e["message"].as_str().unwrap().contains(&name)), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], UNITS - 2);
}

#[test]
fn cmake_launcher_and_compile_commands() {
    if clean("cmake").arg("--version").output().is_err() {
        eprintln!("skipped: cmake is not installed (scripts/setup installs it)");
        return;
    }
    let base = tempfile::tempdir().unwrap();
    let dir = project(base.path(), "proj");
    let build = dir.join("build");
    must_succeed(clean("cmake").arg("-S").arg(&dir).arg("-B").arg(&build).args([
        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
        "-DCMAKE_BUILD_TYPE=Release",
        &format!("-DCMAKE_C_COMPILER_LAUNCHER={};cc", goanna_bin().display()),
    ]));
    must_succeed(clean("cmake").arg("--build").arg(&build).arg("-j2"));
    // Results default to the top directory: the build directory's parent holds CMakeLists.txt.
    let (_, reported) = report_json(&dir);
    assert_eq!(asserted(&findings(&reported, &dir)), expectations(), "{reported:#}");
    assert_eq!(reported["summary"]["units_analysed"], UNITS, "CMake's probes are not analysed: {reported:#}");
    let scanned = json_of(&run(goanna().args(["scan", "--enable", "style", "--format", "json", "-p"]).arg(&build)));
    assert_eq!(findings(&scanned, &dir), findings(&reported, &dir));

    // CMAKE_C_COMPILER=goannacc, with the real compiler in GOANNA_CC.
    let other = project(base.path(), "other");
    let build = other.join("build");
    let link = goannacc(base.path());
    must_succeed(clean("cmake").arg("-S").arg(&other).arg("-B").arg(&build).arg(format!("-DCMAKE_C_COMPILER={}", link.display())).env("GOANNA_CC", "cc"));
    must_succeed(clean("cmake").arg("--build").arg(&build).env("GOANNA_CC", "cc"));
    let (_, json) = report_json(&other);
    assert_eq!(asserted(&findings(&json, &other)), expectations(), "{json:#}");
    assert_eq!(json["summary"]["units_analysed"], UNITS, "{json:#}");
}
