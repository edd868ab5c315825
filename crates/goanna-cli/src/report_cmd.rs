//! `goanna-rs report`: loads every artefact the compiler wrapper stored for a build, links them
//! into one program and reports, exactly as `scan` does for the same units.

use crate::output::{self, OutputArgs};
use crate::{exit, results_dir};
use anyhow::Context;
use clap::Args;
use goanna_driver::{
    analyse_program, build_artefacts_isolated, AnalysisOptions, ArtefactError, PoolOptions, Problem, ProblemSeverity, Reanalysis, Refused, ResultsDir,
    ResultsError, UnitSpec, WorkerCommand,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The results directory of the build (default: `$GOANNA_RESULTS_DIR`, else `.goanna` in
    /// the project's top directory: the nearest ancestor with `.git`, else the outermost
    /// directory of a chain of directories with a Makefile/CMakeLists.txt).
    #[arg(long, value_name = "DIR")]
    results_dir: Option<PathBuf>,
    /// Refuse artefacts whose source or headers changed since the build analysed them (exit
    /// status 2) instead of analysing those units again with the build's recorded flags.
    #[arg(long)]
    no_reanalyse: bool,
    /// How findings are reported.
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let dir = results_dir::resolve(args.results_dir.as_deref()).context("cannot find the results directory")?;
    report_results(&dir, &args.output, !args.no_reanalyse, started)
}

/// The root to show paths under: relative to the current directory when the project is inside
/// it (so paths read `src/a.c` when run from the project), else absolute.
fn display_root(root: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(cwd) => root.strip_prefix(&cwd).map(Path::to_path_buf).unwrap_or_else(|_| root.to_path_buf()),
        Err(_) => root.to_path_buf(),
    }
}

/// Analyses the units of stale artefacts again in worker processes, with the flags and working
/// directory their build recorded, and stores the new artefacts in place of the old ones; says
/// so on standard error for each. A new artefact that cannot be stored (a read-only results
/// directory) is said; its unit then stays refused.
fn reanalyse(results: &ResultsDir, again: &[Reanalysis]) -> anyhow::Result<()> {
    let pool = PoolOptions {
        command: WorkerCommand::current_exe().context("cannot find the goanna-rs executable to start worker processes")?,
        workers: std::thread::available_parallelism().map_or(1, usize::from),
        unit_timeout: goanna_driver::DEFAULT_UNIT_TIMEOUT,
    };
    let units: Vec<UnitSpec> = again.iter().map(|r| r.unit.clone()).collect();
    let artefacts = build_artefacts_isolated(&units, &AnalysisOptions::default(), &pool, &|_| {});
    let tool = results_dir::tool_id();
    for (unit, artefact) in again.iter().zip(artefacts) {
        let source = &unit.unit.path;
        eprintln!("goanna-rs: note: analysing {} again: it changed since the build analysed it", results.relative(source).display());
        let working_dir = unit.unit.working_dir.clone().unwrap_or_else(|| results.root().to_path_buf());
        if let Err(e) = results.store(source, unit.output.as_deref(), artefact, &working_dir, &tool, &unit.unit.args) {
            eprintln!("goanna-rs: warning: cannot store the new analysis of {} in {}: {e}", source.display(), results.dir().display());
        }
    }
    Ok(())
}

