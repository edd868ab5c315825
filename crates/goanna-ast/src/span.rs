//! Source files and locations.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Index of a file in [`crate::TranslationUnit::files`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FileId(pub u32);

/// A source file that contributed to a unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SourceFile {
    /// Path as the compiler saw it (absolute when the compiler resolved it so).
    pub path: PathBuf,
    /// A system header (`-isystem`, `/usr/include`, ...).
    pub is_system: bool,
}

/// A range of source text: byte offsets for rendering, 1-based lines and columns for reports.
///
/// For code written through a macro, the span is the macro's *expansion* location in the file
/// that uses it, and `from_macro` is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// Byte offset of the first character.
    pub start: u32,
    /// Byte offset one past the last character.
    pub end: u32,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column (in bytes) of `start`.
    pub col: u32,
    /// 1-based line of `end`.
    pub end_line: u32,
    /// 1-based column (in bytes) of `end`.
    pub end_col: u32,
    /// Written through a macro expansion.
    pub from_macro: bool,
}

impl Span {
    /// The smallest span covering both (they must be in the same file; otherwise `self`).
    pub fn cover(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        let (start, line, col) = if other.start < self.start {
            (other.start, other.line, other.col)
        } else {
            (self.start, self.line, self.col)
        };
        let (end, end_line, end_col) = if other.end > self.end {
            (other.end, other.end_line, other.end_col)
        } else {
            (self.end, self.end_line, self.end_col)
        };
        Span { file: self.file, start, end, line, col, end_line, end_col, from_macro: self.from_macro && other.from_macro }
    }
}
