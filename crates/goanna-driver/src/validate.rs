//! Validation of an artefact read from outside the process (a results directory, a worker's
//! answer): every index in range and every reference resolved, so that the program stage, which
//! indexes graphs directly, never meets a dangling one (design note 12: the program stage reads
//! only validated artefacts).
//!
//! What is checked, per graph: at least one node; the entry and the exit in range, the exit of
//! kind `Exit`; every edge's target; every call a status refers to is a call node; every access
//! path a proposition, call site, parameter, initialiser, value effect or another path names; the
//! source a `copy` proposition names; every span's file among the artefact's files.

use crate::artefact::UnitArtefact;
use goanna_ast::Span;
use goanna_cfg::{Cfg, NodeKind, PathId, PropKind, StatusUse, Subject, ValExpr, ValueOp};

/// Why an artefact is not well formed: the function and what is wrong.
type Invalid = String;

/// Checks every index and reference of `artefact`; the error names the function and the fault.
pub(crate) fn validate(artefact: &UnitArtefact) -> Result<(), Invalid> {
    if artefact.unit.as_os_str().is_empty() {
        return Err("the unit has no file name".into());
    }
    for cfg in &artefact.cfgs {
        validate_cfg(cfg, artefact.files.len()).map_err(|fault| format!("function `{}`: {fault}", cfg.name))?;
    }
    Ok(())
}

/// The checks of one graph, given how many files the artefact lists.
struct GraphCheck<'a> {
    cfg: &'a Cfg,
    files: usize,
}

impl GraphCheck<'_> {
    fn span(&self, span: &Span, what: &str) -> Result<(), Invalid> {
        if (span.file.0 as usize) < self.files {
            Ok(())
        } else {
            Err(format!("{what} names file {} of {}", span.file.0, self.files))
        }
    }

    fn path(&self, id: PathId, what: &str) -> Result<(), Invalid> {
        if (id.0 as usize) < self.cfg.paths.len() {
            Ok(())
        } else {
            Err(format!("{what} names access path {} of {}", id.0, self.cfg.paths.len()))
        }
    }

    fn node(&self, index: usize, what: &str) -> Result<&goanna_cfg::Node, Invalid> {
        self.cfg.nodes.get(index).ok_or_else(|| format!("{what} names node {index} of {}", self.cfg.nodes.len()))
    }

    /// Every path an expression names, with an explicit stack (expressions come from the input
    /// and may be deep).
    fn expr(&self, expr: &ValExpr, what: &str) -> Result<(), Invalid> {
        let mut stack = vec![expr];
        while let Some(expr) = stack.pop() {
            match expr {
                ValExpr::Path(id) | ValExpr::Address(id) => self.path(*id, what)?,
                ValExpr::Element(id, index) => {
                    self.path(*id, what)?;
                    stack.push(index);
                }
                ValExpr::Unary(_, _, operand) | ValExpr::Cast(_, operand) => stack.push(operand),
                ValExpr::Binary { lhs, rhs, .. } => {
                    stack.push(lhs);
                    stack.push(rhs);
                }
                ValExpr::PureCall { args, .. } => {
                    for arg in args {
                        match arg {
                            goanna_cfg::PureArg::Value(x) => stack.push(x),
                            goanna_cfg::PureArg::Pointed(id) => self.path(*id, what)?,
                            goanna_cfg::PureArg::Literal(_) => {}
                        }
                    }
                }
                ValExpr::Const(_) | ValExpr::MacroConst(_) | ValExpr::Call(_) | ValExpr::StringLit(_) | ValExpr::Unknown => {}
            }
        }
        Ok(())
    }

    fn value_op(&self, op: &ValueOp, what: &str) -> Result<(), Invalid> {
        match op {
            ValueOp::Assign { target, value } => {
                self.path(*target, what)?;
                self.expr(value, what)
            }
            ValueOp::ArrayInit { target, .. } => self.path(*target, what),
            ValueOp::MemberStore { .. } => Ok(()),
            ValueOp::PointTo { target, region } => {
                self.path(*target, what)?;
                match region {
                    goanna_cfg::Region::Object { offset, .. } => self.expr(offset, what),
                    goanna_cfg::Region::Block(bytes) => self.expr(bytes, what),
                    goanna_cfg::Region::Moved { base, bytes } => {
                        self.path(*base, what)?;
                        self.expr(bytes, what)
                    }
                }
            }
            ValueOp::PassMemory { base, .. } => match base {
                goanna_cfg::AccessBase::Pointer(p) => self.path(*p, what),
                goanna_cfg::AccessBase::Object(_) => Ok(()),
            },
            ValueOp::Access { base, start, count, .. } => {
                if let goanna_cfg::AccessBase::Pointer(p) = base {
                    self.path(*p, what)?;
                }
                self.expr(start, what)?;
                self.expr(count, what)
            }
            ValueOp::StoreFunction { target, value } => {
                self.path(*target, what)?;
                match value {
                    goanna_cfg::StoredPointer::Copy(source) => self.path(*source, what),
                    goanna_cfg::StoredPointer::Function(_) | goanna_cfg::StoredPointer::Null => Ok(()),
                }
            }
            ValueOp::Cond(value) | ValueOp::Return(value) | ValueOp::PassValue { value, .. } => self.expr(value, what),
            ValueOp::Divisor { value, span } => {
                self.span(span, what)?;
                self.expr(value, what)
            }
            ValueOp::LibraryCall { success, outs, .. } => {
                for &out in outs {
                    self.path(out, what)?;
                }
                self.expr(success, what)
            }
        }
    }

    fn status(&self, status: &StatusUse, what: &str) -> Result<(), Invalid> {
        match status {
            StatusUse::Test { call, .. } | StatusUse::ReturnsCall { call } => {
                if matches!(self.node(call.index(), what)?.kind, NodeKind::Call(_)) {
                    Ok(())
                } else {
                    Err(format!("{what} names node {} as a call, which it is not", call.index()))
                }
            }
            StatusUse::ReturnsLibrary { outs, .. } => outs.iter().try_for_each(|id| self.path(*id, what)),
        }
    }

    fn run(&self) -> Result<(), Invalid> {
        let cfg = self.cfg;
        if cfg.nodes.is_empty() {
            return Err("the graph has no nodes".into());
        }
        self.node(cfg.entry.index(), "the entry")?;
        if !matches!(self.node(cfg.exit.index(), "the exit")?.kind, NodeKind::Exit) {
            return Err(format!("the exit, node {}, is not an exit node", cfg.exit.index()));
        }
        self.span(&cfg.span, "the definition")?;
        for (i, path) in cfg.paths.iter().enumerate() {
            let what = format!("access path {i}");
            self.span(&path.root.decl_span, &what)?;
            path.depends_on.iter().try_for_each(|id| self.path(*id, &what))?;
            for step in &path.steps {
                if let goanna_cfg::PathStep::Index(goanna_cfg::ElementIndex::Var { path: index, .. }) = step {
                    self.path(*index, &what)?;
                }
            }
        }
        cfg.params.iter().flatten().try_for_each(|id| self.path(*id, "a parameter"))?;
        cfg.global_inits.iter().try_for_each(|(id, _)| self.path(*id, "a global's initialiser"))?;
        cfg.function_inits.iter().try_for_each(|(id, _)| self.path(*id, "a global's function initialiser"))?;
        for (i, node) in cfg.nodes.iter().enumerate() {
            let what = format!("node {i}");
            if let Some(span) = &node.span {
                self.span(span, &what)?;
            }
            for edge in &node.succs {
                self.node(edge.target.index(), &format!("an edge of node {i}"))?;
            }
            for prop in &node.props {
                self.span(&prop.span, &what)?;
                if let Subject::Path(id) = prop.subject {
                    self.path(id, &what)?;
                }
                if let (PropKind::Copy, Some(source)) = (prop.kind, prop.value) {
                    let source = u32::try_from(source).map_err(|_| format!("{what}: a copy names source {source}"))?;
                    self.path(PathId(source), &what)?;
                }
            }
            if let NodeKind::Call(site) = &node.kind {
                site.args.iter().chain(&site.address_args).chain([&site.result, &site.callee_path]).flatten().try_for_each(|id| self.path(*id, &what))?;
            }
            node.values.iter().try_for_each(|op| self.value_op(op, &what))?;
            if let Some(status) = &node.status {
                self.status(status, &what)?;
            }
        }
        Ok(())
    }
}

