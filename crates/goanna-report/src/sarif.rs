//! SARIF 2.1.0: a typed model of the parts goanna-rs writes, and the conversion of a
//! [`Report`] into it.
//!
//! The log has one run. `tool.driver` carries the whole catalogue as `rules` (with CWE ids as
//! tags and as relationships into the CWE taxonomy of `run.taxonomies`); each result points at
//! its rule, has a physical location relative to `%SRCROOT%` (the project root), stable
//! `partialFingerprints`, the path that leads to the bug as a `codeFlow`, and, when relevant,
//! `suppressions` (inline comments) and a `baselineState`.

use crate::baseline::BaselineState;
use crate::fingerprint::FINGERPRINT_KEY;
use crate::report::{ProjectPath, Report, ReportedFinding};
use crate::Sources;
use goanna_checks::{CheckSpec, Location as FindingLocation, Problem, ProblemSeverity, Severity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// `tool.driver.name`.
pub const TOOL_NAME: &str = "goanna-rs";
/// Where to learn about the tool (`tool.driver.informationUri`).
pub const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");
/// The SARIF JSON schema.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The uri base id of the project root.
pub const SRCROOT: &str = "%SRCROOT%";

/// A SARIF log (§3.13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SarifLog {
    /// The schema URI.
    #[serde(rename = "$schema")]
    pub schema: String,
    /// Always `2.1.0`.
    pub version: String,
    /// The runs (one).
    pub runs: Vec<Run>,
}

/// One run of the tool (§3.14).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    /// The tool and its rules.
    pub tool: Tool,
    /// How the run went, with analysis problems as notifications.
    pub invocations: Vec<Invocation>,
    /// The CWE taxonomy the rules refer to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taxonomies: Vec<ToolComponent>,
    /// Where `%SRCROOT%` is.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub original_uri_base_ids: BTreeMap<String, ArtifactLocation>,
    /// How columns are counted.
    pub column_kind: String,
    /// The findings.
    pub results: Vec<SarifResult>,
}

/// The analysis tool (§3.18).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tool {
    /// goanna-rs itself.
    pub driver: ToolComponent,
}

/// A tool or taxonomy (§3.19).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolComponent {
    /// Name.
    pub name: String,
    /// Version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Semantic version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub semantic_version: Option<String>,
    /// Where to learn more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub information_uri: Option<String>,
    /// Who makes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization: Option<String>,
    /// A one-line description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_description: Option<Message>,
    /// The checks (for the driver).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<ReportingDescriptor>,
    /// The entries (for a taxonomy).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taxa: Vec<ReportingDescriptor>,
    /// Taxonomies the rules refer to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supported_taxonomies: Vec<ToolComponentReference>,
    /// Whether a taxonomy lists every entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_comprehensive: Option<bool>,
}

/// A reference to a tool component (§3.54).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolComponentReference {
    /// Its name.
    pub name: String,
    /// Its index in `run.taxonomies`.
    pub index: usize,
}

/// A rule or taxon (§3.49).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportingDescriptor {
    /// Id (`MEM-leak`, or `457` for a CWE).
    pub id: String,
    /// A Pascal-case name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// One line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_description: Option<Message>,
    /// What it reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_description: Option<Message>,
    /// The documentation, with examples.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<Message>,
    /// Where the documentation is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help_uri: Option<String>,
    /// Default level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_configuration: Option<ReportingConfiguration>,
    /// Relationships to CWE entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relationships: Vec<Relationship>,
    /// Tags.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub properties: Option<PropertyBag>,
}

/// A rule's default configuration (§3.50).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportingConfiguration {
    /// `error`, `warning` or `note`.
    pub level: String,
    /// `false` for a rule that does not run unless asked for (a `style` check); absent means
    /// enabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// A relationship between a rule and a taxon (§3.53).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Relationship {
    /// The taxon.
    pub target: DescriptorReference,
    /// `relevant`.
    pub kinds: Vec<String>,
}

/// A reference to a rule or taxon (§3.52).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DescriptorReference {
    /// Its id.
    pub id: String,
    /// Its index in the component.
    pub index: usize,
    /// The component.
    pub tool_component: ToolComponentReference,
}

/// Tags (§3.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PropertyBag {
    /// Tags.
    pub tags: Vec<String>,
}

/// A message (§3.11), also used as a multiformat message string.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// Plain text.
    pub text: String,
    /// Markdown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
}

