//! SARIF 2.1.0: a typed model of the parts goanna-rs writes, and the conversion of a
//! [`Report`] into it.
//!
//! The log has one run. `tool.driver` carries the whole catalogue as `rules` (with CWE ids as
//! tags and as relationships into the CWE taxonomy of `run.taxonomies`); each result points at
//! its rule, has a physical location relative to `%SRCROOT%` (the project root), stable
//! `partialFingerprints`, the path that leads to the bug as a `codeFlow`, and, when relevant,
//! `suppressions` (inline comments) and a `baselineState`.
//!
//! The log is made for GitHub code scanning ([`SarifOptions`]): rules carry `precision`,
//! `security-severity` and the `security` tag from the check files, descriptions stay within
//! GitHub's limits, `--sarif-category` becomes `automationDetails.id`, help links point where the
//! user says (never to a made-up address), and a log that would exceed GitHub's documented limits
//! is cut, saying so in `toolExecutionNotifications` and in [`SarifRendering::warnings`].

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
/// The SARIF JSON schema.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The package's `repository` (Cargo.toml): the tool's `informationUri` unless it is a
/// placeholder.
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");
/// The uri base id of the project root.
pub const SRCROOT: &str = "%SRCROOT%";
/// GitHub code scanning reads at most this many characters of a rule's `fullDescription`.
pub const MAX_FULL_DESCRIPTION: usize = 1024;
/// GitHub code scanning keeps at most this many tags of a rule.
pub const MAX_TAGS: usize = 10;

/// The limits GitHub code scanning documents for a SARIF upload ("SARIF support for code
/// scanning": at most 25,000 results per run; of the 10,000 thread-flow locations a code flow
/// may have, only the first 1,000 are shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SarifLimits {
    /// Results per run.
    pub results: usize,
    /// Steps (thread-flow locations) per code flow.
    pub steps: usize,
}

impl Default for SarifLimits {
    fn default() -> Self {
        SarifLimits { results: 25_000, steps: 1_000 }
    }
}

/// How the SARIF log is written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SarifOptions {
    /// Each rule's `helpUri`: a URI template in which `{id}` stands for the check id and
    /// `{family}` for its family (`https://github.com/ORG/goanna-rs/blob/v1/checks/{family}/{id}.toml`);
    /// `None`: no `helpUri` (the documentation is in each rule's `help`).
    pub help_uri: Option<String>,
    /// The analysis category (`automationDetails.id`), which tells GitHub which earlier
    /// analysis an upload replaces when several run on one commit.
    pub category: Option<String>,
    /// Size limits.
    pub limits: SarifLimits,
}

/// A SARIF log and what the writer had to say about it (what it cut, which locations could
/// only be absolute); each warning is also a notification in the log.
#[derive(Clone, Debug, PartialEq)]
pub struct SarifRendering {
    /// The log.
    pub log: SarifLog,
    /// One line per matter, for standard error.
    pub warnings: Vec<String>,
}

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
    /// The analysis category (`--sarif-category`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automation_details: Option<RunAutomationDetails>,
    /// How columns are counted.
    pub column_kind: String,
    /// The findings.
    pub results: Vec<SarifResult>,
}

/// Identifies the analysis a run belongs to (§3.17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAutomationDetails {
    /// `CATEGORY/`: GitHub takes everything before the last `/` as the category.
    pub id: String,
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

/// Tags and the code-scanning properties of a rule (§3.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PropertyBag {
    /// Tags: `security` for security weaknesses, the CWE ids, the family.
    pub tags: Vec<String>,
    /// `very-high`, `high`, `medium` or `low`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<String>,
    /// A score from `0.0` to `10.0`, as a string (as GitHub expects).
    #[serde(rename = "security-severity", default, skip_serializing_if = "Option::is_none")]
    pub security_severity: Option<String>,
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

