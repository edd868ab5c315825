//! `goanna.toml`: project settings, found by walking up from the current directory (or given
//! with `--config`). The command line overrides it.
//!
//! ```toml
//! enable = ["MEM", "SPC-uninit-var-all"]   # check ids, families or profiles; default: every check
//!                                           # but the `style` ones; `["style"]` adds those
//! disable = ["RED-dead"]
//! min-severity = "warning"                  # note | warning | error
//! fail-on = "error"                         # note | warning | error | never
//! fail-on-unparsable = false                # units that cannot be analysed do not give status 2
//! exclude = ["third_party/**", "*.gen.c"]   # globs, relative to the directory of goanna.toml
//! ```

use anyhow::Context;
use clap::ValueEnum;
use goanna_checks::Severity;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The name of the configuration file.
pub const CONFIG_FILE: &str = "goanna.toml";

/// A severity threshold (`--min-severity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Notes and above: everything.
    Note,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
}

impl Level {
    /// The lowest severity at this level.
    pub fn severity(self) -> Severity {
        match self {
            Level::Note => Severity::Note,
            Level::Warning => Severity::Warning,
            Level::Error => Severity::Error,
        }
    }
}

/// Which findings make the exit status 1 (`--fail-on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    /// Any finding.
    Note,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
    /// Findings never fail the run.
    Never,
}

impl FailOn {
    /// The lowest severity that fails the run; `None` for `never`.
    pub fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Note => Some(Severity::Note),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Error => Some(Severity::Error),
            FailOn::Never => None,
        }
    }
}

/// The contents of a `goanna.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    /// Only these checks (ids or families).
    #[serde(default)]
    pub enable: Vec<String>,
    /// Not these checks (ids or families).
    #[serde(default)]
    pub disable: Vec<String>,
    /// Leave out checks and findings below this severity.
    pub min_severity: Option<Level>,
    /// Findings at or above this severity give exit status 1.
    pub fail_on: Option<FailOn>,
    /// Whether units that cannot be analysed give exit status 2.
    pub fail_on_unparsable: Option<bool>,
    /// Path globs of files not to analyse or report.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// The `helpUri` of each SARIF rule: a URI template with `{id}` and `{family}`.
    pub sarif_help_uri: Option<String>,
}

/// A configuration file and where it was found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The file, if there was one.
    pub path: Option<PathBuf>,
    /// Its settings (defaults when there was none).
    pub file: ConfigFile,
}

impl Config {
    /// The directory globs of the file are relative to.
    pub fn base_dir(&self) -> PathBuf {
        self.path
            .as_ref()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| PathBuf::from("."))
    }
}

/// The nearest `goanna.toml` in `start` or one of its ancestors.
pub fn find_upwards(start: &Path) -> Option<PathBuf> {
    start.ancestors().map(|dir| dir.join(CONFIG_FILE)).find(|candidate| candidate.is_file())
}

/// Parses the text of a configuration file.
pub fn parse(text: &str) -> Result<ConfigFile, String> {
    toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())
}

/// Loads `explicit`, or else the nearest `goanna.toml` above the current directory, or else
/// the defaults.
pub fn load(explicit: Option<&Path>) -> anyhow::Result<Config> {
    let path = match explicit {
        Some(path) => Some(path.to_path_buf()),
        None => std::env::current_dir().ok().and_then(|dir| find_upwards(&dir)),
    };
    let Some(path) = path else {
        return Ok(Config::default());
    };
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read configuration {}", path.display()))?;
    let file = parse(&text).map_err(|e| anyhow::anyhow!("bad configuration {}: {e}", path.display()))?;
    Ok(Config { path: Some(path), file })
}

