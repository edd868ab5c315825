//! Units as fault domains (design note 12): the unit stage of each unit runs in a worker process
//! (`goanna-rs worker`, see [`crate::protocol`]), so that nothing in one unit — a stack overflow
//! on a generated expression, a crash inside libclang, a hang — costs more than that unit.
//!
//! A pool of `workers` processes is started on demand and each is re-used for many units (a
//! process start and a libclang load per worker, not per unit). One thread per worker sends it
//! the next unit and waits for the artefact at most [`PoolOptions::unit_timeout`]. A worker that
//! dies (signal or exit), answers with something that is not an artefact, or runs out of time
//! (it is then killed) turns its unit into a failed artefact whose problem names the file and
//! says why ("crashed (signal 11, SIGSEGV)", "timed out after 300 s"), with the last lines the
//! worker wrote on standard error as details; the next unit gets a fresh worker.

use crate::artefact::UnitArtefact;
use crate::protocol::{read_frame, write_frame, UnitJob};
use crate::unit::{failed, AnalysisOptions, UnitSpec};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Default time one unit's stage may take in a worker before the worker is killed.
pub const DEFAULT_UNIT_TIMEOUT: Duration = Duration::from_secs(300);

/// Lines of a worker's standard error kept for the problem of a unit it failed on.
const STDERR_TAIL: usize = 20;

/// How to start a worker process: a program that speaks [`crate::protocol`] on its standard
/// streams (`goanna-rs worker`).
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
}

impl WorkerCommand {
    /// `goanna-rs worker`, for the executable running now.
    pub fn current_exe() -> io::Result<Self> {
        Ok(WorkerCommand { program: std::env::current_exe()?, args: vec!["worker".into()] })
    }
}

/// How to run units in worker processes.
#[derive(Clone, Debug)]
pub struct PoolOptions {
    /// How to start a worker.
    pub command: WorkerCommand,
    /// Most workers alive at once (at least one).
    pub workers: usize,
    /// Time a worker may spend on one unit before it is killed.
    pub unit_timeout: Duration,
}

/// The conventional name of a signal, for messages.
pub fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return None,
    })
}

/// Why a worker that ended without answering did so: "crashed (signal 11, SIGSEGV)", or
/// "worker exited with status 3".
pub fn describe_exit(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_name(signal) {
                Some(name) => format!("crashed (signal {signal}, {name})"),
                None => format!("crashed (signal {signal})"),
            };
        }
    }
    match status.code() {
        Some(code) => format!("worker exited with status {code} without answering"),
        None => "worker ended without answering".to_string(),
    }
}

/// A running worker process.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    /// Frames read from the worker's standard output (by a reader thread).
    answers: Receiver<io::Result<Option<Vec<u8>>>>,
    /// The last lines of its standard error (filled by a drainer thread).
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_thread: Option<JoinHandle<()>>,
}

/// How one unit went in a worker.
enum Outcome {
    /// The worker answered with a valid artefact; it can take another unit.
    Done(UnitArtefact),
    /// The unit failed and the worker is gone (crashed, killed, or unusable).
    Failed(UnitArtefact),
}

