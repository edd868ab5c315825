//! `SWITCH-fall-through`: a `case` or `default` label that control reaches from the code of the
//! previous case, not only from the `switch` itself.

use super::finding;
use crate::{CheckSpec, Finding, UnitContext};
use goanna_ast::FileId;
use goanna_cfg::{Cfg, EdgeKind, Node, NodeId, NodeKind};
use std::collections::HashMap;
use std::path::PathBuf;

/// True for the node of a `case` or `default` label.
fn is_case_label(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Label(name) if name.starts_with("case") || name == "default")
}

/// Where the text that may hold a "fall through" comment or attribute starts, for a
/// predecessor of a label: the end of the predecessor's code, or for an empty statement (where
/// `__attribute__((fallthrough));` ends up) the end of the code before it.
fn comment_window_start(cfg: &Cfg, preds: &[Vec<NodeId>], p: NodeId) -> Option<u32> {
    let node = cfg.node(p);
    let span = node.span?;
    if node.kind == NodeKind::Nop {
        let before = preds[p.index()].iter().filter_map(|&q| cfg.node(q).span).filter(|s| s.file == span.file && s.end <= span.start).map(|s| s.end).max();
        return Some(before.unwrap_or(span.start));
    }
    Some(span.end)
}

/// True when the source text says the fall-through is intended: a comment or attribute with
/// "fall" or "thru" in it (`/* fall through */`, `// FALLTHRU`, `__attribute__((fallthrough))`,
/// `[[fallthrough]]`) between the previous case's code and the label.
fn marked_intended(text: Option<&[u8]>, from: u32, to: u32) -> bool {
    let Some(text) = text else { return false };
    let (from, to) = (from as usize, to as usize);
    if from > to || to > text.len() {
        return false;
    }
    let window = String::from_utf8_lossy(&text[from..to]).to_ascii_lowercase();
    window.contains("fall") || window.contains("thru") || window.contains("through")
}

/// True when the code falling into the label was written by a macro whose name says the
/// fall-through is intended (`FALLTHROUGH_INTENDED;` defined as `do { } while (0)`,
/// `ABSL_FALLTHROUGH_INTENDED`, `Q_FALLTHROUGH()`): its invocation, at the node's expansion
/// location, names "fallthrough" or "fallthru" (case and underscores aside).
fn names_fall_through_macro(node: &Node, text: Option<&[u8]>) -> bool {
    let (Some(span), Some(text)) = (node.span, text) else { return false };
    if !span.from_macro {
        return false;
    }
    let start = span.start as usize;
    let Some(rest) = text.get(start..) else { return false };
    let name: String = rest
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .filter(|c| **c != b'_')
        .map(|&c| c.to_ascii_lowercase() as char)
        .collect();
    name.contains("fallthrough") || name.contains("fallthru")
}

/// Fewest fall-throughs that make a switch a deliberate cascade when every label but the first
/// is one (an unrolled copy loop or Duff's device: `case 3: *d++ = *s++; case 2: ...`).
const CASCADE_MIN: usize = 3;

/// True when the text after a `switch` condition that ends at `cond_end` (its closing
/// parentheses, blanks and comments skipped) starts a statement other than a block.
fn body_is_not_a_block(text: Option<&[u8]>, cond_end: u32) -> bool {
    let Some(text) = text else { return false };
    let mut i = cond_end as usize;
    let mut closed = false;
    while i < text.len() {
        match text[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b')' => {
                closed = true;
                i += 1;
            }
            b'/' if text.get(i + 1) == Some(&b'*') => match text[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(end) => i += end + 4,
                None => return false,
            },
            b'/' if text.get(i + 1) == Some(&b'/') => match text[i..].iter().position(|&c| c == b'\n') {
                Some(end) => i += end,
                None => return false,
            },
            c => return closed && c != b'{',
        }
    }
    false
}

/// The `switch` condition node that jumps to `label`, if any.
fn switch_of(cfg: &Cfg, preds: &[Vec<NodeId>], label: NodeId) -> Option<NodeId> {
    preds[label.index()].iter().copied().find(|&p| {
        cfg.node(p).succs.iter().any(|e| e.target == label && matches!(e.kind, EdgeKind::Case(_) | EdgeKind::Default))
    })
}

