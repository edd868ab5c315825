//! The bodies of the fuzz targets, shared by the libFuzzer binaries (`fuzz_targets/`) and the
//! plain test over the corpus and a seeded generator (`tests/fuzz.rs`). A body panics exactly
//! when it finds a bug: a panic, a stack overflow (an abort), or an answer that contradicts
//! itself.

use goanna_report::Baseline;

/// The baseline reader: any bytes are read as a baseline or refused with a reason; a baseline
/// that is read answers for the fingerprints it holds, consistently with its size.
pub fn baseline_reader(data: &[u8]) {
    match Baseline::from_sarif(data) {
        Ok(baseline) => {
            assert_eq!(baseline.is_empty(), baseline.len() == 0, "is_empty disagrees with len");
            assert!(!baseline.contains("\u{0}not a fingerprint"), "an impossible fingerprint is in the baseline");
        }
        Err(reason) => assert!(!reason.trim().is_empty(), "a refusal without a reason"),
    }
}
