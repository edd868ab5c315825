//! Source files, loaded on demand for snippets.
//!
//! Findings name files, and findings may come from artefacts made on other machines (a
//! distributed build): a cache made with [`Sources::confined`] reads only files inside the given
//! roots (after resolving symbolic links), so a results directory can never pull an arbitrary
//! local file into a report. Only regular files are read: a path naming a device or a pipe is
//! treated as unreadable, never read forever.

use codespan_reporting::files::SimpleFiles;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files larger than this are not read (their findings are shown without a snippet).
const MAX_SOURCE_BYTES: u64 = 256 << 20;

/// A lazily filled cache of source files, in the form `codespan-reporting` renders from.
#[derive(Default)]
pub struct Sources {
    files: SimpleFiles<String, String>,
    ids: HashMap<PathBuf, Option<usize>>,
    /// When set, only files under these (canonical) directories or equal to these files are read.
    roots: Option<Vec<PathBuf>>,
    /// Files not read because they lie outside the roots.
    outside: Vec<PathBuf>,
}

impl Sources {
    /// An empty cache that reads any file.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty cache that reads only files inside `roots` (directories, or single files):
    /// others are treated as unreadable and listed by [`Sources::outside_roots`]. Roots that do
    /// not exist confine to nothing.
    pub fn confined(roots: &[PathBuf]) -> Self {
        let roots = roots.iter().filter_map(|r| std::fs::canonicalize(r).ok()).collect();
        Sources { roots: Some(roots), ..Self::default() }
    }

    /// The files a confined cache was asked for but did not read, because they lie outside its
    /// roots, in the order asked.
    pub fn outside_roots(&self) -> &[PathBuf] {
        &self.outside
    }

    /// Whether `path` may be read: inside a root once symbolic links and `..` are resolved.
    fn allowed(&self, path: &Path) -> bool {
        let Some(roots) = &self.roots else { return true };
        match std::fs::canonicalize(path) {
            Ok(real) => roots.iter().any(|root| real.starts_with(root)),
            Err(_) => false,
        }
    }

    /// Reads a regular file of reasonable size; `None` for anything else.
    fn read(path: &Path) -> Option<String> {
        if !std::fs::metadata(path).ok()?.is_file() {
            return None;
        }
        let file = std::fs::File::open(path).ok()?;
        let metadata = file.metadata().ok()?;
        if !metadata.is_file() || metadata.len() > MAX_SOURCE_BYTES {
            return None;
        }
        let mut bytes = Vec::new();
        file.take(MAX_SOURCE_BYTES).read_to_end(&mut bytes).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Adds a file's contents directly (for tests and for sources read from stdin).
    pub fn insert(&mut self, path: &Path, contents: String) -> usize {
        let id = self.files.add(path.display().to_string(), contents);
        self.ids.insert(path.to_path_buf(), Some(id));
        id
    }

    /// The id of a file, reading it on first use; `None` when it cannot be read.
    pub fn id(&mut self, path: &Path) -> Option<usize> {
        if let Some(id) = self.ids.get(path) {
            return *id;
        }
        let allowed = self.allowed(path);
        if !allowed && path.exists() {
            self.outside.push(path.to_path_buf());
        }
        let id = allowed.then(|| Self::read(path)).flatten().map(|contents| self.files.add(path.display().to_string(), contents));
        self.ids.insert(path.to_path_buf(), id);
        id
    }

    /// The files, for rendering.
    pub fn files(&self) -> &SimpleFiles<String, String> {
        &self.files
    }

    /// The name of a loaded file, as it was asked for.
    pub fn name(&self, id: usize) -> String {
        self.files.get(id).map(|f| f.name().clone()).unwrap_or_default()
    }

    /// Length in bytes of a loaded file.
    pub fn len(&self, id: usize) -> usize {
        self.files.get(id).map(|f| f.source().len()).unwrap_or(0)
    }

    /// The contents of a loaded file.
    pub fn contents(&self, id: usize) -> Option<&str> {
        self.files.get(id).ok().map(|f| f.source().as_str())
    }

    /// The text of a 1-based line of a loaded file, without its line break. Found through the
    /// file's table of line starts: constant time, however many findings ask.
    pub fn line_text(&self, id: usize, line: u32) -> Option<&str> {
        use codespan_reporting::files::Files;
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let range = self.files.line_range(id, index).ok()?;
        let text = self.contents(id)?.get(range)?;
        Some(text.strip_suffix('\n').unwrap_or(text).trim_end_matches('\r'))
    }

    /// True when no file has been loaded.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_text_gives_each_line_without_its_break() {
        let mut sources = Sources::new();
        let id = sources.insert(Path::new("a.c"), "int a;\r\nint b;\n\nlast".to_string());
        assert_eq!(sources.line_text(id, 1), Some("int a;"));
        assert_eq!(sources.line_text(id, 2), Some("int b;"));
        assert_eq!(sources.line_text(id, 3), Some(""));
        assert_eq!(sources.line_text(id, 4), Some("last"));
        assert_eq!(sources.line_text(id, 5), None);
        assert_eq!(sources.line_text(id, 0), None);
        let id = sources.insert(Path::new("b.c"), "x\n".to_string());
        assert_eq!(sources.line_text(id, 2), Some(""));
        assert_eq!(sources.line_text(id, 3), None);
    }

    #[test]
    fn a_confined_cache_reads_only_regular_files_inside_its_roots() {
        let base = tempfile::tempdir().unwrap();
        let project = base.path().join("project");
        std::fs::create_dir_all(project.join("src")).unwrap();
        std::fs::write(project.join("src/a.c"), "int a;\n").unwrap();
        std::fs::write(base.path().join("secret.txt"), "password\n").unwrap();
        std::os::unix::fs::symlink(base.path().join("secret.txt"), project.join("src/link.c")).unwrap();
        let mut sources = Sources::confined(std::slice::from_ref(&project));
        assert!(sources.id(&project.join("src/a.c")).is_some());
        assert!(sources.id(&project.join("src/../../secret.txt")).is_none(), "`..` out of the root");
        assert!(sources.id(&base.path().join("secret.txt")).is_none(), "outside the root");
        assert!(sources.id(&project.join("src/link.c")).is_none(), "a link inside pointing outside");
        assert_eq!(sources.outside_roots().len(), 3);
        let mut open = Sources::new();
        assert!(open.id(&base.path().join("secret.txt")).is_some());
        assert!(open.id(Path::new("/dev/zero")).is_none(), "a device is never read");
    }
}
