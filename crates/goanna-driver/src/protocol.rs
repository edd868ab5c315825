//! The worker protocol (design note 12): a `goanna-rs worker` process reads unit jobs from its
//! standard input and answers each with the unit's artefact on its standard output, one at a
//! time, until its input ends.
//!
//! Every message is a frame: the payload's length as 8 little-endian bytes, then the payload.
//! A request is a [`UnitJob`] in JSON; the answer is the [`UnitArtefact`] in its own serialised
//! form ([`UnitArtefact::to_bytes`]), which the parent reads with [`UnitArtefact::from_bytes`]
//! (format version checked first), so the program stage only ever sees validated artefacts.
//!
//! Test hooks (for the crash and time-limit paths, which must not depend on a real bug): a
//! worker whose environment has `GOANNA_TEST_CRASH_ON=<file name>` aborts (`SIGABRT`) when it
//! gets a unit with that file name, and one with `GOANNA_TEST_HANG_ON=<file name>` never
//! answers for such a unit. Neither is read anywhere but in a worker.

use crate::artefact::UnitArtefact;
use crate::unit::{build_artefact, AnalysisOptions, UnitSpec};
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::path::Path;

/// Largest frame accepted (a corrupt length must not make the reader allocate without bound).
pub const MAX_FRAME: u64 = 1 << 34;

/// Environment variable naming a file whose unit makes a worker abort (test hook).
pub const TEST_CRASH_ENV: &str = "GOANNA_TEST_CRASH_ON";
/// Environment variable naming a file whose unit makes a worker hang (test hook).
pub const TEST_HANG_ENV: &str = "GOANNA_TEST_HANG_ON";

/// One unit for a worker: the unit and the options its unit stage reads.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitJob {
    /// The source file (relative paths are resolved against `working_dir`).
    pub path: std::path::PathBuf,
    /// The unit's own compiler arguments.
    pub args: Vec<String>,
    /// The directory the compiler runs in.
    pub working_dir: Option<std::path::PathBuf>,
    /// Compiler arguments for every unit, after the unit's own.
    pub common_args: Vec<String>,
    /// Analyse the unit even when it does not compile.
    pub analyse_with_errors: bool,
}

impl UnitJob {
    /// The job for `unit` under `options`.
    pub fn new(unit: &UnitSpec, options: &AnalysisOptions) -> Self {
        UnitJob {
            path: unit.path.clone(),
            args: unit.args.clone(),
            working_dir: unit.working_dir.clone(),
            common_args: options.args.clone(),
            analyse_with_errors: options.analyse_with_errors,
        }
    }

    fn unit(&self) -> UnitSpec {
        UnitSpec { path: self.path.clone(), args: self.args.clone(), working_dir: self.working_dir.clone() }
    }

    fn options(&self) -> AnalysisOptions {
        AnalysisOptions { args: self.common_args.clone(), analyse_with_errors: self.analyse_with_errors, ..AnalysisOptions::default() }
    }
}

/// Writes one frame and flushes.
pub fn write_frame(out: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    out.write_all(&(payload.len() as u64).to_le_bytes())?;
    out.write_all(payload)?;
    out.flush()
}

/// Reads one frame; `Ok(None)` when the stream ends cleanly before a frame starts.
pub fn read_frame(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 8];
    let mut got = 0;
    while got < len.len() {
        match input.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "stream ended inside a frame header")),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let len = u64::from_le_bytes(len);
    if len > MAX_FRAME {
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("frame of {len} bytes is larger than the limit")));
    }
    let mut payload = vec![0u8; len as usize];
    input.read_exact(&mut payload)?;
    Ok(Some(payload))
}

/// True when the environment variable `name` names the file of `path`.
fn hook_matches(name: &str, path: &Path) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty() && path.file_name() == Some(v.as_os_str()))
}

/// The worker's loop: answers every job read from `input` with its artefact on `output`, until
/// `input` ends. Returns an error only when the streams fail or a request is malformed.
pub fn serve(input: &mut impl Read, output: &mut impl Write) -> io::Result<()> {
    while let Some(frame) = read_frame(input)? {
        let job: UnitJob =
            serde_json::from_slice(&frame).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("malformed unit job: {e}")))?;
        if hook_matches(TEST_CRASH_ENV, &job.path) {
            eprintln!("goanna-rs worker: {TEST_CRASH_ENV} names {}: aborting", job.path.display());
            std::process::abort();
        }
        if hook_matches(TEST_HANG_ENV, &job.path) {
            loop {
                std::thread::sleep(std::time::Duration::from_secs(3600));
            }
        }
        let artefact = build_artefact(&job.unit(), &job.options());
        write_frame(output, &artefact_bytes(&artefact))?;
    }
    Ok(())
}

/// The artefact's bytes (never empty: an artefact that cannot be serialised is answered as a
/// failed unit, so the parent always gets something it can read).
fn artefact_bytes(artefact: &UnitArtefact) -> Vec<u8> {
    let bytes = artefact.to_bytes();
    if !bytes.is_empty() {
        return bytes;
    }
    let failed = crate::unit::failed(&artefact.unit, "internal error: the unit's artefact could not be serialised (please report it)".into(), Vec::new());
    failed.to_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_end_cleanly() {
        let mut buf = Vec::new();
        write_frame(&mut buf, b"hello").unwrap();
        write_frame(&mut buf, b"").unwrap();
        let mut input = buf.as_slice();
        assert_eq!(read_frame(&mut input).unwrap().as_deref(), Some(&b"hello"[..]));
        assert_eq!(read_frame(&mut input).unwrap().as_deref(), Some(&b""[..]));
        assert!(read_frame(&mut input).unwrap().is_none());
    }

    #[test]
    fn truncated_and_oversized_frames_are_errors() {
        let mut buf = Vec::new();
        write_frame(&mut buf, b"hello").unwrap();
        assert!(read_frame(&mut &buf[..3]).is_err());
        assert!(read_frame(&mut &buf[..10]).is_err());
        let huge = (MAX_FRAME + 1).to_le_bytes();
        assert!(read_frame(&mut &huge[..]).is_err());
    }

    #[test]
    fn a_worker_answers_each_job_with_its_artefact() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("empty.c"), "\n").unwrap();
        let mut requests = Vec::new();
        for name in ["empty.c", "missing.c"] {
            let unit = UnitSpec { path: name.into(), args: Vec::new(), working_dir: Some(dir.path().to_path_buf()) };
            write_frame(&mut requests, &serde_json::to_vec(&UnitJob::new(&unit, &AnalysisOptions::default())).unwrap()).unwrap();
        }
        let mut answers = Vec::new();
        serve(&mut requests.as_slice(), &mut answers).unwrap();
        let mut input = answers.as_slice();
        let first = UnitArtefact::from_bytes(&read_frame(&mut input).unwrap().unwrap()).unwrap();
        assert!(first.analysed && first.problems[0].message.contains("empty file"));
        let second = UnitArtefact::from_bytes(&read_frame(&mut input).unwrap().unwrap()).unwrap();
        assert!(!second.analysed && second.problems[0].message.contains("cannot read"));
        assert!(read_frame(&mut input).unwrap().is_none());
    }

    #[test]
    fn a_malformed_job_is_an_error() {
        let mut requests = Vec::new();
        write_frame(&mut requests, b"not json").unwrap();
        assert!(serve(&mut requests.as_slice(), &mut Vec::new()).is_err());
    }
}
