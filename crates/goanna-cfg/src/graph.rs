//! The control-flow graph of one function: nodes, edges and the propositions on nodes.

use crate::props::{AccessPath, PathId, Prop};
use crate::values::ValueOp;
use goanna_ast::Span;
use serde::{Deserialize, Serialize};

/// Index of a node in [`Cfg::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index as `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why control goes from one node to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeKind {
    /// Sequential flow.
    Normal,
    /// The condition of the source node evaluated to non-zero.
    True,
    /// The condition of the source node evaluated to zero.
    False,
    /// From a `switch` to a `case` label (the label's value, or the low end of a GNU range).
    Case(i64),
    /// From a `switch` to its `default` label, or past the body when there is none.
    Default,
    /// A loop's back edge (to a loop head) or a backward `goto`.
    Back,
}

/// An outgoing edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    /// Where control goes.
    pub target: NodeId,
    /// Why.
    pub kind: EdgeKind,
}

/// A call to a function that is not in the library-model table: a candidate box of the RKS.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallSite {
    /// Name of the callee (`None` for a call through a pointer).
    pub callee_name: Option<String>,
    /// USR of the callee (`None` for a call through a pointer).
    pub callee_usr: Option<String>,
    /// For each argument, the access path it passes when it is one (`p`, `&x`→ `None`, `s.f`),
    /// so that a callee's effect on its parameter can be mapped back to the caller.
    pub args: Vec<Option<PathId>>,
    /// For each argument, the access path whose *address* it passes (`&x` → `x`).
    pub address_args: Vec<Option<PathId>>,
    /// Where the call's result is stored when the call is the right-hand side of an assignment
    /// or initialiser (`p = f()`, `int *p = f()`).
    pub result: Option<PathId>,
    /// Indices of the pointer arguments that are null pointer constants (`f(NULL)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub null_args: Vec<usize>,
    /// The integer arguments that are constants (`f(0)`, `f(7)`, `f(MODE_RAW)`), by index, with
    /// their values: what the callee's parameter starts as at this call, and what a callee
    /// whose effect depends on a flag parameter does here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub int_args: Vec<(usize, i64)>,
    /// Indices of the pointer arguments that are string literals (`__FILE__`, `"r"`): not
    /// NULL.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub literal_args: Vec<usize>,
    /// Indices of the pointer arguments passed as pointers to const (`const T *` parameters,
    /// `&x` included): the callee only reads through them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub const_args: Vec<usize>,
    /// For a call through a pointer: the access path of the pointer called (`hook(..)`,
    /// `(*hook)(..)`, `ops.read(..)`), when it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callee_path: Option<PathId>,
    /// The arguments that are functions (`set_hook(handler)`, `&handler`), by index, with the
    /// function's USR: what a callee storing its parameter into a pointer stores.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub function_args: Vec<(usize, String)>,
    /// The callee's type as the caller's unit declares it, as a [`signature_key`] of
    /// [`goanna_ast::FunctionDecl::signature`] (0: not known): which of several functions of
    /// the same name the call can reach.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub callee_signature: u64,
}

impl CallSite {
    /// The constant integer argument `i` (`None` when it is not one).
    pub fn int_arg(&self, i: usize) -> Option<i64> {
        self.int_args.iter().find(|&&(k, _)| k == i).map(|&(_, v)| v)
    }

    /// The constant argument `i` as the callee's parameter starts with it: 0 for a null pointer
    /// constant, the value of an integer constant.
    pub fn constant_arg(&self, i: usize) -> Option<i64> {
        if self.null_args.contains(&i) {
            return Some(0);
        }
        self.int_arg(i)
    }

    /// Indices of the integer arguments that are constant zero (`f(0)`, `f(NONE)`).
    pub fn zero_args(&self) -> impl Iterator<Item = usize> + '_ {
        self.int_args.iter().filter(|&&(_, v)| v == 0).map(|&(i, _)| i)
    }
}

