//! The CTL syntax tree as written by users.

use crate::deep::grow;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A CTL state formula with the full set of operators.
///
/// Formulas may nest as deep as their input (a generated formula 10,000 operators deep, a flat
/// disjunction of 60,000 terms is a left-leaning tree as deep): dropping is iterative and
/// cloning, comparing, hashing and printing never overflow the stack (see `crate::deep`).
#[derive(Debug)]
pub enum Formula {
    /// `true`
    True,
    /// `false`
    False,
    /// An atomic proposition.
    Atom(String),
    /// `!f`
    Not(Box<Formula>),
    /// `f & g`
    And(Box<Formula>, Box<Formula>),
    /// `f | g`
    Or(Box<Formula>, Box<Formula>),
    /// `f -> g`
    Implies(Box<Formula>, Box<Formula>),
    /// `f <-> g` (kept as one node: expanding it in the tree would double both operands, and a
    /// chain of them would grow exponentially)
    Iff(Box<Formula>, Box<Formula>),
    /// `EX f`
    EX(Box<Formula>),
    /// `AX f`
    AX(Box<Formula>),
    /// `EF f`
    EF(Box<Formula>),
    /// `AF f`
    AF(Box<Formula>),
    /// `EG f`
    EG(Box<Formula>),
    /// `AG f`
    AG(Box<Formula>),
    /// `E[f U g]` (strong until)
    EU(Box<Formula>, Box<Formula>),
    /// `A[f U g]` (strong until)
    AU(Box<Formula>, Box<Formula>),
    /// `E[f W g]` (weak until: `E[f U g] | EG f`)
    EW(Box<Formula>, Box<Formula>),
    /// `A[f W g]` (weak until: `!E[!g U (!f & !g)]`)
    AW(Box<Formula>, Box<Formula>),
}

/// The operator of a formula node without its operands: formulas are rebuilt, compared and hashed
/// through it, one node at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    True,
    False,
    Atom,
    Not,
    And,
    Or,
    Implies,
    Iff,
    EX,
    AX,
    EF,
    AF,
    EG,
    AG,
    EU,
    AU,
    EW,
    AW,
}

impl Formula {
    /// The node's operator and operands.
    fn split(&self) -> (Op, [Option<&Formula>; 2]) {
        use Formula::*;
        match self {
            True => (Op::True, [None, None]),
            False => (Op::False, [None, None]),
            Atom(_) => (Op::Atom, [None, None]),
            Not(x) => (Op::Not, [Some(x), None]),
            EX(x) => (Op::EX, [Some(x), None]),
            AX(x) => (Op::AX, [Some(x), None]),
            EF(x) => (Op::EF, [Some(x), None]),
            AF(x) => (Op::AF, [Some(x), None]),
            EG(x) => (Op::EG, [Some(x), None]),
            AG(x) => (Op::AG, [Some(x), None]),
            And(a, b) => (Op::And, [Some(a), Some(b)]),
            Or(a, b) => (Op::Or, [Some(a), Some(b)]),
            Implies(a, b) => (Op::Implies, [Some(a), Some(b)]),
            Iff(a, b) => (Op::Iff, [Some(a), Some(b)]),
            EU(a, b) => (Op::EU, [Some(a), Some(b)]),
            AU(a, b) => (Op::AU, [Some(a), Some(b)]),
            EW(a, b) => (Op::EW, [Some(a), Some(b)]),
            AW(a, b) => (Op::AW, [Some(a), Some(b)]),
        }
    }

    /// Moves the operands out (leaving `true` in their place) onto `out`, so that dropping the
    /// node no longer recurses.
    fn take_operands(&mut self, out: &mut Vec<Formula>) {
        use Formula::*;
        let mut take = |x: &mut Box<Formula>| {
            if !matches!(**x, True | False | Atom(_)) {
                out.push(std::mem::replace(&mut **x, True));
            }
        };
        match self {
            True | False | Atom(_) => {}
            Not(x) | EX(x) | AX(x) | EF(x) | AF(x) | EG(x) | AG(x) => take(x),
            And(a, b) | Or(a, b) | Implies(a, b) | Iff(a, b) | EU(a, b) | AU(a, b) | EW(a, b) | AW(a, b) => {
                take(a);
                take(b);
            }
        }
    }

