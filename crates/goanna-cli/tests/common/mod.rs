//! Helpers shared by the end-to-end tests that run `goanna-rs` in a scratch project
//! (`artefacts_cli`, `conventions_cli`).
// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// The checks the tests are written for.
pub const ONLY: &str = "RED-dead,SPC-uninit-var-all";

/// A unit with one `SPC-uninit-var-all` finding.
pub const UNINIT: &str = "int f(int c) {\n    int x;\n    if (c)\n        return 0;\n    return x;\n}\n";

/// A unit with one `RED-dead` finding.
pub const DEAD: &str = "int g(int a) {\n    return a;\n    a = 2;\n}\n";

/// `goanna-rs` run in `dir`, without the variables of a surrounding build or wrapper.
pub fn goanna(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_goanna-rs"));
    command.current_dir(dir).env_remove("NO_COLOR");
    for var in ["CC", "CXX", "GOANNA_CC", "GOANNA_RESULTS_DIR", "GOANNA_STRICT", "GOANNA_LOG", "GOANNA_CC_DEPTH", "MAKEFLAGS"] {
        command.env_remove(var);
    }
    command
}

/// Bytes as text, lossily.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The JSON document on the command's standard output.
pub fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("bad JSON ({e}): {}\nstderr: {}", text(&output.stdout), text(&output.stderr)))
}

/// Writes `contents` to `path`, creating its directory.
pub fn write(path: &Path, contents: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, contents).unwrap();
}
