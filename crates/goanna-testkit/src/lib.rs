//! Inline expectations in C fixtures, in the style of Clang's `-verify` and ty's mdtest:
//!
//! ```c
//! // args: -DNDEBUG -std=c99        (header: extra compiler arguments)
//! int f(void) {
//!     int x;
//!     return x;                      // expect: SPC-uninit-var-all
//!     // expect: RED-dead            (on its own line: applies to the next code line)
//!     x = 1;
//! }
//! ```
//!
//! Several ids may be listed, separated by commas. The comparison is closed-world: every
//! finding must be expected and every expectation found.

use std::collections::BTreeMap;
use std::fmt::Write as _;

pub mod fuzz;

/// One expected finding: a check id on a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Expectation {
    /// 1-based line of the finding.
    pub line: u32,
    /// Check id.
    pub check: String,
}

/// The annotations of one fixture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Expected findings, sorted.
    pub expected: Vec<Expectation>,
    /// Extra compiler arguments from `// args:` lines.
    pub args: Vec<String>,
}

fn comment_payload<'a>(line: &'a str, marker: &str) -> Option<(&'a str, bool)> {
    let at = line.find("//")?;
    let own_line = line[..at].trim().is_empty();
    let rest = line[at + 2..].trim_start();
    rest.strip_prefix(marker).map(|payload| (payload.trim(), own_line))
}

/// Reads the annotations of a fixture's source text.
pub fn parse_annotations(source: &str) -> Annotations {
    let mut annotations = Annotations::default();
    let mut pending: Vec<String> = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let number = index as u32 + 1;
        if let Some((payload, _)) = comment_payload(line, "args:") {
            annotations.args.extend(payload.split_whitespace().map(str::to_string));
            continue;
        }
        if let Some((payload, own_line)) = comment_payload(line, "expect:") {
            let ids = payload.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
            if own_line {
                pending.extend(ids);
            } else {
                annotations.expected.extend(ids.map(|check| Expectation { line: number, check }));
            }
            if !own_line {
                annotations.expected.extend(pending.drain(..).map(|check| Expectation { line: number, check }));
            }
            continue;
        }
        let code = line.trim();
        if !pending.is_empty() && !code.is_empty() && !code.starts_with("//") {
            annotations.expected.extend(pending.drain(..).map(|check| Expectation { line: number, check }));
        }
    }
    annotations.expected.sort();
    annotations
}

/// Compares expectations with actual findings (line, check id); returns a readable list of
/// false negatives and false positives when they differ.
pub fn compare(file: &str, expected: &[Expectation], actual: &[Expectation]) -> Result<(), String> {
    let mut counts: BTreeMap<&Expectation, i64> = BTreeMap::new();
    for e in expected {
        *counts.entry(e).or_default() += 1;
    }
    for a in actual {
        *counts.entry(a).or_default() -= 1;
    }
    let mut report = String::new();
    let missing: Vec<_> = counts.iter().filter(|(_, &n)| n > 0).collect();
    let extra: Vec<_> = counts.iter().filter(|(_, &n)| n < 0).collect();
    if !missing.is_empty() {
        let _ = writeln!(report, "False negatives (expected, not reported):");
        for (e, _) in &missing {
            let _ = writeln!(report, "  {file}:{}: {}", e.line, e.check);
        }
    }
    if !extra.is_empty() {
        let _ = writeln!(report, "False positives (reported, not expected):");
        for (e, _) in &extra {
            let _ = writeln!(report, "  {file}:{}: {}", e.line, e.check);
        }
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exp(line: u32, check: &str) -> Expectation {
        Expectation { line, check: check.to_string() }
    }

    #[test]
    fn trailing_and_own_line_annotations() {
        let source = "// args: -DX=1 -std=c99\nint f(void) {\n  int x;\n  return x; // expect: A, B\n  // expect: C\n\n  x = 1;\n}\n";
        let a = parse_annotations(source);
        assert_eq!(a.args, vec!["-DX=1", "-std=c99"]);
        assert_eq!(a.expected, vec![exp(4, "A"), exp(4, "B"), exp(7, "C")]);
    }

    #[test]
    fn compare_lists_both_directions() {
        let err = compare("f.c", &[exp(1, "A"), exp(2, "B")], &[exp(2, "B"), exp(3, "C")]).unwrap_err();
        assert!(err.contains("False negatives") && err.contains("f.c:1: A"));
        assert!(err.contains("False positives") && err.contains("f.c:3: C"));
        assert!(compare("f.c", &[exp(1, "A")], &[exp(1, "A")]).is_ok());
        // Duplicates count: two findings on one line need two expectations.
        assert!(compare("f.c", &[exp(1, "A")], &[exp(1, "A"), exp(1, "A")]).is_err());
    }
}
