//! `compile_commands.json`: the units of a build, each with its own flags and directory.

use crate::ccargs::{classify, Invocation};
use crate::UnitSpec;
use goanna_checks::{Problem, ProblemSeverity};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One entry of a compilation database (the fields clang's JSON format defines).
#[derive(Debug, Deserialize)]
struct Entry {
    directory: PathBuf,
    file: PathBuf,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

/// Finds the database: `path` itself when it is a file, else `path/compile_commands.json`.
pub fn database_path(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("compile_commands.json")
    } else {
        path.to_path_buf()
    }
}

fn note(file: &Path, message: String, severity: ProblemSeverity) -> Problem {
    Problem { file: file.to_path_buf(), message, severity, details: Vec::new() }
}

/// Reads a compilation database. Entries for other languages are skipped with one warning
/// naming their number; entries that do not compile (`-E`, `-M`, ...) or cannot be understood
/// are skipped with a warning each. Fails only when the file cannot be read or
/// is not a JSON array of entries.
pub fn load_compile_commands(path: &Path) -> Result<(Vec<UnitSpec>, Vec<Problem>), String> {
    let db = database_path(path);
    let text = std::fs::read_to_string(&db).map_err(|e| format!("cannot read {}: {e}", db.display()))?;
    let entries: Vec<Entry> = serde_json::from_str(&text).map_err(|e| format!("{}: not a compilation database: {e}", db.display()))?;
    let mut units = Vec::new();
    let mut problems = Vec::new();
    let mut other_languages = 0usize;
    for entry in entries {
        let file = if entry.file.is_absolute() { entry.file.clone() } else { entry.directory.join(&entry.file) };
        if !crate::is_source(&file) {
            other_languages += 1;
            continue;
        }
        let args = match (entry.arguments, entry.command) {
            (Some(args), _) => args,
            (None, Some(command)) => match shlex::split(&command) {
                Some(args) => args,
                None => {
                    problems.push(note(&file, "compile command has unbalanced quotes; skipped".into(), ProblemSeverity::Warning));
                    continue;
                }
            },
            (None, None) => {
                problems.push(note(&file, "compile command has neither `arguments` nor `command`; skipped".into(), ProblemSeverity::Warning));
                continue;
            }
        };
        match classify(args.get(1..).unwrap_or_default()) {
            Invocation::Skip(reason) if reason.starts_with("no C source") && args.iter().any(|a| a.starts_with("-x")) => {
                other_languages += 1;
                continue;
            }
            Invocation::Skip(reason) if !reason.starts_with("no C source") && !reason.starts_with("configure") => {
                problems.push(note(&file, format!("not a compile command ({reason}); skipped"), ProblemSeverity::Warning));
                continue;
            }
            _ => {}
        }
        units.push(UnitSpec { path: file, args, working_dir: Some(entry.directory) });
    }
    if other_languages > 0 {
        problems.push(note(
            &db,
            format!("skipped {other_languages} entries for other languages (only C units are analysed)"),
            ProblemSeverity::Warning,
        ));
    }
    if let Some(problem) = moved_database(&db, &units) {
        problems.push(problem);
    }
    units.sort_by(|a, b| a.path.cmp(&b.path));
    units.dedup_by(|a, b| a.path == b.path);
    Ok((units, problems))
}

/// The deepest directory that holds every path (lexically).
fn common_ancestor<'a>(mut paths: impl Iterator<Item = &'a Path>) -> Option<PathBuf> {
    let mut common = paths.next()?.to_path_buf();
    for path in paths {
        while !path.starts_with(&common) {
            if !common.pop() {
                return None;
            }
        }
    }
    Some(common)
}

