//! The results directory: where the compiler wrapper stores one artefact per compiled unit and
//! from which `report` loads them all (design note 9).
//!
//! Layout: `DIR/units/NAME.HASH.gart`, one file per (source, output) pair: the name is the
//! source path relative to the project root (made file-name safe) and the hash is taken over that
//! path and the `-o` output relative to the root. So one source compiled into two objects (a
//! static and a shared build, say) keeps two artefacts, while recompiling with other flags
//! replaces the artefact: the last compile wins.
//!
//! A file is one header line (JSON: the source, the output, and the input record used to skip
//! re-analysis), a newline, then the artefact ([`UnitArtefact::to_bytes`]). Files are written to a
//! temporary name in the same directory and renamed into place, so concurrent writers (`make -j`,
//! two builds at once) never leave a torn file: the last rename wins.
//!
//! The project root is the parent of the results directory. Paths inside it are stored relative
//! to it, other paths (system headers) absolute, so the directory can be moved or copied to
//! another machine together with the sources.

use crate::artefact::{normalize, ArtefactError, UnitArtefact};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Version of the results file layout (the header line); other versions are refused.
pub const RESULTS_FORMAT_VERSION: u32 = 1;

/// Subdirectory holding the artefacts.
const UNITS_DIR: &str = "units";

/// File extension of stored artefacts.
const EXTENSION: &str = "gart";

/// Name of the results directory created in a project's top directory by default.
pub const DEFAULT_RESULTS_DIR_NAME: &str = ".goanna";

/// A stable 64-bit hash (FNV-1a): the same value on every machine and every build of goanna-rs.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.iter().chain(std::iter::once(&0u8)) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// Hash of compiler arguments, as hex.
pub fn hash_args(args: &[String]) -> String {
    let parts: Vec<&[u8]> = args.iter().map(|a| a.as_bytes()).collect();
    format!("{:016x}", fnv1a(&parts))
}

/// Hash of a file's contents (as [`content_hash`]); `None` when it is not a readable regular file.
fn hash_file(path: &Path) -> Option<String> {
    read_regular_file(path).ok().map(|bytes| content_hash(&bytes))
}

/// A stable hash of a text (FNV-1a, hex): the same on every machine and every build, so a
/// results directory made elsewhere can be checked against the sources here.
pub fn content_hash(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(&[bytes]))
}

/// Reads a file only when it is a regular file (following symbolic links): a device, a pipe or
/// a socket named where a source or an artefact should be would make a plain read block or read
/// forever. The file is checked again once open, so swapping it in between does not help.
pub fn read_regular_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let not_regular = || std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0).min(1 << 30));
    std::io::Read::read_to_end(&mut file, &mut bytes)?;
    Ok(bytes)
}

/// One input of an analysis and the hash of its contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputFile {
    /// Relative to the project root when inside it, else absolute.
    pub path: PathBuf,
    /// Hash of the contents.
    pub hash: String,
}

/// What an analysis depended on: when all of it is unchanged, analysing again gives the same
/// artefact, so the wrapper skips it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputRecord {
    /// Identifies the analyser (its version and build).
    pub tool: String,
    /// [`hash_args`] of the compiler arguments.
    pub args_hash: String,
    /// The source and every header it includes outside system directories.
    pub inputs: Vec<InputFile>,
}

/// The first line of a stored artefact.
#[derive(Debug, Serialize, Deserialize)]
struct Header {
    results_format: u32,
    /// The source, relative to the root when inside it.
    source: PathBuf,
    /// The `-o` output, relative to the root when inside it.
    output: Option<PathBuf>,
    /// True when the unit was analysed (failed units are never considered up to date).
    analysed: bool,
    record: InputRecord,
    /// How the unit was compiled, so that `report` can analyse it again when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    compile: Option<CompileRecord>,
}

