//! Statements: sequencing, branches, loops, `switch`, jumps and labels.

use super::expr::Target;
use super::{Builder, JumpCtx, SwitchCtx};
use crate::consts::{const_value, is_zero_literal, strip_casts};
use crate::graph::{EdgeKind, NodeKind};
use crate::props::{PathId, Prop, PropKind, Subject};
use goanna_ast::{Callee, Expr, ExprKind, LocalDecl, Span, Stmt, StmtKind, VarKind};

impl Builder<'_, '_> {
    /// Lowers one statement at the pending edges.
    pub(super) fn stmt(&mut self, s: &Stmt) {
        super::with_stack(|| self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &Stmt) {
        let block = self.block_child.take();
        let facts = super::mistakes::statement_facts(self.tu, self.ctx.models, s, block, &self.fn_return_type);
        self.syntax_facts.extend(facts);
        match &s.kind {
            StmtKind::Compound(stmts) => {
                for (i, st) in stmts.iter().enumerate() {
                    self.block_child = Some(stmts.get(i + 1).map(super::mistakes::Next::of));
                    self.stmt(st);
                }
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.local_decl(d);
                }
            }
            // `(void) x;` says the variable is deliberately unused (a parameter or a result
            // kept only under some configurations): it mentions the variable, reads nothing.
            StmtKind::Expr(e) if discards_variable(e) => {
                self.push_acc(e.span);
                self.mention(e);
                self.finish_acc(true);
            }
            // `__builtin_assume(c)`: the program promises `c`, as `if (!(c))
            // __builtin_unreachable();` says.
            StmtKind::Expr(e) if assumed_condition(e).is_some() => {
                if let Some(c) = assumed_condition(e) {
                    self.if_chain(&assumption_as_branch(c, s));
                }
            }
            StmtKind::Expr(e) => {
                self.push_acc(e.span);
                if self.discards_checked_result(e) {
                    self.prop(PropKind::ResultIgnored, Subject::None, e.span);
                    self.note_ignored_scan(e);
                }
                self.eval(e);
                self.finish_acc(true);
            }
            StmtKind::If { .. } => self.if_chain(s),
            StmtKind::While { cond, body } => {
                let head = self.next_id();
                let (t, f) = self.loop_cond(cond);
                self.pending = t;
                self.jumps.push(JumpCtx { is_loop: true, breaks: Vec::new(), continues: Vec::new() });
                self.stmt(body);
                let ctx = self.pop_jump();
                self.pending.extend(ctx.continues);
                self.connect_pending(head, true);
                self.pending = f;
                self.pending.extend(ctx.breaks);
            }
            StmtKind::DoWhile { body, cond } => {
                let head = self.add_node(NodeKind::Nop, Some(s.span), Vec::new());
                self.jumps.push(JumpCtx { is_loop: true, breaks: Vec::new(), continues: Vec::new() });
                self.stmt(body);
                let ctx = self.pop_jump();
                self.pending.extend(ctx.continues);
                let (t, f) = self.loop_cond(cond);
                self.connect(t, head, true);
                self.pending = f;
                self.pending.extend(ctx.breaks);
            }
            StmtKind::For { init, cond, inc, body } => {
                if let Some(init) = init {
                    self.stmt(init);
                }
                let (head, f) = match cond {
                    Some(c) => {
                        let head = self.next_id();
                        let (t, f) = self.loop_cond(c);
                        self.pending = t;
                        (head, f)
                    }
                    None => (self.add_node(NodeKind::Nop, Some(s.span), Vec::new()), Vec::new()),
                };
                self.jumps.push(JumpCtx { is_loop: true, breaks: Vec::new(), continues: Vec::new() });
                self.stmt(body);
                let ctx = self.pop_jump();
                self.pending.extend(ctx.continues);
                if let Some(inc) = inc {
                    self.push_acc(inc.span);
                    self.eval(inc);
                    self.finish_acc(true);
                }
                self.connect_pending(head, true);
                self.pending = f;
                self.pending.extend(ctx.breaks);
            }
            StmtKind::Switch { cond, enum_values, body } => self.switch(cond, enum_values.as_deref(), body),
            StmtKind::Case { lo, hi, body } => {
                let name = match (lo, hi) {
                    (Some(lo), Some(hi)) => format!("case {lo} ... {hi}"),
                    (Some(lo), None) => format!("case {lo}"),
                    _ => "case ?".to_string(),
                };
                let id = self.add_node(NodeKind::Label(name), Some(s.span), Vec::new());
                if let Some(sw) = self.switches.last_mut() {
                    let cond = sw.cond;
                    if let Some(lo) = *lo {
                        sw.cases.push((lo, hi.unwrap_or(lo)));
                    }
                    self.add_edge(cond, id, EdgeKind::Case(lo.unwrap_or(i64::MIN)));
                    if lo.is_none() || hi.is_some() {
                        if let Some(flag) = self.switch_unknown_case.last_mut() {
                            *flag = true;
                        }
                    }
                }
                self.stmt(body);
            }
            StmtKind::Default(body) => {
                let id = self.add_node(NodeKind::Label("default".to_string()), Some(s.span), Vec::new());
                if let Some(sw) = self.switches.last_mut() {
                    sw.has_default = true;
                    let cond = sw.cond;
                    self.add_edge(cond, id, EdgeKind::Default);
                }
                self.stmt(body);
            }
            StmtKind::Break => {
                let id = self.jump_node(s.span);
                match self.jumps.last_mut() {
                    Some(ctx) => ctx.breaks.push((id, EdgeKind::Normal)),
                    None => self.add_edge(id, self.exit, EdgeKind::Normal),
                }
            }
            StmtKind::Continue => {
                let id = self.jump_node(s.span);
                match self.jumps.iter_mut().rev().find(|c| c.is_loop) {
                    Some(ctx) => ctx.continues.push((id, EdgeKind::Normal)),
                    None => self.add_edge(id, self.exit, EdgeKind::Normal),
                }
            }
            StmtKind::Goto(name) => {
                let id = self.jump_node(s.span);
                self.gotos.push((id, name.clone()));
            }
            StmtKind::IndirectGoto(e) => {
                let (id, _) = self.node_of(NodeKind::Statement, s.span, |b| b.eval(e));
                self.pending.clear();
                self.indirect_gotos.push(id);
            }
            StmtKind::Label { name, body } => {
                let id = self.add_node(NodeKind::Label(name.clone()), Some(s.span), Vec::new());
                self.labels.entry(name.clone()).or_insert(id);
                self.stmt(body);
            }
            StmtKind::Return(value) => self.return_stmt(s, value.as_ref()),
            StmtKind::Null => {
                self.add_node(NodeKind::Nop, Some(s.span), Vec::new());
            }
            StmtKind::Asm { outputs, inputs } => {
                self.push_acc(s.span);
                // Inputs are read before the statement writes its outputs.
                for op in inputs {
                    self.eval(op);
                }
                let mut written = Vec::new();
                for op in outputs {
                    // An output is written: a variable or member is defined with a value the
                    // analysis does not know; an element or a pointee (`"=a"(info[0])`) is
                    // stored through its pointer, as by an assignment.
                    let p = self.write(op, false);
                    self.forget_value(p);
                    written.extend(p);
                }
                self.finish_acc(true);
                // A variable given as an output names the register the instruction writes
                // (`"=d"(hi)` of `xgetbv`, scratch `"=&r"(t)` operands): the value left there
                // may be left unread on purpose, as after `(void) x;`. Mentioned after the
                // statement, so that a value the statement overwrites is still unused.
                let variables: Vec<PathId> = written.into_iter().filter(|&p| self.paths.get(p).is_some_and(|a| a.is_variable())).collect();
                if !variables.is_empty() {
                    self.push_acc(s.span);
                    for p in variables {
                        self.prop(PropKind::Mention, Subject::Path(p), s.span);
                    }
                    self.finish_acc(false);
                }
            }
            StmtKind::Unknown(exprs) => {
                self.push_acc(s.span);
                for e in exprs {
                    self.eval(e);
                }
                self.finish_acc(true);
            }
        }
    }