impl Message {
    /// Plain text only.
    pub fn text(text: impl Into<String>) -> Message {
        Message { text: text.into(), markdown: None }
    }
}

/// The run's invocation (§3.20).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invocation {
    /// False when a unit could not be analysed.
    pub execution_successful: bool,
    /// Analysis problems.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_execution_notifications: Vec<Notification>,
}

/// An analysis problem (§3.58).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Notification {
    /// `error` or `warning`.
    pub level: String,
    /// What went wrong.
    pub message: Message,
    /// The file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locations: Vec<SarifLocation>,
}

/// A result (§3.27).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    /// The check id.
    pub rule_id: String,
    /// Its index in `tool.driver.rules`.
    pub rule_index: usize,
    /// `error`, `warning` or `note`.
    pub level: String,
    /// The message.
    pub message: Message,
    /// The primary location.
    pub locations: Vec<SarifLocation>,
    /// Stable identity (`goannaFingerprint/v1`).
    pub partial_fingerprints: BTreeMap<String, String>,
    /// The path that leads to the finding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub code_flows: Vec<CodeFlow>,
    /// Inline suppressions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suppressions: Vec<Suppression>,
    /// `new` or `unchanged` when compared with a baseline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_state: Option<String>,
}

/// A location (§3.28).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifLocation {
    /// File and region.
    pub physical_location: PhysicalLocation,
    /// The function.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub logical_locations: Vec<LogicalLocation>,
    /// What happens there (path steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

/// A file and region (§3.29).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// The region.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<Region>,
}

/// A file (§3.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    /// Relative to `uriBaseId`, or absolute.
    pub uri: String,
    /// `%SRCROOT%` for files in the project.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<String>,
}

/// A region (§3.30).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// 1-based.
    pub start_line: u32,
    /// 1-based.
    pub start_column: u32,
    /// 1-based.
    pub end_line: u32,
    /// 1-based, exclusive.
    pub end_column: u32,
    /// The text of the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snippet: Option<Message>,
}

/// A function (§3.33).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogicalLocation {
    /// Its name.
    pub name: String,
    /// `function`.
    pub kind: String,
}

/// A code flow (§3.36).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeFlow {
    /// One thread.
    pub thread_flows: Vec<ThreadFlow>,
}

/// A thread flow (§3.37).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThreadFlow {
    /// The steps, in execution order.
    pub locations: Vec<ThreadFlowLocation>,
}

/// A step (§3.38).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadFlowLocation {
    /// Where, with the step's message.
    pub location: SarifLocation,
    /// 1-based position in the path.
    pub execution_order: usize,
}

/// A suppression (§3.35).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suppression {
    /// `inSource`.
    pub kind: String,
    /// The comment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub justification: Option<String>,
}

fn level(severity: Severity) -> String {
    severity.as_str().to_string()
}

/// Percent-encodes a path for a URI (keeps unreserved characters and `/`).
fn encode_uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A `file://` URI for an absolute path.
fn file_uri(path: &Path, directory: bool) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut uri = format!("file://{}{}", if text.starts_with('/') { "" } else { "/" }, encode_uri_path(&text));
    if directory && !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

fn artifact(path: &ProjectPath) -> ArtifactLocation {
    match path {
        ProjectPath::Relative(relative) => {
            ArtifactLocation { uri: encode_uri_path(relative), uri_base_id: Some(SRCROOT.to_string()) }
        }
        ProjectPath::Absolute(absolute) => ArtifactLocation { uri: file_uri(absolute, false), uri_base_id: None },
    }
}

fn region(location: &FindingLocation, snippet: Option<&str>) -> Option<Region> {
    if location.line == 0 {
        return None;
    }
    let start_column = location.column.max(1);
    let (end_line, end_column) = if location.end_line > location.line
        || (location.end_line == location.line && location.end_column > start_column)
    {
        (location.end_line, location.end_column)
    } else {
        (location.line, start_column + 1)
    };
    Some(Region {
        start_line: location.line,
        start_column,
        end_line,
        end_column,
        snippet: snippet.map(|s| Message::text(s.to_string())),
    })
}

