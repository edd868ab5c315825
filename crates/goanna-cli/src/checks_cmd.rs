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

/// Prints every check with its family, severity, CWE ids and title.
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
                serde_json::json!({"id": c.id, "family": c.family(), "title": c.title, "cwe": c.cwe, "severity": c.severity.as_str()})
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for c in checks {
            let cwe: Vec<String> = c.cwe.iter().map(|n| format!("CWE-{n}")).collect();
            println!("{:<24} {:<6} {:<8} {:<10} {}", c.id, c.family(), c.severity.as_str(), cwe.join(","), c.title);
        }
    }
    Ok(ExitCode::SUCCESS)
}
