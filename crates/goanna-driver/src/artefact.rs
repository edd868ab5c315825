//! The per-unit artefact: everything the program stage needs from one translation unit
//! (design note 9). `scan` keeps artefacts in memory; the compiler wrapper writes them to a
//! results directory and `report` links them.

use goanna_ast::SourceFile;
use goanna_cfg::Cfg;
use goanna_checks::Problem;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Version of the artefact format; artefacts of another version are refused, not misread.
pub const ARTEFACT_FORMAT_VERSION: u32 = 1;

/// What the unit stage produced for one translation unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitArtefact {
    /// [`ARTEFACT_FORMAT_VERSION`] of the writer.
    pub format_version: u32,
    /// The unit's source file.
    pub unit: PathBuf,
    /// True when the unit was parsed and its graphs built (perhaps with warnings).
    pub analysed: bool,
    /// The files its spans refer to (index = `FileId`).
    pub files: Vec<SourceFile>,
    /// One graph per function defined in the unit.
    pub cfgs: Vec<Cfg>,
    /// Problems met while building it.
    pub problems: Vec<Problem>,
}

/// Why an artefact could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ArtefactError {
    /// Written by another version of goanna-rs.
    #[error("artefact format {found} is not supported (this goanna-rs reads format {expected}); re-run the build")]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
    /// Not an artefact, or damaged.
    #[error("not a goanna-rs artefact: {0}")]
    Malformed(String),
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

impl UnitArtefact {
    /// Serialises the artefact.
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads an artefact, checking its format version before anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<UnitArtefact, ArtefactError> {
        let version: VersionOnly = serde_json::from_slice(bytes).map_err(|e| ArtefactError::Malformed(e.to_string()))?;
        if version.format_version != ARTEFACT_FORMAT_VERSION {
            return Err(ArtefactError::Version { found: version.format_version, expected: ARTEFACT_FORMAT_VERSION });
        }
        serde_json::from_slice(bytes).map_err(|e| ArtefactError::Malformed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_version_check() {
        let artefact = UnitArtefact {
            format_version: ARTEFACT_FORMAT_VERSION,
            unit: "a.c".into(),
            analysed: true,
            files: Vec::new(),
            cfgs: Vec::new(),
            problems: Vec::new(),
        };
        let bytes = artefact.to_bytes();
        assert_eq!(UnitArtefact::from_bytes(&bytes).unwrap().unit, PathBuf::from("a.c"));
        let old = String::from_utf8(bytes).unwrap().replace("\"format_version\":1", "\"format_version\":0");
        assert!(matches!(UnitArtefact::from_bytes(old.as_bytes()), Err(ArtefactError::Version { found: 0, .. })));
        assert!(matches!(UnitArtefact::from_bytes(b"garbage"), Err(ArtefactError::Malformed(_))));
    }
}
