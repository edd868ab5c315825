//! `goanna-rs scan`: analyse files, directories or a compilation database and report findings.

use crate::output::{self, OutputArgs};
use anyhow::Context;
use clap::Args;
use goanna_driver::{
    canonical_source, dedupe_units, discover_units, load_compile_commands, scan, scan_isolated, AnalysisOptions, PoolOptions, Problem, ProblemSeverity,
    UnitSpec, WorkerCommand,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `scan`.
#[derive(Args, Debug)]
#[command(after_help = crate::exit::EXIT_STATUS_HELP)]
pub struct ScanArgs {
    /// Files and directories to analyse (directories are walked for `.c` files). With `-p`,
    /// only the database's units among them (each with its own flags).
    #[arg(required_unless_present = "compile_commands", value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Analyse the C units of a compilation database: a `compile_commands.json` or the build
    /// directory holding one. Each unit gets its own flags and working directory.
    #[arg(short = 'p', long = "compile-commands", value_name = "BUILD_DIR|FILE")]
    compile_commands: Option<PathBuf>,
    /// Do not use a `compile_commands.json` found in the scanned directory (by default, scanning
    /// one directory that holds one analyses the database's units instead of walking it).
    #[arg(long)]
    no_compdb: bool,
    /// Add a directory to the include search path (as `-I` for the compiler).
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include: Vec<String>,
    /// Define a macro (as `-D` for the compiler).
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Language standard (as `-std=` for the compiler), e.g. `c11`, `gnu99`.
    #[arg(long = "std", value_name = "STD")]
    std: Option<String>,
    /// Analyse units even when they do not compile (findings may be wrong).
    #[arg(long)]
    analyse_with_errors: bool,
    /// Skip functions whose graph has more nodes than this (reported as a warning).
    #[arg(long, value_name = "N", default_value_t = 250_000)]
    max_function_nodes: usize,
    /// Budget of the checks on one function, in seconds of an unloaded core, counted as work so
    /// that the result does not depend on the machine's load; over it the remaining checks are
    /// skipped (reported as a warning).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    function_timeout: f64,
    /// Number of units analysed in parallel: worker processes, or threads with `--in-process`
    /// (default: number of cores).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
    /// Seconds one unit's parse and graph building may take in its worker process; a worker
    /// over the limit is killed and its unit reported as failed.
    #[arg(long, value_name = "SECS", default_value_t = goanna_driver::DEFAULT_UNIT_TIMEOUT.as_secs_f64())]
    unit_timeout: f64,
    /// Analyse every unit in this process instead of in worker processes: no process start-up,
    /// but a crash in one unit (a stack overflow, a fault in libclang) ends the whole scan.
    #[arg(long)]
    in_process: bool,
    /// How findings are reported.
    #[command(flatten)]
    output: OutputArgs,
    /// Extra compiler arguments, after `--`.
    #[arg(last = true, value_name = "COMPILER_ARGS")]
    compiler_args: Vec<String>,
}

impl ScanArgs {
    fn compiler_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        args.extend(self.include.iter().map(|d| format!("-I{d}")));
        args.extend(self.define.iter().map(|d| format!("-D{d}")));
        if let Some(std) = &self.std {
            args.push(format!("-std={std}"));
        }
        args.extend(self.compiler_args.iter().cloned());
        args
    }
}

/// The `compile_commands.json` of the one directory scanned, unless `--no-compdb`; says so on
/// standard error.
fn found_compdb(args: &ScanArgs) -> Option<PathBuf> {
    let [dir] = args.paths.as_slice() else { return None };
    let db = dir.join("compile_commands.json");
    if args.no_compdb || !dir.is_dir() || !db.is_file() {
        return None;
    }
    eprintln!("goanna-rs: note: using {} (its units and flags); --no-compdb walks the directory instead", db.display());
    Some(db)
}