/// What a node stands for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum NodeKind {
    /// The function's entry (no effect).
    Entry,
    /// The function's single exit: every `return` and the end of the body flow here. Labelled
    /// `end`; in the RKS it is the component's exit (returns to the caller, or loops forever).
    Exit,
    /// Reached after a call that never returns (`exit`, `abort`, `longjmp`, `noreturn` callee):
    /// loops forever on itself, labelled `end` and `noreturn`. Not an exit of the component.
    NoReturn,
    /// A statement or sub-expression with effects (assignment, declaration, library call, ...).
    Statement,
    /// Evaluates a branch condition; its successors are on `True`/`False`/`Case`/`Default` edges.
    Condition,
    /// The target of a `True`/`False` edge: "the condition held" / "did not hold". Carries the
    /// `null_test`/`nonnull_test` propositions of the branch.
    Branch(bool),
    /// A call of a function outside the library-model table (a box candidate).
    Call(Box<CallSite>),
    /// `return` (its value, if any, is evaluated at this node); flows to [`NodeKind::Exit`].
    Return,
    /// A C label (`name:`), a `case`/`default` label or a join point without effect.
    Label(String),
    /// A join point or empty statement without effect.
    Nop,
}

/// One node of the graph.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Node {
    /// What it stands for.
    pub kind: NodeKind,
    /// The source it comes from (`None` for synthetic entry/exit nodes).
    pub span: Option<Span>,
    /// Atomic propositions that hold here, each with the source range it came from.
    pub props: Vec<Prop>,
    /// Outgoing edges, in a deterministic order (true before false, cases in source order).
    pub succs: Vec<Edge>,
    /// False when no path from the entry reaches this node (dead code is kept, not dropped).
    pub reachable: bool,
    /// For a [`NodeKind::Condition`] whose condition (or `switch` operand) is an integer
    /// constant (literal, enumerator, `sizeof`, constant arithmetic, casts, `const` file-scope
    /// globals with a constant initialiser): its value. The impossible edge is kept in the
    /// graph; [`Node::edge_feasible`] and [`Cfg::feasible_reachability`] let later stages ignore
    /// it (design decision 10).
    #[serde(default)]
    pub const_cond: Option<i64>,
    /// What the node does to integer values, in evaluation order (assignments, the branch
    /// condition, divisors, the returned value): the input of the checks' interval analysis.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<ValueOp>,
    /// A condition that tests, or a `return` that returns, the status of a call that may store
    /// through its arguments (the return-code conventions of out-parameters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<StatusUse>,
    /// For a `switch` without `default` on an enumeration whose cases list every enumerator:
    /// no value of the enumeration takes the implicit default edge past the body, so that edge
    /// is infeasible (Clang's CFG leaves it out too). The edge stays in the graph: code after
    /// the switch is not dead for `RED-dead` (a fallback for values outside the enumeration).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub complete_switch: bool,
}

/// How a node uses the result of a call as a status (`if (f(&s) < 0)`, `return r;` after
/// `r = asprintf(out, ..)`), directly or through an integer variable that holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusUse {
    /// A condition node: `result op value` holds on its `True` edge; the result is that of
    /// the call node `call` (a function of the program, whose summary tells the convention).
    Test {
        /// The call node whose result is tested.
        call: NodeId,
        /// The relation on the `True` edge.
        op: goanna_ast::BinaryOp,
        /// The constant compared with.
        value: i64,
    },
    /// A `return` node: returns the result of the call node `call` unchanged.
    ReturnsCall {
        /// The call node whose result is returned.
        call: NodeId,
    },
    /// A `return` node: returns the status of a library call that allocates into `outs`
    /// with the convention `fails`.
    ReturnsLibrary {
        /// The objects the library call allocated into.
        outs: Vec<PathId>,
        /// Its return-code convention.
        fails: crate::models::FailWhen,
    },
}

impl Node {
    /// True when the node reads through the pointer `subject` without writing through it
    /// (`load_p` and no `store_p`: a library model's `reads`, a pointer passed as a pointer to
    /// const): a call here leaves what it points to as it was.
    pub fn only_loads_through(&self, subject: &crate::Subject) -> bool {
        self.props.iter().any(|q| q.kind == crate::PropKind::Load && q.subject == *subject) && !self.props.iter().any(|q| q.kind == crate::PropKind::Store && q.subject == *subject)
    }