    /// Id of the next node to be created (a loop head whose first node is not yet built).
    fn next_id(&self) -> crate::graph::NodeId {
        crate::graph::NodeId(self.nodes.len() as u32)
    }

    fn pop_jump(&mut self) -> JumpCtx {
        self.jumps.pop().unwrap_or(JumpCtx { is_loop: false, breaks: Vec::new(), continues: Vec::new() })
    }

    /// `if`/`else if`/.../`else`, iteratively along the `else if` chain.
    fn if_chain(&mut self, first: &Stmt) {
        let mut ends = Vec::new();
        let mut s = first;
        loop {
            let StmtKind::If { cond, then, els } = &s.kind else {
                self.stmt(s);
                break;
            };
            let (t, f) = self.cond(cond);
            self.pending = t;
            self.stmt(then);
            ends.append(&mut self.pending);
            self.pending = f;
            match els {
                Some(e) if matches!(e.kind, StmtKind::If { .. }) => {
                    // Lowered here, not through `stmt`: its condition's facts go to its node.
                    let facts = super::mistakes::statement_facts(self.tu, self.ctx.models, e, None, &self.fn_return_type);
                    self.syntax_facts.extend(facts);
                    s = e;
                }
                Some(e) => {
                    self.stmt(e);
                    break;
                }
                None => break,
            }
        }
        self.pending.append(&mut ends);
    }

