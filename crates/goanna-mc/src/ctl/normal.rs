//! Reduction to the core operators and hash-consing into a DAG.
//!
//! Core: `true`, atoms, `!`, `&`, `|`, `EX`, `E[ U ]`, `EG`. Derived operators:
//! `false = !true`, `f -> g = !f | g`, `AX f = !EX !f`, `EF f = E[true U f]`, `AF f = !EG !f`,
//! `AG f = !E[true U !f]`, `A[f U g] = !(E[!g U (!f & !g)] | EG !g)`, `E[f W g] = E[f U g] | EG f`,
//! `A[f W g] = !E[!g U (!f & !g)]`. Equal subformulae get one node; children always have smaller
//! ids than their parents, so ascending id order is a bottom-up order.

use super::ast::Formula;
use rustc_hash::FxHashMap;

/// Index of a node in a [`Dag`].
pub type NodeRef = u32;

/// A core operator node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DagNode {
    /// `true`
    True,
    /// Atom, as an index into [`Dag::atoms`].
    Atom(u32),
    /// Negation.
    Not(NodeRef),
    /// Conjunction.
    And(NodeRef, NodeRef),
    /// Disjunction.
    Or(NodeRef, NodeRef),
    /// Exists next.
    EX(NodeRef),
    /// Exists until.
    EU(NodeRef, NodeRef),
    /// Exists globally.
    EG(NodeRef),
}

impl DagNode {
    /// Whether the node is a path quantifier (EX, EU, EG).
    pub fn is_existential(&self) -> bool {
        matches!(self, DagNode::EX(_) | DagNode::EU(..) | DagNode::EG(_))
    }
    /// Children of the node.
    pub fn children(&self) -> impl Iterator<Item = NodeRef> {
        let (a, b) = match *self {
            DagNode::True | DagNode::Atom(_) => (None, None),
            DagNode::Not(x) | DagNode::EX(x) | DagNode::EG(x) => (Some(x), None),
            DagNode::And(x, y) | DagNode::Or(x, y) | DagNode::EU(x, y) => (Some(x), Some(y)),
        };
        a.into_iter().chain(b)
    }
}

/// A hash-consed core formula.
#[derive(Clone, Debug)]
pub struct Dag {
    /// Nodes, children before parents.
    pub nodes: Vec<DagNode>,
    /// Atom names, indexed by [`DagNode::Atom`].
    pub atoms: Vec<String>,
    /// The root node.
    pub root: NodeRef,
    map: FxHashMap<DagNode, NodeRef>,
    atom_map: FxHashMap<String, u32>,
}

impl Dag {
    /// Reduce a formula to the core DAG.
    pub fn new(f: &Formula) -> Dag {
        let mut d = Dag {
            nodes: Vec::new(),
            atoms: Vec::new(),
            root: 0,
            map: FxHashMap::default(),
            atom_map: FxHashMap::default(),
        };
        d.root = d.build(f);
        d
    }

    fn mk(&mut self, n: DagNode) -> NodeRef {
        let n = match n {
            DagNode::Not(x) => {
                if let DagNode::Not(y) = self.nodes[x as usize] {
                    return y;
                }
                n
            }
            DagNode::And(a, b) | DagNode::Or(a, b) if a == b => return a,
            DagNode::And(a, b) if a > b => DagNode::And(b, a),
            DagNode::Or(a, b) if a > b => DagNode::Or(b, a),
            _ => n,
        };
        if let Some(&id) = self.map.get(&n) {
            return id;
        }
        let id = self.nodes.len() as NodeRef;
        self.nodes.push(n);
        self.map.insert(n, id);
        id
    }

    /// The node of `f`, built bottom-up with an explicit stack (formulas nest as deep as their
    /// input).
    fn build(&mut self, f: &Formula) -> NodeRef {
        let mut todo: Vec<(&Formula, bool)> = vec![(f, false)];
        let mut done: Vec<NodeRef> = Vec::new();
        while let Some((g, expanded)) = todo.pop() {
            let ops = operands(g);
            if !expanded && ops[0].is_some() {
                todo.push((g, true));
                for x in ops.iter().rev().flatten() {
                    todo.push((x, false));
                }
                continue;
            }
            let n = ops.iter().flatten().count();
            let b = if n == 2 { done.pop().unwrap_or(0) } else { 0 };
            let a = if n >= 1 { done.pop().unwrap_or(0) } else { 0 };
            let r = self.combine(g, a, b);
            done.push(r);
        }
        done.pop().unwrap_or(0)
    }

