//! `goanna-rs checks`: the list of checks.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `checks`.
#[derive(Args, Debug)]
pub struct ChecksArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Prints every check with its severity and CWE ids.
pub fn run(args: &ChecksArgs) -> anyhow::Result<ExitCode> {
    let checks = goanna_checks::catalogue().checks();
    if args.json {
        let list: Vec<_> = checks
            .iter()
            .map(|c| serde_json::json!({"id": c.id, "title": c.title, "cwe": c.cwe, "severity": c.severity.as_str()}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for c in checks {
            let cwe: Vec<String> = c.cwe.iter().map(|n| format!("CWE-{n}")).collect();
            println!("{:<22} {:<8} {:<10} {}", c.id, c.severity.as_str(), cwe.join(","), c.title);
        }
    }
    Ok(ExitCode::SUCCESS)
}