/// A warning when the database describes a build in another tree than the one it lies in: a
/// database copied (with the sources) from elsewhere still names the original absolute paths,
/// so analysing it would silently analyse the original tree, or fail on files that are not
/// there. A database normally lies in the build directory its entries run in, or in the
/// project that holds them (or is held by it); anything else is said.
fn moved_database(db: &Path, units: &[UnitSpec]) -> Option<Problem> {
    let db_dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let db_dir = std::fs::canonicalize(db_dir).ok()?;
    let dirs: Vec<PathBuf> = units
        .iter()
        .filter_map(|u| u.working_dir.as_ref())
        .map(|d| crate::normalize(&db_dir.join(d)))
        .map(|d| std::fs::canonicalize(&d).unwrap_or(d))
        .collect();
    let common = common_ancestor(dirs.iter().map(PathBuf::as_path))?;
    if common.starts_with(&db_dir) || db_dir.starts_with(&common) {
        return None;
    }
    let missing = units.iter().filter(|u| !u.path.exists()).count();
    let consequence = if missing > 0 {
        format!("{missing} of its {} sources do not exist there", units.len())
    } else {
        "the sources analysed are the ones there, not the ones next to the database".to_string()
    };
    Some(note(
        db,
        format!(
            "this database describes a build in {}, but lies in {}: was it copied from another tree? {consequence}; \
             regenerate it in this tree (or fix its `directory` and `file` paths)",
            common.display(),
            db_dir.display()
        ),
        ProblemSeverity::Warning,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_arguments_and_commands_and_skips_other_languages() {
        let dir = tempfile::tempdir().unwrap();
        let db = format!(
            r#"[{{"directory": "{d}", "file": "a.c", "arguments": ["cc", "-DA", "-c", "a.c"]}},
               {{"directory": "{d}", "file": "b.c", "command": "cc -I 'inc dir' -c b.c -o b.o"}},
               {{"directory": "{d}", "file": "c.cpp", "command": "c++ -c c.cpp"}},
               {{"directory": "{d}", "file": "d.c"}},
               {{"directory": "{d}", "file": "e.c", "arguments": ["cc", "-E", "e.c"]}},
               {{"directory": "{d}", "file": "f.c", "arguments": ["cc", "-x", "c++", "-c", "f.c"]}},
               {{"directory": "{d}", "file": "g.m", "arguments": ["cc", "-c", "g.m"]}},
               {{"directory": "{d}", "file": "h.c", "arguments": ["cc", "-x", "objective-c", "-c", "h.c"]}}]"#,
            d = dir.path().display()
        );
        std::fs::write(dir.path().join("compile_commands.json"), db).unwrap();
        let (units, problems) = load_compile_commands(dir.path()).unwrap();
        let names: Vec<_> = units.iter().map(|u| u.path.file_name().unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(names, ["a.c", "b.c", "c.cpp", "f.c"]);
        assert_eq!(units[0].path, dir.path().join("a.c"));
        assert_eq!(units[1].args, vec!["cc", "-I", "inc dir", "-c", "b.c", "-o", "b.o"]);
        assert_eq!(units[1].working_dir.as_deref(), Some(dir.path()));
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[1].message.contains("-E"), "{problems:?}");
        assert!(problems[2].message.contains("skipped 2 entries for other languages"), "{problems:?}");
    }

    #[test]
    fn a_database_copied_from_another_tree_is_said() {
        let base = tempfile::tempdir().unwrap();
        let original = base.path().join("original");
        let copy = base.path().join("copy/build");
        std::fs::create_dir_all(original.join("build")).unwrap();
        std::fs::create_dir_all(&copy).unwrap();
        std::fs::write(original.join("a.c"), "int a;").unwrap();
        let db = format!(r#"[{{"directory": "{}/build", "file": "../a.c", "arguments": ["cc", "-c", "../a.c"]}}]"#, original.display());
        std::fs::write(original.join("build/compile_commands.json"), &db).unwrap();
        std::fs::write(copy.join("compile_commands.json"), &db).unwrap();
        let (_, problems) = load_compile_commands(&original.join("build")).unwrap();
        assert!(problems.is_empty(), "the database in its own build directory: {problems:?}");
        let (units, problems) = load_compile_commands(&copy).unwrap();
        assert_eq!(units.len(), 1);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("copied from another tree") && problems[0].message.contains("original/build"), "{problems:?}");
        // A database at the project's top, for entries in its subdirectories, is at home.
        let top = format!(r#"[{{"directory": "{}/build", "file": "../a.c", "arguments": ["cc", "-c", "../a.c"]}}]"#, original.display());
        std::fs::write(original.join("compile_commands.json"), top).unwrap();
        assert!(load_compile_commands(&original).unwrap().1.is_empty());
    }

    #[test]
    fn malformed_database_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("compile_commands.json"), "{not json").unwrap();
        assert!(load_compile_commands(dir.path()).unwrap_err().contains("not a compilation database"));
        assert!(load_compile_commands(&dir.path().join("nope.json")).is_err());
    }
}
