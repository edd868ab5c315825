//! `goanna-rs explain ID`: the documentation of a check, with its bad and good example.

use anyhow::bail;
use clap::Args;
use goanna_checks::CheckSpec;
use std::process::ExitCode;

/// Arguments of `explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The check id, e.g. `SPC-uninit-var-all` (see `goanna-rs checks`).
    id: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn indent(code: &str) -> String {
    code.trim_matches('\n').lines().map(|l| format!("    {l}\n")).collect()
}

fn paragraph(text: &str) -> String {
    text.trim().to_string()
}

/// The text `explain` prints for a check.
pub fn explanation(check: &CheckSpec) -> String {
    let cwe: Vec<String> = check.cwe.iter().map(|c| format!("CWE-{c}")).collect();
    format!(
        "{id}: {title}\n\nseverity: {severity}    family: {family}    profile: {profile}    {cwe}\n\nWhat it reports\n\n{what}\n\nWhy it matters\n\n{why}\n\nReported (bad)\n\n{bad}\nFixed (good)\n\n{good}",
        id = check.id,
        title = check.title,
        severity = check.severity,
        family = check.family(),
        profile = if check.on_by_default() { "default".to_string() } else { format!("{0} (off by default: `--enable {0}` or `--enable ID`)", check.profile.as_str()) },
        cwe = cwe.join(", "),
        what = paragraph(&check.docs.what),
        why = paragraph(&check.docs.why),
        bad = indent(&goanna_report::display_example(&check.docs.bad)),
        good = indent(&check.docs.good),
    )
}

/// Prints the documentation of one check; an unknown id is a usage error with suggestions.
pub fn run(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let catalogue = goanna_checks::catalogue();
    let Some(check) = catalogue.get(&args.id) else {
        let wanted = args.id.to_ascii_lowercase();
        let similar: Vec<&str> = catalogue
            .checks()
            .iter()
            .filter(|c| {
                let id = c.id.to_ascii_lowercase();
                id.contains(&wanted) || wanted.contains(&id) || c.family().eq_ignore_ascii_case(&args.id)
            })
            .map(|c| c.id.as_str())
            .collect();
        if similar.is_empty() {
            bail!("unknown check `{}` (see `goanna-rs checks`)", args.id);
        }
        bail!("unknown check `{}`; did you mean {}?", args.id, similar.join(", "));
    };
    if args.json {
        let value = serde_json::json!({
            "id": check.id, "title": check.title, "family": check.family(), "severity": check.severity.as_str(), "profile": check.profile.as_str(),
            "cwe": check.cwe, "what": check.docs.what.trim(), "why": check.docs.why.trim(),
            "bad": check.docs.bad, "good": check.docs.good,
        });
        crate::output::write_stdout(format!("{}\n", serde_json::to_string_pretty(&value)?).as_bytes())?;
    } else {
        crate::output::write_stdout(explanation(check).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