    /// The formula with every atom renamed by `atom` and the operator `op` over `ops`.
    fn join(op: Op, atom: Option<String>, mut ops: impl Iterator<Item = Formula>) -> Formula {
        use Formula::*;
        let mut next = || Box::new(ops.next().unwrap_or(True));
        match op {
            Op::True => True,
            Op::False => False,
            Op::Atom => Atom(atom.unwrap_or_default()),
            Op::Not => Not(next()),
            Op::EX => EX(next()),
            Op::AX => AX(next()),
            Op::EF => EF(next()),
            Op::AF => AF(next()),
            Op::EG => EG(next()),
            Op::AG => AG(next()),
            Op::And => {
                let a = next();
                And(a, next())
            }
            Op::Or => {
                let a = next();
                Or(a, next())
            }
            Op::Implies => {
                let a = next();
                Implies(a, next())
            }
            Op::Iff => {
                let a = next();
                Iff(a, next())
            }
            Op::EU => {
                let a = next();
                EU(a, next())
            }
            Op::AU => {
                let a = next();
                AU(a, next())
            }
            Op::EW => {
                let a = next();
                EW(a, next())
            }
            Op::AW => {
                let a = next();
                AW(a, next())
            }
        }
    }

    /// Rebuilds the formula bottom-up with an explicit stack, renaming atoms with `rename`.
    fn map_atoms(&self, rename: &dyn Fn(&str) -> String) -> Formula {
        // Post-order: a node is rebuilt once its operands are on `done`.
        let mut todo: Vec<(&Formula, bool)> = vec![(self, false)];
        let mut done: Vec<Formula> = Vec::new();
        while let Some((f, expanded)) = todo.pop() {
            let (op, ops) = f.split();
            if !expanded && ops[0].is_some() {
                todo.push((f, true));
                for x in ops.iter().rev().flatten() {
                    todo.push((x, false));
                }
                continue;
            }
            let n = ops.iter().flatten().count();
            let args = done.split_off(done.len() - n);
            let atom = match f {
                Formula::Atom(a) => Some(rename(a)),
                _ => None,
            };
            done.push(Formula::join(op, atom, args.into_iter()));
        }
        done.pop().unwrap_or(Formula::True)
    }

    /// The same formula with every atom `a` replaced by `rename(a)` (instantiating a template).
    pub fn rename_atoms(&self, rename: &dyn Fn(&str) -> String) -> Formula {
        self.map_atoms(rename)
    }

    /// An atom.
    pub fn atom(name: &str) -> Formula {
        Formula::Atom(name.to_string())
    }
}

impl Drop for Formula {
    fn drop(&mut self) {
        let mut pending = Vec::new();
        self.take_operands(&mut pending);
        while let Some(mut f) = pending.pop() {
            f.take_operands(&mut pending);
        }
    }
}

impl Clone for Formula {
    fn clone(&self) -> Formula {
        self.map_atoms(&|a| a.to_string())
    }
}

impl PartialEq for Formula {
    fn eq(&self, other: &Formula) -> bool {
        let mut todo = vec![(self, other)];
        while let Some((a, b)) = todo.pop() {
            let ((oa, xa), (ob, xb)) = (a.split(), b.split());
            if oa != ob {
                return false;
            }
            if let (Formula::Atom(p), Formula::Atom(q)) = (a, b) {
                if p != q {
                    return false;
                }
            }
            for (x, y) in xa.iter().zip(&xb) {
                if let (Some(x), Some(y)) = (x, y) {
                    todo.push((x, y));
                }
            }
        }
        true
    }
}

impl Eq for Formula {}

impl Hash for Formula {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Pre-order operators and atom names determine the tree (every operator has a fixed arity).
        let mut todo = vec![self];
        while let Some(f) = todo.pop() {
            let (op, ops) = f.split();
            op.hash(state);
            if let Formula::Atom(a) = f {
                a.hash(state);
            }
            for x in ops.iter().rev().flatten() {
                todo.push(x);
            }
        }
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Formula::*;
        grow(|| match self {
            True => write!(f, "true"),
            False => write!(f, "false"),
            Atom(a) => write!(f, "{a}"),
            Not(x) => write!(f, "!{x}"),
            And(a, b) => write!(f, "({a} & {b})"),
            Or(a, b) => write!(f, "({a} | {b})"),
            Implies(a, b) => write!(f, "({a} -> {b})"),
            Iff(a, b) => write!(f, "({a} <-> {b})"),
            EX(x) => write!(f, "EX {x}"),
            AX(x) => write!(f, "AX {x}"),
            EF(x) => write!(f, "EF {x}"),
            AF(x) => write!(f, "AF {x}"),
            EG(x) => write!(f, "EG {x}"),
            AG(x) => write!(f, "AG {x}"),
            EU(a, b) => write!(f, "E[{a} U {b}]"),
            AU(a, b) => write!(f, "A[{a} U {b}]"),
            EW(a, b) => write!(f, "E[{a} W {b}]"),
            AW(a, b) => write!(f, "A[{a} W {b}]"),
        })
    }
}
