//! Snapshot tests of the text and short renderings, and report-level tests of suppressions,
//! baselines, SARIF and HTML on representative findings (an inter-procedural leak whose path
//! crosses two files, a local use of an uninitialised variable).

use goanna_checks::{Finding, Location, PathStep, Problem, ProblemSeverity, Severity};
use goanna_report::termcolor::Buffer;
use goanna_report::{
    render_html, render_json_report, render_sarif, render_short, render_text, Baseline, Report, ReportContext, Sources,
};
use std::path::{Path, PathBuf};

const MAIN: &str = "#include \"util.h\"\n\nint use(int flag) {\n    char *buf = make_buffer(64);\n    if (flag) {\n        free(buf);\n        return 1;\n    }\n    return 0;\n}\n";
const UTIL: &str = "#include <stdlib.h>\n\nchar *make_buffer(int n) {\n    return malloc(n);\n}\n";
const UNINIT: &str = "int f(int c) {\n    int x; // goanna-rs: ignore[MEM-leak]\n    return x;\n}\n";

/// The location of the `nth` occurrence of `needle` in `source`.
fn at(file: &str, source: &str, needle: &str, nth: usize) -> Location {
    let start = source.match_indices(needle).nth(nth).unwrap_or_else(|| panic!("no {needle}")).0;
    let line = source[..start].matches('\n').count() as u32 + 1;
    let column = (start - source[..start].rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
    Location {
        file: PathBuf::from(file),
        line,
        column,
        end_line: line,
        end_column: column + needle.len() as u32,
        start: start as u32,
        end: (start + needle.len()) as u32,
    }
}

fn step(location: Location, message: &str) -> PathStep {
    PathStep::new(location, message)
}

fn findings() -> Vec<Finding> {
    vec![
        Finding {
            check: "MEM-leak".into(),
            cwe: vec![401],
            severity: Severity::Error,
            location: at("src/main.c", MAIN, "return 0;", 0),
            function: "use".into(),
            message: "memory pointed to by `buf` is leaked".into(),
            path: vec![
                step(at("src/main.c", MAIN, "make_buffer(64)", 0), "calling `make_buffer`"),
                step(at("src/util.c", UTIL, "malloc(n)", 0), "memory allocated here"),
                step(at("src/util.c", UTIL, "return malloc(n);", 0), "returning to `use`"),
                step(at("src/main.c", MAIN, "flag", 1), "taking the false branch"),
                step(at("src/main.c", MAIN, "return 0;", 0), "returns without freeing `buf`"),
            ],
        },
        Finding {
            check: "SPC-uninit-var-all".into(),
            cwe: vec![457],
            severity: Severity::Warning,
            location: at("src/uninit.c", UNINIT, "x;", 1),
            function: "f".into(),
            message: "`x` is used uninitialised".into(),
            path: vec![step(at("src/uninit.c", UNINIT, "x;", 0), "`x` is declared without a value")],
        },
    ]
}

fn problems() -> Vec<Problem> {
    vec![Problem {
        file: PathBuf::from("src/broken.c"),
        message: "does not compile (1 errors); unit not analysed".into(),
        severity: ProblemSeverity::Error,
        details: vec!["src/broken.c:3:14: expected expression".into()],
    }]
}

fn sources() -> Sources {
    let mut sources = Sources::new();
    sources.insert(Path::new("src/main.c"), MAIN.to_string());
    sources.insert(Path::new("src/util.c"), UTIL.to_string());
    sources.insert(Path::new("src/uninit.c"), UNINIT.to_string());
    sources
}

fn report(baseline: Option<&Baseline>) -> Report {
    let context = ReportContext { project_root: Path::new("."), baseline, units_analysed: 3, units_failed: 1, millis: 1234 };
    Report::new(findings(), problems(), &context, &mut sources())
}

#[test]
fn text_shows_the_path_across_files_and_calls() {
    let report = report(None);
    let mut buffer = Buffer::no_color();
    render_text(&mut buffer, &report.active(), &report.problems, &report.summary, &mut sources()).unwrap();
    insta::assert_snapshot!(String::from_utf8(buffer.into_inner()).unwrap());
}

#[test]
fn short_is_one_line_per_finding() {
    let report = report(None);
    let mut out = Vec::new();
    render_short(&mut out, &report.active(), &report.problems).unwrap();
    insta::assert_snapshot!(String::from_utf8(out).unwrap());
}

#[test]
fn suppression_comments_that_do_not_match_leave_findings_alone() {
    let report = report(None);
    assert!(report.findings.iter().all(|f| f.suppression.is_none()));
    assert_eq!(report.summary.suppressed, 0);
    let mut sources = sources();
    sources.insert(Path::new("src/uninit.c"), UNINIT.replace("MEM-leak", "SPC").to_string());
    let context = ReportContext { project_root: Path::new("."), baseline: None, units_analysed: 3, units_failed: 1, millis: 0 };
    let report = Report::new(findings(), problems(), &context, &mut sources);
    assert_eq!(report.summary.suppressed, 1, "a family suppresses its checks");
    assert_eq!(report.summary.warnings, 0);
    let json = render_json_report(&report);
    assert_eq!(json["suppressed"][0]["check"], "SPC-uninit-var-all");
    assert_eq!(json["suppressed"][0]["suppressed"], true);
    assert_eq!(json["findings"].as_array().unwrap().len(), 1);
}

#[test]
fn sarif_round_trips_through_a_baseline() {
    let first = report(None);
    let log = render_sarif(&first, goanna_checks::catalogue().checks(), Path::new("."), &mut sources());
    let text = serde_json::to_vec(&log).unwrap();
    let baseline = Baseline::from_sarif(&text).unwrap();
    assert_eq!(baseline.len(), 2);
    let second = report(Some(&baseline));
    assert!(second.active().is_empty());
    assert_eq!(second.summary.baseline_unchanged, 2);
    let log = serde_json::to_value(render_sarif(&second, goanna_checks::catalogue().checks(), Path::new("."), &mut sources())).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(results.iter().all(|r| r["baselineState"] == "unchanged"));
    // The leak's path crosses files: each step names its own file.
    let steps = results[0]["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    let uris: Vec<&str> =
        steps.iter().map(|s| s["location"]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap()).collect();
    assert_eq!(uris, ["src/main.c", "src/util.c", "src/util.c", "src/main.c", "src/main.c"]);
    // MEM-leak is not (yet) in the catalogue: it still gets a rule to point at.
    let rules = log["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules[results[0]["ruleIndex"].as_u64().unwrap() as usize]["id"], "MEM-leak");
}

#[test]
fn html_page_embeds_findings_and_sources_safely() {
    let mut findings = findings();
    findings[1].message = "</script><script>alert(1)</script>".into();
    let context = ReportContext { project_root: Path::new("."), baseline: None, units_analysed: 3, units_failed: 1, millis: 0 };
    let report = Report::new(findings, problems(), &context, &mut sources());
    let page = render_html(&report, Path::new("."), &mut sources());
    assert_eq!(page.matches("</script>").count(), 2, "only the page's own script elements close");
    assert!(page.contains("make_buffer") && page.contains("returns without freeing"));
    assert!(!page.contains("{{DATA}}"));
}
