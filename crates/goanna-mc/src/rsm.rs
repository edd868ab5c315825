//! Reader for the RSMCheck JSON format (see `shared/bench/rsm/README.md`):
//!
//! ```text
//! { "initial_component": C, "initial_node": N,
//!   "components": [ { "name": C,
//!       "nodes": [ { "name": N, "is_entry": bool, "is_exit": bool, "labels": [AP, ...] } ],
//!       "boxes": [ { "name": B, "component": C2, "call_nodes": [..], "return_nodes": [..] } ],
//!       "transitions": [ { "source": REF, "targets": [REF, ...] } ] } ] }
//! ```
//!
//! A `REF` is `{"type":"node","name":N}` or `{"type":"box_node","box_name":B,"node_name":N}`.
//! A box's `call_nodes` must be entries, and its `return_nodes` exits, of the component it calls
//! (else [`ModelError::CallNotEntry`] / [`ModelError::ReturnNotExit`]). Unknown fields are ignored. Transitions with an empty target list are ignored (the files list
//! exits and call nodes that way). Errors name the component and the offending reference; JSON
//! syntax errors carry line and column.

use crate::builder::{Dst, ModelBuilder, Src};
use crate::model::{BoxId, CompId, Model, NodeId};
use crate::{Error, ModelError};
use rustc_hash::FxHashMap;
use serde::Deserialize;

#[derive(Deserialize)]
struct RsmFile {
    initial_component: String,
    initial_node: Option<String>,
    components: Vec<RComp>,
}

#[derive(Deserialize)]
struct RComp {
    name: String,
    #[serde(default)]
    nodes: Vec<RNode>,
    #[serde(default)]
    boxes: Vec<RBox>,
    #[serde(default)]
    transitions: Vec<RTrans>,
}

#[derive(Deserialize)]
struct RNode {
    name: String,
    #[serde(default)]
    is_entry: bool,
    #[serde(default)]
    is_exit: bool,
    #[serde(default)]
    labels: Vec<String>,
}

#[derive(Deserialize)]
struct RBox {
    name: String,
    component: String,
    /// Entries of the called component that the box's call nodes stand for.
    #[serde(default)]
    call_nodes: Vec<String>,
    /// Exits of the called component that the box's return nodes stand for.
    #[serde(default)]
    return_nodes: Vec<String>,
}

#[derive(Deserialize)]
struct RTrans {
    source: RRef,
    #[serde(default)]
    targets: Vec<RRef>,
}

#[derive(Deserialize)]
#[serde(tag = "type")]
enum RRef {
    #[serde(rename = "node")]
    Node { name: String },
    #[serde(rename = "box_node")]
    BoxNode { box_name: String, node_name: String },
}

