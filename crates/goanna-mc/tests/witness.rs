//! Witness validity on random models: every witness is a real path of the semantics (each step a
//! transition, call/return discipline respected, the loop closes) and meets the formula's path
//! obligation (checked with the brute-force reference on non-recursive models, and with the
//! checker's own per-context values on recursive ones).

mod common;
use common::*;
use goanna_mc::ctl::Formula;
use goanna_mc::reference::{config_successors, eval, inline};
use goanna_mc::witness::{explain, sat_nodes, sat_nodes_in, witness_from, Witness};
use goanna_mc::{check, Model, Strategy};

fn valid_path(m: &Model, w: &Witness) -> Result<(), String> {
    let ws = materialise(w);
    for p in ws.windows(2) {
        if !config_successors(m, &p[0].stack, p[0].node).contains(&(p[1].stack.clone(), p[1].node))
        {
            return Err(format!("no transition {:?} -> {:?}", p[0], p[1]));
        }
    }
    if let Some(i) = w.loop_start {
        let last = ws.last().unwrap();
        let mut stack = ws[i].stack.clone();
        stack.extend_from_slice(&w.loop_push);
        if !config_successors(m, &last.stack, last.node).contains(&(stack.clone(), ws[i].node)) {
            return Err(format!(
                "loop does not close: {last:?} -> {:?}",
                (stack, ws[i].node)
            ));
        }
        if !w.loop_push.is_empty() {
            // the loop must never return below its starting depth
            let d = ws[i].stack.len();
            if ws[i..]
                .iter()
                .any(|s| s.stack.len() < d || s.stack[..d] != ws[i].stack[..])
            {
                return Err("pumping loop returns below its start".into());
            }
        }
    }
    Ok(())
}

/// Value of `f` at a configuration.
fn holds_at(m: &Model, f: &Formula, stack: &[u32], node: u32) -> bool {
    sat_nodes_in(m, f, stack)
        .unwrap()
        .into_iter()
        .find(|x| x.0 == node)
        .unwrap()
        .1
}

fn obligations(m: &Model, f: &Formula, w: &Witness, recursive: bool) -> Result<(), String> {
    let ws = materialise(w);
    let kripke = if recursive {
        None
    } else {
        Some(inline(m, 100_000).unwrap())
    };
    let val = |g: &Formula, stack: &[u32], node: u32| -> bool {
        match &kripke {
            Some(k) => match k.state(stack, node) {
                Some(i) => eval(k, m, g)[i as usize],
                None => holds_at(m, g, stack, node), // not reachable from the initial entries
            },
            None => holds_at(m, g, stack, node),
        }
    };
    // A witness may go on past its own obligation to show the existential obligation nested in
    // it (`EX E[a U b]` continues to `b`), so the obligation is checked on a prefix.
    let n = ws.len();
    match f {
        Formula::EX(a) => {
            if n < 2 || !val(a, &ws[1].stack, ws[1].node) {
                return Err("EX obligation".into());
            }
        }
        Formula::EU(a, b) => {
            let met = (0..n).find(|&k| val(b, &ws[k].stack, ws[k].node));
            let ok = met.is_some_and(|k| ws[..k].iter().all(|s| val(a, &s.stack, s.node)));
            if !ok {
                return Err("EU obligation".into());
            }
        }
        Formula::EG(a) => {
            if w.loop_start.is_none() || ws.iter().any(|s| !val(a, &s.stack, s.node)) {
                return Err("EG obligation".into());
            }
        }
        _ => unreachable!(),
    }
    Ok(())
}

#[test]
fn witnesses_are_real_paths_meeting_their_obligation() {
    let mut rng = Rng(seed() ^ 0x717E55);
    let n = cases(1500);
    let mut produced = 0;
    for case in 0..n {
        let recursive = rng.chance(50);
        let m = random_model(&mut rng, recursive);
        let d = rng.below(3);
        let a = random_formula(&mut rng, d);
        let b = random_formula(&mut rng, d);
        let f = match rng.below(3) {
            0 => Formula::EX(Box::new(a)),
            1 => Formula::EU(Box::new(a), Box::new(b)),
            _ => Formula::EG(Box::new(a)),
        };
        for (node, holds) in sat_nodes(&m, &f) {
            let w = witness_from(&m, &f, &[], node).unwrap();
            assert_eq!(
                w.is_some(),
                holds,
                "case {case}: witness exists iff {f} holds at {}",
                m.node_name(node)
            );
            if let Some(w) = w {
                produced += 1;
                valid_path(&m, &w)
                    .unwrap_or_else(|e| panic!("case {case}: {e}\n{f}\n{}", w.render(&m)));
                obligations(&m, &f, &w, recursive)
                    .unwrap_or_else(|e| panic!("case {case}: {e}\n{f}\n{}", w.render(&m)));
            }
        }
    }
    assert!(produced > n / 4, "too few witnesses: {produced}");
}

#[test]
fn counterexamples_explain_failing_universal_formulas() {
    let mut rng = Rng(seed() ^ 0xC0FFEE);
    let n = cases(800);
    for case in 0..n {
        let recursive = rng.chance(50);
        let m = random_model(&mut rng, recursive);
        let d = rng.below(3);
        let a = random_formula(&mut rng, d);
        let b = random_formula(&mut rng, d);
        let (f, neg) = match rng.below(3) {
            0 => (
                Formula::AG(Box::new(a.clone())),
                Formula::EU(Box::new(Formula::True), Box::new(Formula::Not(Box::new(a)))),
            ),
            1 => (
                Formula::AF(Box::new(a.clone())),
                Formula::EG(Box::new(Formula::Not(Box::new(a)))),
            ),
            _ => (
                Formula::AX(Box::new(a.clone())),
                Formula::EX(Box::new(Formula::Not(Box::new(a)))),
            ),
        };
        let _ = b;
        let v = check(&m, &f, Strategy::Exhaustive).unwrap();
        if v.holds {
            continue;
        }
        let (positive, w) =
            explain(&m, &f).unwrap_or_else(|| panic!("case {case}: no counterexample for {f}"));
        assert!(!positive);
        valid_path(&m, &w).unwrap_or_else(|e| panic!("case {case}: {e}"));
        obligations(&m, &neg, &w, recursive)
            .unwrap_or_else(|e| panic!("case {case}: {e}\n{f}\n{}", w.render(&m)));
    }
}
