//! The CTL syntax tree as written by users.

use std::fmt;

/// A CTL state formula with the full set of operators.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

impl Formula {
    /// The same formula with every atom `a` replaced by `rename(a)` (instantiating a template).
    pub fn rename_atoms(&self, rename: &dyn Fn(&str) -> String) -> Formula {
        use Formula::*;
        let r = |x: &Formula| Box::new(x.rename_atoms(rename));
        match self {
            True => True,
            False => False,
            Atom(a) => Atom(rename(a)),
            Not(x) => Not(r(x)),
            EX(x) => EX(r(x)),
            AX(x) => AX(r(x)),
            EF(x) => EF(r(x)),
            AF(x) => AF(r(x)),
            EG(x) => EG(r(x)),
            AG(x) => AG(r(x)),
            And(a, b) => And(r(a), r(b)),
            Or(a, b) => Or(r(a), r(b)),
            Implies(a, b) => Implies(r(a), r(b)),
            EU(a, b) => EU(r(a), r(b)),
            AU(a, b) => AU(r(a), r(b)),
            EW(a, b) => EW(r(a), r(b)),
            AW(a, b) => AW(r(a), r(b)),
        }
    }

    /// An atom.
    pub fn atom(name: &str) -> Formula {
        Formula::Atom(name.to_string())
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Formula::*;
        match self {
            True => write!(f, "true"),
            False => write!(f, "false"),
            Atom(a) => write!(f, "{a}"),
            Not(x) => write!(f, "!{x}"),
            And(a, b) => write!(f, "({a} & {b})"),
            Or(a, b) => write!(f, "({a} | {b})"),
            Implies(a, b) => write!(f, "({a} -> {b})"),
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
        }
    }
}