/// True for a node that does nothing a reader of the switch would call code: an empty
/// statement, a join point, a C label (`again:`), or a macro call that evaluates nothing
/// (`TRACE(x);` expanding to `((void)0)`, `assert(c)` under `NDEBUG` in the source; a macro
/// expanding to nothing is an empty statement). Control passing through such nodes into a case
/// label has run no code of the previous case. A statement without propositions written out
/// in the source (an `asm` statement) is code.
fn without_effect(node: &Node) -> bool {
    node.props.iter().all(|p| p.kind.is_syntax_fact())
        && node.values.is_empty()
        && match &node.kind {
            NodeKind::Nop => true,
            NodeKind::Statement => node.span.is_some_and(|s| s.from_macro),
            NodeKind::Label(_) => !is_case_label(node),
            _ => false,
        }
}

/// True for the node of a jump statement written in the source with `keyword` (`goto`,
/// `break`): a node without effect whose text, in `text` (the source of the file `file`),
/// starts with the keyword.
fn is_jump(node: &Node, file: FileId, text: Option<&[u8]>, keyword: &[u8]) -> bool {
    let (Some(span), Some(text)) = (node.span, text) else { return false };
    node.kind == NodeKind::Nop
        && !span.from_macro
        && span.file == file
        && text.get(span.start as usize..).is_some_and(|rest| {
            rest.starts_with(keyword) && !rest.get(keyword.len()).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        })
}

/// True for the node of a `goto` statement: a jump the programmer wrote, not a fall-through.
fn is_goto(node: &Node, file: FileId, text: Option<&[u8]>) -> bool {
    is_jump(node, file, text, b"goto")
}

/// True for the node of a `break` statement.
fn is_break(node: &Node, file: FileId, text: Option<&[u8]>) -> bool {
    is_jump(node, file, text, b"break")
}

/// True when the code of `label` is only `break;` (after other labels and code without
/// effect): falling into it does what a `break` would, so nothing runs that should not.
fn only_breaks(cfg: &Cfg, text: Option<&[u8]>, label: NodeId) -> bool {
    let Some(file) = cfg.node(label).span.map(|s| s.file) else { return false };
    let mut at = label;
    for _ in 0..cfg.nodes.len() {
        let node = cfg.node(at);
        let mut next = node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target);
        let (Some(n), None) = (next.next(), next.next()) else { return false };
        let succ = cfg.node(n);
        if is_break(succ, file, text) {
            return true;
        }
        if !(is_case_label(succ) || without_effect(succ)) {
            return false;
        }
        at = n;
    }
    false
}

/// The nodes with an effect whose code flows into `label` without a jump: its predecessors,
/// looking through nodes [`without_effect`] (and ignoring `goto`s into a label before it).
/// Case labels and the `switch` itself are where a case begins, not code that falls. `text` is
/// the source of the label's file.
fn falling_code(cfg: &Cfg, preds: &[Vec<NodeId>], feasible: &[bool], text: Option<&[u8]>, label: NodeId) -> Vec<NodeId> {
    let Some(file) = cfg.node(label).span.map(|s| s.file) else { return Vec::new() };
    let mut falls = Vec::new();
    let mut seen = vec![false; cfg.nodes.len()];
    let mut stack = vec![label];
    while let Some(to) = stack.pop() {
        for &p in &preds[to.index()] {
            let node = cfg.node(p);
            if seen[p.index()] || !node.reachable || !feasible.get(p.index()).copied().unwrap_or(true) || is_case_label(node) {
                continue;
            }
            let edge_normal = node.succs.iter().any(|e| e.target == to && !matches!(e.kind, EdgeKind::Case(_) | EdgeKind::Default) && node.edge_feasible(e));
            if !edge_normal {
                continue;
            }
            seen[p.index()] = true;
            // `if (state == X) case X: { ... }`: the label is the `if`'s own statement, so the
            // previous case enters it only when the `if` says so (lz4's skippable stages; GCC's
            // -Wimplicit-fallthrough does not warn either).
            if to == label && node.kind == goanna_cfg::NodeKind::Branch(true) {
                continue;
            }
            if is_goto(node, file, text) {
                // `goto again;` where `again:` stands right before the case: a jump.
                continue;
            }
            if without_effect(node) {
                stack.push(p);
            } else {
                falls.push(p);
            }
        }
    }
    falls.sort();
    falls
}

