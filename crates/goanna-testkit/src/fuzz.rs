//! The seeded generator behind the fuzz targets' plain tests (`tests/fuzz.rs` of a crate with a
//! `fuzz/` workspace): every corpus entry (seeds and the reproducers of past bugs, `regress_*`),
//! then inputs made by mutating them and, in turn, their mutants, as libFuzzer would, but reproducibly from a seed and on the
//! stable toolchain. Each input runs under a time cap: an input that takes longer is a hang, and
//! a watchdog saves it and ends the process (a hang cannot be unwound).
//!
//! `scripts/fuzz TARGET SECONDS [SEED]` runs one target for that long through the environment
//! variables `FUZZ_TARGET`, `FUZZ_SECONDS` and `FUZZ_SEED`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// SplitMix64: tiny, seeded, reproducible.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The files of a corpus directory, sorted by name, with their bytes.
pub fn corpus(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("corpus {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(&p).map(|bytes| (p.display().to_string(), bytes)).map_err(|e| format!("corpus {}: {e}", p.display())))
        .collect()
}

/// The files under `dir` (recursively) whose extension is `ext`, with their contents, in name
/// order.
pub fn files_under(dir: &Path, ext: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut found: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).map_err(|e| format!("seeds {}: {e}", d.display()))? {
            let path = entry.map_err(|e| format!("seeds {}: {e}", d.display()))?.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
        .into_iter()
        .map(|p| std::fs::read(&p).map(|bytes| (p.display().to_string(), bytes)).map_err(|e| format!("seed {}: {e}", p.display())))
        .collect()
}

/// The byte ranges of the lines of `v` (each with its newline).
fn lines(v: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in v.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < v.len() {
        out.push((start, v.len()));
    }
    out
}

/// One random mutation of `input`, as libFuzzer would make: bit flips, insertions of dictionary
/// `tokens` and of random bytes, deletions, repetitions of a chunk, splices with `other`, and
/// line-level edits (delete, duplicate, swap lines; truncate), one to four of them.
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8], tokens: &[&[u8]]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(11) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] ^= 1 << rng.below(8);
            }
            1 | 2 if !tokens.is_empty() => {
                let t = tokens[rng.below(tokens.len())];
                v.splice(at..at, t.iter().copied());
            }
            3 if !v.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(v.len());
                v.drain(at.min(end)..end);
            }
            4 if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(64)).min(other.len());
                v.splice(at..at, other[from..end].iter().copied());
            }
            5 => {
                let bytes: Vec<u8> = (0..1 + rng.below(4)).map(|_| rng.next_u64() as u8).collect();
                v.splice(at..at, bytes);
            }
            6 | 7 => {
                let ls = lines(&v);
                if ls.len() >= 2 {
                    let (a, b) = (ls[rng.below(ls.len())], ls[rng.below(ls.len())]);
                    match rng.below(3) {
                        0 => {
                            v.drain(a.0..a.1);
                        }
                        1 => {
                            let line = v[a.0..a.1].to_vec();
                            v.splice(b.0..b.0, line);
                        }
                        _ if a != b => {
                            let (first, second) = if a.0 < b.0 { (a, b) } else { (b, a) };
                            let mut out = v[..first.0].to_vec();
                            out.extend_from_slice(&v[second.0..second.1]);
                            out.extend_from_slice(&v[first.1..second.0]);
                            out.extend_from_slice(&v[first.0..first.1]);
                            out.extend_from_slice(&v[second.1..]);
                            v = out;
                        }
                        _ => {}
                    }
                }
            }
            8 if !v.is_empty() => v.truncate(at),
            9 if !v.is_empty() => {
                let from = at.min(v.len() - 1);
                let end = (from + 1 + rng.below(8)).min(v.len());
                let chunk = v[from..end].to_vec();
                let repeated: Vec<u8> = (0..2 + rng.below(31)).flat_map(|_| chunk.iter().copied()).collect();
                v.splice(end..end, repeated);
            }
            _ => {
                if let Some(t) = tokens.get(rng.below(tokens.len().max(1))) {
                    v.extend_from_slice(t);
                }
            }
        }
    }
    v
}

/// Earlier mutants kept as parents of new ones.
const POOL_SIZE: usize = 256;

/// A fuzz target run as a plain test.
pub struct Campaign {
    /// The target's name (the corpus sub-directory, and what `FUZZ_TARGET` names).
    pub target: &'static str,
    /// The corpus directory of the target.
    pub corpus_dir: PathBuf,
    /// Tokens of the input language the mutator inserts.
    pub tokens: &'static [&'static [u8]],
    /// Generated inputs in an ordinary test run (when `FUZZ_SECONDS` does not apply).
    pub runs: usize,
    /// Corpus entries no larger than this are mutated.
    pub max_seed_len: usize,
    /// The longest one input may take before it counts as a hang.
    pub time_cap: Duration,
    /// Further seeds read in place, not copied into the corpus: every file under this
    /// directory (recursively) whose extension is `.1` (`"c"`: the project's C fixtures).
    /// They are mutated, not run as they are (their own tests run them).
    pub seed_files: Option<(PathBuf, &'static str)>,
}

/// What a campaign did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Corpus entries run.
    pub corpus: usize,
    /// Generated inputs run.
    pub generated: usize,
}

/// The input under way and when it started, shared with the watchdog.
struct Current {
    input: Vec<u8>,
    started: Instant,
}

