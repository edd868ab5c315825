//! Rendering of findings and analysis problems: readable text through `codespan-reporting`
//! (with the path that leads to each bug as numbered notes), one-line-per-finding text, and JSON.
//!
//! This crate is the output edge of the pipeline: it reads source files only to show snippets,
//! and never decides what is a finding.

mod json;
mod sources;
mod summary;
mod text;

pub use json::{render_json, JSON_FORMAT_VERSION};
pub use sources::Sources;
pub use summary::Summary;
pub use codespan_reporting::term::termcolor;
pub use text::{render_short, render_text};
