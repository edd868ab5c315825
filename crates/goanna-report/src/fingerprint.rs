//! Fingerprints that identify a finding across versions of the code: they do not change when
//! unrelated lines are added or removed above the finding.
//!
//! A fingerprint hashes the check id, the file (relative to the project root), the function,
//! the text of the primary line with its whitespace normalised, and the message — never a line
//! number — and appends the occurrence index among findings with the same hash.

use std::collections::HashMap;

/// The key of goanna-rs fingerprints in SARIF `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "goannaFingerprint/v1";

/// What a fingerprint is computed from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FingerprintInput<'a> {
    /// Check id.
    pub check: &'a str,
    /// The file, relative to the project root, with `/` separators.
    pub file: &'a str,
    /// The function the finding is in.
    pub function: &'a str,
    /// The source text of the primary line (any whitespace; it is normalised here).
    pub line_text: &'a str,
    /// The finding's message.
    pub message: &'a str,
}

/// FNV-1a, 128 bits: stable across platforms, compiler versions and runs.
fn fnv1a_128(parts: &[&str]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0u8)) {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    hash
}

/// The text of a line with leading and trailing whitespace removed and inner runs of
/// whitespace collapsed to one space.
pub fn normalise_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The hash part of a fingerprint (32 hex digits).
pub fn fingerprint_hash(input: &FingerprintInput<'_>) -> String {
    let line = normalise_line(input.line_text);
    format!("{:032x}", fnv1a_128(&[input.check, input.file, input.function, &line, input.message]))
}

/// Fingerprints for findings given in report order (sorted by position): the hash, `:`, and
/// the occurrence index of that hash so far, so identical findings stay distinct.
pub fn fingerprints<'a>(inputs: impl IntoIterator<Item = FingerprintInput<'a>>) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    inputs
        .into_iter()
        .map(|input| {
            let hash = fingerprint_hash(&input);
            let count = seen.entry(hash.clone()).or_insert(0);
            let fingerprint = format!("{hash}:{count}");
            *count += 1;
            fingerprint
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(line_text: &'a str, message: &'a str) -> FingerprintInput<'a> {
        FingerprintInput { check: "MEM-leak", file: "src/a.c", function: "f", line_text, message }
    }

    #[test]
    fn whitespace_does_not_matter_but_text_does() {
        assert_eq!(fingerprint_hash(&input("  return x;", "m")), fingerprint_hash(&input("return   x;\t", "m")));
        assert_ne!(fingerprint_hash(&input("return x;", "m")), fingerprint_hash(&input("return y;", "m")));
        assert_ne!(fingerprint_hash(&input("return x;", "m")), fingerprint_hash(&input("return x;", "n")));
    }

    #[test]
    fn identical_findings_get_occurrence_indices() {
        let prints = fingerprints([input("x;", "m"), input("y;", "m"), input("x;", "m")]);
        assert!(prints[0].ends_with(":0") && prints[1].ends_with(":0") && prints[2].ends_with(":1"), "{prints:?}");
        assert_eq!(prints[0].split(':').next(), prints[2].split(':').next());
    }

    #[test]
    fn hash_is_stable() {
        // A change here invalidates every baseline in the field: bump FINGERPRINT_KEY instead.
        assert_eq!(fingerprint_hash(&input("return x;", "m")), fingerprint_hash(&input("return x;", "m")));
        assert_eq!(format!("{:032x}", fnv1a_128(&[])), "6c62272e07bb014262b821756295c58d");
    }
}
