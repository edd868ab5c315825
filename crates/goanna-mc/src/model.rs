//! The recursive Kripke structure (RKS / RSM) data model.
//!
//! A [`Model`] is a set of components (one per function). Each component has nodes, some of them
//! entries and some exits, and boxes (call sites). A box calls a component; its *call vertices*
//! stand for the callee's entries and its *return vertices* for the callee's exits, seen from the
//! caller.
//!
//! For checking, every component is compiled into a *local graph* over dense vertex indices:
//! `[0, n_nodes)` are the component's own nodes, then one call vertex per (box, callee entry), then
//! one return vertex per (box, callee exit). Edges are stored in CSR form (successors and
//! predecessors). A call vertex has no local successors (the path continues inside the callee), an
//! exit node has none either (the path continues at the caller's return vertex, or loops forever
//! when the stack is empty). Any other vertex without successors (a dead end, or a return vertex
//! whose box never continues) loops forever on itself: [`Component::succ`] reports the self loop.
//! Hence every path of the semantics is infinite.

use rustc_hash::FxHashMap;

/// Dense id of a component.
pub type CompId = u32;
/// Dense global id of a node (over all components).
pub type NodeId = u32;
/// Dense global id of a box (call site).
pub type BoxId = u32;
/// Interned atomic proposition.
pub type AtomId = u32;
/// Index of a vertex in a component's local graph.
pub type Vertex = u32;

/// What a local vertex stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexKind {
    /// An ordinary node of the component (global id).
    Node(NodeId),
    /// The call vertex of box `.0` for the callee entry `.1` (a global node of the callee).
    Call(BoxId, NodeId),
    /// The return vertex of box `.0` for the callee exit `.1` (a global node of the callee).
    Return(BoxId, NodeId),
}

/// One component (sub-structure) with its compiled local graph.
#[derive(Clone, Debug)]
pub struct Component {
    pub(crate) name: String,
    pub(crate) n_nodes: u32,
    pub(crate) entries: Vec<Vertex>,
    pub(crate) exits: Vec<Vertex>,
    pub(crate) boxes: Vec<BoxId>,
    /// Per local box: first call vertex (one per callee entry).
    pub(crate) box_call: Vec<Vertex>,
    /// Per local box: first return vertex (one per callee exit).
    pub(crate) box_ret: Vec<Vertex>,
    pub(crate) n_vertices: u32,
    /// First return vertex (call vertices are `n_nodes..ret_base`).
    pub(crate) ret_base: u32,
    /// Global node shown at each vertex (labels come from it).
    pub(crate) vnode: Vec<NodeId>,
    /// Per vertex: index among the exits, or `u32::MAX`.
    pub(crate) exit_idx: Vec<u32>,
    /// Per vertex: index among the entries, or `u32::MAX`.
    pub(crate) entry_idx: Vec<u32>,
    /// Per vertex: local box index for call/return vertices, else `u32::MAX`.
    pub(crate) vbox: Vec<u32>,
    pub(crate) succ_off: Vec<u32>,
    pub(crate) succ: Vec<Vertex>,
    pub(crate) pred_off: Vec<u32>,
    pub(crate) pred: Vec<Vertex>,
    /// Whether the vertex is an ordinary vertex without successors (implicit self loop).
    pub(crate) dead_end: Vec<bool>,
}

impl Component {
    /// The component's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Number of local vertices (nodes, call vertices, return vertices).
    pub fn n_vertices(&self) -> u32 {
        self.n_vertices
    }
    /// Number of ordinary nodes (they are vertices `0..n_nodes`).
    pub fn n_nodes(&self) -> u32 {
        self.n_nodes
    }
    /// Entry vertices (ordinary nodes).
    pub fn entries(&self) -> &[Vertex] {
        &self.entries
    }
    /// Exit vertices (ordinary nodes).
    pub fn exits(&self) -> &[Vertex] {
        &self.exits
    }
    /// Boxes of the component, as global box ids.
    pub fn boxes(&self) -> &[BoxId] {
        &self.boxes
    }
    /// Local successors of a vertex; a dead end reports itself (self loop), call vertices and exits report none.
    pub fn succ(&self, v: Vertex) -> &[Vertex] {
        &self.succ[self.succ_off[v as usize] as usize..self.succ_off[v as usize + 1] as usize]
    }
    /// Local predecessors (including the self loop of dead ends).
    pub fn pred(&self, v: Vertex) -> &[Vertex] {
        &self.pred[self.pred_off[v as usize] as usize..self.pred_off[v as usize + 1] as usize]
    }
    /// Whether `v` is an ordinary vertex without outgoing edges (it loops forever on itself).
    pub fn is_dead_end(&self, v: Vertex) -> bool {
        self.dead_end[v as usize]
    }
    /// Whether `v` is an exit node.
    pub fn is_exit(&self, v: Vertex) -> bool {
        self.exit_idx[v as usize] != u32::MAX
    }
    /// Local box index of a call or return vertex.
    pub fn local_box(&self, v: Vertex) -> Option<u32> {
        let b = self.vbox[v as usize];
        (b != u32::MAX).then_some(b)
    }
    /// Whether `v` is a call vertex.
    pub fn is_call(&self, v: Vertex) -> bool {
        v >= self.n_nodes && v < self.ret_base
    }
}

