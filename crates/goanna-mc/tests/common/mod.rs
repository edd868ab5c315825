//! Shared test helpers: a small seeded RNG, random models and random formulas.
#![allow(dead_code)]

use goanna_mc::ctl::Formula;
use goanna_mc::witness::Witness;

/// A witness step with its call stack materialised (tests compare stacks as vectors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MStep {
    pub stack: Vec<u32>,
    pub node: u32,
}

/// The steps of `w` with their stacks materialised.
pub fn materialise(w: &Witness) -> Vec<MStep> {
    w.configurations()
        .into_iter()
        .map(|(stack, node)| MStep { stack, node })
        .collect()
}
use goanna_mc::{Model, ModelBuilder};

/// SplitMix64: tiny, seeded, reproducible.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, pct: u64) -> bool {
        self.next() % 100 < pct
    }
}

pub const ATOMS: [&str; 3] = ["a", "b", "c"];

/// A random model. With `recursive == false`, component i only calls components j > i.
pub fn random_model(rng: &mut Rng, recursive: bool) -> Model {
    let ncomp = 1 + rng.below(4);
    let mut b = ModelBuilder::new();
    let comps: Vec<u32> = (0..ncomp)
        .map(|i| b.add_component(&format!("C{i}")))
        .collect();
    let mut nodes: Vec<Vec<u32>> = Vec::new();
    let mut entries: Vec<Vec<u32>> = Vec::new();
    let mut exits: Vec<Vec<u32>> = Vec::new();
    for (ci, &c) in comps.iter().enumerate() {
        let nn = 1 + rng.below(5);
        let mut ns = Vec::new();
        for k in 0..nn {
            let labels: Vec<&str> = ATOMS.iter().copied().filter(|_| rng.chance(40)).collect();
            ns.push(b.add_node(c, &format!("n{ci}_{k}"), &labels));
        }
        let nen = 1 + rng.below(2.min(nn));
        let mut ens = vec![ns[0]];
        if nen > 1 && nn > 1 {
            ens.push(ns[1]);
        }
        let mut exs = Vec::new();
        for &n in &ns {
            if (n == *ns.last().unwrap() && rng.chance(80)) || rng.chance(15) {
                exs.push(n);
            }
        }
        for &e in &ens {
            b.set_entry(e);
        }
        for &x in &exs {
            b.set_exit(x);
        }
        nodes.push(ns);
        entries.push(ens);
        exits.push(exs);
    }
    let mut boxes = Vec::new();
    for ci in 0..ncomp {
        let nbox = if recursive || ci + 1 < ncomp {
            rng.below(3)
        } else {
            0
        };
        for k in 0..nbox {
            let callee = if recursive {
                rng.below(ncomp)
            } else {
                ci + 1 + rng.below(ncomp - ci - 1)
            };
            if entries[callee].is_empty() {
                continue;
            }
            let bx = b.add_box(comps[ci], &format!("b{ci}_{k}"), comps[callee]);
            boxes.push((ci, bx, callee));
        }
    }
    for ci in 0..ncomp {
        let ns = nodes[ci].clone();
        let nonexit: Vec<u32> = ns
            .iter()
            .copied()
            .filter(|n| !exits[ci].contains(n))
            .collect();
        let my_boxes: Vec<(u32, usize)> = boxes
            .iter()
            .filter(|x| x.0 == ci)
            .map(|x| (x.1, x.2))
            .collect();
        // sources: non-exit nodes and return nodes; targets: nodes and call nodes
        let mut sources: Vec<goanna_mc::Src> =
            nonexit.iter().map(|&n| goanna_mc::Src::Node(n)).collect();
        let mut targets: Vec<goanna_mc::Dst> =
            ns.iter().map(|&n| goanna_mc::Dst::Node(n)).collect();
        for &(bx, callee) in &my_boxes {
            for &x in &exits[callee] {
                sources.push(goanna_mc::Src::Return(bx, x));
            }
            for &e in &entries[callee] {
                targets.push(goanna_mc::Dst::Call(bx, e));
            }
        }
        for s in &sources {
            let k = rng.below(3);
            for _ in 0..k {
                let t = targets[rng.below(targets.len())];
                b.edge(*s, t);
            }
        }
    }
    b.build().expect("random model is valid")
}

