//! `RED-dead`: unreachable code, one finding per connected dead region.

use super::finding;
use crate::{CheckSpec, Finding, UnitContext};
use goanna_cfg::{Cfg, Node, NodeId, NodeKind, PropKind};

/// True for dead nodes worth reporting: real code written in the function itself (not in a
/// macro expansion, where dead code is usually an artefact of the macro), with an effect. A
/// declaration without an initialiser generates no code: one written between a `switch` and
/// its first `case` (`switch (op) { unsigned min, max; case ...`) is not dead code.
fn is_reportable(node: &Node) -> bool {
    let Some(span) = node.span else { return false };
    if span.from_macro {
        return false;
    }
    let declares_only = node.props.iter().all(|p| p.kind == PropKind::Decl || p.kind.is_syntax_fact());
    if node.kind == NodeKind::Statement && declares_only && !node.props.is_empty() {
        return false;
    }
    match node.kind {
        NodeKind::Entry | NodeKind::Exit | NodeKind::NoReturn | NodeKind::Nop | NodeKind::Label(_) => false,
        NodeKind::Branch(_) => false,
        NodeKind::Statement | NodeKind::Condition | NodeKind::Call(_) | NodeKind::Return => true,
    }
}

/// True for dead code that is there on purpose, by well-known idioms that compilers and
/// Clang's `-Wunreachable-code` also set apart: a plain `return` (of nothing, a constant or a
/// variable: no call, no write) written after a call that never returns "to avoid warnings",
/// a second call that never returns after the first (`die(); exit(1);`), the constant
/// condition of `do { ... } while (0)` when the body always leaves the loop. (The increment of
/// a `for` loop whose body always leaves it is not even a candidate: [`is_for_increment`].)
fn is_idiomatic(cfg: &Cfg, node: &Node) -> bool {
    let only = |kinds: &[PropKind]| node.props.iter().all(|p| kinds.contains(&p.kind) || p.kind.is_syntax_fact());
    match node.kind {
        NodeKind::Return => only(&[PropKind::Return, PropKind::Use, PropKind::Escape, PropKind::ReturnNull]),
        NodeKind::Condition => node.props.iter().all(|p| p.kind.is_syntax_fact()),
        // A call that never returns, written after another one "to be sure" (`die(); exit(1);`).
        NodeKind::Statement => {
            !node.succs.is_empty()
                && node.succs.iter().all(|e| matches!(cfg.node(e.target).kind, NodeKind::NoReturn))
                && only(&[PropKind::Call, PropKind::Use])
        }
        _ => false,
    }
}

/// True for a `for` loop's increment: a statement that goes back to the loop head and is
/// written between the loop's condition and its body (`for (i = 0; i < n; i++) body`). The
/// last statement of a `while` body also goes back to the head, but is written in the body.
fn is_for_increment(cfg: &Cfg, id: NodeId) -> bool {
    let node = cfg.node(id);
    let Some(span) = node.span else { return false };
    let Some(head) = node.succs.first().filter(|e| e.kind == goanna_cfg::EdgeKind::Back).map(|e| e.target) else {
        return false;
    };
    if node.succs.len() != 1 {
        return false;
    }
    let head_node = cfg.node(head);
    let Some(head_span) = head_node.span else { return false };
    // Where the body starts: the first node with a source range on the condition's true side.
    let mut at = head_node.succs.iter().find(|e| e.kind == goanna_cfg::EdgeKind::True).map(|e| e.target);
    let mut body_start = None;
    for _ in 0..8 {
        let Some(n) = at else { break };
        let candidate = cfg.node(n);
        if !matches!(candidate.kind, NodeKind::Branch(_) | NodeKind::Nop | NodeKind::Label(_)) {
            body_start = candidate.span;
            break;
        }
        at = candidate.succs.first().map(|e| e.target);
    }
    let Some(body) = body_start else { return false };
    span.file == head_span.file && span.file == body.file && head_span.end <= span.start && span.end <= body.start
}

/// Finds maximal regions of unreachable code and reports each once, at its first statement.
/// Regions made only of idiomatic dead code ([`is_idiomatic`]) are not reported.
pub fn unreachable_code(ctx: &UnitContext<'_>, cfg: &Cfg, spec: &CheckSpec) -> Vec<Finding> {
    let live: Vec<bool> = cfg.nodes.iter().map(|n| n.reachable).collect();
    unreachable_code_with(ctx, cfg, spec, &live)
}

/// [`unreachable_code`] with the reachable nodes given (e.g. knowing which callees never
/// return, which the graph alone does not).
pub fn unreachable_code_with(ctx: &UnitContext<'_>, cfg: &Cfg, spec: &CheckSpec, live: &[bool]) -> Vec<Finding> {
    let count = cfg.nodes.len();
    let reachable = |i: usize| live.get(i).copied().unwrap_or(true);
    // A `for` increment that the body never reaches is the statement's syntax: it is not
    // reported, nor does it start a region (a dead statement before it in the body does).
    let reportable: Vec<bool> = cfg
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| !reachable(i) && is_reportable(n) && !is_for_increment(cfg, NodeId(i as u32)))
        .collect();
    if !reportable.iter().any(|&r| r) {
        return Vec::new();
    }
    // Undirected adjacency among *dead* nodes (reportable or not), so that a region split by a
    // label or a join node is still one region.
    let mut neighbours = vec![Vec::new(); count];
    for (i, node) in cfg.nodes.iter().enumerate() {
        if reachable(i) {
            continue;
        }
        for edge in &node.succs {
            let j = edge.target.index();
            if !reachable(j) && i != j {
                neighbours[i].push(j);
                neighbours[j].push(i);
            }
        }
    }
    let mut seen = vec![false; count];
    let mut findings = Vec::new();
    for start in 0..count {
        if !reportable[start] || seen[start] {
            continue;
        }
        let mut stack = vec![start];
        seen[start] = true;
        let mut first: Option<NodeId> = None;
        let mut idiomatic = true;
        while let Some(i) = stack.pop() {
            if reportable[i] {
                idiomatic &= is_idiomatic(cfg, &cfg.nodes[i]);
                let candidate = NodeId(i as u32);
                first = match first {
                    Some(f) if position(cfg, f) <= position(cfg, candidate) => Some(f),
                    _ => Some(candidate),
                };
            }
            for &j in &neighbours[i] {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if idiomatic {
            continue;
        }
        if let Some(node) = first.and_then(|id| cfg.node(id).span) {
            findings.push(finding(spec, cfg, ctx.location(node), "", Vec::new()));
        }
    }
    findings
}

/// Source order of a node (file, offset).
fn position(cfg: &Cfg, id: NodeId) -> (u32, u32) {
    cfg.node(id).span.map(|s| (s.file.0, s.start)).unwrap_or((u32::MAX, u32::MAX))
}
