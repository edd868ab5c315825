//! `goanna-rs`: a static analyzer for C that finds bugs by model checking control flow.
//!
//! Exit statuses: see [`exit`] and `goanna-rs scan --help`: 0 no findings at or above
//! `--fail-on`; 1 findings; 2 analysis errors (a unit could not be read, parsed or analysed) or a
//! usage error, which take precedence because a report with errors is incomplete.

mod build_cmd;
mod cc_cmd;
mod checks_cmd;
mod config;
mod dump_cmd;
mod exit;
mod explain_cmd;
mod model_check;
mod output;
mod report_cmd;
mod results_dir;
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
    /// Check CTL formulas on a recursive state machine in RSMCheck's JSON format.
    ModelCheck(model_check::ModelCheckArgs),
    /// List the checks.
    Checks(checks_cmd::ChecksArgs),
    /// Print the documentation of a check, with an example it reports and the fixed code.
    Explain(explain_cmd::ExplainArgs),
    /// Compiler wrapper: run the compiler, then analyse the C units it compiled into the results
    /// directory (`goanna-rs cc [--with-cc=CC] [--results-dir DIR] [--strict] [--] [COMPILER] ARGS...`;
    /// also invoked as `goannacc` / `goannac++`).
    #[command(disable_help_flag = true)]
    Cc {
        /// Wrapper options, then the compiler and its arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// Link the artefacts the compiler wrapper stored for a build and report findings.
    Report(report_cmd::ReportArgs),
    /// Run a build command with CC pointing to the compiler wrapper, then report.
    Build(build_cmd::BuildArgs),
    /// Internal: a worker process of `scan` and the compiler wrapper. Reads unit jobs on
    /// standard input and writes artefacts on standard output (`goanna_driver::protocol`).
    #[command(hide = true)]
    Worker,
}

/// `goanna-rs worker`: serves unit jobs until its input ends.
fn worker() -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    goanna_driver::protocol::serve(&mut stdin.lock(), &mut stdout.lock())?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    // Compiler-wrapper use (`goannacc ...`, `goannac++ ...`, `goanna-rs cc ...`) bypasses the
    // command-line parser: every argument belongs to the compiler.
    if let Some(code) = cc_cmd::intercept(&std::env::args_os().collect::<Vec<_>>()) {
        return code;
    }
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
        Command::ModelCheck(args) => model_check::run(args),
        Command::Checks(args) => checks_cmd::run(args),
        Command::Explain(args) => explain_cmd::run(args),
        Command::Cc { args } => Ok(ExitCode::from(cc_cmd::run(cc_cmd::Mode::Subcommand, args))),
        Command::Report(args) => report_cmd::run(args),
        Command::Build(args) => build_cmd::run(args),
        Command::Worker => worker(),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("goanna-rs: error: {e:#}");
            ExitCode::from(exit::USAGE_ERROR)
        }
    }
}