impl Worker {
    fn start(command: &WorkerCommand) -> io::Result<Worker> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let (Some(stdin), Some(mut stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("the worker's standard streams are missing"));
        };
        let (tx, answers) = mpsc::channel();
        std::thread::Builder::new().name("goanna-worker-reader".into()).spawn(move || loop {
            let frame = read_frame(&mut stdout);
            let end = !matches!(frame, Ok(Some(_)));
            if tx.send(frame).is_err() || end {
                return;
            }
        })?;
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let stderr_thread = std::thread::Builder::new().name("goanna-worker-stderr".into()).spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                if tail.len() == STDERR_TAIL {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        })?;
        Ok(Worker { child, stdin, answers, stderr_tail, stderr_thread: Some(stderr_thread) })
    }

    /// Sends one unit and waits for its artefact.
    fn run(mut self, job: &UnitJob, timeout: Duration) -> (Outcome, Option<Worker>) {
        let request = match serde_json::to_vec(job) {
            Ok(request) => request,
            Err(e) => return (Outcome::Failed(failed(&job.path, format!("internal error: cannot encode the unit for a worker: {e}"), Vec::new())), Some(self)),
        };
        if write_frame(&mut self.stdin, &request).is_err() {
            // The worker died before it could read the unit (or while reading it).
            return (Outcome::Failed(self.finish_dead(&job.path)), None);
        }
        match self.answers.recv_timeout(timeout) {
            Ok(Ok(Some(bytes))) => match UnitArtefact::from_bytes(&bytes) {
                Ok(artefact) => (Outcome::Done(artefact), Some(self)),
                Err(e) => {
                    let message = format!("internal error: the worker's answer is not an artefact ({e}); unit not analysed");
                    self.kill();
                    (Outcome::Failed(failed(&job.path, message, Vec::new())), None)
                }
            },
            Ok(Ok(None) | Err(_)) | Err(RecvTimeoutError::Disconnected) => (Outcome::Failed(self.finish_dead(&job.path)), None),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                let details = self.stderr_lines();
                let message = format!("timed out after {}; unit not analysed (--unit-timeout sets the limit)", seconds(timeout));
                (Outcome::Failed(failed(&job.path, message, details)), None)
            }
        }
    }

    /// The failed artefact of a unit whose worker ended without answering.
    fn finish_dead(mut self, file: &Path) -> UnitArtefact {
        let why = match self.child.wait() {
            Ok(status) if status.success() => "worker exited without answering".to_string(),
            Ok(status) => describe_exit(status),
            Err(e) => format!("worker lost: {e}"),
        };
        self.join_stderr();
        failed(file, format!("{why} while analysing this unit; unit not analysed"), self.stderr_lines())
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.join_stderr();
    }

    /// Waits (a little) for the drainer to read what the worker wrote before it ended: the
    /// stream ends when the worker does, unless a process it started still holds it.
    fn join_stderr(&mut self) {
        let Some(thread) = self.stderr_thread.take() else { return };
        let deadline = std::time::Instant::now() + Duration::from_secs(1);
        while !thread.is_finished() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        if thread.is_finished() {
            let _ = thread.join();
        }
    }

    fn stderr_lines(&self) -> Vec<String> {
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        tail.iter().map(|line| format!("worker: {line}")).collect()
    }

    /// Ends an idle worker: closing its input makes it exit.
    fn close(self) {
        let Worker { mut child, stdin, mut stderr_thread, .. } = self;
        drop(stdin);
        let _ = child.wait();
        if let Some(thread) = stderr_thread.take() {
            let _ = thread.join();
        }
    }
}

/// "300 s", "1.5 s".
fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s:.1} s")
    }
}

