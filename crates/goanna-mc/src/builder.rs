//! Building a [`Model`]: a small API for front ends (the C front end, the RSM JSON reader, tests).
//!
//! ```
//! use goanna_mc::ModelBuilder;
//! let mut b = ModelBuilder::new();
//! let main = b.add_component("main");
//! let f = b.add_component("f");
//! let m0 = b.add_node(main, "m0", &["start"]);
//! let m1 = b.add_node(main, "m1", &[]);
//! b.set_entry(m0);
//! b.set_exit(m1);
//! let f0 = b.add_node(f, "f0", &["alloc"]);
//! b.set_entry(f0);
//! b.set_exit(f0);
//! let call = b.add_box(main, "call_f", f);
//! b.edge_to_call(m0, call, f0);
//! b.edge_from_return(call, f0, m1);
//! let model = b.build().unwrap();
//! assert_eq!(model.components().len(), 2);
//! ```

use crate::model::*;
use crate::{Error, ModelError};
use rustc_hash::FxHashMap;

/// Source of an edge: an ordinary node, or the return vertex of a box for one callee exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Src {
    /// An ordinary (non-exit) node.
    Node(NodeId),
    /// Return vertex: box and callee exit node.
    Return(BoxId, NodeId),
}

/// Target of an edge: an ordinary node, or the call vertex of a box for one callee entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dst {
    /// An ordinary node of the same component.
    Node(NodeId),
    /// Call vertex: box and callee entry node.
    Call(BoxId, NodeId),
}

#[derive(Debug)]
struct BNode {
    name: String,
    comp: CompId,
    labels: Vec<AtomId>,
    entry: bool,
    exit: bool,
}

