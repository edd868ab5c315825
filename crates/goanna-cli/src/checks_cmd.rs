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
/// `style`: off unless asked for), CWE ids and title; the JSON list also gives the code-scanning
/// `precision` and `security_severity`.
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
                serde_json::json!({"id": c.id, "family": c.family(), "title": c.title, "cwe": c.cwe, "severity": c.severity.as_str(), "profile": c.profile.as_str(), "on_by_default": c.on_by_default(),
                    "precision": c.precision.map(|p| p.as_str()), "security_severity": c.security_severity.map(|s| s.to_string())})
            })
            .collect();
        crate::output::write_stdout(format!("{}\n", serde_json::to_string_pretty(&list)?).as_bytes())?;
    } else {
        let mut table = String::new();
        for c in checks {
            let cwe: Vec<String> = c.cwe.iter().map(|n| format!("CWE-{n}")).collect();
            let profile = if c.on_by_default() { "default".to_string() } else { format!("{}(off)", c.profile.as_str()) };
            table.push_str(&format!("{:<28} {:<9} {:<8} {:<11} {:<10} {}\n", c.id, c.family(), c.severity.as_str(), profile, cwe.join(","), c.title));
        }
        // `goanna-rs checks | head -1`: a reader that stops early is not an error.
        crate::output::write_stdout(table.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
