//! `goanna-rs`: a static analyzer for C that finds bugs by model checking control flow.
//!
//! Exit statuses: 0 no findings and no analysis errors; 1 findings; 2 analysis errors (a unit
//! could not be read, parsed or analysed) or a usage error. Errors take precedence over
//! findings, because a report with errors is incomplete.

mod checks_cmd;
mod dump_cmd;
mod exit;
mod output;
mod scan_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Finds inter-procedural bugs in C code by model checking its control flow.
#[derive(Parser, Debug)]
#[command(name = "goanna-rs", version, about, long_about = None, after_help = exit::EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Analyse C sources: files, or directories walked for `.c` files.
    Scan(scan_cmd::ScanArgs),
    /// Print the control-flow graph of each function of a file, with propositions.
    Dump(dump_cmd::DumpArgs),
    /// List the checks.
    Checks(checks_cmd::ChecksArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { exit::USAGE_ERROR } else { exit::SUCCESS };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match &cli.command {
        Command::Scan(args) => scan_cmd::run(args),
        Command::Dump(args) => dump_cmd::run(args),
        Command::Checks(args) => checks_cmd::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("goanna-rs: error: {e:#}");
            ExitCode::from(exit::USAGE_ERROR)
        }
    }
}
