//! The check catalogue: one declarative TOML file per check in `checks/` (embedded at build
//! time), validated when first used.

use crate::Severity;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/catalogue_files.rs"));

/// How a check is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// A data-flow algorithm in Rust on one CFG (`intra` module).
    Dataflow,
    /// A CTL template decided by the model checker.
    Ctl,
}

/// Which selection a check belongs to when the user names none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// On by default: its findings are defects on correct code only by mistake.
    #[default]
    Default,
    /// Off by default: findings about style or redundancy (a missing `default`, an unused value,
    /// code that cannot run) that correct, mature code has too. `--enable style`, or naming the
    /// check or its family, turns them on.
    Style,
    /// Off by default: checks of real defects whose findings on mature code are still wrong
    /// too often for the default set (more than one in ten in the real-code benchmark), such as
    /// the "possible" bounds checks, whose values come from intervals no path refutation has
    /// confirmed yet. `--enable extra`, or naming the check or its family, turns them on.
    Extra,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 3] = [Profile::Default, Profile::Style, Profile::Extra];

    /// The name used in check files, `--enable` and `goanna.toml`.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Style => "style",
            Profile::Extra => "extra",
        }
    }

    /// The profile with this name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

/// The documentation of a check, shown by `goanna-rs explain` and in SARIF help text.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckDocs {
    /// What the check reports.
    pub what: String,
    /// Why it matters.
    pub why: String,
    /// Code the check reports (annotated with `// expect: ID`).
    pub bad: String,
    /// The same code, fixed: the check reports nothing.
    pub good: String,
    /// The language of the examples: `c` (the default) or `c++`.
    #[serde(default)]
    pub language: ExampleLanguage,
}

/// The language a check's documentation examples are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum ExampleLanguage {
    /// C.
    #[default]
    #[serde(rename = "c")]
    C,
    /// C++.
    #[serde(rename = "c++")]
    Cxx,
}

impl ExampleLanguage {
    /// The file extension an example in this language is compiled from.
    pub fn extension(self) -> &'static str {
        match self {
            ExampleLanguage::C => "c",
            ExampleLanguage::Cxx => "cpp",
        }
    }
}

