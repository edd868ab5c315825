//! Source locations: files, spans, and raw source text.

use std::os::raw::c_uint;
use std::path::PathBuf;

use clang_sys::*;
use goanna_ast::{FileId, SourceFile, Span};

use super::{Converter, FileEntry};
use crate::util::cx_string;

/// A decoded location: file handle, 1-based line and column, byte offset.
#[derive(Clone, Copy)]
pub(crate) struct Loc {
    pub(crate) file: CXFile,
    pub(crate) line: u32,
    pub(crate) col: u32,
    pub(crate) offset: u32,
}

/// Expansion location of `loc`.
pub(crate) fn expansion(loc: CXSourceLocation) -> Loc {
    let (mut file, mut line, mut col, mut offset): (CXFile, c_uint, c_uint, c_uint) =
        (std::ptr::null_mut(), 0, 0, 0);
    // SAFETY: out-pointers are valid locals.
    unsafe { clang_getExpansionLocation(loc, &mut file, &mut line, &mut col, &mut offset) };
    Loc { file, line, col, offset }
}

/// Spelling location of `loc`.
pub(crate) fn spelling_loc(loc: CXSourceLocation) -> Loc {
    let (mut file, mut line, mut col, mut offset): (CXFile, c_uint, c_uint, c_uint) =
        (std::ptr::null_mut(), 0, 0, 0);
    // SAFETY: out-pointers are valid locals.
    unsafe { clang_getSpellingLocation(loc, &mut file, &mut line, &mut col, &mut offset) };
    Loc { file, line, col, offset }
}

impl Converter {
    /// The id of a file, registering it on first sight.
    pub(crate) fn file_id(&mut self, file: CXFile) -> FileId {
        if file.is_null() {
            return self.out.main_file;
        }
        let key = file as usize;
        if let Some(entry) = self.files.get(&key) {
            return entry.id;
        }
        // SAFETY: `file` is a live file handle of this translation unit.
        let (path, is_system) = unsafe {
            let path = cx_string(clang_getFileName(file));
            let start = clang_getLocationForOffset(self.tu, file, 0);
            (path, clang_Location_isInSystemHeader(start) != 0)
        };
        let id = FileId(self.out.files.len() as u32);
        self.out.files.push(SourceFile { path: PathBuf::from(path), is_system });
        self.files.insert(key, FileEntry { id, text: None, alternatives: None });
        id
    }

    /// The source text of a file (valid while the translation unit lives).
    pub(crate) fn text(&mut self, file: CXFile) -> &[u8] {
        if file.is_null() {
            return &[];
        }
        self.file_id(file);
        let tu = self.tu;
        let Some(entry) = self.files.get_mut(&(file as usize)) else { return &[] };
        let (ptr, len) = *entry.text.get_or_insert_with(|| {
            let mut size: usize = 0;
            // SAFETY: `file` belongs to `tu`; libclang returns a pointer into its own buffer.
            let ptr = unsafe { clang_getFileContents(tu, file, &mut size as *mut usize as *mut _) };
            if ptr.is_null() {
                (std::ptr::null(), 0)
            } else {
                (ptr as *const u8, size)
            }
        });
        if ptr.is_null() {
            return &[];
        }
        // SAFETY: the buffer is owned by the translation unit, which outlives the converter.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }

    /// The source text starting at the *spelling* location of `loc` (up to the end of file).
    pub(crate) fn spelled_text_at(&mut self, loc: CXSourceLocation) -> &[u8] {
        let l = spelling_loc(loc);
        let text = self.text(l.file);
        text.get(l.offset as usize..).unwrap_or(&[])
    }

    /// A span from a source range, using expansion locations.
    pub(crate) fn range_span(&mut self, range: CXSourceRange) -> Span {
        // SAFETY: pure accessors on a range value.
        let (start_loc, end_loc) = unsafe { (clang_getRangeStart(range), clang_getRangeEnd(range)) };
        let start = expansion(start_loc);
        let end = expansion(end_loc);
        let spelled = spelling_loc(start_loc);
        let from_macro = spelled.file != start.file || spelled.offset != start.offset;
        let file = self.file_id(start.file);
        let (end_off, end_line, end_col) = if end.file == start.file && end.offset >= start.offset {
            (end.offset, end.line, end.col)
        } else {
            (start.offset, start.line, start.col)
        };
        Span {
            file,
            start: start.offset,
            end: end_off,
            line: start.line,
            col: start.col,
            end_line,
            end_col,
            from_macro,
        }
    }

    /// The span of a cursor's extent.
    pub(crate) fn cursor_span(&mut self, cursor: CXCursor) -> Span {
        // SAFETY: pure accessor on a live cursor.
        let range = unsafe { clang_getCursorExtent(cursor) };
        self.range_span(range)
    }

    /// A span of `len` bytes at a location (for names).
    pub(crate) fn loc_span(&mut self, loc: CXSourceLocation, len: usize) -> Span {
        let start = expansion(loc);
        let spelled = spelling_loc(loc);
        let from_macro = spelled.file != start.file || spelled.offset != start.offset;
        let file = self.file_id(start.file);
        let len = if from_macro { 0 } else { len as u32 };
        Span {
            file,
            start: start.offset,
            end: start.offset + len,
            line: start.line,
            col: start.col,
            end_line: start.line,
            end_col: start.col + len,
            from_macro,
        }
    }

    /// The span of a declaration's name.
    pub(crate) fn name_span(&mut self, cursor: CXCursor, name: &str) -> Span {
        // SAFETY: pure accessor on a live cursor.
        let loc = unsafe { clang_getCursorLocation(cursor) };
        self.loc_span(loc, name.len())
    }
}