/// How a stored unit was compiled. Like the artefact, it holds no absolute path inside the
/// project: the working directory is relative to the root, and the root in arguments
/// (`-I/proj/include`, CMake's absolute sources) is [`ROOT_TOKEN`].
#[derive(Clone, Debug, Serialize, Deserialize)]
struct CompileRecord {
    /// The compiler's arguments (without the compiler itself).
    args: Vec<String>,
    /// Where the compiler ran, relative to the root when inside it (empty: the root).
    working_dir: PathBuf,
}

/// Stands for the project root in recorded compiler arguments.
const ROOT_TOKEN: &str = "%GOANNA_ROOT%";

/// `arg` with every occurrence of `root` as a whole path prefix (followed by `/` or the end)
/// replaced by [`ROOT_TOKEN`].
fn abstract_root(arg: &str, root: &str) -> String {
    if root.is_empty() || root == "/" {
        return arg.to_string();
    }
    let mut out = String::new();
    let mut rest = arg;
    while let Some(at) = rest.find(root) {
        let after = &rest[at + root.len()..];
        out.push_str(&rest[..at]);
        if after.is_empty() || after.starts_with('/') {
            out.push_str(ROOT_TOKEN);
        } else {
            out.push_str(root);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// A unit whose stored artefact is stale, with what is needed to analyse it again as the
/// build compiled it and to store the result in its place ([`ResultsDir::store`]).
#[derive(Clone, Debug)]
pub struct Reanalysis {
    /// The unit: its source (absolute), the build's arguments and working directory.
    pub unit: crate::UnitSpec,
    /// The `-o` output (absolute), which names the stored artefact.
    pub output: Option<PathBuf>,
}

/// Why the results directory could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The directory (or its `units/`) cannot be read.
    #[error("cannot read results directory {path}: {source}")]
    Io {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A stored artefact was written by another version, or is damaged.
    #[error("{path}: {source}")]
    Artefact {
        /// The artefact file.
        path: PathBuf,
        /// The cause.
        source: ArtefactError,
    },
}

/// A stored artefact that `load` refused: the others are still loaded.
#[derive(Debug)]
pub struct Refused {
    /// The artefact file.
    pub path: PathBuf,
    /// Its source, as its header names it (relative to the root when inside it), when the
    /// header could be read.
    pub source: Option<PathBuf>,
    /// Why it was refused.
    pub error: ArtefactError,
    /// For a stale artefact that records how its unit was compiled: how to analyse it again.
    pub reanalysis: Option<Reanalysis>,
}

/// The artefacts of a build, as loaded by `report`.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The valid, current artefacts whose source still exists, with paths relative to the root
    /// (use [`UnitArtefact::resolve`]), in file-name order.
    pub artefacts: Vec<UnitArtefact>,
    /// Sources of artefacts that were ignored because the source no longer exists.
    pub stale: Vec<PathBuf>,
    /// Artefacts that could not be used (unreadable, not a regular file, another format
    /// version, damaged, or analysed from a text that has changed since), each by name.
    pub refused: Vec<Refused>,
}

/// A results directory and the project root its paths are relative to.
#[derive(Clone, Debug)]
pub struct ResultsDir {
    dir: PathBuf,
    root: PathBuf,
}

impl ResultsDir {
    /// The results directory `dir` (made absolute against the current directory); its parent is
    /// the project root.
    pub fn new(dir: &Path) -> std::io::Result<ResultsDir> {
        let dir = normalize(&std::env::current_dir()?.join(dir));
        let root = dir.parent().map(Path::to_path_buf).unwrap_or_else(|| dir.clone());
        Ok(ResultsDir { dir, root })
    }

    /// The directory itself (absolute).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The project root (absolute).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `path` (absolute) relative to the root when inside it, else unchanged.
    pub fn relative(&self, path: &Path) -> PathBuf {
        let path = normalize(path);
        match path.strip_prefix(&self.root) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
            _ => path,
        }
    }

    /// The inverse of [`ResultsDir::relative`].
    pub fn absolute(&self, path: &Path) -> PathBuf {
        self.root.join(path)
    }

    /// Where the artefact of `source` compiled to `output` (both absolute) is stored.
    pub fn artefact_path(&self, source: &Path, output: Option<&Path>) -> PathBuf {
        let source = self.relative(source);
        let output = output.map(|o| self.relative(o)).unwrap_or_default();
        let hash = fnv1a(&[source.as_os_str().as_encoded_bytes(), output.as_os_str().as_encoded_bytes()]);
        let safe: String = source
            .to_string_lossy()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
            .collect();
        let skip = safe.chars().count().saturating_sub(80);
        let name: String = safe.chars().skip(skip).collect();
        self.dir.join(UNITS_DIR).join(format!("{name}.{hash:016x}.{EXTENSION}"))
    }

    /// The input record of an analysis of `artefact` (already [`UnitArtefact::relativize`]d
    /// against this root) made by `tool` with `args`.
    pub fn input_record(&self, artefact: &UnitArtefact, tool: &str, args: &[String]) -> InputRecord {
        let mut paths: Vec<&Path> = artefact.files.iter().filter(|f| !f.is_system).map(|f| f.path.as_path()).collect();
        paths.push(&artefact.unit);
        paths.sort();
        paths.dedup();
        // The unit's own text is the one the unit stage read, when it says so: a source edited
        // while it was analysed then reads as changed.
        let inputs = paths
            .into_iter()
            .map(|p| {
                let hash = match (&artefact.source_hash, p == artefact.unit.as_path()) {
                    (Some(hash), true) => hash.clone(),
                    _ => hash_file(&self.absolute(p)).unwrap_or_default(),
                };
                InputFile { path: p.to_path_buf(), hash }
            })
            .collect();
        InputRecord { tool: tool.to_string(), args_hash: hash_args(args), inputs }
    }

    /// True when a stored artefact for (`source`, `output`) exists, was analysed successfully,
    /// and its record says the same `tool` analysed the same `args` with every input unchanged.
    /// Reads only the header line of the stored file.
    pub fn is_up_to_date(&self, source: &Path, output: Option<&Path>, tool: &str, args: &[String]) -> bool {
        let Some(header) = read_header(&self.artefact_path(source, output)) else { return false };
        header.results_format == RESULTS_FORMAT_VERSION
            && header.analysed
            && header.record.tool == tool
            && header.record.args_hash == hash_args(args)
            && !header.record.inputs.is_empty()
            && header.record.inputs.iter().all(|input| hash_file(&self.absolute(&input.path)).as_deref() == Some(input.hash.as_str()))
    }

    /// Stores the artefact of `source` compiled to `output` (absolute paths) in `working_dir`
    /// with `args` by `tool`: relativizes its paths, records its inputs and writes it
    /// atomically. Returns the file written.
    pub fn store(
        &self,
        source: &Path,
        output: Option<&Path>,
        mut artefact: UnitArtefact,
        working_dir: &Path,
        tool: &str,
        args: &[String],
    ) -> std::io::Result<PathBuf> {
        artefact.relativize(&self.root, working_dir);
        let record = self.input_record(&artefact, tool, args);
        let header = Header {
            results_format: RESULTS_FORMAT_VERSION,
            source: self.relative(source),
            output: output.map(|o| self.relative(o)),
            analysed: artefact.analysed,
            record,
            compile: Some(self.compile_record(args, working_dir)),
        };
        let mut bytes = serde_json::to_vec(&header).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        bytes.extend(artefact.to_bytes());
        let path = self.artefact_path(source, output);
        write_atomically(&path, &bytes)?;
        Ok(path)
    }

    /// Loads every stored artefact. Each one is checked on its own, and a bad one costs only
    /// itself ([`Loaded::refused`]): an unreadable file or one that is not a regular file (a
    /// dangling link, a link to a device), another format version, a damaged artefact (see
    /// [`UnitArtefact::from_bytes`]), or one whose source or headers hold another text than
    /// the one analysed. Artefacts whose source no longer exists are left out and listed in
    /// [`Loaded::stale`]. Fails only when the directory itself cannot be read.
    pub fn load(&self) -> Result<Loaded, ResultsError> {
        let units = self.dir.join(UNITS_DIR);
        let io_error = |source| ResultsError::Io { path: units.clone(), source };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&units)
            .map_err(io_error)?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == EXTENSION) && !is_temporary(p))
            .collect();
        files.sort();
        let loaded: Vec<Result<Option<UnitArtefact>, ArtefactError>> = files.par_iter().map(|path| self.load_one(path)).collect();
        let mut out = Loaded::default();
        for (path, result) in files.iter().zip(loaded) {
            match result {
                Ok(Some(artefact)) => out.artefacts.push(artefact),
                Ok(None) => out.stale.push(read_header(path).map(|h| h.source).unwrap_or_else(|| path.clone())),
                Err(error) => {
                    let header = read_header(path);
                    let reanalysis = match (&error, &header) {
                        (ArtefactError::Stale { .. }, Some(header)) => self.reanalysis(header),
                        _ => None,
                    };
                    out.refused.push(Refused { path: path.clone(), source: header.map(|h| h.source), error, reanalysis });
                }
            }
        }
        Ok(out)
    }

    /// The record of a compile with `args` in `working_dir` (absolute), free of the root.
    fn compile_record(&self, args: &[String], working_dir: &Path) -> CompileRecord {
        let root = self.root.to_string_lossy();
        let working_dir = normalize(working_dir);
        let working_dir = working_dir.strip_prefix(&self.root).map(Path::to_path_buf).unwrap_or(working_dir);
        CompileRecord { args: args.iter().map(|a| abstract_root(a, &root)).collect(), working_dir }
    }

    /// How to analyse the unit of `header` again, when it records how it was compiled, both its
    /// source and the directory it was compiled in lie inside the project, and no option names a
    /// file outside it ([`crate::ccargs::option_paths`]: `-include /x.h`; directories such as
    /// `-I/usr/include` are fine). Artefacts may come from other machines: a results directory
    /// must not make `report` parse a local file outside the project (clang's diagnostics would
    /// quote that file's text in the report).
    fn reanalysis(&self, header: &Header) -> Option<Reanalysis> {
        let compile = header.compile.as_ref()?;
        if !inside_root(&header.source) || !inside_root(&compile.working_dir) {
            return None;
        }
        let working_dir = self.absolute(&compile.working_dir);
        let root = self.root.to_string_lossy();
        let args: Vec<String> = compile.args.iter().map(|a| a.replace(ROOT_TOKEN, &root)).collect();
        if self.names_a_file_outside(&args, &working_dir) {
            return None;
        }
        Some(Reanalysis {
            unit: crate::UnitSpec { path: self.absolute(&header.source), args, working_dir: Some(working_dir) },
            output: header.output.as_ref().map(|o| self.absolute(o)),
        })
    }

    /// Loads one stored artefact: `None` when its source no longer exists.
    fn load_one(&self, path: &Path) -> Result<Option<UnitArtefact>, ArtefactError> {
        let bytes = read_regular_file(path).map_err(|e| ArtefactError::Unreadable(e.to_string()))?;
        let newline = bytes.iter().position(|b| *b == b'\n').ok_or_else(|| ArtefactError::Malformed("no header line".into()))?;
        let header: serde_json::Value = serde_json::from_slice(&bytes[..newline]).map_err(|e| ArtefactError::Malformed(e.to_string()))?;
        let found = header.get("results_format").and_then(|v| v.as_u64()).unwrap_or(0);
        if found != u64::from(RESULTS_FORMAT_VERSION) {
            return Err(ArtefactError::Version { found: u32::try_from(found).unwrap_or(u32::MAX), expected: RESULTS_FORMAT_VERSION });
        }
        let header: Header = serde_json::from_value(header).map_err(|e| ArtefactError::Malformed(e.to_string()))?;
        if !self.absolute(&header.source).exists() {
            return Ok(None);
        }
        let artefact = UnitArtefact::from_bytes(&bytes[newline + 1..])?;
        if let Some(changed) = self.changed_input(&header.record, &artefact) {
            return Err(ArtefactError::Stale { file: changed });
        }
        Ok(Some(artefact))
    }

    /// True when an option of `args` (run in `working_dir`) names a regular file outside the
    /// project root, symbolic links resolved.
    fn names_a_file_outside(&self, args: &[String], working_dir: &Path) -> bool {
        let root = std::fs::canonicalize(&self.root).unwrap_or_else(|_| self.root.clone());
        crate::ccargs::option_paths(args).into_iter().any(|value| {
            let path = working_dir.join(value);
            path.is_file() && std::fs::canonicalize(&path).is_ok_and(|real| !real.starts_with(&root))
        })
    }

    /// The first input of an analysis whose text is not the one analysed: one of the record's
    /// inputs (the source and its headers, by hash), or the unit itself when the record does
    /// not list it.
    fn changed_input(&self, record: &InputRecord, artefact: &UnitArtefact) -> Option<PathBuf> {
        let current = |path: &Path| hash_file(&self.absolute(path)).unwrap_or_default();
        if let Some(input) = record.inputs.iter().find(|input| current(&input.path) != input.hash) {
            return Some(input.path.clone());
        }
        let listed = record.inputs.iter().any(|input| input.path == artefact.unit);
        match &artefact.source_hash {
            Some(hash) if !listed && current(&artefact.unit) != *hash => Some(artefact.unit.clone()),
            _ => None,
        }
    }
}