    /// The node of `f` given the nodes of its operands (`a`, `b`, in order).
    fn combine(&mut self, f: &Formula, a: NodeRef, b: NodeRef) -> NodeRef {
        let x = a;
        use DagNode as N;
        use Formula as F;
        match f {
            F::True => self.mk(N::True),
            F::False => {
                let t = self.mk(N::True);
                self.mk(N::Not(t))
            }
            F::Atom(a) => {
                let slot = match self.atom_map.get(a) {
                    Some(&s) => s,
                    None => {
                        let s = self.atoms.len() as u32;
                        self.atoms.push(a.clone());
                        self.atom_map.insert(a.clone(), s);
                        s
                    }
                };
                self.mk(N::Atom(slot))
            }
            F::Not(_) => self.mk(N::Not(x)),
            F::And(..) => self.mk(N::And(a, b)),
            F::Or(..) => self.mk(N::Or(a, b)),
            F::Implies(..) => {
                let na = self.mk(N::Not(a));
                self.mk(N::Or(na, b))
            }
            F::Iff(..) => {
                // (!a | b) & (!b | a): both operands are shared nodes of the DAG.
                let na = self.mk(N::Not(a));
                let nb = self.mk(N::Not(b));
                let ab = self.mk(N::Or(na, b));
                let ba = self.mk(N::Or(nb, a));
                self.mk(N::And(ab, ba))
            }
            F::EX(_) => self.mk(N::EX(x)),
            F::AX(_) => {
                let nx = self.mk(N::Not(x));
                let e = self.mk(N::EX(nx));
                self.mk(N::Not(e))
            }
            F::EF(_) => {
                let t = self.mk(N::True);
                self.mk(N::EU(t, x))
            }
            F::AF(_) => {
                let nx = self.mk(N::Not(x));
                let e = self.mk(N::EG(nx));
                self.mk(N::Not(e))
            }
            F::EG(_) => self.mk(N::EG(x)),
            F::AG(_) => {
                let t = self.mk(N::True);
                let nx = self.mk(N::Not(x));
                let e = self.mk(N::EU(t, nx));
                self.mk(N::Not(e))
            }
            F::EU(..) => self.mk(N::EU(a, b)),
            F::EW(..) => {
                let u = self.mk(N::EU(a, b));
                let g = self.mk(N::EG(a));
                self.mk(N::Or(u, g))
            }
            F::AU(..) | F::AW(..) => {
                let na = self.mk(N::Not(a));
                let nb = self.mk(N::Not(b));
                let both = self.mk(N::And(na, nb));
                let u = self.mk(N::EU(nb, both));
                let bad = if matches!(f, F::AU(..)) {
                    let g = self.mk(N::EG(nb));
                    self.mk(N::Or(u, g))
                } else {
                    u
                };
                self.mk(N::Not(bad))
            }
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// Whether the DAG is empty (never, after [`Dag::new`]).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Node at `r`.
    pub fn node(&self, r: NodeRef) -> DagNode {
        self.nodes[r as usize]
    }
    /// For each node, the sorted existential nodes in its sub-DAG (itself included when existential).
    /// These are the subformulae whose values at the exits form a context.
    pub fn existential_closure(&self) -> Vec<Vec<NodeRef>> {
        let mut out: Vec<Vec<NodeRef>> = Vec::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            let mut v: Vec<NodeRef> = Vec::new();
            for c in n.children() {
                v.extend_from_slice(&out[c as usize]);
            }
            if n.is_existential() {
                v.push(i as NodeRef);
            }
            v.sort_unstable();
            v.dedup();
            out.push(v);
        }
        out
    }
    /// Render node `r` in the core syntax.
    pub fn render(&self, r: NodeRef) -> String {
        crate::deep::grow(|| match self.node(r) {
            DagNode::True => "true".into(),
            DagNode::Atom(a) => self.atoms[a as usize].clone(),
            DagNode::Not(x) => format!("!{}", self.render(x)),
            DagNode::And(a, b) => format!("({} & {})", self.render(a), self.render(b)),
            DagNode::Or(a, b) => format!("({} | {})", self.render(a), self.render(b)),
            DagNode::EX(x) => format!("EX {}", self.render(x)),
            DagNode::EU(a, b) => format!("E[{} U {}]", self.render(a), self.render(b)),
            DagNode::EG(x) => format!("EG {}", self.render(x)),
        })
    }
}

/// The operands of a surface formula node, in order.
fn operands(f: &Formula) -> [Option<&Formula>; 2] {
    use Formula as F;
    match f {
        F::True | F::False | F::Atom(_) => [None, None],
        F::Not(x) | F::EX(x) | F::AX(x) | F::EF(x) | F::AF(x) | F::EG(x) | F::AG(x) => {
            [Some(x), None]
        }
        F::And(a, b)
        | F::Or(a, b)
        | F::Implies(a, b)
        | F::Iff(a, b)
        | F::EU(a, b)
        | F::AU(a, b)
        | F::EW(a, b)
        | F::AW(a, b) => [Some(a), Some(b)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctl::parse;
    #[test]
    fn usedef_is_shared() {
        let f = parse("A G ( ( def__v | usedef__v ) --> E F ( use__v | usedef__v ) )").unwrap();
        let d = Dag::new(&f);
        assert_eq!(d.atoms.len(), 3);
        let ex: Vec<_> = d.nodes.iter().filter(|n| n.is_existential()).collect();
        assert_eq!(ex.len(), 2);
        assert!(
            d.render(d.root).starts_with("!E[true U"),
            "{}",
            d.render(d.root)
        );
    }
}
