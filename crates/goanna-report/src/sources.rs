//! Source files, loaded on demand for snippets.

use codespan_reporting::files::SimpleFiles;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A lazily filled cache of source files, in the form `codespan-reporting` renders from.
#[derive(Default)]
pub struct Sources {
    files: SimpleFiles<String, String>,
    ids: HashMap<PathBuf, Option<usize>>,
}

impl Sources {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
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
        let id = std::fs::read(path)
            .ok()
            .map(|bytes| self.files.add(path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()));
        self.ids.insert(path.to_path_buf(), id);
        id
    }

    /// The files, for rendering.
    pub fn files(&self) -> &SimpleFiles<String, String> {
        &self.files
    }

    /// Length in bytes of a loaded file.
    pub fn len(&self, id: usize) -> usize {
        self.files.get(id).map(|f| f.source().len()).unwrap_or(0)
    }

    /// The contents of a loaded file.
    pub fn contents(&self, id: usize) -> Option<&str> {
        self.files.get(id).ok().map(|f| f.source().as_str())
    }

    /// The text of a 1-based line of a loaded file, without its line break.
    pub fn line_text(&self, id: usize, line: u32) -> Option<&str> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.contents(id)?.split('\n').nth(index).map(|l| l.trim_end_matches('\r'))
    }

    /// True when no file has been loaded.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}