pub fn random_formula(rng: &mut Rng, depth: usize) -> Formula {
    use Formula::*;
    let bx = Box::new;
    if depth == 0 || rng.chance(20) {
        return match rng.below(8) {
            0 => True,
            1 => False,
            _ => Atom(ATOMS[rng.below(3)].to_string()),
        };
    }
    let d = depth - 1;
    match rng.below(17) {
        0 => Not(bx(random_formula(rng, d))),
        1 => And(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        2 => Or(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        3 => Implies(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        4 => EX(bx(random_formula(rng, d))),
        5 => AX(bx(random_formula(rng, d))),
        6 => EF(bx(random_formula(rng, d))),
        7 => AF(bx(random_formula(rng, d))),
        8 => EG(bx(random_formula(rng, d))),
        9 => AG(bx(random_formula(rng, d))),
        10 | 11 => EU(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        12 => AU(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        13 => EW(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        14 => AW(bx(random_formula(rng, d)), bx(random_formula(rng, d))),
        _ => Not(bx(random_formula(rng, d))),
    }
}

pub fn cases(default: usize) -> usize {
    std::env::var("GOANNA_MC_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

pub fn seed() -> u64 {
    std::env::var("GOANNA_MC_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED)
}

/// A random model whose labels are per-variable atoms (`d_i`, `u_i`, `ud_i`, `f_i`) plus `a`, `e`.
pub fn random_model_vars(rng: &mut Rng, recursive: bool, vars: usize) -> Model {
    let base = random_model(rng, recursive);
    // Rebuild with richer labels: same structure through the RSM-independent builder API.
    let mut b = ModelBuilder::new();
    for c in base.components() {
        b.add_component(c.name());
    }
    b.set_initial(base.initial());
    for n in 0..base.n_nodes() as u32 {
        let mut labels: Vec<String> = Vec::new();
        for v in 0..vars {
            for p in ["d", "u", "ud", "f"] {
                if rng.chance(20) {
                    labels.push(format!("{p}_{v}"));
                }
            }
        }
        for p in ["a", "e"] {
            if rng.chance(40) {
                labels.push(p.to_string());
            }
        }
        let ls: Vec<&str> = labels.iter().map(String::as_str).collect();
        let id = b.add_node(base.node_component(n), base.node_name(n), &ls);
        assert_eq!(id, n);
    }
    for (ci, c) in base.components().iter().enumerate() {
        for &v in c.entries() {
            b.set_entry(base.vertex_node(ci as u32, v));
        }
        for &v in c.exits() {
            b.set_exit(base.vertex_node(ci as u32, v));
        }
    }
    for bx in 0..base.n_boxes() as u32 {
        let bi = base.box_info(bx);
        b.add_box(bi.owner(), bi.name(), bi.callee());
    }
    for (ci, c) in base.components().iter().enumerate() {
        let ci = ci as u32;
        for v in 0..c.n_vertices() {
            let src = match base.vertex_kind(ci, v) {
                goanna_mc::VertexKind::Node(n) => goanna_mc::Src::Node(n),
                goanna_mc::VertexKind::Return(bx, x) => goanna_mc::Src::Return(bx, x),
                goanna_mc::VertexKind::Call(..) => continue,
            };
            if c.is_exit(v) {
                continue;
            }
            for &w in c.succ(v) {
                if w == v && c.succ(v).len() == 1 {
                    continue; // implicit self loop of a dead end
                }
                let dst = match base.vertex_kind(ci, w) {
                    goanna_mc::VertexKind::Node(n) => goanna_mc::Dst::Node(n),
                    goanna_mc::VertexKind::Call(bx, en) => goanna_mc::Dst::Call(bx, en),
                    goanna_mc::VertexKind::Return(..) => continue,
                };
                b.edge(src, dst);
            }
        }
    }
    b.build().unwrap()
}