/// `Pointer used after a check found it NULL` → `PointerUsedAfterCheckFoundItNull`: one
/// Pascal-case identifier (SARIF's friendly-name convention), without one-letter articles
/// whose capital would run into the next word's.
fn pascal_case(title: &str) -> String {
    let words: Vec<&str> = title.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| *i == 0 || w.len() > 1)
        .map(|(_, w)| {
            let lower = w.to_ascii_lowercase();
            let mut chars = lower.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

/// `text` cut to at most `limit` characters: at the end of the last whole sentence that fits,
/// else at a word boundary with `…`.
fn within(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let head: String = text.chars().take(limit - 1).collect();
    if let Some(end) = head.rfind(". ").filter(|&end| end > limit / 2) {
        return head[..=end].to_string();
    }
    let cut = head.rfind(' ').filter(|&i| i > limit / 2).unwrap_or(head.len());
    format!("{}…", head[..cut].trim_end())
}

/// Whether a URI names a real host: not one of the names reserved for examples and tests
/// (RFC 2606: `.invalid`, `.example`, `.test`, `.localhost`, `example.com/.org/.net`).
fn is_real_address(uri: &str) -> bool {
    let Some(rest) = uri.strip_prefix("https://").or_else(|| uri.strip_prefix("http://")) else { return false };
    let host = rest.split(['/', ':', '?', '#']).next().unwrap_or("").to_ascii_lowercase();
    let reserved = [".invalid", ".example", ".test", ".localhost"];
    let example = ["example.com", "example.org", "example.net"];
    !host.is_empty()
        && !reserved.iter().any(|r| host.ends_with(r))
        && !example.iter().any(|e| host == *e || host.ends_with(&format!(".{e}")))
}

/// The tool's `informationUri`: where the help links point (the template up to its last `/`
/// before the first placeholder), else the package's repository when it is a real address,
/// else none.
fn information_uri(options: &SarifOptions) -> Option<String> {
    if let Some(template) = &options.help_uri {
        let fixed = &template[..template.find('{').unwrap_or(template.len())];
        if let Some(slash) = fixed.rfind('/').filter(|&i| i > "https://".len()) {
            return Some(fixed[..=slash].to_string());
        }
    }
    is_real_address(REPOSITORY).then(|| REPOSITORY.to_string())
}

/// A rule's `helpUri` from the user's template.
fn help_uri(template: &str, check: &CheckSpec) -> String {
    template.replace("{id}", &check.id).replace("{family}", check.family())
}

fn one_paragraph(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn rule(check: &CheckSpec, cwe_index: &BTreeMap<u32, usize>, options: &SarifOptions) -> ReportingDescriptor {
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
    let mut tags: Vec<String> = Vec::new();
    if check.security_severity.is_some() {
        tags.push("security".to_string());
    }
    tags.extend(check.cwe.iter().map(|c| format!("CWE-{c}")));
    tags.extend(check.cwe.iter().map(|c| format!("external/cwe/cwe-{c}")));
    tags.push(check.family().to_string());
    tags.truncate(MAX_TAGS);
    ReportingDescriptor {
        id: check.id.clone(),
        name: Some(pascal_case(&check.title)),
        short_description: Some(Message::text(format!("{}.", check.title.trim_end_matches('.')))),
        full_description: Some(Message::text(within(&one_paragraph(&docs.what), MAX_FULL_DESCRIPTION))),
        help: Some(Message { text, markdown: Some(markdown) }),
        help_uri: options.help_uri.as_deref().map(|template| help_uri(template, check)),
        default_configuration: Some(ReportingConfiguration {
            level: level(check.severity),
            enabled: (!check.on_by_default()).then_some(false),
        }),
        relationships: relationships(&check.cwe, cwe_index),
        properties: Some(PropertyBag {
            tags,
            precision: check.precision.map(|p| p.as_str().to_string()),
            security_severity: check.security_severity.map(|s| s.to_string()),
        }),
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

/// The steps of a path, at most `limit` of them: a longer path keeps its first and last steps
/// (where it starts and where the bug is), and the first step after the gap says how many were
/// left out. Each step keeps its position in the whole path as `executionOrder`. Returns the
/// steps and how many were left out.
fn steps(finding: &goanna_checks::Finding, project_root: &Path, limit: usize) -> (Vec<ThreadFlowLocation>, usize) {
    let total = finding.path.len();
    let limit = limit.max(2);
    let (head, tail) = if total > limit { (limit / 2, limit - limit / 2) } else { (total, 0) };
    let omitted = total - head - tail;
    let kept = (0..head).chain(total - tail..total);
    let steps = kept
        .map(|i| {
            let step = &finding.path[i];
            let text = if omitted > 0 && i == total - tail {
                format!("({omitted} steps left out) {}", step.message)
            } else {
                step.message.clone()
            };
            ThreadFlowLocation {
                location: SarifLocation {
                    physical_location: PhysicalLocation {
                        artifact_location: artifact(&ProjectPath::new(&step.location.file, project_root)),
                        region: region(&step.location, None),
                    },
                    logical_locations: Vec::new(),
                    message: Some(Message::text(text)),
                },
                execution_order: i + 1,
            }
        })
        .collect();
    (steps, omitted)
}

fn result(
    reported: &ReportedFinding,
    rule_index: usize,
    project_root: &Path,
    sources: &mut Sources,
    step_limit: usize,
) -> (SarifResult, usize) {
    let finding = &reported.finding;
    let snippet = sources.id(&finding.location.file).and_then(|id| sources.line_text(id, finding.location.line)).map(str::to_string);
    let primary = SarifLocation {
        physical_location: PhysicalLocation { artifact_location: artifact(&reported.path), region: region(&finding.location, snippet.as_deref()) },
        logical_locations: vec![LogicalLocation { name: finding.function.clone(), kind: "function".into() }],
        message: None,
    };
    let (steps, omitted) = steps(finding, project_root, step_limit);
    let result = SarifResult {
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
    };
    (result, omitted)
}

/// The findings a run of at most `limit` results keeps: the most severe first (errors, then
/// warnings, then notes; in report order within a severity), returned in report order.
fn kept_findings(findings: &[ReportedFinding], limit: usize) -> Vec<&ReportedFinding> {
    if findings.len() <= limit {
        return findings.iter().collect();
    }
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(findings[i].finding.severity), i));
    let mut kept: Vec<usize> = order.into_iter().take(limit).collect();
    kept.sort_unstable();
    kept.into_iter().map(|i| &findings[i]).collect()
}

/// The files outside the project root that results point into (primary locations and path
/// steps), sorted.
fn absolute_files(results: &[SarifResult]) -> Vec<String> {
    let mut files: Vec<String> = results
        .iter()
        .flat_map(|r| {
            r.locations
                .iter()
                .chain(r.code_flows.iter().flat_map(|f| f.thread_flows.iter().flat_map(|t| t.locations.iter().map(|l| &l.location))))
        })
        .filter(|l| l.physical_location.artifact_location.uri_base_id.is_none())
        .map(|l| l.physical_location.artifact_location.uri.clone())
        .collect();
    files.sort();
    files.dedup();
    files
}

/// The SARIF log of a report with the default options (no help URIs, no category, GitHub's
/// limits). `checks` is the catalogue (every check becomes a rule, in this order);
/// `project_root` is `%SRCROOT%`.
pub fn render_sarif(report: &Report, checks: &[CheckSpec], project_root: &Path, sources: &mut Sources) -> SarifLog {
    render_sarif_with(report, checks, project_root, sources, &SarifOptions::default()).log
}

/// The SARIF log of a report, with what had to be cut or could not be made relative
/// ([`SarifRendering::warnings`]).
pub fn render_sarif_with(
    report: &Report,
    checks: &[CheckSpec],
    project_root: &Path,
    sources: &mut Sources,
    options: &SarifOptions,
) -> SarifRendering {
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
    let mut rules: Vec<ReportingDescriptor> = checks.iter().map(|c| rule(c, &cwes, options)).collect();
    rules.extend(extra.iter().map(|(id, severity, cwe)| ReportingDescriptor {
        id: id.clone(),
        name: None,
        short_description: Some(Message::text(format!("{id}."))),
        full_description: None,
        help: None,
        help_uri: None,
        default_configuration: Some(ReportingConfiguration { level: level(*severity), enabled: None }),
        relationships: relationships(cwe, &cwes),
        properties: Some(PropertyBag {
            tags: cwe.iter().map(|c| format!("CWE-{c}")).take(MAX_TAGS).collect(),
            precision: None,
            security_severity: None,
        }),
    }));
    let limits = options.limits;
    let kept = kept_findings(&report.findings, limits.results);
    let mut shortened = 0;
    let mut steps_omitted = 0;
    let results: Vec<SarifResult> = kept
        .iter()
        .map(|reported| {
            let index = rules.iter().position(|r| r.id == reported.finding.check).unwrap_or(0);
            let (result, omitted) = result(reported, index, project_root, sources, limits.steps);
            if omitted > 0 {
                shortened += 1;
                steps_omitted += omitted;
            }
            result
        })
        .collect();
    let mut warnings = Vec::new();
    let dropped = report.findings.len() - kept.len();
    if dropped > 0 {
        warnings.push(format!(
            "{dropped} of {} results left out of the SARIF report: GitHub code scanning accepts at most {} per run; the most severe are kept",
            report.findings.len(),
            limits.results
        ));
    }
    if shortened > 0 {
        warnings.push(format!(
            "the paths of {shortened} result(s) were shortened to {} steps in the SARIF report ({steps_omitted} steps left out in all; GitHub code scanning shows no more): each keeps its first and last steps",
            limits.steps
        ));
    }
    let outside = absolute_files(&results);
    if let Some(first) = outside.first() {
        warnings.push(format!(
            "{} file(s) that results point into are outside the project root and have absolute URIs in the SARIF report (e.g. {first}); GitHub code scanning shows only files of the repository: --project-root widens the root",
            outside.len()
        ));
    }
    let mut notifications: Vec<Notification> = report.problems.iter().map(|p| notification(p, project_root)).collect();
    notifications.extend(warnings.iter().map(|w| Notification { level: "warning".into(), message: Message::text(w.clone()), locations: Vec::new() }));
    let root_uri = file_uri(&crate::report::absolute(project_root), true);
    let log = SarifLog {
        schema: SARIF_SCHEMA.into(),
        version: "2.1.0".into(),
        runs: vec![Run {
            tool: Tool {
                driver: ToolComponent {
                    name: TOOL_NAME.into(),
                    version: Some(env!("CARGO_PKG_VERSION").into()),
                    semantic_version: Some(env!("CARGO_PKG_VERSION").into()),
                    information_uri: information_uri(options),
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
                tool_execution_notifications: notifications,
            }],
            taxonomies: vec![cwe_taxonomy(&cwes)],
            original_uri_base_ids: BTreeMap::from([(SRCROOT.to_string(), ArtifactLocation { uri: root_uri, uri_base_id: None })]),
            automation_details: options.category.as_deref().map(automation_details),
            column_kind: "unicodeCodePoints".into(),
            results,
        }],
    };
    SarifRendering { log, warnings }
}

/// `automationDetails` for a category: GitHub reads the category as everything before the last
/// `/` of the id, so the id ends with one.
fn automation_details(category: &str) -> RunAutomationDetails {
    let category = category.trim();
    let id = if category.ends_with('/') { category.to_string() } else { format!("{category}/") };
    RunAutomationDetails { id }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReportContext;
    use goanna_checks::{Finding, PathStep};
    use std::path::PathBuf;

    fn at(file: &str, line: u32) -> FindingLocation {
        FindingLocation { file: PathBuf::from(file), line, column: 1, end_line: line, end_column: 2, start: 0, end: 1 }
    }

    fn finding(check: &str, severity: Severity, line: u32, path_len: usize) -> Finding {
        Finding {
            check: check.into(),
            cwe: vec![457],
            severity,
            location: at("src/a.c", line),
            function: "f".into(),
            message: format!("finding at {line}"),
            path: (0..path_len).map(|i| PathStep::new(at("src/a.c", i as u32 + 1), format!("step {}", i + 1))).collect(),
        }
    }

    fn report(findings: Vec<Finding>) -> Report {
        let context = ReportContext { project_root: Path::new("."), baseline: None, units_analysed: 1, units_failed: 0, millis: 0 };
        Report::new(findings, Vec::new(), &context, &mut Sources::new())
    }

    fn render(report: &Report, options: &SarifOptions) -> SarifRendering {
        render_sarif_with(report, goanna_checks::catalogue().checks(), Path::new("."), &mut Sources::new(), options)
    }

    #[test]
    fn names_are_single_pascal_identifiers() {
        assert_eq!(pascal_case("Pointer dereferenced after a check found it NULL"), "PointerDereferencedAfterCheckFoundItNull");
        assert_eq!(pascal_case("Division by a constant zero"), "DivisionByConstantZero");
        assert_eq!(pascal_case("A b"), "A");
    }

    #[test]
    fn long_descriptions_end_at_a_sentence_within_the_limit() {
        let sentence = "This sentence is forty-seven characters long. ";
        let text = sentence.repeat(40);
        let cut = within(text.trim(), MAX_FULL_DESCRIPTION);
        assert!(cut.chars().count() <= MAX_FULL_DESCRIPTION && cut.ends_with('.'), "{cut}");
        let words = "word ".repeat(400);
        let cut = within(words.trim(), MAX_FULL_DESCRIPTION);
        assert!(cut.chars().count() <= MAX_FULL_DESCRIPTION && cut.ends_with("word…"), "{cut}");
        assert_eq!(within("short.", MAX_FULL_DESCRIPTION), "short.");
    }

    #[test]
    fn every_rule_fits_github_and_carries_code_scanning_properties() {
        let log = render(&report(Vec::new()), &SarifOptions::default()).log;
        let rules = &log.runs[0].tool.driver.rules;
        assert_eq!(rules.len(), goanna_checks::catalogue().checks().len());
        for (rule, check) in rules.iter().zip(goanna_checks::catalogue().checks()) {
            let full = rule.full_description.as_ref().unwrap();
            assert!(full.text.chars().count() <= MAX_FULL_DESCRIPTION, "{}", rule.id);
            assert_eq!(rule.help_uri, None, "no made-up help address");
            let properties = rule.properties.as_ref().unwrap();
            assert!(properties.tags.len() <= MAX_TAGS);
            assert!(properties.precision.is_some(), "{}: every check states its precision", rule.id);
            assert_eq!(properties.tags.iter().any(|t| t == "security"), properties.security_severity.is_some(), "{}", rule.id);
            assert_eq!(properties.security_severity, check.security_severity.map(|s| s.to_string()));
        }
        let uaf = rules.iter().find(|r| r.id == "MEM-use-free-all").unwrap().properties.as_ref().unwrap();
        assert_eq!(uaf.tags[0], "security");
        let dead = rules.iter().find(|r| r.id == "RED-dead").unwrap().properties.as_ref().unwrap();
        assert!(!dead.tags.contains(&"security".to_string()) && dead.security_severity.is_none());
        let json = serde_json::to_value(&log).unwrap();
        let leak = json["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap().iter().find(|r| r["id"] == "MEM-leak").unwrap().clone();
        assert_eq!(leak["properties"]["security-severity"], "7.5");
        assert_eq!(leak["properties"]["precision"], "medium");
        assert_eq!(json["runs"][0]["tool"]["driver"]["informationUri"].as_str(), information_uri(&SarifOptions::default()).as_deref());
        assert!(json["runs"][0]["automationDetails"].is_null());
    }

    #[test]
    fn placeholder_addresses_are_never_written() {
        assert!(!is_real_address("https://example.invalid/goanna-rs"));
        assert!(!is_real_address("https://www.example.com/x"));
        assert!(!is_real_address("file:///x"));
        assert!(is_real_address("https://github.com/o/r"));
        let options = SarifOptions { help_uri: Some("https://github.com/o/r/blob/v1/checks/{family}/{id}.toml".into()), ..SarifOptions::default() };
        assert_eq!(information_uri(&options).as_deref(), Some("https://github.com/o/r/blob/v1/checks/"));
        assert_eq!(information_uri(&SarifOptions::default()), is_real_address(REPOSITORY).then(|| REPOSITORY.to_string()));
    }

    #[test]
    fn help_uris_and_category_come_from_the_options() {
        let options = SarifOptions {
            help_uri: Some("https://github.com/o/r/blob/v1/checks/{family}/{id}.toml".into()),
            category: Some("goanna/linux".into()),
            limits: SarifLimits::default(),
        };
        let log = render(&report(Vec::new()), &options).log;
        let leak = log.runs[0].tool.driver.rules.iter().find(|r| r.id == "MEM-leak").unwrap();
        assert_eq!(leak.help_uri.as_deref(), Some("https://github.com/o/r/blob/v1/checks/MEM/MEM-leak.toml"));
        assert_eq!(log.runs[0].automation_details.as_ref().unwrap().id, "goanna/linux/");
        assert_eq!(automation_details("c/").id, "c/");
    }

    #[test]
    fn results_over_the_limit_keep_the_most_severe_in_report_order() {
        let findings = vec![
            finding("SPC-uninit-var-some", Severity::Warning, 1, 0),
            finding("SPC-uninit-var-all", Severity::Error, 2, 0),
            finding("RED-unused-val", Severity::Note, 3, 0),
            finding("SPC-uninit-var-all", Severity::Error, 4, 0),
        ];
        let options = SarifOptions { limits: SarifLimits { results: 3, steps: 1000 }, ..SarifOptions::default() };
        let rendering = render(&report(findings), &options);
        let lines: Vec<u32> =
            rendering.log.runs[0].results.iter().map(|r| r.locations[0].physical_location.region.as_ref().unwrap().start_line).collect();
        assert_eq!(lines, vec![1, 2, 4]);
        assert_eq!(rendering.warnings.len(), 1, "{:?}", rendering.warnings);
        assert!(rendering.warnings[0].starts_with("1 of 4 results left out"), "{:?}", rendering.warnings);
        let notes = &rendering.log.runs[0].invocations[0].tool_execution_notifications;
        assert!(notes.iter().any(|n| n.level == "warning" && n.message.text == rendering.warnings[0]));
        assert!(rendering.log.runs[0].invocations[0].execution_successful, "a cut is no failure");
    }

    #[test]
    fn long_paths_keep_their_ends_and_say_what_was_left_out() {
        let options = SarifOptions { limits: SarifLimits { results: 10, steps: 10 }, ..SarifOptions::default() };
        let rendering = render(&report(vec![finding("SPC-uninit-var-all", Severity::Error, 5, 25), finding("SPC-uninit-var-all", Severity::Error, 6, 10)]), &options);
        let flows = |i: usize| rendering.log.runs[0].results[i].code_flows[0].thread_flows[0].locations.clone();
        let long = flows(0);
        assert_eq!(long.len(), 10);
        let order: Vec<usize> = long.iter().map(|s| s.execution_order).collect();
        assert_eq!(order, vec![1, 2, 3, 4, 5, 21, 22, 23, 24, 25]);
        assert_eq!(long[5].location.message.as_ref().unwrap().text, "(15 steps left out) step 21");
        assert_eq!(flows(1).len(), 10, "a path at the limit is whole");
        assert_eq!(rendering.warnings.len(), 1);
        assert!(rendering.warnings[0].contains("paths of 1 result(s) were shortened to 10 steps in the SARIF report (15 steps left out"), "{:?}", rendering.warnings);
    }

    #[test]
    fn files_outside_the_root_are_absolute_with_a_warning() {
        let mut outside = finding("SPC-uninit-var-all", Severity::Error, 5, 1);
        outside.location.file = PathBuf::from("/nonexistent/elsewhere/b.c");
        let rendering = render(&report(vec![finding("SPC-uninit-var-all", Severity::Error, 5, 1), outside]), &SarifOptions::default());
        let uri = &rendering.log.runs[0].results[1].locations[0].physical_location.artifact_location;
        assert_eq!((uri.uri.as_str(), uri.uri_base_id.as_deref()), ("file:///nonexistent/elsewhere/b.c", None));
        assert_eq!(rendering.warnings.len(), 1, "{:?}", rendering.warnings);
        assert!(rendering.warnings[0].contains("1 file(s)") && rendering.warnings[0].contains("file:///nonexistent/elsewhere/b.c"));
        let inside = render(&report(vec![finding("SPC-uninit-var-all", Severity::Error, 5, 1)]), &SarifOptions::default());
        assert!(inside.warnings.is_empty(), "{:?}", inside.warnings);
    }
}