/// True for a path stored relative to the root that stays inside it: relative, without `..`
/// (the empty path is the root itself).
fn inside_root(path: &Path) -> bool {
    path.components().all(|c| matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir))
}

fn is_temporary(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// Reads the header line of a stored artefact (a regular file only).
fn read_header(path: &Path) -> Option<Header> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut line = Vec::new();
    std::io::BufReader::new(file).read_until(b'\n', &mut line).ok()?;
    serde_json::from_slice(&line).ok()
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so
/// that readers and concurrent writers see either the old or the new file, never a torn one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let result = std::fs::File::create(&temp).and_then(|mut f| f.write_all(bytes)).and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Files whose presence marks a directory as part of a project's build.
const BUILD_FILES: &[&str] = &["Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "meson.build", "configure"];

/// The top directory of the project `start` is in: the nearest ancestor (or `start` itself)
/// holding `.git`; else the highest directory reached from `start` through parents that each
/// hold a build file (`Makefile`, `CMakeLists.txt`, `meson.build`, `configure`); else `start`.
pub fn top_directory(start: &Path) -> PathBuf {
    let start = normalize(start);
    if let Some(repo) = start.ancestors().find(|dir| dir.join(".git").exists()) {
        return repo.to_path_buf();
    }
    let has_build_file = |dir: &Path| BUILD_FILES.iter().any(|f| dir.join(f).is_file());
    let mut top = start.as_path();
    for dir in start.ancestors().skip(1) {
        if !has_build_file(dir) {
            break;
        }
        top = dir;
    }
    top.to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;
    use goanna_ast::SourceFile;

    fn artefact(unit: &Path, files: &[&Path]) -> UnitArtefact {
        UnitArtefact {
            format_version: crate::ARTEFACT_FORMAT_VERSION,
            unit: unit.to_path_buf(),
            analysed: true,
            files: files.iter().map(|p| SourceFile { path: p.to_path_buf(), is_system: false }).collect(),
            cfgs: Vec::new(),
            address_taken: Vec::new(),
            problems: Vec::new(),
            source_hash: None,
        }
    }

    #[test]
    fn store_load_up_to_date_and_stale() {
        let project = tempfile::tempdir().unwrap();
        let root = project.path();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/a.c"), "#include \"a.h\"\nint a;\n").unwrap();
        std::fs::write(root.join("src/a.h"), "int h;\n").unwrap();
        let results = ResultsDir::new(&root.join(".goanna")).unwrap();
        assert_eq!(results.root(), root);
        let args = vec!["-c".to_string(), "a.c".to_string()];
        let source = root.join("src/a.c");
        let output = root.join("src/a.o");
        assert!(!results.is_up_to_date(&source, Some(&output), "t1", &args));
        let written = results
            .store(&source, Some(&output), artefact(Path::new("a.c"), &[Path::new("a.c"), Path::new("./a.h")]), &root.join("src"), "t1", &args)
            .unwrap();
        let text = std::fs::read_to_string(&written).unwrap();
        assert!(!text.contains(&root.display().to_string()), "absolute path stored: {text}");
        assert!(results.is_up_to_date(&source, Some(&output), "t1", &args));
        assert!(!results.is_up_to_date(&source, Some(&output), "t2", &args), "another analyser");
        assert!(!results.is_up_to_date(&source, Some(&output), "t1", &args[..1]), "other flags");
        let loaded = results.load().unwrap();
        assert_eq!(loaded.artefacts.len(), 1);
        assert_eq!(loaded.artefacts[0].unit, PathBuf::from("src/a.c"));
        assert_eq!(loaded.artefacts[0].files[1].path, PathBuf::from("src/a.h"));

        std::fs::write(root.join("src/a.h"), "int h2;\n").unwrap();
        assert!(!results.is_up_to_date(&source, Some(&output), "t1", &args), "header changed");
        let loaded = results.load().unwrap();
        assert!(loaded.artefacts.is_empty(), "an artefact of another text is never matched against the new one");
        assert!(matches!(&loaded.refused[..], [Refused { error: ArtefactError::Stale { file }, .. }] if file == Path::new("src/a.h")), "{loaded:?}");
        let again = loaded.refused[0].reanalysis.as_ref().expect("the compile is recorded");
        assert_eq!(again.unit.path, source);
        assert_eq!(again.unit.args, args);
        assert_eq!(again.unit.working_dir.as_deref(), Some(root.join("src").as_path()));
        assert_eq!(again.output.as_deref(), Some(output.as_path()));
        std::fs::write(root.join("src/a.h"), "int h;\n").unwrap();
        assert_eq!(results.load().unwrap().artefacts.len(), 1, "the analysed text is back");

        std::fs::remove_file(&source).unwrap();
        let loaded = results.load().unwrap();
        assert!(loaded.artefacts.is_empty());
        assert_eq!(loaded.stale, vec![PathBuf::from("src/a.c")]);
    }

    #[test]
    fn other_versions_damage_and_non_files_are_refused_one_by_one() {
        let project = tempfile::tempdir().unwrap();
        let root = project.path();
        std::fs::write(root.join("good.c"), "int a;\n").unwrap();
        let results = ResultsDir::new(&root.join(".goanna")).unwrap();
        let good = artefact(Path::new("good.c"), &[Path::new("good.c")]);
        results.store(&root.join("good.c"), None, good, root, "t", &[]).unwrap();
        let units = results.dir().join("units");
        write_atomically(&units.join("x.c.0000.gart"), b"{\"results_format\":99}\n{}").unwrap();
        write_atomically(&units.join("y.c.0000.gart"), b"garbage").unwrap();
        std::os::unix::fs::symlink(root.join("nowhere"), units.join("dangling.0000.gart")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", units.join("device.0000.gart")).unwrap();
        write_atomically(&units.join(".z.gart.12.tmp"), b"partial").unwrap();
        let loaded = results.load().unwrap();
        assert_eq!(loaded.artefacts.len(), 1, "the good artefact is still loaded");
        let refused: Vec<(String, String)> = loaded
            .refused
            .iter()
            .map(|r| (r.path.file_name().unwrap().to_string_lossy().into_owned(), r.error.to_string()))
            .collect();
        assert_eq!(refused.len(), 4, "{refused:?}");
        assert!(refused[0].0 == "dangling.0000.gart" && refused[0].1.contains("No such file"), "{refused:?}");
        assert!(refused[1].0 == "device.0000.gart" && refused[1].1.contains("not a regular file"), "{refused:?}");
        assert!(refused[2].0 == "x.c.0000.gart" && refused[2].1.contains("format 99"), "{refused:?}");
        assert!(refused[3].0 == "y.c.0000.gart" && refused[3].1.contains("not a goanna-rs artefact"), "{refused:?}");
    }

    #[test]
    fn an_artefact_with_a_broken_index_is_refused_by_name() {
        let project = tempfile::tempdir().unwrap();
        let root = project.path();
        std::fs::write(root.join("a.c"), "int f(void) { return 0; }\n").unwrap();
        let results = ResultsDir::new(&root.join(".goanna")).unwrap();
        let mut bad = crate::build_artefact(&crate::UnitSpec::new(root.join("a.c")), &crate::AnalysisOptions::default());
        assert!(!bad.cfgs.is_empty());
        bad.cfgs[0].entry = goanna_cfg::NodeId(999);
        let written = results.store(&root.join("a.c"), None, bad, root, "t", &[]).unwrap();
        let loaded = results.load().unwrap();
        assert!(loaded.artefacts.is_empty());
        assert_eq!(loaded.refused.len(), 1);
        assert_eq!(loaded.refused[0].path, written);
        assert_eq!(loaded.refused[0].source.as_deref(), Some(Path::new("a.c")));
        assert!(loaded.refused[0].error.to_string().contains("function `f`: the entry names node 999"), "{:?}", loaded.refused);
    }

    #[test]
    fn read_regular_file_refuses_what_is_not_one() {
        assert!(read_regular_file(Path::new("/dev/zero")).unwrap_err().to_string().contains("not a regular file"));
        assert!(read_regular_file(Path::new("/")).is_err());
    }

    #[test]
    fn recorded_compiles_hold_no_absolute_path_of_the_project() {
        assert_eq!(abstract_root("-I/p/include", "/p"), "-I%GOANNA_ROOT%/include");
        assert_eq!(abstract_root("/p", "/p"), "%GOANNA_ROOT%");
        assert_eq!(abstract_root("-I/pp/include", "/p"), "-I/pp/include", "only whole path components");
        assert_eq!(abstract_root("-I/p/a:/p/b", "/p"), "-I%GOANNA_ROOT%/a:%GOANNA_ROOT%/b");
        let project = tempfile::tempdir().unwrap();
        let root = project.path();
        std::fs::write(root.join("a.c"), "int a;\n").unwrap();
        let results = ResultsDir::new(&root.join(".goanna")).unwrap();
        let args = vec!["-I".to_string(), format!("{}/include", root.display()), "-c".to_string(), root.join("a.c").display().to_string()];
        let stored = results.store(&root.join("a.c"), None, artefact(Path::new("a.c"), &[Path::new("a.c")]), root, "t", &args).unwrap();
        assert!(!std::fs::read_to_string(&stored).unwrap().contains(&root.display().to_string()));
        // Moved, then changed: analysed again with the arguments of the new place.
        let moved = tempfile::tempdir().unwrap();
        let place = moved.path().join("p");
        std::fs::rename(root, &place).unwrap();
        std::fs::write(place.join("a.c"), "int a2;\n").unwrap();
        let loaded = ResultsDir::new(&place.join(".goanna")).unwrap().load().unwrap();
        let again = loaded.refused[0].reanalysis.as_ref().unwrap();
        assert_eq!(again.unit.args[1], format!("{}/include", place.display()));
        assert_eq!(again.unit.working_dir.as_deref(), Some(place.as_path()));
        assert_eq!(again.unit.path, place.join("a.c"));
    }

    #[test]
    fn only_units_inside_the_project_are_analysed_again() {
        let base = tempfile::tempdir().unwrap();
        let root = base.path().join("p");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(base.path().join("outside.c"), "int o;\n").unwrap();
        std::fs::write(root.join("src/in.c"), "int i;\n").unwrap();
        let results = ResultsDir::new(&root.join(".goanna")).unwrap();
        let outside = base.path().join("outside.c");
        let inside = root.join("src/in.c");
        let stored_outside =
            results.store(&outside, None, artefact(&outside, &[&outside]), &root, "t", &["-c".to_string()]).unwrap();
        let stored_inside =
            results.store(&inside, None, artefact(Path::new("in.c"), &[Path::new("in.c")]), &root.join("src"), "t", &[]).unwrap();
        // Compiled inside the project, but in a working directory outside it, or with an option
        // that makes the compiler read a file outside it (forged headers).
        let forged = results.dir().join("units/forged.0000.gart");
        let text = std::fs::read_to_string(&stored_inside).unwrap();
        write_atomically(&forged, text.replacen("\"working_dir\":\"src\"", "\"working_dir\":\"../..\"", 1).as_bytes()).unwrap();
        let included = results.dir().join("units/included.0000.gart");
        let option = format!("\"args\":[\"-include\",\"{}\",\"-I/usr/include\"]", outside.display());
        write_atomically(&included, text.replacen("\"args\":[]", &option, 1).as_bytes()).unwrap();
        let directory = results.dir().join("units/directory.0000.gart");
        let option = format!("\"args\":[\"-I{}\",\"-o\",\"{}\"]", base.path().display(), outside.display());
        write_atomically(&directory, text.replacen("\"args\":[]", &option, 1).as_bytes()).unwrap();
        std::fs::write(&outside, "int o2;\n").unwrap();
        std::fs::write(&inside, "int i2;\n").unwrap();
        let loaded = results.load().unwrap();
        let again = |path: &Path| {
            let refused = loaded.refused.iter().find(|r| r.path == path).unwrap_or_else(|| panic!("{path:?} not refused: {loaded:?}"));
            assert!(matches!(refused.error, ArtefactError::Stale { .. }), "{refused:?}");
            refused.reanalysis.is_some()
        };
        assert!(again(&stored_inside), "a changed unit of the project is analysed again");
        assert!(!again(&stored_outside), "a source outside the project is never parsed for a report");
        assert!(!again(&forged), "nor is a unit compiled outside it");
        assert!(!again(&included), "nor one that includes a file outside it");
        assert!(again(&directory), "directories outside it and the files the compiler writes are fine");
        assert!(inside_root(Path::new("")) && inside_root(Path::new("./src/a.c")));
        assert!(!inside_root(Path::new("../a.c")) && !inside_root(Path::new("src/../../a.c")) && !inside_root(Path::new("/a.c")));
    }

    #[test]
    fn artefact_names_separate_outputs_and_stay_short() {
        let results = ResultsDir::new(Path::new("/p/.goanna")).unwrap();
        let a = results.artefact_path(Path::new("/p/src/a.c"), Some(Path::new("/p/src/a.o")));
        let b = results.artefact_path(Path::new("/p/src/a.c"), Some(Path::new("/p/src/a.pic.o")));
        assert_ne!(a, b);
        assert!(a.file_name().unwrap().to_string_lossy().starts_with("src_a.c."));
        let long = results.artefact_path(&Path::new("/p").join("d/".repeat(100)).join("x.c"), None);
        assert!(long.file_name().unwrap().len() < 120);
    }

    #[test]
    fn top_directory_rule() {
        let base = tempfile::tempdir().unwrap();
        let proj = base.path().join("proj");
        std::fs::create_dir_all(proj.join("lib/sub")).unwrap();
        std::fs::write(proj.join("Makefile"), "").unwrap();
        std::fs::write(proj.join("lib/Makefile"), "").unwrap();
        assert_eq!(top_directory(&proj.join("lib")), proj);
        assert_eq!(top_directory(&proj.join("lib/sub")), proj);
        assert_eq!(top_directory(base.path()), base.path());
        std::fs::create_dir_all(proj.join(".git")).unwrap();
        assert_eq!(top_directory(&proj.join("lib/sub")), proj);
    }
}
