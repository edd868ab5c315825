//! The bodies of the fuzz targets, shared by the libFuzzer binaries (`fuzz_targets/`) and the
//! plain test over the corpus and a seeded generator (`tests/fuzz.rs`). A body panics exactly
//! when it finds a bug: a panic, a stack overflow (an abort), or strategies that disagree.

use goanna_mc::ctl::{parse, Dag};
use goanna_mc::{check, Model, ModelBuilder, Strategy};

const STRATEGIES: [Strategy; 3] = [Strategy::Exhaustive, Strategy::Incremental, Strategy::Lazy];

/// Largest input a body decides (bigger ones are only parsed/read, to keep each run short).
const DECIDE_LIMIT: usize = 4096;

/// Every strategy gives the same verdict on `formula`.
fn agree(model: &Model, formula: &goanna_mc::ctl::Formula) {
    let verdicts: Vec<_> = STRATEGIES
        .iter()
        .map(|&s| check(model, formula, s).map(|v| v.entries))
        .map(|r| r.expect("checking a parsed formula on a built model cannot fail"))
        .collect();
    assert!(
        verdicts.windows(2).all(|w| w[0] == w[1]),
        "strategies disagree on `{formula}`: {verdicts:?}"
    );
}

/// A small recursive model over the atoms `a`, `b`: main calls f, f calls itself or returns.
fn small_model() -> Model {
    let mut b = ModelBuilder::new();
    let main = b.add_component("main");
    let f = b.add_component("f");
    let m0 = b.add_node(main, "m0", &["a"]);
    let m1 = b.add_node(main, "m1", &["b"]);
    let f0 = b.add_node(f, "f0", &["a", "b"]);
    let f1 = b.add_node(f, "f1", &[]);
    let f2 = b.add_node(f, "f2", &["b"]);
    b.set_entry(m0);
    b.set_entry(f0);
    b.set_exit(f2);
    let call = b.add_box(main, "call", f);
    let rec = b.add_box(f, "rec", f);
    b.edge_to_call(m0, call, f0);
    b.edge_from_return(call, f2, m1);
    b.edge_nodes(m1, m0);
    b.edge_nodes(f0, f1);
    b.edge_to_call(f0, rec, f0);
    b.edge_from_return(rec, f2, f2);
    b.edge_nodes(f1, f2);
    b.build().expect("the fixed model is well formed")
}

/// The CTL parser: any text parses or fails with an error; a parsed formula prints to text that
/// parses back to it, reduces to a DAG, and every strategy decides it alike.
pub fn ctl_parser(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(f) = parse(text) else { return };
    let printed = f.to_string();
    let again = parse(&printed).unwrap_or_else(|e| panic!("`{printed}` does not parse back: {e}"));
    assert_eq!(f, again, "printing changed the formula");
    let dag = Dag::new(&f);
    assert!(!dag.is_empty());
    if data.len() <= DECIDE_LIMIT {
        agree(&small_model(), &f);
    }
}

/// The RSM reader: any text is read or refused with an error; a model that is read is decided
/// alike by every strategy on a few formulas over its first atoms.
pub fn rsm_reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(model) = goanna_mc::rsm::read_model(text) else {
        return;
    };
    if data.len() > DECIDE_LIMIT || model.n_vertices() > 2000 {
        return;
    }
    let atoms: Vec<String> = (0..model.n_nodes() as u32)
        .flat_map(|n| {
            model
                .labels(n)
                .iter()
                .map(|&a| model.atom_name(a).to_string())
                .collect::<Vec<_>>()
        })
        // A label need not be a CTL identifier (`a)` is a fine label): only those that are can
        // be named in a formula.
        .filter(|name| matches!(parse(name), Ok(goanna_mc::ctl::Formula::Atom(ref a)) if a == name))
        .take(2)
        .collect();
    let p = atoms.first().cloned().unwrap_or_else(|| "p".into());
    let q = atoms.get(1).cloned().unwrap_or_else(|| p.clone());
    for text in [
        format!("EF {p}"),
        format!("AG ({p} -> AF {q})"),
        format!("EG !{q}"),
        format!("E[{p} U {q}] | AX {p}"),
    ] {
        let f = parse(&text).expect("generated formula");
        agree(&model, &f);
        let _ = goanna_mc::witness::explain(&model, &f);
    }
}