/// One check of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckSpec {
    /// Id in C-STAT style: `FAMILY-name`, e.g. `MEM-leak`.
    pub id: String,
    /// One-line title.
    pub title: String,
    /// Default severity.
    pub severity: Severity,
    /// Whether the check runs when the user selects none (`default`) or only when asked for
    /// (`style`).
    #[serde(default)]
    pub profile: Profile,
    /// CWE ids.
    pub cwe: Vec<u32>,
    /// How the check is decided.
    pub engine: Engine,
    /// The message, with `{var}` standing for the variable or resource concerned.
    pub message: String,
    /// For CTL checks: what the template is instantiated for.
    #[serde(default)]
    pub ranges_over: Option<Range>,
    /// For CTL checks: the *violation* formula; every node of a function that satisfies it (in
    /// the function's own context) is a finding. `_X` atoms stand for the instance's variable.
    #[serde(default)]
    pub violation: Option<String>,
    /// For CTL checks: the atom whose source range locates the finding at the violating node
    /// (default: the node's own range).
    #[serde(default)]
    pub report_at: Option<String>,
    /// For CTL checks: the atom of the violating node that the finding says happened, which the
    /// refutation stage assumes when it decides the path: `may_be_null_X` (the result was NULL),
    /// `lock_X` (the lock call succeeded).
    #[serde(default)]
    pub event: Option<String>,
    /// For CTL checks: look for the `report_at` proposition where the path ends first (e.g. the
    /// second `free` of a double free), and only then at the violating node.
    #[serde(default)]
    pub report_at_end: bool,
    /// For CTL checks: report only the first violating node of each instance (in source order),
    /// for properties that hold on whole regions (e.g. a loop that never exits).
    #[serde(default)]
    pub report_first: bool,
    /// For CTL checks: keep only violating nodes inside a loop that no edge leaves (a closed
    /// strongly connected region of the graph), one finding per such loop.
    #[serde(default)]
    pub closed_loops_only: bool,
    /// For CTL checks: keep the edges that constant conditions rule out (design note 10 drops
    /// them for every other check): for checks about the code as written, such as unused
    /// variables.
    #[serde(default)]
    pub include_infeasible: bool,
    /// For CTL checks: no finding whose reported range was written by a macro expansion (for
    /// redundancy checks, where macros legitimately produce unused values).
    #[serde(default)]
    pub skip_in_macros: bool,
    /// For CTL checks about NULL: no finding whose NULL evidence (a NULL test, or a NULL stored,
    /// at the violating node or where the path ends) was written by a macro expansion. A test
    /// inside a macro is a defensive check the macro makes for every caller
    /// (`#define LOG(d, ...) if ((d) && ...)`), and a NULL a macro gives for out-of-range input
    /// (`#define GET(v, i) ((i) < (v)->length ? (v)->items[i] : NULL)`) is its defensive default,
    /// not the programmer saying the pointer may be NULL here (the Clang Static Analyzer treats
    /// such checks as inlined defensive checks too).
    #[serde(default)]
    pub defensive_macro_tests: bool,
    /// For CTL checks over pointers: a NULL test at the head of a loop whose body gives the
    /// pointer a new value (`while (e && ...) { ...; advance(&e); }`) is the loop's test of the
    /// values it advances to, not evidence that the value it entered with may be NULL.
    #[serde(default)]
    pub loop_retests: bool,
    /// For CTL checks about NULL: no finding whose NULL evidence is the exit test of a search
    /// loop (`while (p != NULL && !match(p)) p = p->next;`) — a loop whose body gives the
    /// pointer a new value and that has another way out (the match, a `break`) from which the
    /// dereference after it is reached. The test ends the traversal; the code after the loop
    /// relies on the search finding, an invariant of the data (the list holds the element the
    /// caller counted) that the analyser does not see. A loop whose only way to the
    /// dereference is the NULL exit is still reported: there the pointer is always NULL.
    #[serde(default)]
    pub search_loop_exits: bool,
    /// For CTL checks whose path ends at the evidence (the NULL test after a dereference): the
    /// evidence must be the function's own. A test inside a callee (a general-purpose function
    /// that tests a global before it reconnects) is that function's business, not a statement
    /// about the caller's dereference; such a witness is decided again on the function's own
    /// model, where callees count by their summaries.
    #[serde(default)]
    pub evidence_in_function: bool,
    /// For CTL checks whose path starts where a pointer is set to NULL: a path on which the
    /// NULL survives only because a branch the function's inputs decide (its parameters, the
    /// memory they reach, values computed from them) went past the pointer's new value is
    /// *latent* — it needs inputs the callers may never give (a data invariant the analysis
    /// does not see) — and is not reported, as Infer Pulse reports only manifest issues.
    #[serde(default)]
    pub latent_if_inputs_choose: bool,
    /// For CTL checks whose violation is a universal statement ("no path ever uses the value"):
    /// report a node only when the violation holds in every state of the refined model that
    /// stands for it (whatever the branches taken before said), not just in one of them.
    #[serde(default)]
    pub every_state: bool,
    /// For CTL checks: decide the formula without loop back edges (within one iteration).
    #[serde(default)]
    pub forward_only: bool,
    /// For CTL checks: no finding where the variable is known to be non-null (every path to
    /// the violating node passes a non-null test of it with no new value since).
    #[serde(default)]
    pub skip_if_nonnull: bool,
    /// For CTL checks: a CTL formula over the same atoms; an instance for which it holds at the
    /// function's entry is not checked at all (e.g. "some path from the entry reaches the NULL
    /// test without a dereference": the test is meant for other paths).
    #[serde(default)]
    pub unless_at_entry: Option<String>,
    /// For CTL checks: messages for the steps of the path where these atoms hold.
    #[serde(default)]
    pub steps: std::collections::BTreeMap<String, String>,
    /// Checks that take precedence: a finding of this check at the same location as one of
    /// theirs is not reported (e.g. `-some` gives way to `-all`).
    #[serde(default)]
    pub unless: Vec<String>,
    /// How often the check's findings are right (SARIF `precision`); absent: not stated.
    #[serde(default)]
    pub precision: Option<crate::code_scanning::Precision>,
    /// For checks whose findings are security weaknesses: their score (SARIF
    /// `security-severity`, with the rule tagged `security`); absent: a quality check.
    #[serde(default)]
    pub security_severity: Option<crate::code_scanning::SecuritySeverity>,
    /// Documentation.
    pub docs: CheckDocs,
}