/// `Variable used uninitialised` → `VariableUsedUninitialised`.
fn pascal_case(title: &str) -> String {
    title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

fn one_paragraph(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn rule(check: &CheckSpec, cwe_index: &BTreeMap<u32, usize>) -> ReportingDescriptor {
    let docs = &check.docs;
    let text = format!(
        "{}\n\n{}\n\nExample (reported):\n{}\nFixed:\n{}",
        one_paragraph(&docs.what),
        one_paragraph(&docs.why),
        crate::display_example(docs.bad.trim_start_matches('\n')),
        docs.good.trim_start_matches('\n')
    );
    let markdown = format!(
        "{}\n\n{}\n\n**Reported:**\n\n```c\n{}```\n\n**Fixed:**\n\n```c\n{}```\n",
        docs.what.trim(),
        docs.why.trim(),
        crate::display_example(docs.bad.trim_start_matches('\n')),
        docs.good.trim_start_matches('\n')
    );
    let mut tags: Vec<String> = check.cwe.iter().map(|c| format!("CWE-{c}")).collect();
    tags.extend(check.cwe.iter().map(|c| format!("external/cwe/cwe-{c}")));
    tags.push(check.family().to_string());
    ReportingDescriptor {
        id: check.id.clone(),
        name: Some(pascal_case(&check.title)),
        short_description: Some(Message::text(format!("{}.", check.title.trim_end_matches('.')))),
        full_description: Some(Message::text(one_paragraph(&docs.what))),
        help: Some(Message { text, markdown: Some(markdown) }),
        help_uri: Some(format!("{INFORMATION_URI}/blob/main/checks/{}/{}.toml", check.family(), check.id)),
        default_configuration: Some(ReportingConfiguration {
            level: level(check.severity),
            enabled: (!check.on_by_default()).then_some(false),
        }),
        relationships: relationships(&check.cwe, cwe_index),
        properties: Some(PropertyBag { tags }),
    }
}

fn relationships(cwe: &[u32], cwe_index: &BTreeMap<u32, usize>) -> Vec<Relationship> {
    cwe.iter()
        .map(|c| Relationship {
            target: DescriptorReference {
                id: c.to_string(),
                index: cwe_index.get(c).copied().unwrap_or(0),
                tool_component: ToolComponentReference { name: "CWE".into(), index: 0 },
            },
            kinds: vec!["relevant".into()],
        })
        .collect()
}

fn cwe_taxonomy(cwes: &BTreeMap<u32, usize>) -> ToolComponent {
    ToolComponent {
        name: "CWE".into(),
        version: Some("4.14".into()),
        semantic_version: None,
        information_uri: Some("https://cwe.mitre.org/data/published/cwe_v4.14.pdf".into()),
        organization: Some("MITRE".into()),
        short_description: Some(Message::text("The MITRE Common Weakness Enumeration.")),
        rules: Vec::new(),
        taxa: cwes
            .keys()
            .map(|c| ReportingDescriptor {
                id: c.to_string(),
                name: None,
                short_description: None,
                full_description: None,
                help: None,
                help_uri: Some(format!("https://cwe.mitre.org/data/definitions/{c}.html")),
                default_configuration: None,
                relationships: Vec::new(),
                properties: None,
            })
            .collect(),
        supported_taxonomies: Vec::new(),
        is_comprehensive: Some(false),
    }
}

fn notification(problem: &Problem, project_root: &Path) -> Notification {
    let mut text = problem.message.clone();
    for detail in &problem.details {
        text.push('\n');
        text.push_str(detail);
    }
    Notification {
        level: match problem.severity {
            ProblemSeverity::Error => "error".into(),
            ProblemSeverity::Warning => "warning".into(),
        },
        message: Message::text(text),
        locations: vec![SarifLocation {
            physical_location: PhysicalLocation {
                artifact_location: artifact(&ProjectPath::new(&problem.file, project_root)),
                region: None,
            },
            logical_locations: Vec::new(),
            message: None,
        }],
    }
}

fn result(
    reported: &ReportedFinding,
    rule_index: usize,
    project_root: &Path,
    sources: &mut Sources,
) -> SarifResult {
    let finding = &reported.finding;
    let snippet = sources.id(&finding.location.file).and_then(|id| sources.line_text(id, finding.location.line)).map(str::to_string);
    let primary = SarifLocation {
        physical_location: PhysicalLocation { artifact_location: artifact(&reported.path), region: region(&finding.location, snippet.as_deref()) },
        logical_locations: vec![LogicalLocation { name: finding.function.clone(), kind: "function".into() }],
        message: None,
    };
    let steps: Vec<ThreadFlowLocation> = finding
        .path
        .iter()
        .enumerate()
        .map(|(i, step)| ThreadFlowLocation {
            location: SarifLocation {
                physical_location: PhysicalLocation {
                    artifact_location: artifact(&ProjectPath::new(&step.location.file, project_root)),
                    region: region(&step.location, None),
                },
                logical_locations: Vec::new(),
                message: Some(Message::text(step.message.clone())),
            },
            execution_order: i + 1,
        })
        .collect();
    SarifResult {
        rule_id: finding.check.clone(),
        rule_index,
        level: level(finding.severity),
        message: Message::text(finding.message.clone()),
        locations: vec![primary],
        partial_fingerprints: BTreeMap::from([(FINGERPRINT_KEY.to_string(), reported.fingerprint.clone())]),
        code_flows: if steps.is_empty() { Vec::new() } else { vec![CodeFlow { thread_flows: vec![ThreadFlow { locations: steps }] }] },
        suppressions: reported
            .suppression
            .iter()
            .map(|s| Suppression { kind: "inSource".into(), justification: Some(s.text.clone()) })
            .collect(),
        baseline_state: reported.baseline.map(|b: BaselineState| b.as_str().to_string()),
    }
}

/// The SARIF log of a report. `checks` is the catalogue (every check becomes a rule, in this
/// order); `project_root` is `%SRCROOT%`.
pub fn render_sarif(report: &Report, checks: &[CheckSpec], project_root: &Path, sources: &mut Sources) -> SarifLog {
    // A finding of a check outside the catalogue still needs a rule to point at.
    let mut extra: Vec<(String, Severity, Vec<u32>)> = Vec::new();
    for reported in &report.findings {
        let finding = &reported.finding;
        if !checks.iter().any(|c| c.id == finding.check) && !extra.iter().any(|(id, _, _)| *id == finding.check) {
            extra.push((finding.check.clone(), finding.severity, finding.cwe.clone()));
        }
    }
    let cwes: BTreeMap<u32, usize> = {
        let mut all: Vec<u32> =
            checks.iter().flat_map(|c| c.cwe.iter().copied()).chain(extra.iter().flat_map(|e| e.2.iter().copied())).collect();
        all.sort_unstable();
        all.dedup();
        all.into_iter().enumerate().map(|(i, c)| (c, i)).collect()
    };
    let mut rules: Vec<ReportingDescriptor> = checks.iter().map(|c| rule(c, &cwes)).collect();
    rules.extend(extra.iter().map(|(id, severity, cwe)| ReportingDescriptor {
        id: id.clone(),
        name: None,
        short_description: Some(Message::text(format!("{id}."))),
        full_description: None,
        help: None,
        help_uri: None,
        default_configuration: Some(ReportingConfiguration { level: level(*severity), enabled: None }),
        relationships: relationships(cwe, &cwes),
        properties: Some(PropertyBag { tags: cwe.iter().map(|c| format!("CWE-{c}")).collect() }),
    }));
    let results = report
        .findings
        .iter()
        .map(|reported| {
            let index = rules.iter().position(|r| r.id == reported.finding.check).unwrap_or(0);
            result(reported, index, project_root, sources)
        })
        .collect();
    let root_uri = file_uri(&crate::report::absolute(project_root), true);
    SarifLog {
        schema: SARIF_SCHEMA.into(),
        version: "2.1.0".into(),
        runs: vec![Run {
            tool: Tool {
                driver: ToolComponent {
                    name: TOOL_NAME.into(),
                    version: Some(env!("CARGO_PKG_VERSION").into()),
                    semantic_version: Some(env!("CARGO_PKG_VERSION").into()),
                    information_uri: Some(INFORMATION_URI.into()),
                    organization: None,
                    short_description: Some(Message::text("Finds bugs in C code by model checking its control flow.")),
                    rules,
                    taxa: Vec::new(),
                    supported_taxonomies: vec![ToolComponentReference { name: "CWE".into(), index: 0 }],
                    is_comprehensive: None,
                },
            },
            invocations: vec![Invocation {
                execution_successful: !report.problems.iter().any(|p| p.severity == ProblemSeverity::Error),
                tool_execution_notifications: report.problems.iter().map(|p| notification(p, project_root)).collect(),
            }],
            taxonomies: vec![cwe_taxonomy(&cwes)],
            original_uri_base_ids: BTreeMap::from([(SRCROOT.to_string(), ArtifactLocation { uri: root_uri, uri_base_id: None })]),
            column_kind: "unicodeCodePoints".into(),
            results,
        }],
    }
}
