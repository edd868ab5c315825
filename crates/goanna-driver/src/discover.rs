//! Finding the C and C++ sources to analyse.

use goanna_checks::{Problem, ProblemSeverity};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// True for files the scan treats as translation units when walking a directory: C (`.c`)
/// and C++ (`.cpp`, `.cc`, `.cxx`, `.c++`, `.C`) sources.
pub fn is_source(path: &Path) -> bool {
    path.extension().is_some_and(|e| matches!(e.to_str(), Some("c" | "cpp" | "cc" | "cxx" | "c++" | "C")))
}

/// Directory names never entered while walking: version control, build outputs and our own
/// results.
fn is_skipped_dir(name: &str) -> bool {
    matches!(name, ".git" | ".hg" | ".svn" | ".goanna" | "node_modules" | "target")
}

fn problem(path: &Path, message: String) -> Problem {
    Problem { file: path.to_path_buf(), message, severity: ProblemSeverity::Error, details: Vec::new() }
}

/// Expands the scan's arguments into a sorted, deduplicated list of units. A file named
/// explicitly is a unit whatever its extension; directories are walked for C and C++ sources. Paths
/// that do not exist or cannot be walked are reported as problems, and the rest goes on.
pub fn discover_units(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Problem>) {
    let mut units = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        let metadata = match std::fs::metadata(path) {
            Ok(m) => m,
            Err(e) => {
                problems.push(problem(path, format!("cannot read: {e}")));
                continue;
            }
        };
        if !metadata.is_dir() {
            units.push(path.clone());
            continue;
        }
        let walker = WalkDir::new(path)
            .follow_links(false)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !(e.file_type().is_dir() && is_skipped_dir(&e.file_name().to_string_lossy())));
        for entry in walker {
            match entry {
                Ok(entry) if entry.file_type().is_file() && is_source(entry.path()) => units.push(entry.into_path()),
                Ok(_) => {}
                Err(e) => {
                    let at = e.path().map(Path::to_path_buf).unwrap_or_else(|| path.clone());
                    problems.push(problem(&at, format!("cannot walk directory: {e}")));
                }
            }
        }
    }
    units.sort();
    units.dedup();
    (units, problems)
}

/// The file a unit names, canonical (symbolic links, `.` and `..` resolved; relative paths
/// against its working directory), or as written when it cannot be resolved.
pub fn canonical_source(unit: &crate::UnitSpec) -> PathBuf {
    let path = match (&unit.working_dir, unit.path.is_relative()) {
        (Some(dir), true) => dir.join(&unit.path),
        _ => unit.path.clone(),
    };
    std::fs::canonicalize(&path).unwrap_or(path)
}

/// Keeps one unit per file: the same file named two ways (`a.c`, `./a.c`, `src/../a.c`, a
/// link to it, or two entries of a compilation database) is analysed and reported once, at
/// the place of its first name. Among files named on the command line (no working directory of
/// their own) the name kept is the shortest of those that lead to the file without a symbolic
/// link, if any (`src/a.c` rather than `./src/a.c` or `link.c`); a compilation database's
/// first entry for a file wins (its flags come with it).
pub fn dedupe_units(units: Vec<crate::UnitSpec>) -> Vec<crate::UnitSpec> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut kept: Vec<crate::UnitSpec> = Vec::new();
    let mut index: std::collections::HashMap<PathBuf, usize> = std::collections::HashMap::new();
    for unit in units {
        let canonical = canonical_source(&unit);
        let direct = |u: &crate::UnitSpec| {
            let base = u.working_dir.clone().unwrap_or_else(|| cwd.clone());
            crate::normalize(&base.join(&u.path)) == canonical
        };
        match index.get(&canonical) {
            Some(&at) => {
                let named = unit.working_dir.is_none() && kept[at].working_dir.is_none();
                let better = named && direct(&unit) && (!direct(&kept[at]) || unit.path.as_os_str().len() < kept[at].path.as_os_str().len());
                if better {
                    kept[at] = unit;
                }
            }
            None => {
                index.insert(canonical, kept.len());
                kept.push(unit);
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_directories_for_c_files_and_reports_missing_paths() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src/.git")).unwrap();
        std::fs::write(dir.path().join("src/a.c"), "int a;").unwrap();
        std::fs::write(dir.path().join("src/b.h"), "int b;").unwrap();
        std::fs::write(dir.path().join("src/.git/c.c"), "int c;").unwrap();
        let explicit = dir.path().join("src/b.h");
        let missing = dir.path().join("nope.c");
        let (units, problems) = discover_units(&[dir.path().to_path_buf(), explicit.clone(), missing.clone()]);
        assert_eq!(units, vec![dir.path().join("src/a.c"), explicit]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].file, missing);
    }

    #[test]
    fn one_unit_per_file_however_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("src/a.c"), "int a;").unwrap();
        std::fs::write(dir.path().join("src/b.c"), "int b;").unwrap();
        std::os::unix::fs::symlink(dir.path().join("src/a.c"), dir.path().join("link.c")).unwrap();
        let named = [dir.path().join("src/a.c"), dir.path().join("src/../src/a.c"), dir.path().join("link.c"), dir.path().join("src/b.c")];
        let mut units: Vec<crate::UnitSpec> = named.iter().cloned().map(crate::UnitSpec::new).collect();
        units.push(crate::UnitSpec { path: "a.c".into(), args: Vec::new(), working_dir: Some(dir.path().join("src")) });
        let kept: Vec<PathBuf> = dedupe_units(units).into_iter().map(|u| u.path).collect();
        assert_eq!(kept, vec![named[0].clone(), named[3].clone()]);
        let reversed: Vec<crate::UnitSpec> = named.iter().rev().cloned().map(crate::UnitSpec::new).collect();
        let kept: Vec<PathBuf> = dedupe_units(reversed).into_iter().map(|u| u.path).collect();
        assert_eq!(kept, vec![named[3].clone(), named[0].clone()], "the direct, shortest name is kept");
    }
}