    fn switch(&mut self, cond: &Expr, enum_values: Option<&[i64]>, body: &Stmt) {
        let (id, noreturn) = self.node_of(NodeKind::Condition, cond.span, |b| {
            b.eval(cond);
            // The operand's value: the `Case` and `Default` edges say what it was.
            b.record_cond(cond);
        });
        self.pending.clear();
        if noreturn {
            self.goto_sink(id);
        }
        self.switches.push(SwitchCtx { cond: id, has_default: false, cases: Vec::new() });
        self.switch_unknown_case.push(false);
        self.jumps.push(JumpCtx { is_loop: false, breaks: Vec::new(), continues: Vec::new() });
        self.stmt(body);
        let ctx = self.pop_jump();
        let sw = self.switches.pop();
        let unknown_case = self.switch_unknown_case.pop().unwrap_or(true);
        self.pending.extend(ctx.breaks);
        let has_default = sw.as_ref().is_some_and(|sw| sw.has_default);
        // A switch on an enumeration that lists every enumerator is complete as written.
        let lists_every_enumerator = enum_values.is_some_and(|values| {
            let cases = sw.as_ref().map_or(&[][..], |sw| &sw.cases[..]);
            values.iter().all(|v| cases.iter().any(|&(lo, hi)| lo <= *v && *v <= hi))
        });
        if !has_default && !noreturn {
            self.pending.push((id, EdgeKind::Default));
            if let Some(node) = self.nodes.get_mut(id.index()) {
                node.complete_switch = lists_every_enumerator;
                if !cond.span.from_macro && !lists_every_enumerator {
                    node.props.push(Prop { kind: PropKind::SwitchNoDefault, subject: Subject::None, span: cond.span, value: None });
                }
            }
        }
        if !unknown_case {
            let value = const_value(self.tu, cond);
            if let Some(node) = self.nodes.get_mut(id.index()) {
                node.const_cond = value;
            }
        }
    }

