//! CTL templates of the catalogue and their instances.
//!
//! A template is a violation formula over atoms written `kind_X` (a proposition about the
//! instance's variable, e.g. `free_X`), or `kind` for propositions without subject that belong
//! to the function being checked (`end`, `return`, `div_zero`) or to no function (`noreturn`).

use super::atoms::{path_atom, plain_atom};
use super::link::FnIndex;
use crate::catalogue::{CheckSpec, Engine, Range};
use goanna_cfg::{AccessPath, PathId, PropKind};
use goanna_mc::ctl::{self, Dag, Formula};

/// An atom of a template, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateAtom {
    /// `kind_X`: about the instance's variable.
    OfVar(PropKind),
    /// `kind`: about the function (or global for `noreturn`).
    Plain(PropKind),
}

/// Propositions without subject that a template may name, besides the syntax facts (a
/// proposition kind added to the graph builder with `Subject::None` belongs here, or among
/// [`PropKind::is_syntax_fact`]).
const PLAIN_KINDS: &[PropKind] = &[
    PropKind::End,
    PropKind::Return,
    PropKind::NoReturn,
    PropKind::DivByZero,
    PropKind::IndexOutOfBounds,
    PropKind::IntOverflow,
    PropKind::ShiftOutOfRange,
    PropKind::CallOverflow,
    PropKind::IndexMayBeOutOfBounds,
    PropKind::CopyOutOfBounds,
    PropKind::CopyMayBeOutOfBounds,
    PropKind::RecursiveCall,
    PropKind::LoopHead,
    PropKind::Entry,
    PropKind::ThreadEntry,
    PropKind::CondAlways,
    PropKind::CondNever,
    PropKind::CondRedundant,
    PropKind::ResultIgnored,
    PropKind::SwitchNoDefault,
];

/// True for a proposition without subject that a template may name (`end`, `cond_assign`).
pub fn is_plain_kind(kind: PropKind) -> bool {
    PLAIN_KINDS.contains(&kind) || kind.is_syntax_fact()
}

/// Resolves an atom name of a template.
pub fn resolve_atom(name: &str) -> Result<TemplateAtom, String> {
    if let Some(kind) = name.strip_suffix("_X") {
        return PropKind::from_name(kind)
            .filter(|&k| !is_plain_kind(k) && k != PropKind::Call)
            .map(TemplateAtom::OfVar)
            .ok_or_else(|| format!("unknown proposition `{name}` (no proposition kind `{kind}` about a variable)"));
    }
    PropKind::from_name(name)
        .filter(|&k| is_plain_kind(k))
        .map(TemplateAtom::Plain)
        .ok_or_else(|| {
            let plain: Vec<&str> = PropKind::ALL.into_iter().filter(|&k| is_plain_kind(k)).map(PropKind::name).collect();
            format!("unknown proposition `{name}` (expected `KIND_X` or one of {})", plain.join(", "))
        })
}