/// A box (call site).
#[derive(Clone, Debug)]
pub struct BoxInfo {
    pub(crate) name: String,
    pub(crate) owner: CompId,
    pub(crate) local: u32,
    pub(crate) callee: CompId,
}

impl BoxInfo {
    /// Name of the box.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Component containing the box.
    pub fn owner(&self) -> CompId {
        self.owner
    }
    /// Component called by the box.
    pub fn callee(&self) -> CompId {
        self.callee
    }
}

/// A recursive Kripke structure, ready for checking. Build it with [`crate::ModelBuilder`].
#[derive(Clone, Debug)]
pub struct Model {
    pub(crate) atoms: Vec<String>,
    pub(crate) atom_ids: FxHashMap<String, AtomId>,
    pub(crate) comps: Vec<Component>,
    pub(crate) boxes: Vec<BoxInfo>,
    pub(crate) node_name: Vec<String>,
    pub(crate) node_comp: Vec<CompId>,
    pub(crate) node_local: Vec<Vertex>,
    pub(crate) label_off: Vec<u32>,
    pub(crate) labels: Vec<AtomId>,
    pub(crate) initial: CompId,
}

impl Model {
    /// All components.
    pub fn components(&self) -> &[Component] {
        &self.comps
    }
    /// One component.
    pub fn component(&self, c: CompId) -> &Component {
        &self.comps[c as usize]
    }
    /// The initial (outermost) component.
    pub fn initial(&self) -> CompId {
        self.initial
    }
    /// A box.
    pub fn box_info(&self, b: BoxId) -> &BoxInfo {
        &self.boxes[b as usize]
    }
    /// Number of boxes.
    pub fn n_boxes(&self) -> usize {
        self.boxes.len()
    }
    /// Number of nodes (over all components).
    pub fn n_nodes(&self) -> usize {
        self.node_name.len()
    }
    /// Name of a node.
    pub fn node_name(&self, n: NodeId) -> &str {
        &self.node_name[n as usize]
    }
    /// Component of a node.
    pub fn node_component(&self, n: NodeId) -> CompId {
        self.node_comp[n as usize]
    }
    /// Local vertex of a node in its own component.
    pub fn node_vertex(&self, n: NodeId) -> Vertex {
        self.node_local[n as usize]
    }
    /// Global node of a component's ordinary vertex.
    pub fn vertex_node(&self, c: CompId, v: Vertex) -> NodeId {
        self.comps[c as usize].vnode[v as usize]
    }
    /// What a vertex of component `c` stands for.
    pub fn vertex_kind(&self, c: CompId, v: Vertex) -> VertexKind {
        let comp = &self.comps[c as usize];
        if v < comp.n_nodes {
            return VertexKind::Node(comp.vnode[v as usize]);
        }
        let lb = comp.vbox[v as usize] as usize;
        let b = comp.boxes[lb];
        if v < comp.ret_base {
            VertexKind::Call(b, comp.vnode[v as usize])
        } else {
            VertexKind::Return(b, comp.vnode[v as usize])
        }
    }
    /// Atomic propositions labelling a node (sorted).
    pub fn labels(&self, n: NodeId) -> &[AtomId] {
        &self.labels[self.label_off[n as usize] as usize..self.label_off[n as usize + 1] as usize]
    }
    /// Whether node `n` carries atom `a`.
    pub fn has_label(&self, n: NodeId, a: AtomId) -> bool {
        self.labels(n).binary_search(&a).is_ok()
    }
    /// Interned id of an atom name, if any node carries it.
    pub fn atom(&self, name: &str) -> Option<AtomId> {
        self.atom_ids.get(name).copied()
    }
    /// Name of an atom.
    pub fn atom_name(&self, a: AtomId) -> &str {
        &self.atoms[a as usize]
    }
    /// Find a node by name (linear scan; meant for tests and tools).
    pub fn node_by_name(&self, name: &str) -> Option<NodeId> {
        self.node_name
            .iter()
            .position(|n| n == name)
            .map(|i| i as NodeId)
    }
    /// Find a component by name.
    pub fn component_by_name(&self, name: &str) -> Option<CompId> {
        self.comps
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as CompId)
    }
    /// Entry nodes of the initial component (the model satisfies a formula when all satisfy it).
    pub fn initial_entries(&self) -> Vec<NodeId> {
        let c = &self.comps[self.initial as usize];
        c.entries.iter().map(|&v| c.vnode[v as usize]).collect()
    }
    /// Total number of local vertices over all components.
    pub fn n_vertices(&self) -> usize {
        self.comps.iter().map(|c| c.n_vertices as usize).sum()
    }
}