/// With `-p BUILD PATH...`: the database's units that are the files named or lie in the
/// directories named. A path that selects no unit is an error naming it (a file the database
/// does not compile has no flags to be analysed with).
fn select_units(units: Vec<UnitSpec>, paths: &[PathBuf], db: &Path) -> (Vec<UnitSpec>, Vec<Problem>) {
    let mut problems = Vec::new();
    let wanted: Vec<(PathBuf, PathBuf)> = paths
        .iter()
        .filter_map(|path| match std::fs::canonicalize(path) {
            Ok(real) => Some((path.clone(), real)),
            Err(e) => {
                problems.push(Problem { file: path.clone(), message: format!("cannot read: {e}"), severity: ProblemSeverity::Error, details: Vec::new() });
                None
            }
        })
        .collect();
    let mut used = vec![false; wanted.len()];
    let selected = units
        .into_iter()
        .filter(|unit| {
            let source = canonical_source(unit);
            let mut hit = false;
            for (i, (_, real)) in wanted.iter().enumerate() {
                if source.starts_with(real) {
                    used[i] = true;
                    hit = true;
                }
            }
            hit
        })
        .collect();
    for ((path, _), _) in wanted.iter().zip(&used).filter(|(_, used)| !**used) {
        problems.push(Problem {
            file: path.clone(),
            message: format!("not in {}: no unit of the build is this file or lies below it", goanna_driver::database_path(db).display()),
            severity: ProblemSeverity::Error,
            details: Vec::new(),
        });
    }
    (selected, problems)
}

/// Runs a scan and prints the report.
pub fn run(args: &ScanArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let mut settings = args.output.settings()?;
    let options = AnalysisOptions {
        args: args.compiler_args(),
        analyse_with_errors: args.analyse_with_errors,
        enabled: settings.enabled.clone(),
        max_nodes_per_function: args.max_function_nodes,
        function_budget: std::time::Duration::try_from_secs_f64(args.function_timeout)
            .map_err(|_| anyhow::anyhow!("--function-timeout must be a positive number of seconds"))?,
    };
    let (units, path_problems) = if let Some(db) = &args.compile_commands {
        let (units, mut problems) = load_compile_commands(db).map_err(anyhow::Error::msg)?;
        if args.paths.is_empty() {
            (units, problems)
        } else {
            let (selected, more) = select_units(units, &args.paths, db);
            problems.extend(more);
            (selected, problems)
        }
    } else if let Some(db) = found_compdb(args) {
        load_compile_commands(&db).map_err(anyhow::Error::msg)?
    } else {
        let (paths, problems) = discover_units(&args.paths);
        (paths.into_iter().map(UnitSpec::new).collect(), problems)
    };
    let mut units = dedupe_units(units);
    // The report shows sources of the project, and the files the scan was given.
    settings.source_roots.extend(args.paths.iter().cloned());
    settings.source_roots.extend(units.iter().map(canonical_source));
    units.retain(|unit| !settings.is_excluded(&unit.working_dir.as_ref().map_or_else(|| unit.path.clone(), |d| d.join(&unit.path))));
    let bar = args.output.progress_bar(units.len());
    let on_done = |unit: &Path| {
        bar.inc(1);
        bar.set_message(unit.display().to_string());
    };
    let mut outcome = if args.in_process {
        match args.jobs {
            Some(jobs) => rayon::ThreadPoolBuilder::new()
                .num_threads(jobs.max(1))
                .build()
                .context("cannot start worker threads")?
                .install(|| scan(&units, &options, &on_done)),
            None => scan(&units, &options, &on_done),
        }
    } else {
        let pool = PoolOptions {
            command: WorkerCommand::current_exe().context("cannot find the goanna-rs executable to start worker processes")?,
            workers: args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1),
            unit_timeout: std::time::Duration::try_from_secs_f64(args.unit_timeout)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| anyhow::anyhow!("--unit-timeout must be a positive number of seconds"))?,
        };
        scan_isolated(&units, &options, &pool, &on_done)
    };
    bar.finish_and_clear();
    outcome.units_failed += path_problems.iter().filter(|p| p.severity == ProblemSeverity::Error).count();
    outcome.problems.splice(0..0, path_problems);
    output::report_with(&outcome, &args.output, &settings, started)
}
