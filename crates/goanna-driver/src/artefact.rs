//! The per-unit artefact: everything the program stage needs from one translation unit
//! (design note 9). `scan` keeps artefacts in memory; the compiler wrapper writes them to a
//! results directory and `report` links them.

use goanna_ast::SourceFile;
use goanna_cfg::Cfg;
use goanna_checks::Problem;
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};

/// Version of the artefact format; artefacts of another version are refused, not misread.
pub const ARTEFACT_FORMAT_VERSION: u32 = 17;

/// What the unit stage produced for one translation unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitArtefact {
    /// [`ARTEFACT_FORMAT_VERSION`] of the writer.
    pub format_version: u32,
    /// The unit's source file.
    pub unit: PathBuf,
    /// True when the unit was parsed and its graphs built (perhaps with warnings).
    pub analysed: bool,
    /// The files its spans refer to (index = `FileId`).
    pub files: Vec<SourceFile>,
    /// One graph per function defined in the unit.
    pub cfgs: Vec<Cfg>,
    /// The functions whose address the unit takes (sorted by USR), with their types: the only
    /// functions a call through a pointer can reach ([`goanna_ast::TranslationUnit::address_taken`]).
    pub address_taken: Vec<goanna_cfg::TakenFunction>,
    /// Problems met while building it.
    pub problems: Vec<Problem>,
    /// [`crate::content_hash`] of the source text the unit stage read (`None` when it read
    /// none): `report` refuses the artefact once the source holds another text, instead of
    /// matching old line numbers against the new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_hash: Option<String>,
}

/// Why an artefact could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ArtefactError {
    /// Written by another version of goanna-rs.
    #[error("artefact format {found} is not supported (this goanna-rs reads format {expected}); re-run the build")]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
    /// Not an artefact, or damaged.
    #[error("not a goanna-rs artefact: {0}")]
    Malformed(String),
    /// Readable, but an index is out of range or a reference unresolved.
    #[error("damaged artefact: {0}")]
    Invalid(String),
    /// A file the unit was analysed from holds another text now.
    #[error("{file} changed since it was analysed; its findings would point at the wrong lines: rebuild to analyse it again")]
    Stale {
        /// The changed file (as stored: relative to the project root when inside it).
        file: PathBuf,
    },
    /// Not a regular file (a device, a pipe, a directory, a dangling link), or unreadable.
    #[error("cannot read: {0}")]
    Unreadable(String),
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

impl UnitArtefact {
    /// Serialises the artefact.
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads an artefact, checking its format version before anything else and then every
    /// index and reference it holds ([`crate::validate`]): what this returns is safe to link.
    pub fn from_bytes(bytes: &[u8]) -> Result<UnitArtefact, ArtefactError> {
        let version: VersionOnly = serde_json::from_slice(bytes).map_err(|e| ArtefactError::Malformed(e.to_string()))?;
        if version.format_version != ARTEFACT_FORMAT_VERSION {
            return Err(ArtefactError::Version { found: version.format_version, expected: ARTEFACT_FORMAT_VERSION });
        }
        let artefact: UnitArtefact = serde_json::from_slice(bytes).map_err(|e| ArtefactError::Malformed(e.to_string()))?;
        crate::validate::validate(&artefact).map_err(ArtefactError::Invalid)?;
        Ok(artefact)
    }

    /// Rewrites every path the artefact holds (the unit, its files, its problems' files) with
    /// `f`, which also gets whether the path is a system header.
    fn map_paths(&mut self, f: &dyn Fn(&Path, bool) -> PathBuf) {
        self.unit = f(&self.unit, false);
        for file in &mut self.files {
            file.path = f(&file.path, file.is_system);
        }
        for problem in &mut self.problems {
            problem.file = f(&problem.file, false);
        }
    }