/// A validated CTL template.
#[derive(Clone, Debug)]
pub struct Template {
    /// The violation formula, with template atoms.
    pub formula: Formula,
    /// What it is instantiated for.
    pub range: Range,
    /// The atom that locates a finding.
    pub report_at: Option<TemplateAtom>,
    /// The atom of the violating node the finding says happened (assumed by the refutation).
    pub event: Option<TemplateAtom>,
    /// Look for `report_at` where the path ends before looking at the violating node.
    pub report_at_end: bool,
    /// Decide without loop back edges.
    pub forward_only: bool,
    /// Report only the first violating node per instance.
    pub report_first: bool,
    /// Keep only violating nodes in loops no edge leaves, one per loop.
    pub closed_loops_only: bool,
    /// Keep edges ruled out by constant conditions.
    pub include_infeasible: bool,
    /// No finding reported inside a macro expansion.
    pub skip_in_macros: bool,
    /// No finding whose NULL test comes from a macro expansion.
    pub defensive_macro_tests: bool,
    /// No finding whose NULL test is a loop's test of the values its body advances to.
    pub loop_retests: bool,
    /// No finding whose NULL evidence is the exit test of a search loop that has another way
    /// to the dereference.
    pub search_loop_exits: bool,
    /// The evidence where the path ends must be in the function itself, not in a callee.
    pub evidence_in_function: bool,
    /// A path whose NULL survives only by a branch the inputs decide is latent: not reported.
    pub latent_if_inputs_choose: bool,
    /// Report a node only when every model state standing for it violates the property.
    pub every_state: bool,
    /// Skip violating nodes where the variable is known to be non-null.
    pub skip_if_nonnull: bool,
    /// Step messages by atom.
    pub steps: Vec<(TemplateAtom, String)>,
    /// True when the formula mentions `_X` atoms.
    pub uses_var: bool,
    /// What the formula needs of a model to hold anywhere, as alternatives (sets of atoms): an
    /// instance none of whose alternatives has all its atoms labelling nodes cannot be
    /// violated.
    pub required: Vec<Vec<TemplateAtom>>,
    /// What the violation's paths must not meet on the way (`elem_release_X` in `E[!(elem_release_X
    /// | def_X) U free_X]`): a loop that may do it is not summarised when a counterexample is
    /// refuted ([`goanna_feasible::PathQuery::avoided`]).
    pub avoided: Vec<TemplateAtom>,
    /// The formula reduced once to the model checker's core DAG, atoms still the template's:
    /// every instance is decided on it with its own atoms ([`Shape::instance_atoms`]).
    pub shape: Shape,
    /// `unless_at_entry`, reduced and with its atoms resolved: instances for which it holds at
    /// the function's entry are left out.
    pub unless_at_entry: Option<Shape>,
}

/// A formula reduced to the model checker's DAG, with what each of its atoms stands for, so
/// that one reduction serves every instance.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The reduced formula, atoms still the template's.
    pub dag: Dag,
    /// What each atom of `dag` stands for (`None`: a name kept as written).
    atoms: Vec<Option<TemplateAtom>>,
}

impl Shape {
    /// Reduces `formula`; its atoms must be template atoms or plain names.
    fn new(formula: &Formula) -> Shape {
        let dag = Dag::new(formula);
        let atoms = dag.atoms.iter().map(|name| resolve_atom(name).ok()).collect();
        Shape { dag, atoms }
    }

    /// The atom names instance (`f`, `var`) puts in the slots of the DAG.
    pub fn instance_atoms(&self, f: FnIndex, var: Option<(PathId, &AccessPath)>) -> Vec<String> {
        self.dag
            .atoms
            .iter()
            .zip(&self.atoms)
            .map(|(name, atom)| atom.and_then(|atom| Template::concrete_atom(atom, f, var)).unwrap_or_else(|| name.clone()))
            .collect()
    }
}

fn atoms_of(f: &Formula, out: &mut Vec<String>) {
    use Formula::*;
    match f {
        True | False => {}
        Atom(a) => out.push(a.clone()),
        Not(x) | EX(x) | AX(x) | EF(x) | AF(x) | EG(x) | AG(x) => atoms_of(x, out),
        And(a, b) | Or(a, b) | Implies(a, b) | Iff(a, b) | EU(a, b) | AU(a, b) | EW(a, b) | AW(a, b) => {
            atoms_of(a, out);
            atoms_of(b, out);
        }
    }
}

/// Most alternatives [`requirements`] keeps before it gives up (says "always possible").
const MAX_ALTERNATIVES: usize = 16;

