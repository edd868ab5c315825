//! `goanna-rs checks`: the list of checks.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `checks`.
#[derive(Args, Debug)]
pub struct ChecksArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Only the checks of this family (e.g. `MEM`).
    #[arg(long, value_name = "FAMILY")]
    family: Option<String>,
}

/// Prints every check with its family, severity, profile (`default`: on unless deselected;
/// `style`: off unless asked for), CWE ids and title.
pub fn run(args: &ChecksArgs) -> anyhow::Result<ExitCode> {
    let checks: Vec<_> = goanna_checks::catalogue()
        .checks()
        .iter()
        .filter(|c| args.family.as_deref().is_none_or(|f| c.family().eq_ignore_ascii_case(f)))
        .collect();
    if args.json {
        let list: Vec<_> = checks
            .iter()
            .map(|c| {
                serde_json::json!({"id": c.id, "family": c.family(), "title": c.title, "cwe": c.cwe, "severity": c.severity.as_str(), "profile": c.profile.as_str(), "on_by_default": c.on_by_default()})
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for c in checks {
            let cwe: Vec<String> = c.cwe.iter().map(|n| format!("CWE-{n}")).collect();
            let profile = if c.on_by_default() { "default" } else { "style(off)" };
            println!("{:<28} {:<9} {:<8} {:<11} {:<10} {}", c.id, c.family(), c.severity.as_str(), profile, cwe.join(","), c.title);
        }
    }
    Ok(ExitCode::SUCCESS)
}