/// Incremental construction of a [`Model`]; [`ModelBuilder::build`] validates and compiles it.
#[derive(Debug, Default)]
pub struct ModelBuilder {
    atoms: Vec<String>,
    atom_ids: FxHashMap<String, AtomId>,
    comps: Vec<(String, Vec<NodeId>, Vec<BoxId>)>,
    nodes: Vec<BNode>,
    boxes: Vec<(String, CompId, CompId)>,
    edges: Vec<(Src, Dst)>,
    initial: Option<CompId>,
    /// Nodes named by `set_entry`/`set_exit`/`add_label` that did not exist (refused by `build`).
    dangling: Vec<(&'static str, NodeId)>,
}

impl ModelBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }
    /// Intern an atomic proposition.
    pub fn atom(&mut self, name: &str) -> AtomId {
        if let Some(&a) = self.atom_ids.get(name) {
            return a;
        }
        let a = self.atoms.len() as AtomId;
        self.atoms.push(name.to_string());
        self.atom_ids.insert(name.to_string(), a);
        a
    }
    /// Add a component (function). The first one added is the initial one unless [`Self::set_initial`] says otherwise.
    pub fn add_component(&mut self, name: &str) -> CompId {
        self.comps.push((name.to_string(), Vec::new(), Vec::new()));
        (self.comps.len() - 1) as CompId
    }
    /// Choose the initial (outermost) component.
    pub fn set_initial(&mut self, c: CompId) {
        self.initial = Some(c);
    }
    /// Add a node with labels.
    pub fn add_node(&mut self, comp: CompId, name: &str, labels: &[&str]) -> NodeId {
        let mut ls: Vec<AtomId> = labels.iter().map(|l| self.atom(l)).collect();
        ls.sort_unstable();
        ls.dedup();
        self.add_node_with_atoms(comp, name, ls)
    }
    /// Add a node with already interned labels.
    pub fn add_node_with_atoms(
        &mut self,
        comp: CompId,
        name: &str,
        mut labels: Vec<AtomId>,
    ) -> NodeId {
        labels.sort_unstable();
        labels.dedup();
        let id = self.nodes.len() as NodeId;
        self.nodes.push(BNode {
            name: name.to_string(),
            comp,
            labels,
            entry: false,
            exit: false,
        });
        if let Some(c) = self.comps.get_mut(comp as usize) {
            c.1.push(id);
        }
        id
    }
    /// Add a label to an existing node.
    pub fn add_label(&mut self, n: NodeId, label: &str) {
        let a = self.atom(label);
        if let Some(node) = self.nodes.get_mut(n as usize) {
            if let Err(i) = node.labels.binary_search(&a) {
                node.labels.insert(i, a);
            }
        } else {
            self.dangling.push(("label", n));
        }
    }
    /// Mark a node as an entry of its component.
    pub fn set_entry(&mut self, n: NodeId) {
        if let Some(node) = self.nodes.get_mut(n as usize) {
            node.entry = true;
        } else {
            self.dangling.push(("entry mark", n));
        }
    }
    /// Mark a node as an exit of its component.
    pub fn set_exit(&mut self, n: NodeId) {
        if let Some(node) = self.nodes.get_mut(n as usize) {
            node.exit = true;
        } else {
            self.dangling.push(("exit mark", n));
        }
    }
    /// Add a box (call site) in `owner` calling `callee`.
    pub fn add_box(&mut self, owner: CompId, name: &str, callee: CompId) -> BoxId {
        let id = self.boxes.len() as BoxId;
        self.boxes.push((name.to_string(), owner, callee));
        if let Some(c) = self.comps.get_mut(owner as usize) {
            c.2.push(id);
        }
        id
    }
    /// Add an edge.
    pub fn edge(&mut self, src: Src, dst: Dst) {
        self.edges.push((src, dst));
    }
    /// Edge node -> node.
    pub fn edge_nodes(&mut self, from: NodeId, to: NodeId) {
        self.edge(Src::Node(from), Dst::Node(to));
    }
    /// Edge node -> call vertex of `bx` for callee entry `entry`.
    pub fn edge_to_call(&mut self, from: NodeId, bx: BoxId, entry: NodeId) {
        self.edge(Src::Node(from), Dst::Call(bx, entry));
    }
    /// Edge return vertex of `bx` for callee exit `exit` -> node.
    pub fn edge_from_return(&mut self, bx: BoxId, exit: NodeId, to: NodeId) {
        self.edge(Src::Return(bx, exit), Dst::Node(to));
    }
    /// Number of nodes added so far.
    pub fn n_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Validate and compile into a [`Model`].
    pub fn build(self) -> Result<Model, Error> {
        let bad = |e: ModelError| Err(Error::Model(e));
        if self.comps.is_empty() {
            return bad(ModelError::NoComponent);
        }
        let initial = self.initial.unwrap_or(0);
        if initial as usize >= self.comps.len() {
            return bad(ModelError::UnknownComponent {
                what: "initial component".into(),
                index: initial,
            });
        }
        if let Some(&(what, n)) = self.dangling.first() {
            return bad(ModelError::UnknownNode {
                what: what.into(),
                node: format!("#{n}"),
            });
        }
        for n in &self.nodes {
            if n.comp as usize >= self.comps.len() {
                return bad(ModelError::UnknownComponent {
                    what: format!("node `{}`", n.name),
                    index: n.comp,
                });
            }
        }
        for (name, owner, callee) in &self.boxes {
            for (role, c) in [("owner", owner), ("callee", callee)] {
                if *c as usize >= self.comps.len() {
                    return bad(ModelError::UnknownComponent {
                        what: format!("{role} of box `{name}`"),
                        index: *c,
                    });
                }
            }
        }
        // Node ids stay as given; each component lists its nodes (local vertex = position in that list).
        let mut node_local = vec![0 as Vertex; self.nodes.len()];
        for c in &self.comps {
            for (li, &n) in c.1.iter().enumerate() {
                node_local[n as usize] = li as Vertex;
            }
        }
        let node_name: Vec<String> = self.nodes.iter().map(|n| n.name.clone()).collect();
        let node_comp: Vec<CompId> = self.nodes.iter().map(|n| n.comp).collect();
        let mut label_off = vec![0u32];
        let mut labels = Vec::new();
        for n in &self.nodes {
            labels.extend_from_slice(&n.labels);
            label_off.push(labels.len() as u32);
        }
        // Per component, its nodes that `pick` selects (entries, exits), in node order.
        let per_comp = |pick: fn(&BNode) -> bool| -> Vec<Vec<NodeId>> {
            self.comps
                .iter()
                .map(|c| {
                    c.1.iter()
                        .copied()
                        .filter(|&n| pick(&self.nodes[n as usize]))
                        .collect()
                })
                .collect()
        };
        let comp_entries = per_comp(|n| n.entry);
        let comp_exits = per_comp(|n| n.exit);
        if comp_entries[initial as usize].is_empty() {
            return bad(ModelError::NoInitialEntry {
                component: self.comps[initial as usize].0.clone(),
            });
        }
        let mut boxes: Vec<BoxInfo> = Vec::with_capacity(self.boxes.len());
        let mut local_of_box = vec![0u32; self.boxes.len()];
        for (ci, c) in self.comps.iter().enumerate() {
            for (li, &b) in c.2.iter().enumerate() {
                local_of_box[b as usize] = li as u32;
            }
            let _ = ci;
        }
        for (i, (name, owner, callee)) in self.boxes.iter().enumerate() {
            boxes.push(BoxInfo {
                name: name.clone(),
                owner: *owner,
                local: local_of_box[i],
                callee: *callee,
            });
        }
        // Build each component's local graph.
        let mut comps = Vec::with_capacity(self.comps.len());
        let mut comp_edges: Vec<Vec<(Vertex, Vertex)>> = vec![Vec::new(); self.comps.len()];
        let mut layouts = Vec::with_capacity(self.comps.len());
        for (ci, c) in self.comps.iter().enumerate() {
            let n_nodes = c.1.len() as u32;
            let mut v = n_nodes;
            let mut box_call = Vec::new();
            for &b in &c.2 {
                box_call.push(v);
                v += comp_entries[self.boxes[b as usize].2 as usize].len() as u32;
            }
            let ret_base = v;
            let mut box_ret = Vec::new();
            for &b in &c.2 {
                box_ret.push(v);
                v += comp_exits[self.boxes[b as usize].2 as usize].len() as u32;
            }
            layouts.push((n_nodes, box_call, ret_base, box_ret, v));
            let _ = ci;
        }
        let comp_name = |c: CompId| self.comps[c as usize].0.clone();
        let node_desc = |n: NodeId| -> String {
            match self.nodes.get(n as usize) {
                Some(x) => format!("`{}`", x.name),
                None => format!("#{n}"),
            }
        };
        for &(src, dst) in &self.edges {
            let (comp, sv) = match src {
                Src::Node(n) => {
                    let Some(node) = self.nodes.get(n as usize) else {
                        return bad(ModelError::UnknownNode {
                            what: "edge source".into(),
                            node: format!("#{n}"),
                        });
                    };
                    if node.exit {
                        return bad(ModelError::ExitWithSuccessor {
                            node: node.name.clone(),
                        });
                    }
                    (node.comp, node_local[n as usize])
                }
                Src::Return(b, ex) => {
                    let Some(bx) = self.boxes.get(b as usize) else {
                        return bad(ModelError::UnknownBox {
                            what: "edge source".into(),
                            index: b,
                        });
                    };
                    let exits = &comp_exits[bx.2 as usize];
                    let Some(k) = exits.iter().position(|&e| e == ex) else {
                        return bad(ModelError::ReturnNotExit {
                            bx: bx.0.clone(),
                            node: node_desc(ex),
                            callee: comp_name(bx.2),
                        });
                    };
                    let lay = &layouts[bx.1 as usize];
                    (bx.1, lay.3[local_of_box[b as usize] as usize] + k as u32)
                }
            };
            let dv = match dst {
                Dst::Node(n) => {
                    let Some(node) = self.nodes.get(n as usize) else {
                        return bad(ModelError::UnknownNode {
                            what: "edge target".into(),
                            node: format!("#{n}"),
                        });
                    };
                    if node.comp != comp {
                        return bad(ModelError::ForeignNode {
                            what: format!("edge target (from component `{}`)", comp_name(comp)),
                            node: node_desc(n),
                            owner: comp_name(node.comp),
                            component: comp_name(comp),
                        });
                    }
                    node_local[n as usize]
                }
                Dst::Call(b, en) => {
                    let Some(bx) = self.boxes.get(b as usize) else {
                        return bad(ModelError::UnknownBox {
                            what: "edge target".into(),
                            index: b,
                        });
                    };
                    if bx.1 != comp {
                        return bad(ModelError::ForeignBox {
                            what: "edge to a call node".into(),
                            bx: bx.0.clone(),
                            owner: comp_name(bx.1),
                            component: comp_name(comp),
                        });
                    }
                    let entries = &comp_entries[bx.2 as usize];
                    let Some(k) = entries.iter().position(|&e| e == en) else {
                        return bad(ModelError::CallNotEntry {
                            bx: bx.0.clone(),
                            node: node_desc(en),
                            callee: comp_name(bx.2),
                        });
                    };
                    layouts[comp as usize].1[local_of_box[b as usize] as usize] + k as u32
                }
            };
            comp_edges[comp as usize].push((sv, dv));
        }
        for (ci, c) in self.comps.iter().enumerate() {
            let (n_nodes, box_call, ret_base, box_ret, nv) = layouts[ci].clone();
            let nvu = nv as usize;
            let mut vnode = vec![0 as NodeId; nvu];
            let mut vbox = vec![u32::MAX; nvu];
            let mut exit_idx = vec![u32::MAX; nvu];
            let mut entry_idx = vec![u32::MAX; nvu];
            let mut entries = Vec::new();
            let mut exits = Vec::new();
            for (li, &n) in c.1.iter().enumerate() {
                vnode[li] = n;
                if self.nodes[n as usize].entry {
                    entry_idx[li] = entries.len() as u32;
                    entries.push(li as Vertex);
                }
                if self.nodes[n as usize].exit {
                    exit_idx[li] = exits.len() as u32;
                    exits.push(li as Vertex);
                }
            }
            for (lb, &b) in c.2.iter().enumerate() {
                let callee = self.boxes[b as usize].2 as usize;
                for (k, &en) in comp_entries[callee].iter().enumerate() {
                    let v = box_call[lb] as usize + k;
                    vnode[v] = en;
                    vbox[v] = lb as u32;
                }
                for (k, &ex) in comp_exits[callee].iter().enumerate() {
                    let v = box_ret[lb] as usize + k;
                    vnode[v] = ex;
                    vbox[v] = lb as u32;
                }
            }
            let edges = &mut comp_edges[ci];
            edges.sort_unstable();
            edges.dedup();
            let mut dead_end = vec![false; nvu];
            // Dead ends: ordinary nodes that are not exits, and return vertices, without successors.
            let mut has_succ = vec![false; nvu];
            for &(s, _) in edges.iter() {
                has_succ[s as usize] = true;
            }
            for v in 0..nvu {
                let ordinary =
                    (v < n_nodes as usize && exit_idx[v] == u32::MAX) || v >= ret_base as usize;
                if ordinary && !has_succ[v] {
                    dead_end[v] = true;
                    edges.push((v as Vertex, v as Vertex));
                }
            }
            edges.sort_unstable();
            let succ_off = csr_offsets(nvu, edges.iter().map(|&(s, _)| s));
            let succ: Vec<Vertex> = edges.iter().map(|&(_, d)| d).collect();
            let pred_off = csr_offsets(nvu, edges.iter().map(|&(_, d)| d));
            let mut fill = pred_off.clone();
            let mut pred = vec![0; edges.len()];
            for &(s, d) in edges.iter() {
                pred[fill[d as usize] as usize] = s;
                fill[d as usize] += 1;
            }
            comps.push(Component {
                name: c.0.clone(),
                n_nodes,
                entries,
                exits,
                boxes: c.2.clone(),
                box_call,
                box_ret,
                n_vertices: nv,
                ret_base,
                vnode,
                exit_idx,
                entry_idx,
                vbox,
                succ_off,
                succ,
                pred_off,
                pred,
                dead_end,
            });
        }
        Ok(Model {
            atoms: self.atoms,
            atom_ids: self.atom_ids,
            comps,
            boxes,
            node_name,
            node_comp,
            node_local,
            label_off,
            labels,
            initial,
        })
    }
}

/// CSR offsets over `n` vertices for edges whose grouping vertex (source or destination) is
/// listed by `keys`: entry `v` is where the edges of `v` start, entry `n` the number of edges.
fn csr_offsets(n: usize, keys: impl Iterator<Item = Vertex>) -> Vec<u32> {
    let mut off = vec![0u32; n + 1];
    for k in keys {
        off[k as usize + 1] += 1;
    }
    for i in 0..n {
        off[i + 1] += off[i];
    }
    off
}
