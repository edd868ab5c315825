//! The bodies of the fuzz targets, shared by the libFuzzer binaries (`fuzz_targets/`) and the
//! plain test over the corpus and a seeded generator (`tests/fuzz.rs`). A body panics exactly
//! when it finds a bug: a panic, a stack overflow (an abort), or an answer that contradicts
//! itself. Both include `src/config.rs` as the crate's `config` module.

use crate::config::{glob_matches, parse};

/// Paths the exclude globs of a fuzzed configuration are matched against, besides the globs
/// themselves: ordinary ones, deep ones and long names (where a backtracking matcher is slow).
const PATHS: &[&str] = &[
    "src/main.c",
    "./third_party/zlib/inflate.c",
    "/abs/path/to/x.gen.c",
    "a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b.c",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.c",
    "",
    "/",
    "ü/ß.c",
];

/// Whether `pattern` is a plain name (no glob syntax, no separator, not `.` or `..`), which
/// must match a path of that name.
fn is_plain_name(pattern: &str) -> bool {
    !pattern.is_empty() && pattern.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The `goanna.toml` reader: any text is read or refused with a message; the globs of a file
/// that is read match (or not) every path, each in bounded time, and a plain name matches
/// itself.
pub fn config_reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = match parse(text) {
        Ok(file) => file,
        Err(message) => {
            assert!(!message.is_empty(), "a refusal without a message");
            return;
        }
    };
    let _ = file.min_severity.map(|l| l.severity());
    let _ = file.fail_on.map(|f| f.threshold());
    let patterns: Vec<&str> = file.exclude.iter().map(String::as_str).take(16).collect();
    for pattern in &patterns {
        for path in PATHS.iter().chain(patterns.iter()) {
            let _ = glob_matches(pattern, path);
        }
        if is_plain_name(pattern) {
            assert!(glob_matches(pattern, pattern), "`{pattern}` does not match itself");
            assert!(glob_matches(pattern, &format!("src/{pattern}/x.c")), "`{pattern}` does not match a directory of that name");
        }
    }
}