    /// True when the expression statement `e` is a call of a library function whose result
    /// must be checked (`must_check_result`), written outside a macro expansion. A cast to
    /// `void` is an explicit discard: then `e` is a cast, not a call.
    fn discards_checked_result(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Call { callee: Callee::Direct { name, .. }, .. } => {
                !e.span.from_macro && self.ctx.model(name).is_some_and(|m| m.must_check_result)
            }
            _ => false,
        }
    }

    /// Records a `scanf`-family call whose result is ignored when each of its output
    /// arguments is the address of a local object (`&x`, `&s.f`), for
    /// [`super::preset_outputs`].
    fn note_ignored_scan(&mut self, e: &Expr) {
        let ExprKind::Call { callee: Callee::Direct { name, .. }, args } = &e.kind else { return };
        let Some(first) = self.ctx.model(name).and_then(|m| m.scan_outputs_from) else { return };
        let mut outputs = Vec::new();
        for arg in args.iter().skip(first) {
            let ExprKind::Unary { op: goanna_ast::UnaryOp::AddrOf, operand } = &strip_casts(arg).kind else { return };
            match self.path_of(operand) {
                Some(p) if self.is_local_storage(p) => outputs.push(p),
                _ => return,
            }
        }
        if !outputs.is_empty() {
            self.ignored_scans.push(super::preset_outputs::IgnoredScan { span: e.span, outputs });
        }
    }

    fn local_decl(&mut self, d: &LocalDecl) {
        self.push_acc(d.span);
        // A variable-length array's sizes are read as it is declared.
        for size in &d.sizes {
            self.eval(size);
        }
        let auto = self.tu.vars.get(d.var.0 as usize).is_some_and(|v| matches!(v.kind, VarKind::Local | VarKind::Param));
        let path = self.root_path(d.var);
        match (&d.init, path) {
            (None, Some(p)) => {
                if auto {
                    self.prop(PropKind::Decl, Subject::Path(p), d.span);
                    self.forget_value(Some(p));
                }
            }
            (None, None) => {}
            (Some(init), path) => {
                if !auto {
                    // Static locals are initialised once, before the program runs.
                    self.finish_acc(true);
                    return;
                }
                if let (ExprKind::Conditional { cond, then: Some(then), els }, Some(p)) = (&strip_casts(init).kind, path) {
                    // `T x = c ? a : b;`: each branch initialises `x` with its own value.
                    self.finish_acc(false);
                    let span = d.span;
                    self.conditional_store(cond, then, els, &|b: &mut Self, value: &Expr| b.initialise(p, span, value));
                    return;
                }
                if let (true, Some(p)) = (Self::is_logical(init), path.filter(|&p| self.paths.class(p) == goanna_ast::TypeClass::Integer)) {
                    // `int skip = !d || f(d);`: each branch initialises `skip` with its truth value.
                    self.finish_acc(false);
                    let span = d.span;
                    self.store_truth(init, &|b: &mut Self, value: &Expr| b.initialise(p, span, value));
                    return;
                }
                match path {
                    // A fixed pointer that is only dereferenced is another name of its
                    // variable: its initialiser hands the address nowhere.
                    Some(p) if self.is_contained_fixed(d.var) => {
                        self.prop(PropKind::DeclInit, Subject::Path(p), d.span);
                        self.prop(PropKind::Def, Subject::Path(p), d.span);
                    }
                    Some(p) => self.initialise(p, d.span, init),
                    None => {
                        self.eval(init);
                        self.assign_effects(None, init, d.span);
                        self.record_store(None, init);
                        self.track_status(None, init);
                    }
                }
            }
        }
        self.finish_acc(true);
    }

    /// The initialisation of the automatic variable `p` (declared at `span`) with `init`, in
    /// the current accumulator: a call of a function without a model becomes a call node.
    fn initialise(&mut self, p: PathId, span: Span, init: &Expr) {
        if let ExprKind::Call { callee, args } = &strip_casts(init).kind {
            if !self.is_modelled(callee) {
                self.call(strip_casts(init), callee, args, Some(Target::Decl(p, true, span)));
                return;
            }
        }
        self.eval(init);
        self.prop(PropKind::DeclInit, Subject::Path(p), span);
        self.prop(PropKind::Def, Subject::Path(p), span);
        self.assign_effects(Some(p), init, span);
        self.record_store(Some(p), init);
        self.track_status(Some(p), init);
    }

    /// The propositions and value effects of `return value;`.
    fn returned_value(&mut self, s: &Stmt, value: Option<&Expr>) {
        if let Some(e) = value {
            self.eval(e);
            self.record_return(e);
            // What the caller receives: the pointer itself, a pointer into its block, or its bits
            // in a tagged integer.
            for p in self.value_pointers(e) {
                self.prop(PropKind::Escape, Subject::Path(p), e.span);
            }
            if e.ty.is_pointer() {
                if let Some(x) = self.container_of(e) {
                    self.prop(PropKind::ElemRelease, Subject::Path(x), e.span);
                }
            }
            if e.ty.is_pointer() && is_zero_literal(e) {
                self.prop(PropKind::ReturnNull, Subject::None, e.span);
            }
            if e.ty.class == goanna_ast::TypeClass::Integer {
                self.return_status = self.status_source(e).map(|source| match source {
                    super::Status::Library(outs, fails) => crate::graph::StatusUse::ReturnsLibrary { outs, fails },
                    super::Status::Call(call) => crate::graph::StatusUse::ReturnsCall { call },
                });
            }
            if let Some(x) = self.non_heap_address(e) {
                if matches!(self.paths.root_kind(x), Some(VarKind::Local | VarKind::Param)) {
                    self.prop(PropKind::ReturnLocalAddr, Subject::Path(x), e.span);
                } else {
                    self.prop(PropKind::ReturnStaticAddr, Subject::None, e.span);
                }
            } else if matches!(strip_casts(e).kind, ExprKind::StringLit(_)) {
                self.prop(PropKind::ReturnStaticAddr, Subject::None, e.span);
            }
        }
        self.prop(PropKind::Return, Subject::None, s.span);
    }

    fn return_stmt(&mut self, s: &Stmt, value: Option<&Expr>) {
        // `return c ? a : b;` runs one arm: it is `if (c) return a; else return b;`.
        if let Some(split) = value.and_then(|e| conditional_return(e, s)) {
            self.stmt(&split);
            return;
        }
        self.return_status = None;
        // `return f(...);` of a pointer: `T *v = f(...); return v;`.
        let returned_call = value.and_then(|e| self.returned_call_path(e).map(|p| (p, e)));
        let (id, noreturn) = match returned_call {
            Some((p, e)) => {
                self.push_acc(e.span);
                self.initialise(p, e.span, e);
                self.finish_acc(true);
                self.node_of(NodeKind::Return, s.span, |b| {
                    b.prop(PropKind::Use, Subject::Path(p), e.span);
                    b.prop(PropKind::Escape, Subject::Path(p), e.span);
                    b.prop(PropKind::Return, Subject::None, s.span);
                })
            }
            None => self.node_of(NodeKind::Return, s.span, |b| b.returned_value(s, value)),
        };
        if let Some(status) = self.return_status.take() {
            if let Some(node) = self.nodes.get_mut(id.index()) {
                node.status = Some(status);
            }
        }
        if noreturn {
            self.goto_sink(id);
        } else {
            self.add_edge(id, self.exit, EdgeKind::Normal);
            self.pending.clear();
        }
    }
}