/// What a CTL template is instantiated for, in each function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    /// Local variables and parameters of pointer type.
    LocalPointer,
    /// Pointer variables: locals, parameters, and globals the function mentions.
    Pointer,
    /// Local variables of scalar type (integer, floating, pointer).
    LocalScalar,
    /// Every variable the function mentions.
    Variable,
    /// Local variables of any type (arrays and structures too), not parameters.
    Local,
    /// Every access path the function mentions (`m`, `s->lock`, `*p`, ...).
    AnyPath,
    /// One instance per function, without a variable.
    Function,
}

impl CheckSpec {
    /// The family: the part of the id before the first `-` (`MEM`, `SPC`, `RED`, ...).
    pub fn family(&self) -> &str {
        self.id.split('-').next().unwrap_or(&self.id)
    }

    /// True when the check runs without being asked for (its profile is `default`).
    pub fn on_by_default(&self) -> bool {
        self.profile == Profile::Default
    }

    /// The message with `{var}` replaced.
    pub fn message_for(&self, var: &str) -> String {
        self.message.replace("{var}", var)
    }
}

/// A problem in a catalogue file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("checks/{file}: {message}")]
pub struct CatalogueError {
    /// The file, relative to `checks/`.
    pub file: String,
    /// What is wrong.
    pub message: String,
}

/// The validated set of checks, sorted by id.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    checks: Vec<CheckSpec>,
}

/// Ids of the checks implemented by the `intra` module's data-flow code.
pub(crate) const DATAFLOW_CHECKS: &[&str] = &[
    "RED-dead",
    "RED-unused-static",
    "RED-unused-var",
    "SPC-uninit-var-all",
    "SPC-uninit-arr-all",
    "SPC-uninit-struct-field",
    "SPC-uninit-heap-all",
    "SWITCH-fall-through",
];

