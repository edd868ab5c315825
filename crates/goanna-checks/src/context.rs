//! What a check needs to know about the unit a graph comes from.

use crate::Location;
use goanna_ast::{SourceFile, Span};

/// Resolves spans of one translation unit to file paths.
#[derive(Clone, Copy, Debug)]
pub struct UnitContext<'a> {
    /// The unit's files, indexed by `FileId`.
    pub files: &'a [SourceFile],
}

impl<'a> UnitContext<'a> {
    /// A context over the given files.
    pub fn new(files: &'a [SourceFile]) -> Self {
        UnitContext { files }
    }

    /// The location of a span, with the file resolved to its path.
    pub fn location(&self, span: Span) -> Location {
        let file = self
            .files
            .get(span.file.0 as usize)
            .map(|f| f.path.clone())
            .unwrap_or_default();
        Location {
            file,
            line: span.line,
            column: span.col,
            end_line: span.end_line.max(span.line),
            end_column: span.end_col,
            start: span.start,
            end: span.end.max(span.start),
        }
    }
}
