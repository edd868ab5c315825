//! Human- and machine-readable renderings of a graph: text, Graphviz `dot`, JSON.
//!
//! JSON shape (stable):
//!
//! ```json
//! { "name": "f", "usr": "c:@F@f", "entry": 0, "exit": 1,
//!   "nodes": [ { "id": 0, "kind": "entry", "detail": null,
//!                "span": {"file": 0, "line": 3, "col": 5, "end_line": 3, "end_col": 9} | null,
//!                "props": ["use_x", "def_y"],
//!                "succs": [ {"target": 2, "kind": "normal"} | {"target": 4, "kind": "case", "value": 3} ],
//!                "reachable": true, "const_cond": 1 | null } ] }
//! ```
//!
//! Node kinds: `entry`, `exit`, `noreturn`, `statement`, `condition`, `branch` (detail
//! `"true"`/`"false"`), `call` (detail: callee name or `null` for an indirect call), `return`,
//! `label` (detail: the label), `nop`. Edge kinds: `normal`, `true`, `false`, `case` (with
//! `value`), `default`, `back`.

use crate::graph::{Cfg, EdgeKind, Node, NodeKind};
use crate::props::prop_name;
use serde_json::{json, Value};
use std::fmt::Write;

/// Short name of a node kind (as in the JSON form) and its detail.
pub fn kind_name(kind: &NodeKind) -> (&'static str, Option<String>) {
    match kind {
        NodeKind::Entry => ("entry", None),
        NodeKind::Exit => ("exit", None),
        NodeKind::NoReturn => ("noreturn", None),
        NodeKind::Statement => ("statement", None),
        NodeKind::Condition => ("condition", None),
        NodeKind::Branch(b) => ("branch", Some(b.to_string())),
        NodeKind::Call(site) => ("call", site.callee_name.clone()),
        NodeKind::Return => ("return", None),
        NodeKind::Label(l) => ("label", Some(l.clone())),
        NodeKind::Nop => ("nop", None),
    }
}

/// Short name of an edge kind (`case 3` for cases).
pub fn edge_name(kind: EdgeKind) -> String {
    match kind {
        EdgeKind::Normal => "normal".into(),
        EdgeKind::True => "true".into(),
        EdgeKind::False => "false".into(),
        EdgeKind::Case(v) => format!("case {v}"),
        EdgeKind::Default => "default".into(),
        EdgeKind::Back => "back".into(),
    }
}

fn node_head(node: &Node) -> String {
    let (kind, detail) = kind_name(&node.kind);
    let mut s = kind.to_string();
    if let Some(d) = detail {
        s.push('(');
        s.push_str(&d);
        s.push(')');
    }
    if let Some(span) = node.span {
        let _ = write!(s, " {}:{}", span.line, span.col);
    }
    s
}

fn props_text(cfg: &Cfg, node: &Node) -> Vec<String> {
    node.props.iter().map(|p| prop_name(cfg, p)).collect()
}

/// Plain text, one node per line:
/// `n3 condition 4:7 [use_p] -> n4 (true), n5 (false)`, with `(unreachable)` and `const=V`
/// markers.
pub fn to_text(cfg: &Cfg) -> String {
    let mut out = format!("function {}\n", cfg.name);
    for (i, node) in cfg.nodes.iter().enumerate() {
        let _ = write!(out, "  n{i} {}", node_head(node));
        let props = props_text(cfg, node);
        if !props.is_empty() {
            let _ = write!(out, " [{}]", props.join(", "));
        }
        if let Some(v) = node.const_cond {
            let _ = write!(out, " const={v}");
        }
        if !node.reachable {
            out.push_str(" (unreachable)");
        }
        if !node.succs.is_empty() {
            let succs: Vec<String> = node
                .succs
                .iter()
                .map(|e| match e.kind {
                    EdgeKind::Normal => format!("n{}", e.target.0),
                    k => format!("n{} ({})", e.target.0, edge_name(k)),
                })
                .collect();
            let _ = write!(out, " -> {}", succs.join(", "));
        }
        out.push('\n');
    }
    out
}

/// Escapes text for a double-quoted Graphviz string.
fn dot_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Graphviz `digraph`; unreachable nodes are dashed and grey, back edges dashed.
pub fn to_dot(cfg: &Cfg) -> String {
    let mut out = format!("digraph \"{}\" {{\n  node [shape=box, fontname=\"monospace\"];\n", dot_escape(&cfg.name));
    for (i, node) in cfg.nodes.iter().enumerate() {
        let mut label = format!("n{i} {}", node_head(node));
        for p in props_text(cfg, node) {
            label.push('\n');
            label.push_str(&p);
        }
        let style = if node.reachable { "" } else { ", style=dashed, color=grey, fontcolor=grey" };
        let _ = writeln!(out, "  n{i} [label=\"{}\"{style}];", dot_escape(&label));
    }
    for (i, node) in cfg.nodes.iter().enumerate() {
        for e in &node.succs {
            let attrs = match e.kind {
                EdgeKind::Normal => String::new(),
                EdgeKind::Back => " [style=dashed, label=\"back\"]".to_string(),
                k => format!(" [label=\"{}\"]", dot_escape(&edge_name(k))),
            };
            let _ = writeln!(out, "  n{i} -> n{}{attrs};", e.target.0);
        }
    }
    out.push_str("}\n");
    out
}

/// The JSON form documented at the top of this module.
pub fn to_json(cfg: &Cfg) -> Value {
    let nodes: Vec<Value> = cfg
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let (kind, detail) = kind_name(&node.kind);
            let span = node.span.map(|s| {
                json!({"file": s.file.0, "line": s.line, "col": s.col, "end_line": s.end_line, "end_col": s.end_col})
            });
            let succs: Vec<Value> = node
                .succs
                .iter()
                .map(|e| match e.kind {
                    EdgeKind::Case(v) => json!({"target": e.target.0, "kind": "case", "value": v}),
                    k => json!({"target": e.target.0, "kind": edge_name(k)}),
                })
                .collect();
            json!({
                "id": i,
                "kind": kind,
                "detail": detail,
                "span": span,
                "props": props_text(cfg, node),
                "succs": succs,
                "reachable": node.reachable,
                "const_cond": node.const_cond,
            })
        })
        .collect();
    json!({"name": cfg.name, "usr": cfg.usr, "entry": cfg.entry.0, "exit": cfg.exit.0, "nodes": nodes})
}