/// What `f` needs of a model to hold anywhere in it, as alternatives: `f` can hold only if, for
/// one of the returned sets, every atom of the set labels some node. An atom needs itself; a
/// conjunction needs one alternative of each side, a disjunction one of either; a path formula
/// needs what its goal needs (`EX b`, `EF b`, `E[a U b]`, `EG a`; `E[a W b]`: `a` or `b`);
/// anything under a negation needs nothing. `[[]]` means "no requirement".
fn requirements(f: &Formula) -> Vec<Vec<String>> {
    use Formula::*;
    let none = || vec![Vec::new()];
    let alternatives = match f {
        Atom(a) => vec![vec![a.clone()]],
        // `a <-> b` also holds where neither holds.
        True | Not(_) | Implies(_, _) | Iff(_, _) => none(),
        False => Vec::new(),
        And(a, b) => {
            let (left, right) = (requirements(a), requirements(b));
            if left.len() * right.len() > MAX_ALTERNATIVES {
                return none();
            }
            left.iter()
                .flat_map(|l| right.iter().map(move |r| l.iter().chain(r).cloned().collect()))
                .collect()
        }
        Or(a, b) | EW(a, b) | AW(a, b) => {
            let mut both = requirements(a);
            both.extend(requirements(b));
            both
        }
        EX(x) | AX(x) | EF(x) | AF(x) | EG(x) | AG(x) => requirements(x),
        EU(_, b) | AU(_, b) => requirements(b),
    };
    if alternatives.len() > MAX_ALTERNATIVES {
        none()
    } else {
        alternatives
    }
}

/// The atoms the paths of a violation must not meet on the way to it: those negated in the
/// left operand of an existential until (`elem_release_X` in `E[!(elem_release_X | def_X) U
/// free_X]`), outside any negation of the until itself. Templates are small: plain recursion.
fn avoided_atoms(f: &Formula, negated: bool, out: &mut Vec<String>) {
    use Formula::*;
    match f {
        Not(x) => avoided_atoms(x, !negated, out),
        And(a, b) | Or(a, b) => {
            avoided_atoms(a, negated, out);
            avoided_atoms(b, negated, out);
        }
        EX(x) | EF(x) | EG(x) | AX(x) | AF(x) | AG(x) => avoided_atoms(x, negated, out),
        EU(a, b) | EW(a, b) if !negated => {
            negated_atoms(a, false, out);
            avoided_atoms(b, negated, out);
        }
        _ => {}
    }
}

/// The atoms that occur under an odd number of negations in `f` (only through `!`, `&`, `|`).
fn negated_atoms(f: &Formula, negated: bool, out: &mut Vec<String>) {
    use Formula::*;
    match f {
        Atom(a) if negated => out.push(a.clone()),
        Not(x) => negated_atoms(x, !negated, out),
        And(a, b) | Or(a, b) => {
            negated_atoms(a, negated, out);
            negated_atoms(b, negated, out);
        }
        _ => {}
    }
}

impl Template {
    /// Validates the template fields of a CTL check.
    pub fn from_spec(spec: &CheckSpec) -> Result<Template, String> {
        if spec.engine != Engine::Ctl {
            return Err(format!("`{}` is not a CTL check", spec.id));
        }
        let range = spec.ranges_over.ok_or("a CTL check needs `ranges_over`")?;
        let text = spec.violation.as_deref().ok_or("a CTL check needs a `violation` formula")?;
        let formula = ctl::parse(text).map_err(|e| format!("bad `violation` formula: {e}"))?;
        let mut names = Vec::new();
        atoms_of(&formula, &mut names);
        let mut uses_var = false;
        for name in &names {
            if let TemplateAtom::OfVar(_) = resolve_atom(name)? {
                uses_var = true;
            }
        }
        if uses_var == (range == Range::Function) {
            return Err(if uses_var {
                "a check that ranges over functions cannot use `_X` atoms".to_string()
            } else {
                "the formula never mentions the variable (`KIND_X`)".to_string()
            });
        }
        let report_at = match &spec.report_at {
            Some(name) => {
                if !names.contains(name) {
                    return Err(format!("`report_at` atom `{name}` does not occur in the formula"));
                }
                Some(resolve_atom(name)?)
            }
            None => None,
        };
        let event = match &spec.event {
            Some(name) => {
                if !names.contains(name) {
                    return Err(format!("`event` atom `{name}` does not occur in the formula"));
                }
                Some(resolve_atom(name)?)
            }
            None => None,
        };
        let mut steps = Vec::new();
        for (name, message) in &spec.steps {
            steps.push((resolve_atom(name)?, message.clone()));
        }
        if spec.report_at_end && report_at.is_none() {
            return Err("`report_at_end` needs `report_at`".to_string());
        }
        // A name that is no template atom stays as written: it needs nothing of the instance.
        let required = requirements(&formula)
            .iter()
            .map(|names| names.iter().filter_map(|n| resolve_atom(n).ok()).collect())
            .collect();
        let mut avoided_names = Vec::new();
        avoided_atoms(&formula, false, &mut avoided_names);
        let mut avoided: Vec<TemplateAtom> = avoided_names.iter().filter_map(|n| resolve_atom(n).ok()).collect();
        avoided.dedup();
        let shape = Shape::new(&formula);
        let unless_at_entry = match &spec.unless_at_entry {
            Some(text) => {
                let f = ctl::parse(text).map_err(|e| format!("bad `unless_at_entry` formula: {e}"))?;
                let mut names = Vec::new();
                atoms_of(&f, &mut names);
                for name in &names {
                    resolve_atom(name)?;
                }
                Some(Shape::new(&f))
            }
            None => None,
        };
        Ok(Template {
            required,
            avoided,
            shape,
            unless_at_entry,
            formula,
            range,
            report_at,
            event,
            report_at_end: spec.report_at_end,
            forward_only: spec.forward_only,
            report_first: spec.report_first,
            closed_loops_only: spec.closed_loops_only,
            include_infeasible: spec.include_infeasible,
            skip_in_macros: spec.skip_in_macros,
            defensive_macro_tests: spec.defensive_macro_tests,
            loop_retests: spec.loop_retests,
            search_loop_exits: spec.search_loop_exits,
            evidence_in_function: spec.evidence_in_function,
            latent_if_inputs_choose: spec.latent_if_inputs_choose,
            every_state: spec.every_state,
            skip_if_nonnull: spec.skip_if_nonnull,
            steps,
            uses_var,
        })
    }

