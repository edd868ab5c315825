//! Benchmark: check every formula of every RSM model in a directory with each strategy.
//!
//! Usage: `bench_rsm DIR [strategy ...]` where DIR holds `NAME.rsm` and `NAME_usedef.ctl` files
//! (unzipped from `shared/bench/rsm`). Prints per model and strategy: formulas, total and slowest
//! time, contexts, false verdicts; and whether all strategies agreed.

use goanna_mc::ctl::{parse_file, Dag};
use goanna_mc::{check_dag, rsm, Strategy};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).cloned().unwrap_or_else(|| ".".into());
    let batch = args.iter().any(|a| a == "batch");
    let strategies: Vec<Strategy> = if args.len() > 2 {
        args[2..]
            .iter()
            .filter(|a| *a != "batch")
            .map(|s| s.parse().expect("strategy"))
            .collect()
    } else {
        Strategy::ALL.to_vec()
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("read dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".rsm"))
                .map(String::from)
        })
        .collect();
    names.sort();
    let mut grand: Vec<(f64, usize)> = vec![(0.0, 0); strategies.len()];
    let mut disagreements = 0;
    let mut grand_batch = 0.0;
    for name in &names {
        let t0 = Instant::now();
        let json = std::fs::read_to_string(format!("{dir}/{name}.rsm")).expect("read model");
        let model = rsm::read_model(&json).expect("model");
        let load = t0.elapsed().as_secs_f64();
        let Ok(ctl) = std::fs::read_to_string(format!("{dir}/{name}_usedef.ctl")) else {
            continue;
        };
        let formulas: Vec<(String, Dag)> = parse_file(&ctl)
            .into_iter()
            .map(|(_, t, f)| (t, Dag::new(&f.expect("formula parses"))))
            .collect();
        println!(
            "{name}: {} components, {} nodes, {} boxes, {} formulas, load {:.1} ms",
            model.components().len(),
            model.n_nodes(),
            model.n_boxes(),
            formulas.len(),
            load * 1e3
        );
        let mut verdicts: Vec<Vec<bool>> = Vec::new();
        if batch {
            let dags: Vec<Dag> = formulas.iter().map(|f| f.1.clone()).collect();
            let t = Instant::now();
            let r = goanna_mc::batch::check_batch_dags(&model, &dags, Strategy::Exhaustive);
            let dt = t.elapsed().as_secs_f64();
            let vs: Vec<bool> = r.iter().map(|v| v.as_ref().expect("check").holds).collect();
            println!(
                "  {:<12} total {:8.1} ms  ({} formulas, 64 lanes per pass)  false {}",
                "batch",
                dt * 1e3,
                vs.len(),
                vs.iter().filter(|b| !**b).count()
            );
            grand_batch += dt;
            verdicts.push(vs);
        }
        for (si, &s) in strategies.iter().enumerate() {
            let mut total = 0.0;
            let mut slowest = (0.0, 0usize);
            let mut ctx = 0usize;
            let mut maxctx = 0usize;
            let mut vs = Vec::new();
            for (i, (_, d)) in formulas.iter().enumerate() {
                let t = Instant::now();
                let v = check_dag(&model, d, s).expect("check");
                let dt = t.elapsed().as_secs_f64();
                total += dt;
                if dt > slowest.0 {
                    slowest = (dt, i);
                }
                ctx += v.contexts;
                maxctx = maxctx.max(v.contexts);
                vs.push(v.holds);
            }
            let nfalse = vs.iter().filter(|b| !**b).count();
            println!(
                "  {:<12} total {:8.1} ms  mean {:6.3} ms  slowest {:7.3} ms (#{})  contexts {} (max {})  false {}",
                s.name(), total * 1e3, total * 1e3 / formulas.len().max(1) as f64, slowest.0 * 1e3, slowest.1, ctx, maxctx, nfalse
            );
            grand[si].0 += total;
            grand[si].1 += formulas.len();
            verdicts.push(vs);
        }
        for v in &verdicts[1..] {
            if *v != verdicts[0] {
                disagreements += 1;
                println!("  DISAGREEMENT between strategies on {name}");
            }
        }
    }
    for (si, s) in strategies.iter().enumerate() {
        println!(
            "TOTAL {:<12} {} formulas in {:.1} ms",
            s.name(),
            grand[si].1,
            grand[si].0 * 1e3
        );
    }
    if batch {
        println!("TOTAL batch        {:.1} ms", grand_batch * 1e3);
    }
    println!("strategy disagreements: {disagreements}");
}