/// Whether `text` is matched by `pattern`, where the elements for which `is_star` holds match
/// any run of elements (none included) and the others one element each, as `matches` says.
/// Greedy with a return to the last star only: time O(pattern x text), not exponential in the
/// number of stars as plain backtracking is (`*a*a*a*a*a*a*b` against a long name).
fn wildcard_matches<P, T>(pattern: &[P], text: &[T], is_star: impl Fn(&P) -> bool, matches: impl Fn(&P, &T) -> bool) -> bool {
    let (mut p, mut t) = (0, 0);
    // The pattern position after the last star seen, and the text position it resumes from.
    let mut resume: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && is_star(&pattern[p]) {
            p += 1;
            resume = Some((p, t));
        } else if p < pattern.len() && matches(&pattern[p], &text[t]) {
            p += 1;
            t += 1;
        } else if let Some((after_star, from)) = resume {
            // The last star takes one more element; later stars start over from there.
            p = after_star;
            t = from + 1;
            resume = Some((after_star, t));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(is_star)
}

/// Whether one `/`-separated path segment matches a glob segment (`*` and `?`).
fn segment_matches(pattern: &[u8], text: &[u8]) -> bool {
    wildcard_matches(pattern, text, |p| *p == b'*', |p, t| *p == b'?' || p == t)
}

/// Whether path segments match glob segments, `**` standing for any number of segments.
fn segments_match(pattern: &[&str], path: &[&str]) -> bool {
    wildcard_matches(pattern, path, |p| *p == "**", |p, t| segment_matches(p.as_bytes(), t.as_bytes()))
}

/// Whether a relative path (`/`-separated) is matched by a glob: `*` and `?` within a segment,
/// `**` for any number of segments. A pattern without `/` matches any single segment (a file or
/// directory name anywhere); a pattern matching a directory excludes what is inside it.
pub fn glob_matches(pattern: &str, path: &str) -> bool {
    let pattern = pattern.trim_start_matches("./").trim_end_matches('/');
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    if !pattern.contains('/') {
        return parts.iter().any(|part| segment_matches(pattern.as_bytes(), part.as_bytes()));
    }
    let pattern: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    (1..=parts.len()).any(|n| segments_match(&pattern, &parts[..n]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_matches("third_party/**", "third_party/zlib/inflate.c"));
        assert!(glob_matches("third_party", "third_party/zlib/inflate.c"));
        assert!(glob_matches("*.gen.c", "src/parser.gen.c"));
        assert!(!glob_matches("*.gen.c", "src/parser.c"));
        assert!(glob_matches("src/**/test_*.c", "src/a/b/test_x.c"));
        assert!(glob_matches("src/**/test_*.c", "src/test_x.c"));
        assert!(!glob_matches("src/*.c", "lib/a.c"));
        assert!(glob_matches("./build/", "build/gen/x.c"));
        assert!(glob_matches("**", "a/b.c"));
        assert!(glob_matches("a/**/**/b/*.c", "a/b/x.c"));
        assert!(!glob_matches("a/**/b/*.c", "a/x.c"));
        assert!(glob_matches("*a*b?", "xxaxbaxbc"));
        assert!(!glob_matches("*a*b?", "xxaxbaxb"));
        assert!(glob_matches("x*", "x"));
        assert!(!glob_matches("?", "ab"));
    }

    /// The backtracking definition the matcher replaced (exponential, fine for short inputs).
    fn reference_segment(pattern: &[u8], text: &[u8]) -> bool {
        match (pattern.first(), text.first()) {
            (None, None) => true,
            (Some(b'*'), _) => reference_segment(&pattern[1..], text) || (!text.is_empty() && reference_segment(pattern, &text[1..])),
            (Some(b'?'), Some(_)) => reference_segment(&pattern[1..], &text[1..]),
            (Some(p), Some(t)) if p == t => reference_segment(&pattern[1..], &text[1..]),
            _ => false,
        }
    }

    fn reference_segments(pattern: &[&str], path: &[&str]) -> bool {
        match pattern.first() {
            None => path.is_empty(),
            Some(&"**") => (0..=path.len()).any(|skip| reference_segments(&pattern[1..], &path[skip..])),
            Some(first) => !path.is_empty() && reference_segment(first.as_bytes(), path[0].as_bytes()) && reference_segments(&pattern[1..], &path[1..]),
        }
    }

    /// Every pattern and text of up to five symbols over a small alphabet: the same answer as
    /// the backtracking definition.
    #[test]
    fn matcher_agrees_with_the_backtracking_definition() {
        fn words(alphabet: &[&'static str], max: usize) -> Vec<Vec<&'static str>> {
            let mut all = vec![Vec::new()];
            let mut last = vec![Vec::new()];
            for _ in 0..max {
                last = last.iter().flat_map(|w: &Vec<&str>| alphabet.iter().map(move |a| [w.clone(), vec![*a]].concat())).collect();
                all.extend(last.iter().cloned());
            }
            all
        }
        let texts = words(&["a", "b"], 5);
        for pattern in words(&["a", "b", "*", "?"], 5) {
            let pattern = pattern.concat();
            for text in &texts {
                let text = text.concat();
                assert_eq!(segment_matches(pattern.as_bytes(), text.as_bytes()), reference_segment(pattern.as_bytes(), text.as_bytes()), "`{pattern}` on `{text}`");
            }
        }
        let paths = words(&["a", "b"], 4);
        for pattern in words(&["a", "**", "*", "b"], 4) {
            for path in &paths {
                assert_eq!(segments_match(&pattern, path), reference_segments(&pattern, path), "{pattern:?} on {path:?}");
            }
        }
    }

    /// Stars and globstars cost time linear in the text per star, not exponential: the
    /// reproducers of the hangs the `config_reader` fuzz target found take milliseconds.
    #[test]
    fn many_stars_do_not_backtrack_exponentially() {
        let long = "a".repeat(200);
        let deep = format!("{}b.c", "a/".repeat(200));
        let started = std::time::Instant::now();
        assert!(!glob_matches(&format!("{}b", "*a".repeat(30)), &long));
        assert!(glob_matches(&format!("{}*", "*a".repeat(30)), &long));
        assert!(!glob_matches(&format!("{}x", "**/".repeat(30)), &deep));
        assert!(glob_matches(&format!("{}b.c", "**/".repeat(30)), &deep));
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
    }

    #[test]
    fn config_files() {
        let file = parse("enable = [\"MEM\"]\nmin-severity = \"warning\"\nfail-on = \"never\"\nexclude = [\"x/**\"]\n").unwrap();
        assert_eq!(file.enable, vec!["MEM"]);
        assert_eq!(file.min_severity, Some(Level::Warning));
        assert_eq!(file.fail_on, Some(FailOn::Never));
        assert!(parse("enabel = []").unwrap_err().contains("enabel"));
        assert!(parse("min-severity = \"fatal\"").unwrap_err().contains("fatal"));
    }
}