/// Reports each `case`/`default` label that code of the previous case (a feasibly reachable
/// node with an effect, other than the `switch` and other than another label: grouped labels
/// `case 1: case 2:` are fine) flows into, looking through code without effect (`;`, a goto
/// label, an empty macro call), unless the label's code is only `break;`, the fall-through is
/// marked as intended, the label comes
/// from a macro expansion, or the switch is a deliberate cascade (at least [`CASCADE_MIN`]
/// fall-throughs, into every label but the first). Paths that end in a call that does not
/// return (`default: assert(0);`, `abort()`, a `noreturn` function) do not fall, and edges
/// that constant conditions rule out (`assert(0 && "msg")`) are not followed.
pub fn fall_through(ctx: &UnitContext<'_>, cfg: &Cfg, spec: &CheckSpec) -> Vec<Finding> {
    let candidates: Vec<NodeId> = cfg
        .node_ids()
        .filter(|&id| {
            let node = cfg.node(id);
            node.reachable && is_case_label(node) && node.span.is_some_and(|s| !s.from_macro)
        })
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let preds = cfg.predecessors();
    let feasible = cfg.feasible_reachability();
    let mut sources: HashMap<PathBuf, Option<Vec<u8>>> = HashMap::new();
    // Per switch: how many labels it has, and which of them are fallen into.
    let mut labels_of: HashMap<Option<NodeId>, usize> = HashMap::new();
    let mut fallen: Vec<(NodeId, Vec<NodeId>, Option<NodeId>)> = Vec::new();
    for label in candidates {
        let text = match cfg.node(label).span {
            Some(span) => sources.entry(ctx.location(span).file).or_insert_with_key(|f| std::fs::read(f).ok()).as_deref(),
            None => None,
        };
        // A label that only breaks is the switch's way out, not a case that code falls into.
        if only_breaks(cfg, text, label) {
            continue;
        }
        let falls = falling_code(cfg, &preds, &feasible, text, label);
        let switch = switch_of(cfg, &preds, label);
        *labels_of.entry(switch).or_default() += 1;
        if !falls.is_empty() {
            fallen.push((label, falls, switch));
        }
    }
    let mut falls_of: HashMap<Option<NodeId>, usize> = HashMap::new();
    for (_, _, switch) in &fallen {
        *falls_of.entry(*switch).or_default() += 1;
    }
    let cascade = |switch: Option<NodeId>| {
        let falls = falls_of.get(&switch).copied().unwrap_or(0);
        switch.is_some() && falls >= CASCADE_MIN && falls + 1 >= labels_of.get(&switch).copied().unwrap_or(0)
    };
    // A switch whose body is a loop, not a block (`switch (state) while (1) { case A: ... }`):
    // its labels are resume points, and running from one into the next is the design.
    let resumable = |switch: Option<NodeId>| {
        let Some(span) = switch.and_then(|s| cfg.node(s).span).filter(|s| !s.from_macro) else { return false };
        let text = sources.get(&ctx.location(span).file).and_then(|t| t.as_deref());
        body_is_not_a_block(text, span.end)
    };
    let mut findings = Vec::new();
    for (label, falls, switch) in fallen {
        if cascade(switch) || resumable(switch) {
            continue;
        }
        let Some(label_span) = cfg.node(label).span else { continue };
        let location = ctx.location(label_span);
        let text = sources.get(&location.file).and_then(|t| t.as_deref());
        let intended = falls.iter().any(|&p| {
            comment_window_start(cfg, &preds, p).is_some_and(|from| marked_intended(text, from, label_span.start))
                || names_fall_through_macro(cfg.node(p), text)
        });
        if !intended {
            findings.push(finding(spec, cfg, location, "", Vec::new()));
        }
    }
    findings
}
