//! The program as the refutation stage sees it ([`goanna_feasible::CalleeGraphs`]): the graphs
//! of its functions, the effects their call nodes get from their callees' summaries, and the
//! globals each call may write.

use super::link::Program;
use super::rks::CallEffects;
use goanna_cfg::{Cfg, NodeId, PathId, PropKind};

/// The program's graphs with the effects its call nodes get from their callees' summaries.
pub struct SummarisedProgram<'a> {
    program: &'a Program<'a>,
    effects: &'a CallEffects,
    /// Per function and pointer parameter, the members it may write through it (empty when
    /// unknown).
    writes_members: &'a [Vec<Option<Vec<String>>>],
    /// The calls of each function (built when first asked).
    callers: std::sync::OnceLock<Vec<Vec<(super::link::FnIndex, NodeId)>>>,
}

/// True when the calls of `node` (a statement, not a call of the program) are all of routines
/// the built-in library models describe (and there is one).
fn only_modelled_library_calls(node: &goanna_cfg::Node) -> bool {
    let models = goanna_cfg::LibraryModels::shared_builtin();
    let mut calls = node.props.iter().filter(|p| p.kind == PropKind::Call).peekable();
    calls.peek().is_some() && calls.all(|p| matches!(&p.subject, goanna_cfg::Subject::Function(name) if models.get(name).is_some()))
}

impl<'a> SummarisedProgram<'a> {
    /// The view of `program` whose call nodes have `effects`.
    pub fn new(program: &'a Program<'a>, effects: &'a CallEffects) -> Self {
        SummarisedProgram { program, effects, writes_members: &[], callers: std::sync::OnceLock::new() }
    }

    /// True when `global`, as function `function`'s unit declares it, is a variable of the C
    /// library (`stdin`, `optarg`: declared in a system header).
    fn of_the_library(&self, function: u32, global: &goanna_cfg::AccessPath) -> bool {
        global.root.kind == goanna_ast::VarKind::Global && self.program.declared_in_system_header(function, &global.root)
    }

    /// The same view, with what each function may write through its pointer parameters
    /// (`Summary::writes_members`, per function).
    pub fn with_writes_members(self, writes_members: &'a [Vec<Option<Vec<String>>>]) -> Self {
        SummarisedProgram { writes_members, ..self }
    }
}

impl goanna_feasible::CalleeGraphs for SummarisedProgram<'_> {
    fn callee(&self, function: u32, node: NodeId) -> Option<(u32, &Cfg)> {
        let g = self.program.callee_at(function, node)?;
        Some((g, self.program.cfg(g)))
    }

    fn effects(&self, function: u32, node: NodeId) -> &[(PropKind, PathId)] {
        self.effects.get(&(function, node)).map_or(&[][..], |v| &v[..])
    }

    fn call_may_write_member(&self, function: u32, node: NodeId, arg: usize, member: Option<&str>) -> bool {
        let Some(callees) = self.program.every_callee_at(function, node) else { return true };
        callees.iter().any(|&g| match (self.writes_members.get(g as usize).and_then(|w| w.get(arg)), member) {
            (Some(Some(members)), Some(m)) => members.iter().any(|w| super::summary::chains_overlap(w, m)),
            (Some(Some(members)), None) => !members.is_empty(),
            _ => true,
        })
    }

    fn global_unreachable_by_stores(&self, function: u32, global: &goanna_cfg::AccessPath, internal_linkage: bool) -> bool {
        (internal_linkage || self.of_the_library(function, global)) && !self.program.global_writes().address_escapes(global)
    }

    fn call_is_summarised(&self, function: u32, node: NodeId) -> bool {
        self.program.every_callee_at(function, node).is_some()
    }

    fn calling_contexts(&self, function: u32) -> Option<Vec<Vec<(usize, i64)>>> {
        let program = self.program;
        if !program.cfg(function).is_static || program.address_taken.get(function as usize).is_none_or(|&taken| taken) {
            return None;
        }
        let callers = self.callers.get_or_init(|| super::targets::callers(program));
        let calls = callers.get(function as usize)?;
        if calls.is_empty() {
            return None;
        }
        calls
            .iter()
            .map(|&(caller, node)| match &program.cfg(caller).node(node).kind {
                goanna_cfg::NodeKind::Call(site) if !site.int_args.is_empty() => Some(site.int_args.clone()),
                _ => None,
            })
            .collect()
    }

    fn call_may_write_global(&self, function: u32, node: NodeId, global: &goanna_cfg::AccessPath, internal_linkage: bool) -> bool {
        let program = self.program;
        let library = !matches!(program.cfg(function).node(node).kind, goanna_cfg::NodeKind::Call(_));
        let writes = program.global_writes();
        let of_the_library = self.of_the_library(function, global);
        let indirect = matches!(&program.cfg(function).node(node).kind, goanna_cfg::NodeKind::Call(site) if site.callee_usr.is_none());
        // Whether the call itself (`at_call`) or a function it is handed may write the global.
        let may_write = |callee: Option<u32>, at_call: bool| {
            if of_the_library {
                writes.may_write_library_global(Some(function), callee, at_call && indirect, global)
            } else {
                writes.may_write(Some(function), callee, at_call && library, global, internal_linkage)
            }
        };
        // Routines of the C library the built-in models describe write none of the program's
        // own variables (`free(fl->files)` keeps `cur_flist`), only through the functions
        // they are handed.
        if library && !of_the_library && only_modelled_library_calls(program.cfg(function).node(node)) {
            return writes.written_any_time(Some(function), global) || program.callbacks_at(function, node).into_iter().any(|g| may_write(g, false));
        }
        // A call through a pointer: what its targets may write.
        if let (true, false, Some(targets)) = (indirect, of_the_library, program.every_callee_at(function, node)) {
            return targets.iter().any(|&g| may_write(Some(g), true));
        }
        // What the functions handed to a library routine may write, the call may write.
        may_write(program.callee_at(function, node), true)
            || (library && program.callbacks_at(function, node).into_iter().any(|g| may_write(g, false)))
    }
}