    /// False when `edge` leaves this node and can never be taken because the node's condition is
    /// a known constant (`True` out of a zero condition, `False` out of a non-zero one, a `Case`
    /// whose value differs, `Default` when a `Case` edge matches). A `switch` with a GNU case
    /// range or a case value the compiler could not evaluate (`Case(i64::MIN)`) never gets a
    /// `const_cond`, so its edges are all feasible.
    pub fn edge_feasible(&self, edge: &Edge) -> bool {
        !(self.complete_switch && edge.kind == EdgeKind::Default) && self.edge_possible_for_values(edge)
    }

    /// As [`Node::edge_feasible`], without the assumption that a complete `switch` on an
    /// enumeration sees only its enumerators: what the values a program computes can reach. A
    /// validator (`switch (op) { case A: case B: return 1; } return 0;`) is given values that
    /// are not enumerators (a field read from the wire, a caller's cast), so what it returns
    /// after the switch is one of its results.
    pub fn edge_possible_for_values(&self, edge: &Edge) -> bool {
        let Some(value) = self.const_cond else { return true };
        match edge.kind {
            EdgeKind::True => value != 0,
            EdgeKind::False => value == 0,
            EdgeKind::Case(lo) => lo == i64::MIN || lo == value,
            EdgeKind::Default => !self.succs.iter().any(|e| e.kind == EdgeKind::Case(value)),
            EdgeKind::Normal | EdgeKind::Back => true,
        }
    }
}

/// The control-flow graph of one function definition.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cfg {
    /// Function name.
    pub name: String,
    /// Function identity across units (Clang USR).
    pub usr: String,
    /// Internal linkage.
    pub is_static: bool,
    /// The definition's span (and so its file).
    pub span: Span,
    /// Every node; `nodes[entry]` is the entry.
    pub nodes: Vec<Node>,
    /// Entry node.
    pub entry: NodeId,
    /// The single exit node (kind [`NodeKind::Exit`]).
    pub exit: NodeId,
    /// Access paths named by propositions and call sites; index = [`PathId`].
    pub paths: Vec<AccessPath>,
    /// The parameters' paths, in declaration order (`None` for an unnamed parameter).
    #[serde(default)]
    pub params: Vec<Option<PathId>>,
    /// The file-scope variables the function names that have a constant integer initialiser
    /// (non-`volatile`): their paths and initial values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub global_inits: Vec<(PathId, i64)>,
    /// The file-scope variables the function names whose initialiser may hold a function:
    /// pointers initialised with one (its USR), and pointers initialised with anything but a
    /// function or NULL, structures and arrays with an initialiser (`None`: not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub function_inits: Vec<(PathId, Option<String>)>,
    /// The body holds conditional compilation: a constant it returns, or a value it leaves in a
    /// global, may hold only in this build configuration.
    #[serde(default)]
    pub conditional_code: bool,
    /// USRs of the functions the body names as items of an initialiser list (`struct ops o =
    /// { .close = my_close };`, a compound literal), sorted: they may be stored into any member
    /// of a structure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initialised_functions: Vec<String>,
    /// The function's type, as a [`signature_key`] of [`goanna_ast::FunctionDecl::signature`]
    /// (0: not known).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub signature: u64,
}

/// A function whose address a unit takes (named other than as the callee of a call): what a
/// call through a pointer of its type may reach.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TakenFunction {
    /// The function's USR.
    pub usr: String,
    /// Its type as the unit declares it, as a [`signature_key`] (0: not known).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub signature: u64,
    /// The unit names it in the initialiser of a file-scope variable it defines (a table of
    /// operations): it may be stored into any member of a structure there.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_initialiser: bool,
}

