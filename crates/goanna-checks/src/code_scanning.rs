//! What a check says to code-scanning services (GitHub code scanning reads these from SARIF rule
//! properties): how severe its findings are as security problems, and how often they are right.

use serde::Deserialize;
use std::fmt;

/// How often a check's findings are true positives (SARIF rule property `precision`, the values
/// GitHub code scanning knows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    /// Practically never wrong.
    VeryHigh,
    /// Rarely wrong.
    High,
    /// Right more often than not; some idioms give false positives.
    Medium,
    /// Often wrong: a hint to look, not a verdict.
    Low,
}

impl Precision {
    /// The value written to reports: `very-high`, `high`, `medium` or `low`.
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::VeryHigh => "very-high",
            Precision::High => "high",
            Precision::Medium => "medium",
            Precision::Low => "low",
        }
    }
}

/// A CVSS-like score from 0.0 to 10.0 with one decimal (SARIF rule property
/// `security-severity`): GitHub code scanning shows 9.0 and above as critical, 7.0 to 8.9 as
/// high, 4.0 to 6.9 as medium and below as low. Written as a number in check files (`8.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "f64")]
pub struct SecuritySeverity {
    tenths: u8,
}

impl SecuritySeverity {
    /// The score in tenths (`81` for 8.1).
    pub fn tenths(self) -> u8 {
        self.tenths
    }
}

impl TryFrom<f64> for SecuritySeverity {
    type Error = String;

    fn try_from(score: f64) -> Result<Self, Self::Error> {
        let tenths = (score * 10.0).round();
        if !(0.0..=100.0).contains(&tenths) || (tenths - score * 10.0).abs() > 1e-6 {
            return Err(format!("security_severity must be a score from 0.0 to 10.0 with at most one decimal, not {score}"));
        }
        Ok(SecuritySeverity { tenths: tenths as u8 })
    }
}

impl fmt::Display for SecuritySeverity {
    /// `8.1`, `10.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.tenths / 10, self.tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Fields {
        precision: Precision,
        security_severity: SecuritySeverity,
    }

    #[test]
    fn fields_read_and_print_as_github_expects() {
        let fields: Fields = toml::from_str("precision = \"very-high\"\nsecurity_severity = 9.3").unwrap();
        assert_eq!(fields.precision.as_str(), "very-high");
        assert_eq!(fields.security_severity.to_string(), "9.3");
        let ten: Fields = toml::from_str("precision = \"low\"\nsecurity_severity = 10.0").unwrap();
        assert_eq!(ten.security_severity.to_string(), "10.0");
        assert_eq!(SecuritySeverity::try_from(0.0).unwrap().to_string(), "0.0");
    }

    #[test]
    fn out_of_range_or_unknown_values_are_refused() {
        assert!(SecuritySeverity::try_from(10.5).is_err());
        assert!(SecuritySeverity::try_from(-1.0).is_err());
        assert!(SecuritySeverity::try_from(7.25).is_err());
        let err = toml::from_str::<Fields>("precision = \"certain\"\nsecurity_severity = 5.0").err().unwrap().to_string();
        assert!(err.contains("precision") || err.contains("certain"), "{err}");
        let err = toml::from_str::<Fields>("precision = \"high\"\nsecurity_severity = 11.0").err().unwrap().to_string();
        assert!(err.contains("security_severity"), "{err}");
    }
}
