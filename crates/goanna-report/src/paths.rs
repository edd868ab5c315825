//! Bounded reports: a path longer than a cap is shortened to its informative steps, and a
//! report lists at most so many findings (issue 11). One 40 KB generated file gave a 38 MB JSON
//! and a 112 MB SARIF report because each finding carried every branch of a path hundreds of
//! steps long.

use crate::Report;
pub use goanna_checks::shorten_path;

/// Steps of a path shown by default (`--max-path-steps`).
pub const DEFAULT_MAX_PATH_STEPS: usize = 50;

impl Report {
    /// Shortens every finding's path to at most `max` steps ([`shorten_path`]); returns how many
    /// paths were shortened and how many steps were left out in all.
    pub fn shorten_paths(&mut self, max: usize) -> (usize, usize) {
        let (mut paths, mut steps) = (0, 0);
        for reported in &mut self.findings {
            let (path, omitted) = shorten_path(&reported.finding.path, max);
            if omitted > 0 {
                reported.finding.path = path;
                paths += 1;
                steps += omitted;
            }
        }
        (paths, steps)
    }

    /// Keeps at most `max` findings: the reported ones (neither suppressed nor in the baseline)
    /// first, the most severe first, then in report order (file, line, column, check); the kept
    /// ones stay in report order. The summary's counts are of every finding found, and
    /// [`crate::Summary::left_out`] says how many are not listed. Returns that number.
    pub fn limit_findings(&mut self, max: usize) -> usize {
        let total = self.findings.len();
        if total <= max {
            return 0;
        }
        let mut order: Vec<usize> = (0..total).collect();
        order.sort_by_key(|&i| (!self.findings[i].is_active(), std::cmp::Reverse(self.findings[i].finding.severity), i));
        let mut kept = vec![false; total];
        for &i in order.iter().take(max) {
            kept[i] = true;
        }
        let mut index = 0;
        self.findings.retain(|_| {
            index += 1;
            kept[index - 1]
        });
        self.summary.left_out = total - max;
        total - max
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goanna_checks::{Location, PathStep};
    use std::path::PathBuf;

    fn step(i: usize, key: bool) -> PathStep {
        let location = Location { file: PathBuf::from("a.c"), line: i as u32 + 1, column: 1, end_line: i as u32 + 1, end_column: 2, start: 0, end: 1 };
        PathStep::new(location, format!("step {i}")).key_if(key)
    }

    fn lines(path: &[PathStep]) -> Vec<u32> {
        path.iter().map(|s| s.location.line - 1).collect()
    }

    #[test]
    fn short_paths_are_kept_whole() {
        let path: Vec<PathStep> = (0..5).map(|i| step(i, false)).collect();
        assert_eq!(shorten_path(&path, 5), (path.clone(), 0));
        assert_eq!(shorten_path(&path, 50).1, 0);
    }

    #[test]
    fn a_long_path_keeps_its_ends_its_informative_steps_and_the_steps_before_the_end() {
        // 100 steps; informative: 10, 20, 30 (a branch the finding needs, events).
        let path: Vec<PathStep> = (0..100).map(|i| step(i, matches!(i, 10 | 20 | 30))).collect();
        let (short, omitted) = shorten_path(&path, 8);
        assert_eq!(omitted, 92);
        assert_eq!(lines(&short), vec![0, 10, 20, 30, 96, 97, 98, 99]);
        assert_eq!(short[1].omitted_before, 9);
        assert_eq!(short[1].message, "(9 steps left out) step 10");
        assert_eq!(short[4].message, "(65 steps left out) step 96");
        assert_eq!(short[5].omitted_before, 0);
        assert_eq!(short.iter().map(|s| s.omitted_before).sum::<usize>(), omitted);
    }

    #[test]
    fn shortening_twice_says_each_gap_once() {
        let path: Vec<PathStep> = (0..100).map(|i| step(i, i == 50)).collect();
        let (once, _) = shorten_path(&path, 20);
        let (twice, omitted) = shorten_path(&once, 4);
        assert_eq!(lines(&twice), vec![0, 50, 98, 99]);
        assert_eq!(omitted, 16);
        assert_eq!(twice[1].message, "(49 steps left out) step 50");
        assert_eq!(twice[2].message, "(47 steps left out) step 98");
        assert_eq!(twice.iter().map(|s| s.omitted_before).sum::<usize>(), 96);
    }

    #[test]
    fn more_informative_steps_than_fit_are_taken_from_both_ends() {
        let path: Vec<PathStep> = (0..60).map(|i| step(i, i % 2 == 1)).collect();
        let (short, omitted) = shorten_path(&path, 6);
        assert_eq!(lines(&short), vec![0, 1, 3, 55, 57, 59]);
        assert_eq!(omitted, 54);
        // A cap below two keeps the two ends.
        assert_eq!(lines(&shorten_path(&path, 0).0), vec![0, 59]);
    }
}