    /// Makes the artefact independent of where the project lies: paths inside `root` become
    /// relative to it; other paths (system headers, sources outside the project) become
    /// absolute. Relative paths are first resolved against `working_dir` (where the compiler
    /// ran), and `.`/`..` components are removed lexically. `root` must be absolute.
    pub fn relativize(&mut self, root: &Path, working_dir: &Path) {
        let root = normalize(root);
        // Compiler messages name files too: drop the root from those (they stay relative).
        let prefix = format!("{}/", root.display());
        for detail in self.problems.iter_mut().flat_map(|p| p.details.iter_mut()) {
            if detail.contains(&prefix) {
                *detail = detail.replace(&prefix, "");
            }
        }
        self.map_paths(&|path, _system| {
            let absolute = normalize(&working_dir.join(path));
            match absolute.strip_prefix(&root) {
                Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
                _ => absolute,
            }
        });
    }

    /// The inverse of [`UnitArtefact::relativize`]: relative paths are joined to `root`
    /// (which may itself be relative, e.g. to show paths relative to the current directory).
    pub fn resolve(&mut self, root: &Path) {
        self.map_paths(&|path, _system| if path.is_relative() { root.join(path) } else { path.to_path_buf() });
    }
}

/// Removes `.` components and resolves `..` against the preceding component, without touching
/// the file system (so symbolic links are not followed).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_version_check() {
        let artefact = UnitArtefact {
            format_version: ARTEFACT_FORMAT_VERSION,
            unit: "a.c".into(),
            analysed: true,
            files: Vec::new(),
            cfgs: Vec::new(),
            address_taken: Vec::new(),
            problems: Vec::new(),
            source_hash: None,
        };
        let bytes = artefact.to_bytes();
        assert_eq!(UnitArtefact::from_bytes(&bytes).unwrap().unit, PathBuf::from("a.c"));
        let current = format!("\"format_version\":{ARTEFACT_FORMAT_VERSION}");
        let old = String::from_utf8(bytes).unwrap().replace(&current, "\"format_version\":0");
        assert!(matches!(UnitArtefact::from_bytes(old.as_bytes()), Err(ArtefactError::Version { found: 0, .. })));
        assert!(matches!(UnitArtefact::from_bytes(b"garbage"), Err(ArtefactError::Malformed(_))));
    }

    #[test]
    fn paths_inside_the_root_become_relative_and_come_back() {
        let mut artefact = UnitArtefact {
            format_version: ARTEFACT_FORMAT_VERSION,
            unit: "src/../src/a.c".into(),
            analysed: true,
            files: vec![
                SourceFile { path: "./src/a.c".into(), is_system: false },
                SourceFile { path: "/proj/include/a.h".into(), is_system: false },
                SourceFile { path: "/usr/include/stdio.h".into(), is_system: true },
                SourceFile { path: "/elsewhere/b.h".into(), is_system: false },
            ],
            cfgs: Vec::new(),
            address_taken: Vec::new(),
            problems: vec![Problem {
                file: "src/a.c".into(),
                message: String::new(),
                severity: goanna_checks::ProblemSeverity::Warning,
                details: vec!["/proj/src/a.c:1:2: error".into()],
            }],
            source_hash: None,
        };
        artefact.relativize(Path::new("/proj"), Path::new("/proj/build/.."));
        let paths: Vec<_> = artefact.files.iter().map(|f| f.path.clone()).collect();
        assert_eq!(artefact.unit, PathBuf::from("src/a.c"));
        assert_eq!(paths, ["src/a.c", "include/a.h", "/usr/include/stdio.h", "/elsewhere/b.h"].map(PathBuf::from));
        assert_eq!(artefact.problems[0].file, PathBuf::from("src/a.c"));
        assert_eq!(artefact.problems[0].details, vec!["src/a.c:1:2: error".to_string()]);
        let moved = UnitArtefact::from_bytes(&artefact.to_bytes()).unwrap();
        assert!(!String::from_utf8(artefact.to_bytes()).unwrap().contains("/proj"));
        let mut moved = moved;
        moved.resolve(Path::new("/other/place"));
        assert_eq!(moved.unit, PathBuf::from("/other/place/src/a.c"));
        assert_eq!(moved.files[1].path, PathBuf::from("/other/place/include/a.h"));
        assert_eq!(moved.files[2].path, PathBuf::from("/usr/include/stdio.h"));
    }
}