/// True for `(void) x;`: a cast to `void` of a plain variable, not `volatile` (reading a
/// `volatile` one is an access the program may mean).
fn discards_variable(e: &goanna_ast::Expr) -> bool {
    match &e.kind {
        goanna_ast::ExprKind::Cast(inner) if e.ty.class == goanna_ast::TypeClass::Void => {
            let inner = crate::consts::strip_casts(inner);
            matches!(inner.kind, goanna_ast::ExprKind::Var(_)) && !inner.ty.is_volatile
        }
        _ => false,
    }
}

/// The condition `e` assumes, when it is a call of a compiler's assumption builtin
/// (`__builtin_assume(c)` of clang, `__assume(c)` of MSVC).
fn assumed_condition(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Call { callee: Callee::Direct { name, .. }, args } if matches!(name.as_str(), "__builtin_assume" | "__assume") && args.len() == 1 => args.first(),
        ExprKind::Cast(inner) => assumed_condition(inner),
        _ => None,
    }
}

/// `if (c) return a; else return b;` for the statement `s`, `return c ? a : b;` (GNU `c ?: b`
/// is left alone: its first arm is the condition's value).
fn conditional_return(e: &Expr, s: &Stmt) -> Option<Stmt> {
    let ExprKind::Conditional { cond, then: Some(then), els } = &strip_casts(e).kind else { return None };
    let stmt = |kind| Stmt { kind, span: s.span.clone(), indent: 0 };
    Some(stmt(StmtKind::If {
        cond: (**cond).clone(),
        then: Box::new(stmt(StmtKind::Return(Some((**then).clone())))),
        els: Some(Box::new(stmt(StmtKind::Return(Some((**els).clone()))))),
    }))
}

/// `if (c) {} else __builtin_unreachable();` at the place of the statement `s` that assumes `c`.
fn assumption_as_branch(c: &Expr, s: &Stmt) -> Stmt {
    let unreachable = Expr {
        kind: ExprKind::Call {
            callee: Callee::Direct { name: "__builtin_unreachable".to_string(), usr: "c:@F@__builtin_unreachable".to_string() },
            args: Vec::new(),
        },
        span: c.span.clone(),
        ty: goanna_ast::CType::default(),
    };
    let stmt = |kind| Stmt { kind, span: s.span.clone(), indent: 0 };
    stmt(StmtKind::If {
        cond: c.clone(),
        then: Box::new(stmt(StmtKind::Compound(Vec::new()))),
        els: Some(Box::new(stmt(StmtKind::Expr(unreachable)))),
    })
}