/// Builds the artefact of every unit in worker processes, `pool.workers` at a time. The result
/// is in the order of `units`; a unit whose worker crashed, hung or could not be started is a
/// failed artefact naming the file. `on_done` is called after each unit, from the pool's
/// threads.
pub fn build_artefacts_isolated(
    units: &[UnitSpec],
    options: &AnalysisOptions,
    pool: &PoolOptions,
    on_done: &(dyn Fn(&Path) + Sync),
) -> Vec<UnitArtefact> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<UnitArtefact>>> = Mutex::new(vec![None; units.len()]);
    let threads = pool.workers.max(1).min(units.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut worker: Option<Worker> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = units.get(i) else { break };
                    let job = UnitJob::new(unit, options);
                    let artefact = match worker.take().map_or_else(|| Worker::start(&pool.command), Ok) {
                        Err(e) => failed(
                            &unit.path,
                            format!("cannot start a worker process ({}): {e}; unit not analysed", pool.command.program.display()),
                            Vec::new(),
                        ),
                        Ok(w) => {
                            let (outcome, kept) = w.run(&job, pool.unit_timeout);
                            worker = kept;
                            match outcome {
                                Outcome::Done(artefact) | Outcome::Failed(artefact) => artefact,
                            }
                        }
                    };
                    on_done(&unit.path);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(artefact);
                }
                if let Some(worker) = worker {
                    worker.close();
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results
        .into_iter()
        .zip(units)
        .map(|(artefact, unit)| artefact.unwrap_or_else(|| failed(&unit.path, "internal error: no worker took this unit".into(), Vec::new())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_are_named() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(describe_exit(ExitStatus::from_raw(11)), "crashed (signal 11, SIGSEGV)");
        assert_eq!(describe_exit(ExitStatus::from_raw(6)), "crashed (signal 6, SIGABRT)");
        assert_eq!(describe_exit(ExitStatus::from_raw(64)), "crashed (signal 64)");
        assert!(describe_exit(ExitStatus::from_raw(3 << 8)).contains("status 3"));
        assert_eq!(seconds(Duration::from_secs(300)), "300 s");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
    }

    #[test]
    fn a_worker_that_cannot_start_fails_its_units_by_name() {
        let pool = PoolOptions {
            command: WorkerCommand { program: "/nonexistent/goanna-rs".into(), args: Vec::new() },
            workers: 2,
            unit_timeout: DEFAULT_UNIT_TIMEOUT,
        };
        let units = vec![UnitSpec::new("a.c".into()), UnitSpec::new("b.c".into()), UnitSpec::new("c.c".into())];
        let artefacts = build_artefacts_isolated(&units, &AnalysisOptions::default(), &pool, &|_| {});
        assert_eq!(artefacts.len(), 3);
        for (artefact, unit) in artefacts.iter().zip(&units) {
            assert!(!artefact.analysed);
            assert_eq!(artefact.unit, unit.path);
            assert!(artefact.problems[0].message.contains("cannot start a worker"), "{:?}", artefact.problems);
        }
    }

    /// A stand-in worker written in shell: exercises the crash, exit and time-limit paths of
    /// the parent without a goanna-rs binary.
    fn shell_worker(script: &str) -> PoolOptions {
        PoolOptions {
            command: WorkerCommand { program: "/bin/sh".into(), args: vec!["-c".into(), script.into()] },
            workers: 1,
            unit_timeout: Duration::from_millis(500),
        }
    }

    #[test]
    fn a_crashing_worker_fails_its_unit_with_the_signal_and_its_last_words() {
        let pool = shell_worker("echo 'about to die' >&2; kill -SEGV $$");
        let artefacts = build_artefacts_isolated(&[UnitSpec::new("deep.c".into())], &AnalysisOptions::default(), &pool, &|_| {});
        let problem = &artefacts[0].problems[0];
        assert!(problem.message.starts_with("crashed (signal 11, SIGSEGV)"), "{problem:?}");
        assert_eq!(problem.file, PathBuf::from("deep.c"));
        assert_eq!(problem.details, vec!["worker: about to die".to_string()]);
    }

    #[test]
    fn a_hung_worker_is_killed_after_the_time_limit() {
        let pool = shell_worker("exec sleep 30");
        let started = std::time::Instant::now();
        let artefacts = build_artefacts_isolated(&[UnitSpec::new("slow.c".into())], &AnalysisOptions::default(), &pool, &|_| {});
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(artefacts[0].problems[0].message.starts_with("timed out after 0.5 s"), "{:?}", artefacts[0].problems);
    }

    #[test]
    fn garbage_from_a_worker_is_not_an_artefact() {
        let pool = shell_worker("printf '\\005\\000\\000\\000\\000\\000\\000\\000hello'; sleep 5");
        let artefacts = build_artefacts_isolated(&[UnitSpec::new("odd.c".into())], &AnalysisOptions::default(), &pool, &|_| {});
        assert!(artefacts[0].problems[0].message.contains("not an artefact"), "{:?}", artefacts[0].problems);
    }
}