/// Loads the artefacts in `dir`, runs the program stage and reports. Artefacts of deleted
/// sources are ignored with a note on standard error. A stale artefact (its source or a header
/// holds another text than the one analysed) is analysed again with the build's recorded flags
/// when `reanalyse_stale` is set (and it records them). Any other artefact that cannot be used
/// (another format version, damaged, not a regular file, stale) is refused by name: it becomes
/// an analysis error of the report (exit status 2) and every other artefact is still reported.
/// A directory without any usable artefact exits 2 with a hint.
pub fn report_results(dir: &Path, output: &OutputArgs, reanalyse_stale: bool, started: Instant) -> anyhow::Result<ExitCode> {
    let results = ResultsDir::new(dir).with_context(|| format!("{}", dir.display()))?;
    if !results.dir().is_dir() {
        anyhow::bail!(
            "no results directory at {}: build through the wrapper first (`goanna-rs build -- make`, or CC=goannacc), or give --results-dir",
            results.dir().display()
        );
    }
    let mut settings = output.settings()?;
    let options = AnalysisOptions { enabled: settings.enabled.clone(), ..AnalysisOptions::default() };
    let load = || match results.load() {
        Ok(loaded) => Ok(loaded),
        Err(ResultsError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(Default::default()),
        Err(e) => Err(e),
    };
    let mut loaded = match load() {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("goanna-rs: error: {e}");
            return Ok(ExitCode::from(exit::USAGE_ERROR));
        }
    };
    let again: Vec<Reanalysis> = loaded.refused.iter().filter_map(|r| r.reanalysis.clone()).collect();
    if reanalyse_stale && !again.is_empty() {
        reanalyse(&results, &again)?;
        loaded = match load() {
            Ok(loaded) => loaded,
            Err(e) => {
                eprintln!("goanna-rs: error: {e}");
                return Ok(ExitCode::from(exit::USAGE_ERROR));
            }
        };
    }
    for source in &loaded.stale {
        eprintln!("goanna-rs: note: ignoring the artefact of {}: the source no longer exists", source.display());
    }
    let root = display_root(results.root());
    let refused = refused_problems(&loaded.refused, &root);
    if loaded.refused.iter().any(|r| matches!(r.error, ArtefactError::Version { .. })) {
        eprintln!("goanna-rs: note: delete {} and rebuild to analyse the build again with this goanna-rs", results.dir().display());
    }
    if loaded.artefacts.is_empty() && refused.is_empty() && !loaded.stale.is_empty() {
        eprintln!("goanna-rs: error: no unit to report: the source of every artefact in {} was deleted; rebuild", results.dir().display());
        return Ok(ExitCode::from(exit::USAGE_ERROR));
    }
    if loaded.artefacts.is_empty() && refused.is_empty() {
        eprintln!(
            "goanna-rs: error: {} holds no artefacts: no C unit was compiled through the wrapper (`goanna-rs build -- make`, \
             or CC=goannacc; a build that is up to date compiles nothing: clean it first)",
            results.dir().display()
        );
        return Ok(ExitCode::from(exit::USAGE_ERROR));
    }
    let mut artefacts = loaded.artefacts;
    for artefact in &mut artefacts {
        artefact.resolve(&root);
    }
    artefacts.retain(|artefact| !settings.is_excluded(&artefact.unit));
    // Artefacts may come from other machines: a report shows only sources of this project.
    settings.source_roots = vec![results.root().to_path_buf()];
    settings.nothing_hint = "every artefact was left out by --exclude or the configuration's `exclude`";
    if let Some(explicit) = &output.project_root {
        settings.source_roots.push(explicit.clone());
    }
    let mut outcome = analyse_program(&artefacts, &options);
    outcome.units_failed += refused.len();
    outcome.problems.splice(0..0, refused);
    output::report_with(&outcome, output, &settings, started)
}

/// The refused artefacts as analysis errors, each naming the artefact file (and its source when
/// its header could be read), with paths shown under `root`.
fn refused_problems(refused: &[Refused], root: &Path) -> Vec<Problem> {
    refused
        .iter()
        .map(|r| {
            let artefact = r.path.file_name().map_or_else(|| r.path.clone(), PathBuf::from);
            let file = match (&r.source, &r.error) {
                (_, ArtefactError::Stale { file }) => root.join(file),
                (Some(source), _) => root.join(source),
                (None, _) => r.path.clone(),
            };
            Problem {
                file,
                message: format!("artefact {} refused: {}", artefact.display(), r.error),
                severity: ProblemSeverity::Error,
                details: Vec::new(),
            }
        })
        .collect()
}