impl Catalogue {
    /// Parses and validates catalogue files given as (path relative to `checks/`, contents).
    pub fn from_files(files: &[(&str, &str)]) -> Result<Catalogue, Vec<CatalogueError>> {
        let mut checks = Vec::new();
        let mut errors = Vec::new();
        let mut seen = BTreeSet::new();
        for (file, text) in files {
            let error = |message: String| CatalogueError { file: file.to_string(), message };
            let spec: CheckSpec = match toml::from_str(text) {
                Ok(spec) => spec,
                Err(e) => {
                    errors.push(error(e.to_string()));
                    continue;
                }
            };
            let stem = file.rsplit('/').next().unwrap_or(file).trim_end_matches(".toml");
            if stem != spec.id {
                errors.push(error(format!("id `{}` does not match the file name", spec.id)));
            }
            let folder = file.split('/').next().unwrap_or("");
            if file.contains('/') && folder != spec.family() {
                errors.push(error(format!("check `{}` belongs in folder `{}/`", spec.id, spec.family())));
            }
            if !seen.insert(spec.id.clone()) {
                errors.push(error(format!("check `{}` is defined twice", spec.id)));
            }
            if spec.cwe.is_empty() {
                errors.push(error("`cwe` must list at least one CWE id".to_string()));
            }
            if spec.engine == Engine::Dataflow && !DATAFLOW_CHECKS.contains(&spec.id.as_str()) {
                errors.push(error(format!("no data-flow implementation for `{}`", spec.id)));
            }
            match spec.engine {
                Engine::Ctl => {
                    if let Err(message) = crate::program::Template::from_spec(&spec) {
                        errors.push(error(message));
                    }
                }
                Engine::Dataflow => {
                    if spec.violation.is_some()
                        || spec.ranges_over.is_some()
                        || spec.report_at.is_some()
                        || spec.event.is_some()
                        || spec.report_at_end
                        || spec.forward_only
                        || spec.report_first
                        || spec.closed_loops_only
                        || spec.include_infeasible
                        || spec.skip_in_macros
                        || spec.defensive_macro_tests
                        || spec.loop_retests
                        || spec.search_loop_exits
                        || spec.evidence_in_function
                        || spec.latent_if_inputs_choose
                        || spec.every_state
                        || spec.skip_if_nonnull
                        || spec.unless_at_entry.is_some()
                        || !spec.steps.is_empty()
                    {
                        errors.push(error("data-flow checks take no template fields".to_string()));
                    }
                }
            }
            if !spec.docs.bad.contains(&format!("expect: {}", spec.id)) {
                errors.push(error(format!("the bad example must mark its finding with `// expect: {}`", spec.id)));
            }
            if spec.profile == Profile::Style && spec.severity == Severity::Error {
                errors.push(error("a `style` check cannot have severity `error`".to_string()));
            }
            if spec.docs.good.contains("expect:") {
                errors.push(error("the good example must not expect findings".to_string()));
            }
            checks.push(spec);
        }
        for spec in &checks {
            for other in &spec.unless {
                if !seen.contains(other) {
                    errors.push(CatalogueError {
                        file: format!("{}/{}.toml", spec.family(), spec.id),
                        message: format!("`unless` names unknown check `{other}`"),
                    });
                }
            }
        }
        for id in DATAFLOW_CHECKS {
            if !seen.contains(*id) {
                errors.push(CatalogueError { file: format!("{id}.toml"), message: "data-flow check has no catalogue file".into() });
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        checks.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(Catalogue { checks })
    }

    /// Every check, sorted by id.
    pub fn checks(&self) -> &[CheckSpec] {
        &self.checks
    }

    /// The check with this id.
    pub fn get(&self, id: &str) -> Option<&CheckSpec> {
        self.checks.binary_search_by(|c| c.id.as_str().cmp(id)).ok().map(|i| &self.checks[i])
    }
}

/// The catalogue embedded in the binary. Its files are validated by the test suite, so a
/// broken file cannot ship; should one still fail here, the checks of that file are left out
/// rather than taking the program down (see [`builtin_catalogue_errors`]).
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| match Catalogue::from_files(CATALOGUE_FILES) {
        Ok(catalogue) => catalogue,
        Err(errors) => {
            let broken: Vec<&str> = errors.iter().map(|e| e.file.as_str()).collect();
            let mut checks: Vec<CheckSpec> = CATALOGUE_FILES
                .iter()
                .filter(|(file, _)| !broken.contains(file))
                .filter_map(|(_, text)| toml::from_str::<CheckSpec>(text).ok())
                .collect();
            checks.sort_by(|a, b| a.id.cmp(&b.id));
            Catalogue { checks }
        }
    })
}