fn validate_cfg(cfg: &Cfg, files: usize) -> Result<(), Invalid> {
    GraphCheck { cfg, files }.run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnalysisOptions, UnitSpec};

    /// A real artefact: the unit stage on a small C file.
    fn real_artefact() -> UnitArtefact {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.c");
        std::fs::write(&file, "int g(int *p);\nint f(int *p, int n) {\n    int k = n / 2;\n    if (g(p) < 0)\n        return k;\n    return *p;\n}\n").unwrap();
        let artefact = crate::build_artefact(&UnitSpec::new(file), &AnalysisOptions::default());
        assert!(artefact.analysed, "{:?}", artefact.problems);
        artefact
    }

    #[test]
    fn a_real_artefact_is_valid_and_every_broken_index_is_named() {
        let good = real_artefact();
        validate(&good).unwrap();

        let mut a = good.clone();
        a.cfgs[0].nodes.clear();
        assert!(validate(&a).unwrap_err().contains("no nodes"));

        let mut a = good.clone();
        a.cfgs[0].entry = goanna_cfg::NodeId(10_000);
        assert!(validate(&a).unwrap_err().contains("the entry names node 10000"));

        let mut a = good.clone();
        a.cfgs[0].exit = a.cfgs[0].entry;
        assert!(validate(&a).unwrap_err().contains("is not an exit node"));

        let mut a = good.clone();
        a.cfgs[0].nodes[0].succs.push(goanna_cfg::Edge { target: goanna_cfg::NodeId(u32::MAX), kind: goanna_cfg::EdgeKind::Normal });
        assert!(validate(&a).unwrap_err().contains("an edge of node 0"));

        let mut a = good.clone();
        a.files.clear();
        assert!(validate(&a).unwrap_err().contains("names file 0 of 0"));

        let mut a = good.clone();
        a.cfgs[0].paths.clear();
        let err = validate(&a).unwrap_err();
        assert!(err.contains("function `f`") && err.contains("access path"), "{err}");

        let mut a = good.clone();
        let entry = a.cfgs[0].entry;
        let status = a.cfgs[0].nodes.iter_mut().find_map(|n| n.status.as_mut()).expect("a status use");
        if let StatusUse::Test { call, .. } | StatusUse::ReturnsCall { call } = status {
            *call = entry;
        }
        assert!(validate(&a).unwrap_err().contains("as a call"));
    }

    #[test]
    fn deep_expressions_are_walked_without_recursion() {
        let mut expr = ValExpr::Path(PathId(7));
        for _ in 0..200_000 {
            expr = ValExpr::Cast(goanna_cfg::IntType { bits: 32, signed: true }, Box::new(expr));
        }
        let cfg = &real_artefact().cfgs[0];
        let check = GraphCheck { cfg, files: 1 };
        assert!(check.expr(&expr, "x").unwrap_err().contains("access path 7"));
        // Unwind the chain by hand, so that dropping it does not recurse either.
        let mut rest = expr;
        while let ValExpr::Cast(_, inner) = rest {
            rest = *inner;
        }
    }
}
