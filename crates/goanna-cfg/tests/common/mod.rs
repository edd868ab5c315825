//! Shared helpers of the fixture tests: parse C with the real front end and render graphs as
//! edges between labelled statements.
#![allow(dead_code)]

use goanna_cfg::{build_cfgs, prop_name, Cfg, EdgeKind, LibraryModels, NodeId, NodeKind};

/// Parses `src` and builds every function's graph. `None` when libclang is unavailable.
pub fn cfgs(src: &str) -> Option<Vec<Cfg>> {
    let opts = goanna_frontend::ParseOptions::default();
    match goanna_frontend::parse_source("test.c", src, &opts) {
        Ok(tu) => Some(build_cfgs(&tu, &LibraryModels::builtin())),
        Err(e) => {
            eprintln!("skipping: front end unavailable: {e}");
            None
        }
    }
}

/// The graph of function `name` in `src`.
pub fn cfg(src: &str, name: &str) -> Option<Cfg> {
    cfgs(src)?.into_iter().find(|c| c.name == name)
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A compact label of a node: its source text (first line for loop heads), or a marker.
pub fn label(src: &str, cfg: &Cfg, id: NodeId) -> String {
    let node = cfg.node(id);
    let text = node
        .span
        .and_then(|s| src.get(s.start as usize..s.end as usize))
        .map(|t| squash(t.lines().next().unwrap_or("")))
        .unwrap_or_default();
    let base = match &node.kind {
        NodeKind::Entry => "ENTRY".to_string(),
        NodeKind::Exit => "EXIT".to_string(),
        NodeKind::NoReturn => "NORETURN".to_string(),
        NodeKind::Label(l) => format!("{l}:"),
        NodeKind::Branch(b) => format!("{}{text}", if *b { "T:" } else { "F:" }),
        _ => text,
    };
    let base = format!("\"{base}\"");
    if node.reachable { base } else { format!("!{base}") }
}

/// One line per edge, `"a" -> "b" [Kind]`, with branch nodes folded into the edge from their
/// condition (`[True]`/`[False]`).
pub fn render(src: &str, cfg: &Cfg) -> String {
    let mut lines = Vec::new();
    for id in cfg.node_ids() {
        let node = cfg.node(id);
        if matches!(node.kind, NodeKind::Branch(_)) {
            continue;
        }
        for e in &node.succs {
            let mut target = e.target;
            let mut kind = e.kind;
            if let NodeKind::Branch(_) = cfg.node(target).kind {
                if let Some(next) = cfg.node(target).succs.first() {
                    if next.kind == EdgeKind::Back {
                        kind = EdgeKind::Back;
                    }
                    target = next.target;
                }
                if cfg.node(e.target).succs.len() != 1 {
                    lines.push("BRANCH WITH != 1 SUCCESSOR".to_string());
                }
            }
            let k = match kind {
                EdgeKind::Normal => String::new(),
                EdgeKind::True => " [True]".into(),
                EdgeKind::False => " [False]".into(),
                EdgeKind::Back => if e.kind == EdgeKind::True { " [True,Back]".into() } else if e.kind == EdgeKind::False { " [False,Back]".into() } else { " [Back]".into() },
                EdgeKind::Case(v) => format!(" [Case {v}]"),
                EdgeKind::Default => " [Default]".into(),
            };
            lines.push(format!("{} -> {}{k}", label(src, cfg, id), label(src, cfg, target)));
        }
    }
    lines.join("\n")
}

/// `label: prop, prop` for every node with propositions (branch nodes included).
pub fn render_props(src: &str, cfg: &Cfg) -> String {
    let mut lines = Vec::new();
    for id in cfg.node_ids() {
        let node = cfg.node(id);
        if node.props.is_empty() {
            continue;
        }
        let names: Vec<String> = node.props.iter().map(|p| prop_name(cfg, p)).collect();
        lines.push(format!("{}: {}", label(src, cfg, id), names.join(" ")));
    }
    lines.join("\n")
}

/// Asserts graph-wide invariants: entry first, exit has no successors, every other node has one.
pub fn check_invariants(cfg: &Cfg) {
    assert_eq!(cfg.entry, NodeId(0));
    assert!(matches!(cfg.node(cfg.exit).kind, NodeKind::Exit));
    assert!(cfg.node(cfg.exit).succs.is_empty());
    for id in cfg.node_ids() {
        if id != cfg.exit {
            assert!(!cfg.node(id).succs.is_empty(), "node {id:?} has no successor");
        }
        for e in &cfg.node(id).succs {
            assert!(e.target.index() < cfg.nodes.len());
        }
    }
}

/// Builds `name` from `src`, checks invariants, returns the rendered edges.
pub fn edges(src: &str, name: &str) -> Option<String> {
    let c = cfg(src, name)?;
    check_invariants(&c);
    Some(render(src, &c))
}

/// Builds `name` from `src`, returns the rendered propositions.
pub fn props(src: &str, name: &str) -> Option<String> {
    let c = cfg(src, name)?;
    check_invariants(&c);
    Some(render_props(src, &c))
}