    /// The concrete atom name of a template atom for function `f` and variable `var`.
    pub fn concrete_atom(atom: TemplateAtom, f: FnIndex, var: Option<(PathId, &AccessPath)>) -> Option<String> {
        match atom {
            TemplateAtom::Plain(kind) => Some(plain_atom(kind, f)),
            TemplateAtom::OfVar(kind) => var.map(|(id, path)| path_atom(kind, f, id, path)),
        }
    }

    /// The formula for function `f` and variable `var` (`None` for function-wide checks).
    pub fn instantiate(&self, f: FnIndex, var: Option<(PathId, &AccessPath)>) -> Formula {
        self.formula.rename_atoms(&|name| {
            resolve_atom(name)
                .ok()
                .and_then(|atom| Template::concrete_atom(atom, f, var))
                .unwrap_or_else(|| name.to_string())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_resolve_or_explain() {
        assert_eq!(resolve_atom("free_X"), Ok(TemplateAtom::OfVar(PropKind::Free)));
        assert_eq!(resolve_atom("end"), Ok(TemplateAtom::Plain(PropKind::End)));
        assert!(resolve_atom("freed_X").unwrap_err().contains("freed"));
        assert!(resolve_atom("free").is_err());
        assert!(resolve_atom("end_X").is_err());
    }

    #[test]
    fn requirements_are_alternatives_of_what_must_label_some_node() {
        let req = |text: &str| {
            let mut alternatives = requirements(&ctl::parse(text).unwrap());
            alternatives.iter_mut().for_each(|set| set.sort());
            alternatives.sort();
            alternatives
        };
        let set = |atoms: &[&str]| atoms.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert_eq!(req("free_X & EX E[ !def_X U free_X ]"), vec![set(&["free_X", "free_X"])]);
        assert_eq!(
            req("free_non_heap_X | (non_heap_X & EX E[ !def_X U free_X ])"),
            vec![set(&["free_X", "non_heap_X"]), set(&["free_non_heap_X"])]
        );
        // Under a negation nothing is needed; `E[a W b]` may hold by `a` alone.
        assert_eq!(req("!use_X"), vec![set(&[])]);
        assert_eq!(req("E[ def_X W use_X ]"), vec![set(&["def_X"]), set(&["use_X"])]);
        assert_eq!(req("false"), Vec::<Vec<String>>::new());
    }
}
