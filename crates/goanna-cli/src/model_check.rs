//! `goanna-rs model-check MODEL.rsm FORMULAS.ctl`: decide CTL formulas on a recursive state
//! machine in the RSMCheck JSON format. The logic lives in `goanna_mc::report`; this module only
//! reads files and prints.

use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Strategy names accepted by `--strategy`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StrategyArg {
    /// Every reachable context, bottom-up (the default: fastest on the RSM benchmarks).
    #[default]
    Exhaustive,
    /// Demand-driven refinement from the initial configuration.
    Incremental,
    /// Ternary lazy evaluation with guided expansion.
    Lazy,
}

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FormatArg {
    /// One line per formula, witnesses indented below.
    #[default]
    Text,
    /// One JSON object per formula per line, then a `{"summary":{...}}` line.
    Json,
}

/// Arguments of `model-check`.
#[derive(clap::Args, Debug)]
pub struct ModelCheckArgs {
    /// The model, RSMCheck JSON (`.rsm`).
    pub model: PathBuf,
    /// The formulas, one per line (`#` comments).
    pub formulas: PathBuf,
    /// Checking strategy.
    #[arg(long, value_enum, default_value_t = StrategyArg::Exhaustive)]
    pub strategy: StrategyArg,
    /// Show a witness (holding existential formula) or counterexample (failing universal one).
    #[arg(long)]
    pub witness: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
}

/// Run the command: exit status 0 when every formula was decided, 2 when any failed to parse or check.
pub fn run(args: &ModelCheckArgs) -> anyhow::Result<ExitCode> {
    let strategy = match args.strategy {
        StrategyArg::Exhaustive => goanna_mc::Strategy::Exhaustive,
        StrategyArg::Incremental => goanna_mc::Strategy::Incremental,
        StrategyArg::Lazy => goanna_mc::Strategy::Lazy,
    };
    let json = std::fs::read_to_string(&args.model)
        .with_context(|| format!("cannot read model {}", args.model.display()))?;
    let model = goanna_mc::rsm::read_model(&json)
        .with_context(|| format!("in model {}", args.model.display()))?;
    let text = std::fs::read_to_string(&args.formulas)
        .with_context(|| format!("cannot read formulas {}", args.formulas.display()))?;
    let t0 = Instant::now();
    let reports = goanna_mc::report::check_formulas(&model, &text, strategy, args.witness, true);
    let millis = t0.elapsed().as_secs_f64() * 1e3;
    let summary = goanna_mc::report::summary_json(&reports, strategy, millis);
    let mut text = String::new();
    for r in &reports {
        match args.format {
            FormatArg::Json => {
                text.push_str(&r.to_json(&model).to_string());
                text.push('\n');
            }
            FormatArg::Text => text.push_str(&r.to_text(&model)),
        }
    }
    match args.format {
        FormatArg::Json => text.push_str(&format!("{summary}\n")),
        FormatArg::Text => {
            let s = &summary["summary"];
            text.push_str(&format!(
                "{} formulas: {} hold, {} fail, {} errors ({} strategy, {:.1} ms)\n",
                s["formulas"], s["holds"], s["fails"], s["errors"], strategy, millis
            ));
        }
    }
    crate::output::write_stdout(text.as_bytes())?;
    let errors = reports.iter().any(|r| r.result.is_err());
    Ok(if errors {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
