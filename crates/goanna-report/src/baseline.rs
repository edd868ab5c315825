//! Baselines: the fingerprints of an earlier SARIF report by goanna-rs, so that only findings
//! that are not in it are reported (adopting the analyser on an old code base without fixing
//! every old finding first).

use crate::fingerprint::FINGERPRINT_KEY;
use crate::sarif::TOOL_NAME;
use serde_json::Value;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Whether a finding was already in the baseline (SARIF `baselineState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaselineState {
    /// Not in the baseline: reported.
    New,
    /// In the baseline: not reported (kept in SARIF as `unchanged`).
    Unchanged,
}

impl BaselineState {
    /// The SARIF name: `new` or `unchanged`.
    pub fn as_str(self) -> &'static str {
        match self {
            BaselineState::New => "new",
            BaselineState::Unchanged => "unchanged",
        }
    }
}

/// Why a baseline file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// The file cannot be read.
    /// The cause is part of the message, not an error source: a caller that prints the chain
    /// of sources (`anyhow`'s `{:#}`) would say it twice.
    #[error("cannot read baseline {}: {cause}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The IO error.
        cause: std::io::Error,
    },
    /// The file is not a SARIF 2.1.0 log written by goanna-rs.
    #[error("baseline {} is not a goanna-rs SARIF report: {reason}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

/// The fingerprints of an earlier report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    fingerprints: HashSet<String>,
}

impl Baseline {
    /// Reads a SARIF report written by `goanna-rs --format sarif`.
    pub fn load(path: &Path) -> Result<Baseline, BaselineError> {
        let read_error = |cause| BaselineError::Read { path: path.to_path_buf(), cause };
        // Only a regular file: a device or a pipe would be read forever.
        if !std::fs::metadata(path).map_err(read_error)?.is_file() {
            return Err(read_error(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file")));
        }
        let bytes = std::fs::read(path).map_err(read_error)?;
        Self::from_sarif(&bytes).map_err(|reason| BaselineError::Invalid { path: path.to_path_buf(), reason })
    }

    /// Parses the text of a SARIF report; the error says what is wrong with it.
    pub fn from_sarif(bytes: &[u8]) -> Result<Baseline, String> {
        let log: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON ({e})"))?;
        if log.get("version").and_then(Value::as_str) != Some("2.1.0") {
            return Err("no SARIF `version` 2.1.0".to_string());
        }
        let runs = log.get("runs").and_then(Value::as_array).ok_or("no `runs` array")?;
        let mut fingerprints = HashSet::new();
        for (r, run) in runs.iter().enumerate() {
            let tool = run.pointer("/tool/driver/name").and_then(Value::as_str).unwrap_or("an unnamed tool");
            if tool != TOOL_NAME {
                return Err(format!("run {r} was made by `{tool}`"));
            }
            let results = run.get("results").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            for (i, result) in results.iter().enumerate() {
                let fingerprint = result
                    .get("partialFingerprints")
                    .and_then(|p| p.get(FINGERPRINT_KEY))
                    .and_then(Value::as_str)
                    .ok_or_else(|| format!("result {i} of run {r} has no `{FINGERPRINT_KEY}` fingerprint"))?;
                fingerprints.insert(fingerprint.to_string());
            }
        }
        Ok(Baseline { fingerprints })
    }

    /// Whether a fingerprint is in the baseline.
    pub fn contains(&self, fingerprint: &str) -> bool {
        self.fingerprints.contains(fingerprint)
    }

    /// Number of fingerprints.
    pub fn len(&self) -> usize {
        self.fingerprints.len()
    }

    /// True when the baseline has no findings.
    pub fn is_empty(&self) -> bool {
        self.fingerprints.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_and_corrupt_files_are_refused_with_a_reason() {
        assert!(Baseline::from_sarif(b"{\"version\": \"2.1.0\", \"runs\": [").unwrap_err().contains("not JSON"));
        assert!(Baseline::from_sarif(b"{\"findings\": []}").unwrap_err().contains("version"));
        let other = br#"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"clang-tidy"}},"results":[]}]}"#;
        assert!(Baseline::from_sarif(other).unwrap_err().contains("clang-tidy"));
        let unprinted = br#"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"goanna-rs"}},"results":[{"ruleId":"X"}]}]}"#;
        assert!(Baseline::from_sarif(unprinted).unwrap_err().contains("fingerprint"));
        let ok = br#"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"goanna-rs"}},"results":[{"partialFingerprints":{"goannaFingerprint/v1":"ab:0"}}]}]}"#;
        assert!(Baseline::from_sarif(ok).unwrap().contains("ab:0"));
    }

    #[test]
    fn a_device_is_not_read_as_a_baseline() {
        let error = Baseline::load(Path::new("/dev/zero")).unwrap_err();
        let err = error.to_string();
        assert!(err.contains("/dev/zero") && err.contains("not a regular file"), "{err}");
        // The cause is said once: it is in the message, not repeated as the error's source.
        assert!(std::error::Error::source(&error).is_none(), "{err}");
    }
}
