//! Where the results directory of a build is, and what identifies this analyser build; shared
//! by `cc`, `build` and `report`.

use goanna_driver::{top_directory, DEFAULT_RESULTS_DIR_NAME};
use std::path::{Path, PathBuf};

/// Environment variable naming the results directory (exported by `goanna-rs build`).
pub const RESULTS_DIR_ENV: &str = "GOANNA_RESULTS_DIR";

/// The results directory: `given` (from `--results-dir`), else `$GOANNA_RESULTS_DIR`, else
/// `.goanna` in the project's top directory (see [`goanna_driver::top_directory`]). Relative
/// paths are resolved against the current directory.
pub fn resolve(given: Option<&Path>) -> std::io::Result<PathBuf> {
    let cwd = std::env::current_dir()?;
    let dir = match given {
        Some(dir) => dir.to_path_buf(),
        None => match std::env::var_os(RESULTS_DIR_ENV).filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => top_directory(&cwd).join(DEFAULT_RESULTS_DIR_NAME),
        },
    };
    Ok(goanna_driver::normalize(&cwd.join(dir)))
}

/// Identifies this analyser build for the results store: the version plus the executable's size
/// and modification time, so a rebuilt goanna-rs re-analyses units even at the same version.
pub fn tool_id() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let stamp = std::env::current_exe().and_then(std::fs::metadata).ok().map(|m| {
        let mtime = m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map(|d| d.as_nanos()).unwrap_or(0);
        format!("{}-{mtime}", m.len())
    });
    format!("goanna-rs {version} format {} {}", goanna_driver::ARTEFACT_FORMAT_VERSION, stamp.unwrap_or_default())
}
