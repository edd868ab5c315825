//! Timing of deep call chains and deep formulas (not a test: `scripts/bench-rsm --deep` runs it).
//!
//! `cargo run --release -p goanna-mc --example deep_chain -- [DEPTH...]`: for each depth, the
//! time of every strategy on a chain of that many components and of a witness through it.

use goanna_mc::ctl::parse;
use goanna_mc::witness::witness_from;
use goanna_mc::{check, Model, ModelBuilder, Strategy};
use std::time::Instant;

fn chain(depth: usize) -> Model {
    let mut b = ModelBuilder::new();
    let comps: Vec<u32> = (0..=depth)
        .map(|i| b.add_component(&format!("f{i}")))
        .collect();
    let mut ends = Vec::new();
    for (i, &c) in comps.iter().enumerate() {
        let labels: &[&str] = if i == depth { &["a", "goal"] } else { &["a"] };
        let en = b.add_node(c, &format!("en{i}"), labels);
        let ex = b.add_node(c, &format!("ex{i}"), &["a"]);
        b.set_entry(en);
        b.set_exit(ex);
        ends.push((en, ex));
    }
    for i in 0..depth {
        let bx = b.add_box(comps[i], &format!("call{i}"), comps[i + 1]);
        b.edge_to_call(ends[i].0, bx, ends[i + 1].0);
        b.edge_from_return(bx, ends[i + 1].1, ends[i].1);
    }
    b.edge_nodes(ends[depth].0, ends[depth].1);
    b.build().expect("chain model")
}

/// Nested `A[a U ...]` formulas on a one-node model: time of each stage.
fn formulas(depth: usize) {
    let mut b = ModelBuilder::new();
    let c = b.add_component("main");
    let n = b.add_node(c, "n", &["a"]);
    b.set_entry(n);
    b.edge_nodes(n, n);
    let m = b.build().expect("model");
    let text = format!("{}a{}", "A[a U ".repeat(depth), "]".repeat(depth));
    let t = Instant::now();
    let f = parse(&text).expect("formula");
    println!(
        "AU depth {depth}: parse {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let t = Instant::now();
    let dag = goanna_mc::ctl::Dag::new(&f);
    println!(
        "AU depth {depth}: dag {} nodes {:.1} ms",
        dag.len(),
        t.elapsed().as_secs_f64() * 1e3
    );
    let t = Instant::now();
    let exc = dag.existential_closure();
    println!(
        "AU depth {depth}: closure {} entries {:.1} ms",
        exc.iter().map(Vec::len).sum::<usize>(),
        t.elapsed().as_secs_f64() * 1e3
    );
    for s in [Strategy::Exhaustive, Strategy::Incremental, Strategy::Lazy] {
        let t = Instant::now();
        let v = check(&m, &f, s).expect("check");
        println!(
            "AU depth {depth}: {s} holds={} {:.1} ms",
            v.holds,
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("au") {
        for d in std::env::args().skip(2).filter_map(|a| a.parse().ok()) {
            formulas(d);
        }
        return;
    }
    let depths: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depths = if depths.is_empty() {
        vec![1000, 2000, 4000]
    } else {
        depths
    };
    for d in depths {
        let m = chain(d);
        for text in [
            "EF goal",
            "AG !goal",
            "E[a U goal]",
            "AF goal",
            "EG a",
            "EG !goal",
            "AX EX a",
        ] {
            let f = parse(text).expect("formula");
            for s in [Strategy::Exhaustive, Strategy::Incremental, Strategy::Lazy] {
                let t = Instant::now();
                let v = check(&m, &f, s).expect("check");
                println!(
                    "depth {d:6} {text:12} {s:12} holds={} {:8.1} ms",
                    v.holds,
                    t.elapsed().as_secs_f64() * 1e3
                );
            }
        }
        let t = Instant::now();
        let w = witness_from(
            &m,
            &parse("EF goal").unwrap(),
            &[],
            m.node_by_name("en0").unwrap(),
        )
        .expect("query")
        .expect("witness");
        println!(
            "depth {d:6} witness of EF goal: {} steps, work {}, {:8.1} ms",
            w.steps.len(),
            w.work(),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
