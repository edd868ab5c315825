//! Debug helper: prints libclang's raw cursor tree of a C file (development aid).
#![allow(unsafe_code)] // direct libclang calls
use clang_sys::*;
use std::ffi::{CStr, CString};
use std::os::raw::c_void;

unsafe fn s(x: CXString) -> String {
    let p = clang_getCString(x);
    let r = if p.is_null() { String::new() } else { CStr::from_ptr(p).to_string_lossy().into_owned() };
    clang_disposeString(x);
    r
}

extern "C" fn visit(c: CXCursor, _p: CXCursor, data: CXClientData) -> CXChildVisitResult {
    unsafe {
        let depth = *(data as *mut usize);
        let loc = clang_getCursorLocation(c);
        if clang_Location_isInSystemHeader(loc) != 0 { return CXChildVisit_Continue; }
        let ext = clang_getCursorExtent(c);
        let (mut f, mut l, mut col, mut off) = (std::ptr::null_mut(), 0, 0, 0);
        clang_getExpansionLocation(clang_getRangeStart(ext), &mut f, &mut l, &mut col, &mut off);
        let mut eoff = 0;
        clang_getExpansionLocation(clang_getRangeEnd(ext), &mut f, &mut l, &mut col, &mut eoff);
        let ty = clang_getCursorType(c);
        println!("{}{} '{}' [{}..{}] ty='{}' canon={} nargs={}", "  ".repeat(depth), s(clang_getCursorKindSpelling(clang_getCursorKind(c))),
            s(clang_getCursorSpelling(c)), off, eoff, s(clang_getTypeSpelling(ty)), s(clang_getTypeKindSpelling(clang_getCanonicalType(ty).kind)), clang_Cursor_getNumArguments(c));
        let mut d = depth + 1;
        clang_visitChildren(c, visit, &mut d as *mut usize as *mut c_void);
        CXChildVisit_Continue
    }
}

fn main() {
    unsafe {
        clang_sys::load().unwrap();
        let path = std::env::args().nth(1).unwrap();
        let idx = clang_createIndex(0, 1);
        let cpath = CString::new(path).unwrap();
        let args: Vec<CString> = std::env::args().skip(2).map(|a| CString::new(a).unwrap()).collect();
        let argv: Vec<_> = args.iter().map(|a| a.as_ptr()).collect();
        let mut tu = std::ptr::null_mut();
        let e = clang_parseTranslationUnit2(idx, cpath.as_ptr(), argv.as_ptr(), argv.len() as i32, std::ptr::null_mut(), 0, CXTranslationUnit_KeepGoing, &mut tu);
        println!("err={e}");
        let mut d = 0usize;
        clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &mut d as *mut usize as *mut c_void);
    }
}
