//! Random models and formulas: every strategy against the brute-force reference (non-recursive
//! models) and against each other (recursive models). Seeded; `GOANNA_MC_FUZZ_CASES` and
//! `GOANNA_MC_FUZZ_SEED` scale and vary the run.

mod common;
use common::*;
use goanna_mc::{check, reference, Strategy};

#[test]
fn strategies_match_reference_on_nonrecursive_models() {
    let mut rng = Rng(seed());
    let n = cases(3000);
    for case in 0..n {
        let m = random_model(&mut rng, false);
        let d = 1 + rng.below(4);
        let f = random_formula(&mut rng, d);
        let want = reference::check(&m, &f).expect("inline");
        for s in Strategy::ALL {
            let v = check(&m, &f, s).unwrap();
            let got: Vec<bool> = v.entries.iter().map(|e| e.1).collect();
            assert_eq!(got, want, "case {case}: strategy {s} on {f}\nmodel: {m:#?}");
        }
    }
}

#[test]
fn strategies_agree_on_recursive_models() {
    let mut rng = Rng(seed() ^ 0xABCDEF);
    let n = cases(3000);
    for case in 0..n {
        let m = random_model(&mut rng, true);
        let d = 1 + rng.below(4);
        let f = random_formula(&mut rng, d);
        let base = check(&m, &f, Strategy::Exhaustive).unwrap();
        for s in [Strategy::Incremental, Strategy::Lazy] {
            let v = check(&m, &f, s).unwrap();
            assert_eq!(
                v.entries, base.entries,
                "case {case}: {s} vs exhaustive on {f}\nmodel: {m:#?}"
            );
        }
    }
}

#[test]
fn batch_lanes_match_single_checks() {
    use goanna_mc::batch::check_batch;
    use goanna_mc::ctl::parse;
    let mut rng = Rng(seed() ^ 0xBA7C4);
    let n = cases(300);
    let templates = [
        "AG ((d_@ | ud_@) -> EF (u_@ | ud_@))",
        "A[!f_@ W e]",
        "E[!f_@ U (e & u_@)]",
        "AF u_@ | EG !d_@",
        "AX AX f_@",
        "!E[a U !EX (u_@ & AF d_@)]",
    ];
    for case in 0..n {
        let recursive = rng.chance(50);
        let m = random_model_vars(&mut rng, recursive, 5);
        let t = templates[rng.below(templates.len())];
        let fs: Vec<_> = (0..5)
            .map(|v| parse(&t.replace("@", &v.to_string())).unwrap())
            .collect();
        let batch = check_batch(&m, &fs, Strategy::Exhaustive);
        for (f, b) in fs.iter().zip(batch) {
            let single = check(&m, f, Strategy::Exhaustive).unwrap();
            assert_eq!(b.unwrap().entries, single.entries, "case {case}: {f}");
        }
    }
}
