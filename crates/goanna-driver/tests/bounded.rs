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

/// A function whose checks take far longer than a small budget (`n` allocations, each written
/// under its own condition and then read: many violations, each refuted with the solver), and a
/// small function with one leak.
fn heavy_and_light(dir: &std::path::Path, n: usize) -> PathBuf {
    let mut lines = vec!["#include <stdlib.h>".to_string(), "int sink(int);".to_string(), "int heavy(int a) {".to_string()];
    lines.extend((0..n).map(|i| format!("    int *p{i} = malloc(4);")));
    lines.extend((0..n).map(|i| format!("    if (a > {i}) *p{i} = a;")));
    lines.extend((0..n).map(|i| format!("    sink(*p{i});")));
    lines.push("    return a;\n}".to_string());
    lines.push("int light(int a) {\n    char *q = malloc(8);\n    if (!q)\n        return 0;\n    q[0] = (char)a;\n    return q[0];\n}".to_string());
    let file = dir.join("heavy.c");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    file
}

#[test]
fn a_check_running_past_the_budget_is_interrupted_and_the_other_functions_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = heavy_and_light(dir.path(), 120);
    // One CTL check only: the budget can only run out while it runs (not between checks).
    let options = AnalysisOptions {
        enabled: Some(["MEM-leak".to_string()].into_iter().collect()),
        function_budget: std::time::Duration::from_millis(50),
        ..AnalysisOptions::default()
    };
    let outcome = analyse_unit(&UnitSpec::new(file.clone()), &options);
    assert!(outcome.analysed, "{:?}", outcome.problems);
    let over: Vec<&goanna_driver::Problem> = outcome.problems.iter().filter(|p| p.message.contains("over its budget")).collect();
    assert_eq!(over.len(), 1, "{:#?}", outcome.problems);
    assert_eq!(over[0].file, file);
    assert!(over[0].message.starts_with("function `heavy` is over its budget of 0.1s"), "{}", over[0].message);
    assert!(over[0].message.contains("interrupted `MEM-leak`"), "{}", over[0].message);
    assert_eq!(over[0].severity, goanna_driver::ProblemSeverity::Warning);
    // The other function is checked in full.
    let light: Vec<_> = outcome.findings.iter().filter(|f| f.function == "light").collect();
    assert_eq!(light.len(), 1, "{:#?}", outcome.findings);
    assert_eq!((light[0].check.as_str(), light[0].location.line), ("MEM-leak", 3 * 120 + 7), "the allocation in `light`");
    // What `heavy` confirmed before its budget ran out is kept, never more than it has.
    assert!(outcome.findings.iter().filter(|f| f.function == "heavy").count() <= 120);
}

#[test]
fn the_uninitialised_read_analysis_stops_at_the_budget_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = many_variables(dir.path(), 2000);
    let mut source = std::fs::read_to_string(&file).unwrap();
    source.push_str("int g(int c) {\n    int x;\n    if (c)\n        return 0;\n    return x;\n}\n");
    std::fs::write(&file, &source).unwrap();
    let g_read = source.lines().count() as u32 - 1;
    // A budget that has passed before the analysis starts: its fixpoint over the large function
    // (far more than one poll period of steps) stops; the small one finishes within its first.
    let options = AnalysisOptions {
        enabled: Some(["SPC-uninit-var-all".to_string()].into_iter().collect()),
        function_budget: std::time::Duration::ZERO,
        ..AnalysisOptions::default()
    };
    let outcome = analyse_unit(&UnitSpec::new(file.clone()), &options);
    let over: Vec<&str> = outcome.problems.iter().map(|p| p.message.as_str()).filter(|m| m.contains("uninitialised-read analysis")).collect();
    assert_eq!(over.len(), 1, "{:#?}", outcome.problems);
    assert!(over[0].starts_with("function `f` is over its budget of 0.0s"), "{}", over[0]);
    let found: Vec<(&str, &str, u32)> = outcome.findings.iter().map(|f| (f.check.as_str(), f.function.as_str(), f.location.line)).collect();
    assert_eq!(found, vec![("SPC-uninit-var-all", "g", g_read)]);
}
