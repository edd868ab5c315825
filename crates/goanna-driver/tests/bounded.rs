//! Bounded work (issue 11): generated functions far larger than the fixtures, checked for their
//! results (not their time: `scripts/bench-function-size` measures that), and the per-function
//! budget interrupting checks that are already running.

use goanna_driver::{analyse_unit, AnalysisOptions, UnitSpec};
use std::path::PathBuf;

/// One function with `n` locals, each assigned, overwritten, then read: the first assignment of
/// each is a value never used. Returns the file and the line of each first assignment.
fn many_variables(dir: &std::path::Path, n: usize) -> (PathBuf, Vec<u32>) {
    let mut lines = vec!["int f(int a) {".to_string()];
    lines.extend((0..n).map(|i| format!("    int v{i};")));
    let first = lines.len() as u32 + 1;
    lines.extend((0..n).map(|i| format!("    v{i} = a + {i};")));
    lines.extend((0..n).map(|i| format!("    v{i} = a * {i};")));
    lines.push("    int s = 0;".to_string());
    lines.extend((0..n).map(|i| format!("    s += v{i};")));
    lines.push("    return s;".to_string());
    lines.push("}".to_string());
    let file = dir.join("many.c");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    (file, (0..n as u32).map(|i| first + i).collect())
}

#[test]
fn a_thousand_overwritten_locals_give_a_thousand_unused_values_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let (file, expected) = many_variables(dir.path(), 1000);
    // Every check, the style ones included.
    let outcome = analyse_unit(&UnitSpec::new(file), &AnalysisOptions::default());
    assert!(outcome.analysed && outcome.problems.is_empty(), "{:?}", outcome.problems);
    let mut lines: Vec<u32> = outcome.findings.iter().filter(|f| f.check == "RED-unused-val").map(|f| f.location.line).collect();
    lines.sort_unstable();
    assert_eq!(lines, expected);
    let others: Vec<&str> = outcome.findings.iter().filter(|f| f.check != "RED-unused-val").map(|f| f.check.as_str()).collect();
    assert!(others.is_empty(), "{others:?}");
    let v7 = outcome.findings.iter().find(|f| f.location.line == expected[7]).unwrap();
    assert_eq!(v7.message, "the value assigned to `v7` is never used");
}