/// Read an RSM JSON document into a [`Model`].
pub fn read_model(json: &str) -> Result<Model, Error> {
    let f: RsmFile = serde_json::from_str(json)
        .map_err(|e| Error::Rsm(format!("line {} column {}: {e}", e.line(), e.column())))?;
    let mut b = ModelBuilder::new();
    let mut comp_ids: FxHashMap<&str, CompId> = FxHashMap::default();
    for c in &f.components {
        if comp_ids.insert(&c.name, b.add_component(&c.name)).is_some() {
            return Err(Error::Rsm(format!(
                "component `{}` is defined twice",
                c.name
            )));
        }
    }
    let Some(&init) = comp_ids.get(f.initial_component.as_str()) else {
        return Err(Error::Rsm(format!(
            "initial component `{}` is not defined",
            f.initial_component
        )));
    };
    b.set_initial(init);
    let mut node_ids: FxHashMap<&str, (NodeId, bool, bool)> = FxHashMap::default();
    let mut node_comp: FxHashMap<&str, &str> = FxHashMap::default();
    for c in &f.components {
        let ci = comp_ids[c.name.as_str()];
        for n in &c.nodes {
            let labels: Vec<&str> = n.labels.iter().map(String::as_str).collect();
            let id = b.add_node(ci, &n.name, &labels);
            if n.is_entry {
                b.set_entry(id);
            }
            if n.is_exit {
                b.set_exit(id);
            }
            node_comp.insert(&n.name, &c.name);
            if node_ids
                .insert(&n.name, (id, n.is_entry, n.is_exit))
                .is_some()
            {
                return Err(Error::Rsm(format!(
                    "node `{}` (component `{}`) is defined twice",
                    n.name, c.name
                )));
            }
        }
    }
    if let Some(n) = &f.initial_node {
        match node_ids.get(n.as_str()) {
            Some(&(id, true, _)) if b_comp_of(&f, n) == Some(&f.initial_component) => {
                let _ = id;
            }
            _ => {
                return Err(Error::Rsm(format!(
                    "initial node `{n}` is not an entry of the initial component `{}`",
                    f.initial_component
                )))
            }
        }
    }
    let mut box_ids: FxHashMap<&str, (BoxId, CompId)> = FxHashMap::default();
    for c in &f.components {
        let ci = comp_ids[c.name.as_str()];
        for bx in &c.boxes {
            let Some(&callee) = comp_ids.get(bx.component.as_str()) else {
                return Err(Error::Rsm(format!(
                    "component `{}`: box `{}` calls unknown component `{}`",
                    c.name, bx.name, bx.component
                )));
            };
            check_box_nodes(&node_ids, &node_comp, bx)?;
            let id = b.add_box(ci, &bx.name, callee);
            if box_ids.insert(&bx.name, (id, ci)).is_some() {
                return Err(Error::Rsm(format!("box `{}` is defined twice", bx.name)));
            }
        }
    }
    for c in &f.components {
        let ci = comp_ids[c.name.as_str()];
        for t in &c.transitions {
            if t.targets.is_empty() {
                continue;
            }
            let here = |what: &str| {
                format!(
                    "component `{}`, transition from {}: {what}",
                    c.name,
                    describe(&t.source)
                )
            };
            let src = match &t.source {
                RRef::Node { name } => match node_ids.get(name.as_str()) {
                    Some(&(id, _, false)) => Src::Node(id),
                    Some(_) => return Err(Error::Rsm(here("an exit node cannot have successors"))),
                    None => return Err(Error::Rsm(here(&format!("unknown node `{name}`")))),
                },
                RRef::BoxNode {
                    box_name,
                    node_name,
                } => {
                    let Some(&(bid, _)) = box_ids.get(box_name.as_str()) else {
                        return Err(Error::Rsm(here(&format!("unknown box `{box_name}`"))));
                    };
                    match node_ids.get(node_name.as_str()) {
                        Some(&(id, _, true)) => Src::Return(bid, id),
                        Some(_) => return Err(Error::Rsm(here(&format!("`{node_name}` is not an exit, so box `{box_name}` has no return node for it")))),
                        None => return Err(Error::Rsm(here(&format!("unknown node `{node_name}`")))),
                    }
                }
            };
            for tg in &t.targets {
                let dst = match tg {
                    RRef::Node { name } => match node_ids.get(name.as_str()) {
                        Some(&(id, _, _)) => Dst::Node(id),
                        None => {
                            return Err(Error::Rsm(here(&format!("unknown target node `{name}`"))))
                        }
                    },
                    RRef::BoxNode {
                        box_name,
                        node_name,
                    } => {
                        let Some(&(bid, _)) = box_ids.get(box_name.as_str()) else {
                            return Err(Error::Rsm(here(&format!(
                                "unknown target box `{box_name}`"
                            ))));
                        };
                        match node_ids.get(node_name.as_str()) {
                            Some(&(id, true, _)) => Dst::Call(bid, id),
                            Some(_) => return Err(Error::Rsm(here(&format!("target `{node_name}` is not an entry, so box `{box_name}` has no call node for it")))),
                            None => return Err(Error::Rsm(here(&format!("unknown target node `{node_name}`")))),
                        }
                    }
                };
                b.edge(src, dst);
            }
            let _ = ci;
        }
    }
    b.build()
}

/// Refuses a box whose declared call nodes are not entries, or return nodes not exits, of the
/// component it calls (or do not exist).
fn check_box_nodes(
    node_ids: &FxHashMap<&str, (NodeId, bool, bool)>,
    node_comp: &FxHashMap<&str, &str>,
    bx: &RBox,
) -> Result<(), Error> {
    for (names, call) in [(&bx.call_nodes, true), (&bx.return_nodes, false)] {
        for name in names {
            let what = if call { "call node" } else { "return node" };
            let Some(&(_, entry, exit)) = node_ids.get(name.as_str()) else {
                return Err(ModelError::UnknownNode {
                    what: format!("{what} of box `{}`", bx.name),
                    node: format!("`{name}`"),
                }
                .into());
            };
            let in_callee = node_comp.get(name.as_str()) == Some(&bx.component.as_str());
            let fits = in_callee && if call { entry } else { exit };
            if !fits {
                let (bx, node, callee) =
                    (bx.name.clone(), format!("`{name}`"), bx.component.clone());
                return Err(if call {
                    ModelError::CallNotEntry { bx, node, callee }
                } else {
                    ModelError::ReturnNotExit { bx, node, callee }
                }
                .into());
            }
        }
    }
    Ok(())
}

fn b_comp_of<'a>(f: &'a RsmFile, node: &str) -> Option<&'a String> {
    f.components
        .iter()
        .find(|c| c.nodes.iter().any(|n| n.name == node))
        .map(|c| &c.name)
}

fn describe(r: &RRef) -> String {
    match r {
        RRef::Node { name } => format!("node `{name}`"),
        RRef::BoxNode {
            box_name,
            node_name,
        } => format!("box node `{box_name}`/`{node_name}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn errors_are_located() {
        let e = read_model("{ \"initial_component\": 3 }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
        let j = r#"{"initial_component":"a","initial_node":"n1","components":[{"name":"a","nodes":[{"name":"n1","is_entry":true,"is_exit":false,"labels":[]}],
          "boxes":[],"transitions":[{"source":{"type":"node","name":"n1"},"targets":[{"type":"node","name":"zz"}]}]}]}"#;
        let e = read_model(j).unwrap_err().to_string();
        assert!(
            e.contains("unknown target node `zz`") && e.contains("component `a`"),
            "{e}"
        );
    }
}