/// Validation errors of the embedded catalogue (empty when it is sound).
pub fn builtin_catalogue_errors() -> Vec<CatalogueError> {
    Catalogue::from_files(CATALOGUE_FILES).err().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_catalogue_is_valid() {
        assert_eq!(builtin_catalogue_errors(), Vec::new());
        let catalogue = catalogue();
        assert!(catalogue.get("RED-dead").is_some());
        assert_eq!(catalogue.get("SPC-uninit-var-all").unwrap().family(), "SPC");
        // Style checks are off by default; defect checks are on.
        assert!(!catalogue.get("SWITCH-no-default").unwrap().on_by_default());
        assert!(catalogue.get("MEM-leak").unwrap().on_by_default());
    }

    #[test]
    fn profiles_are_validated() {
        let file = |profile: &str, severity: &str| {
            format!("id = \"MEM-p\"\ntitle = \"t\"\nseverity = \"{severity}\"\ncwe = [1]\nengine = \"ctl\"\nmessage = \"m\"\nranges_over = \"pointer\"\nviolation = \"free_X\"\nprofile = \"{profile}\"\n[docs]\nwhat = \"w\"\nwhy = \"y\"\nbad = \"// expect: MEM-p\"\ngood = \"\"\n")
        };
        // (Alone, the file also lacks the data-flow checks' files: only its own errors count.)
        let own = |text: &str| -> Vec<CatalogueError> {
            let errors = Catalogue::from_files(&[("MEM/MEM-p.toml", text)]).err().unwrap_or_default();
            errors.into_iter().filter(|e| e.file == "MEM/MEM-p.toml").collect()
        };
        assert_eq!(own(&file("style", "note")), Vec::new(), "a style note is valid");
        assert_eq!(toml::from_str::<CheckSpec>(&file("style", "note")).unwrap().profile, Profile::Style);
        let errors = Catalogue::from_files(&[("MEM/MEM-p.toml", &file("pedantic", "note"))]).unwrap_err();
        assert!(errors.iter().any(|e| e.message.contains("profile")), "{errors:?}");
        let errors = Catalogue::from_files(&[("MEM/MEM-p.toml", &file("style", "error"))]).unwrap_err();
        assert!(errors.iter().any(|e| e.message.contains("style")), "{errors:?}");
    }

    #[test]
    fn invalid_files_are_reported_with_their_name() {
        let bad = "id = \"MEM-x\"\ntitle = \"t\"\nseverity = \"fatal\"\ncwe = []\nengine = \"ctl\"\nmessage = \"m\"\n";
        let errors = Catalogue::from_files(&[("MEM/MEM-x.toml", bad)]).unwrap_err();
        assert!(errors.iter().any(|e| e.file == "MEM/MEM-x.toml" && e.message.contains("severity")), "{errors:?}");
        let misplaced = "id = \"MEM-y\"\ntitle = \"t\"\nseverity = \"error\"\ncwe = [1]\nengine = \"ctl\"\nmessage = \"m\"\n[docs]\nwhat = \"w\"\nwhy = \"y\"\nbad = \"// expect: MEM-y\"\ngood = \"\"\n";
        let errors = Catalogue::from_files(&[("RED/MEM-z.toml", misplaced)]).unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert!(text.iter().any(|e| e.contains("does not match the file name")), "{text:?}");
        assert!(text.iter().any(|e| e.contains("belongs in folder `MEM/`")), "{text:?}");
    }

    /// `checks/README.md` documents every field of a check file and every proposition a
    /// template may name; a new one must be documented there.
    #[test]
    fn the_catalogue_readme_documents_every_field_and_proposition() {
        let readme = include_str!("../../../checks/README.md");
        // serde names every field it expects when it meets an unknown one.
        let err = toml::from_str::<CheckSpec>("no_such_field = 1").unwrap_err().to_string();
        let expected = err.split("expected one of").nth(1).expect("serde lists the fields");
        let fields: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        assert!(fields.len() > 10, "{err}");
        for field in fields {
            assert!(readme.contains(&format!("`{field}`")), "checks/README.md does not document the field `{field}`");
        }
        for kind in goanna_cfg::PropKind::ALL {
            if kind == goanna_cfg::PropKind::Call {
                continue;
            }
            let plain = crate::program::is_plain_kind(kind);
            let atom = if plain { format!("| `{}` |", kind.name()) } else { format!("| `{}_X` |", kind.name()) };
            assert!(readme.contains(&atom), "checks/README.md does not document the proposition {atom}");
        }
    }
}