impl Campaign {
    /// Runs `body` over every corpus entry, then over generated inputs: `runs` of them, or, when
    /// `FUZZ_TARGET` names this target and `FUZZ_SECONDS` is set, as many as fit in that time
    /// (seed `FUZZ_SEED`, default 11). Panics, naming a saved copy of the input, when `body`
    /// panics on one; ends the process when one exceeds the time cap. Runs on a thread with
    /// the default test stack (2 MiB), so that a deep recursion fails here as it would in a
    /// worker.
    pub fn run(self, body: fn(&[u8])) -> Tally {
        let handle = std::thread::Builder::new()
            .name(format!("fuzz-{}", self.target))
            .stack_size(2 << 20)
            .spawn(move || self.run_here(body))
            .expect("cannot spawn the fuzz thread");
        match handle.join() {
            Ok(tally) => tally,
            Err(payload) => std::panic::resume_unwind(payload),
        }
    }

    fn run_here(&self, body: fn(&[u8])) -> Tally {
        let target = self.target;
        let inputs = corpus(&self.corpus_dir).unwrap_or_else(|e| panic!("{target}: {e}"));
        assert!(!inputs.is_empty(), "{target}: empty corpus {}", self.corpus_dir.display());
        let in_place = match &self.seed_files {
            Some((dir, ext)) => files_under(dir, ext).unwrap_or_else(|e| panic!("{target}: {e}")),
            None => Vec::new(),
        };
        assert!(self.seed_files.is_none() || !in_place.is_empty(), "{target}: no seeds under {:?}", self.seed_files);
        let chosen = std::env::var("FUZZ_TARGET").ok().as_deref() == Some(target);
        let seconds = std::env::var("FUZZ_SECONDS").ok().and_then(|s| s.parse::<u64>().ok()).filter(|_| chosen);
        let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
        let seed: u64 = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(11);

        let current = Arc::new(Mutex::new(Current { input: Vec::new(), started: Instant::now() }));
        let done = Arc::new(AtomicBool::new(false));
        let watchdog = spawn_watchdog(target, seed, self.time_cap, Arc::clone(&current), Arc::clone(&done));
        let try_one = |input: &[u8], what: &str| {
            {
                let mut c = current.lock().unwrap_or_else(|e| e.into_inner());
                c.input = input.to_vec();
                c.started = Instant::now();
            }
            let outcome = std::panic::catch_unwind(|| body(input));
            current.lock().unwrap_or_else(|e| e.into_inner()).started = Instant::now();
            if outcome.is_err() {
                let path = std::env::temp_dir().join(format!("{target}-crash-{seed}-{what}"));
                let _ = std::fs::write(&path, input);
                panic!("{target}: {what} fails; input saved as {} (seed {seed})", path.display());
            }
        };

        for (name, data) in &inputs {
            try_one(data, &format!("corpus entry {name}").replace('/', "_"));
        }
        let mut rng = Rng(seed);
        let seeds: Vec<&Vec<u8>> = inputs.iter().chain(&in_place).map(|i| &i.1).filter(|d| d.len() <= self.max_seed_len).collect();
        let mut pool: Vec<Vec<u8>> = Vec::new();
        let mut generated = 0usize;
        let mut report_at = Instant::now() + Duration::from_secs(60);
        while !seeds.is_empty() {
            match deadline {
                Some(d) if Instant::now() >= d => break,
                None if generated >= self.runs => break,
                _ => {}
            }
            // Half of the time the parent is an earlier mutant, so that mutations accumulate
            // (a random walk away from the seeds, as libFuzzer's growing corpus does).
            let a: &[u8] = if !pool.is_empty() && rng.below(2) == 0 { &pool[rng.below(pool.len())] } else { seeds[rng.below(seeds.len())] };
            let b = seeds[rng.below(seeds.len())];
            let input = mutate(&mut rng, a, b, self.tokens);
            try_one(&input, &format!("run{generated}"));
            generated += 1;
            if input.len() <= self.max_seed_len {
                if pool.len() < POOL_SIZE {
                    pool.push(input);
                } else {
                    let slot = rng.below(POOL_SIZE);
                    pool[slot] = input;
                }
            }
            if deadline.is_some() && Instant::now() >= report_at {
                eprintln!("{target}: {generated} generated inputs so far");
                report_at += Duration::from_secs(60);
            }
        }
        done.store(true, Ordering::Relaxed);
        let _ = watchdog.join();
        eprintln!("{target}: {} corpus entries, {} seeds in place, {generated} generated inputs (seed {seed})", inputs.len(), in_place.len());
        Tally { corpus: inputs.len(), generated }
    }
}

/// Watches the input under way; when it has run longer than `cap`, saves it and ends the
/// process with a message (a hang cannot be unwound).
fn spawn_watchdog(target: &'static str, seed: u64, cap: Duration, current: Arc<Mutex<Current>>, done: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        while !done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
            let c = current.lock().unwrap_or_else(|e| e.into_inner());
            if c.started.elapsed() > cap {
                let path = std::env::temp_dir().join(format!("{target}-hang-{seed}"));
                let _ = std::fs::write(&path, &c.input);
                eprintln!("{target}: an input ran longer than {cap:?} (a hang); saved as {} (seed {seed})", path.display());
                std::process::exit(70);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutation_is_reproducible_from_the_seed() {
        let input = b"int f(void) {\n  int x;\n  return x;\n}\n";
        let run = |seed| {
            let mut rng = Rng(seed);
            (0..50).map(|_| mutate(&mut rng, input, input, &[b"(", b"}"])).collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }

    #[test]
    fn lines_keep_their_newlines_and_the_unterminated_tail() {
        assert_eq!(lines(b"a\nbb\nccc"), vec![(0, 2), (2, 5), (5, 8)]);
        assert_eq!(lines(b""), Vec::<(usize, usize)>::new());
    }
}
