//! `goanna-rs dump`: print the control-flow graphs of a file, with propositions.

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use goanna_cfg::dump;
use goanna_frontend::ParseOptions;
use std::path::PathBuf;
use std::process::ExitCode;

/// Output formats of `dump`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DumpFormat {
    /// Node ids, source ranges, propositions and edges, for reading.
    Text,
    /// Graphviz (`dot -Tsvg`).
    Dot,
    /// JSON: one object per function.
    Json,
}

/// Arguments of `dump`.
#[derive(Args, Debug)]
pub struct DumpArgs {
    /// The C file.
    file: PathBuf,
    /// Only this function.
    #[arg(long, value_name = "NAME")]
    function: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DumpFormat::Text)]
    format: DumpFormat,
    /// Compiler arguments, after `--`.
    #[arg(last = true, value_name = "COMPILER_ARGS")]
    compiler_args: Vec<String>,
}

/// Parses the file and prints the graphs.
pub fn run(args: &DumpArgs) -> anyhow::Result<ExitCode> {
    let options = ParseOptions { args: args.compiler_args.clone(), working_dir: None };
    let tu = goanna_frontend::parse_file(&args.file, &options).with_context(|| format!("cannot parse {}", args.file.display()))?;
    for diagnostic in &tu.diagnostics {
        if let Some(span) = diagnostic.span {
            let file = tu.files.get(span.file.0 as usize).map(|f| f.path.display().to_string()).unwrap_or_default();
            eprintln!("{file}:{}:{}: {:?}: {}", span.line, span.col, diagnostic.severity, diagnostic.message);
        } else {
            eprintln!("{:?}: {}", diagnostic.severity, diagnostic.message);
        }
    }
    let cfgs: Vec<_> = goanna_cfg::build_cfgs(&tu, goanna_driver::builtin_models())
        .into_iter()
        .filter(|cfg| args.function.as_ref().is_none_or(|name| &cfg.name == name))
        .collect();
    if cfgs.is_empty() {
        match &args.function {
            Some(name) => bail!("no definition of function `{name}` in {}", args.file.display()),
            None => bail!("no function definitions in {}", args.file.display()),
        }
    }
    let text: String = match args.format {
        DumpFormat::Text => cfgs.iter().map(dump::to_text).collect(),
        DumpFormat::Dot => cfgs.iter().map(dump::to_dot).collect(),
        DumpFormat::Json => {
            let all: Vec<_> = cfgs.iter().map(dump::to_json).collect();
            format!("{}\n", serde_json::to_string_pretty(&all)?)
        }
    };
    crate::output::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