/// A function type's spelling as a key that is the same in every process (64-bit FNV-1a;
/// never 0 for a spelling, 0 for none): what call sites and graphs keep of it, so that the
/// program stage compares types without holding a string per call site.
pub fn signature_key(spelling: &str) -> u64 {
    if spelling.is_empty() {
        return 0;
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in spelling.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash.max(1)
}

/// For `skip_serializing_if`: an unknown key.
fn is_zero(v: &u64) -> bool {
    *v == 0
}

impl Cfg {
    /// The node with the given id.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The access path with the given id.
    pub fn path(&self, id: PathId) -> &AccessPath {
        &self.paths[id.0 as usize]
    }

    /// The record that the first `k` steps of `path` point to (the root's for `k` = 0), as
    /// [`AccessPath::pointee_record`] says; `None` when the graph has no such prefix, empty
    /// when the record is not known.
    pub fn pointee_record_before<'c>(&'c self, path: &'c AccessPath, k: usize) -> Option<&'c str> {
        if k == 0 {
            return Some(path.root.pointee_record.as_str());
        }
        let prefix = path.steps.get(..k)?;
        self.paths.iter().find(|q| q.root == path.root && q.steps[..] == *prefix).map(|q| q.pointee_record.as_str())
    }

    /// Ids of all nodes.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// Which nodes the entry reaches when the edges that [`Node::edge_feasible`] rejects are
    /// ignored (index = node). Unlike [`Node::reachable`], code behind `if (0)` is unreachable
    /// here.
    pub fn feasible_reachability(&self) -> Vec<bool> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = Vec::new();
        if let Some(flag) = seen.get_mut(self.entry.index()) {
            *flag = true;
            stack.push(self.entry);
        }
        while let Some(id) = stack.pop() {
            let node = &self.nodes[id.index()];
            for edge in &node.succs {
                let t = edge.target.index();
                if t < seen.len() && !seen[t] && node.edge_feasible(edge) {
                    seen[t] = true;
                    stack.push(edge.target);
                }
            }
        }
        seen
    }

    /// Predecessor lists, computed on demand (index = node).
    pub fn predecessors(&self) -> Vec<Vec<NodeId>> {
        let mut preds = vec![Vec::new(); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            for edge in &node.succs {
                preds[edge.target.index()].push(NodeId(i as u32));
            }
        }
        preds
    }

    /// The loop heads: targets of back edges, sorted, each once.
    pub fn loop_heads(&self) -> Vec<NodeId> {
        let mut heads: Vec<NodeId> = self.nodes.iter().flat_map(|n| n.succs.iter().filter(|e| e.kind == EdgeKind::Back).map(|e| e.target)).collect();
        heads.sort_unstable();
        heads.dedup();
        heads
    }

    /// For each node, whether it lies on a cycle through some loop head (inside a loop).
    pub fn in_loops(&self) -> Vec<bool> {
        let mut inside = vec![false; self.nodes.len()];
        for head in self.loop_heads() {
            for m in self.cycle_through(head) {
                if let Some(x) = inside.get_mut(m.index()) {
                    *x = true;
                }
            }
        }
        inside
    }

    /// The nodes on some cycle through `head` (its strongly connected component): reached
    /// from it and reaching it. Just `head` when no cycle goes through it.
    pub fn cycle_through(&self, head: NodeId) -> Vec<NodeId> {
        let n = self.nodes.len();
        let reach = |next: &dyn Fn(NodeId) -> Vec<NodeId>| {
            let mut seen = vec![false; n];
            let mut stack = vec![head];
            if let Some(s) = seen.get_mut(head.index()) {
                *s = true;
            }
            while let Some(u) = stack.pop() {
                for v in next(u) {
                    if !seen[v.index()] {
                        seen[v.index()] = true;
                        stack.push(v);
                    }
                }
            }
            seen
        };
        let forward = reach(&|u| self.node(u).succs.iter().map(|e| e.target).collect());
        let preds = self.predecessors();
        let backward = reach(&|u| preds[u.index()].clone());
        self.node_ids().filter(|u| forward[u.index()] && backward[u.index()]).collect()
    }
}

#[cfg(test)]
mod signature_tests {
    use super::signature_key;

    #[test]
    fn signature_keys_are_stable_and_tell_types_apart() {
        // FNV-1a of the spelling: the same in every process that stores or links artefacts.
        assert_eq!(signature_key(""), 0);
        assert_eq!(signature_key("a"), 0xaf63_dc4c_8601_ec8c);
        let client = signature_key("char *(struct sftp_conn *, const char *)");
        let server = signature_key("char *(const char *, char *)");
        assert_ne!(client, 0);
        assert_ne!(client, server);
        assert_eq!(server, signature_key("char *(const char *, char *)"));
    }
}
