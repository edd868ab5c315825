//! Branch conditions: short-circuit lowering and null tests.
//!
//! A condition is lowered to one [`NodeKind::Condition`] node per *atomic* sub-condition
//! (`a && b` gives two), each followed by a `Branch(true)` node on its `True` edge and a
//! `Branch(false)` node on its `False` edge. The branch nodes carry `null_test_p` /
//! `nonnull_test_p` when the atomic condition tests pointer `p` against NULL (`p`, `!p`,
//! `p == NULL`, `0 != p`, `(p = f()) == NULL`, ... with casts and `__builtin_expect` looked
//! through). For an integer or floating variable `d` the same propositions mean "is zero" /
//! "is not zero": `d`, `!d`, `d == 0`, `d != 0` label both branches, and comparisons of an
//! integer variable with a constant label the branch that implies `d != 0` (`d > 0`, `d < 0`,
//! `d == 5`, the false branch of `d <= 0`, ...).
//!
//! A condition node whose value is a compile-time constant gets `cond_always` / `cond_never`,
//! unless the condition is a plain literal (`while (1)`, `if (0)`) or written inside a macro
//! expansion.

use super::expr::transparent;
use super::{Builder, Ends, Status};
use crate::consts::{const_truth, const_value, depends_on_configuration, is_zero_number};
use crate::graph::{EdgeKind, NodeKind, StatusUse};
use crate::models::FailWhen;
use crate::props::{PathId, Prop, PropKind, Subject};
use goanna_ast::{BinaryOp, Expr, ExprKind, TypeClass, UnaryOp};

impl Builder<'_, '_> {
    /// Lowers `e` as a branch condition; returns the (true, false) ends.
    pub(super) fn cond(&mut self, e: &Expr) -> (Ends, Ends) {
        super::with_stack(|| self.cond_inner(e, false))
    }

    /// Like [`Builder::cond`], but an atomic literal-true condition gets no false branch
    /// (`while (1)`, `do ... while (1)`).
    pub(super) fn loop_cond(&mut self, e: &Expr) -> (Ends, Ends) {
        let omit_false = matches!(crate::consts::strip_casts(e).kind, ExprKind::IntLit(v) if v != 0);
        super::with_stack(|| self.cond_inner(e, omit_false))
    }

    fn cond_inner(&mut self, e: &Expr, omit_false: bool) -> (Ends, Ends) {
        let core = transparent(e);
        if let ExprKind::Binary { op: op @ (BinaryOp::LogicalAnd | BinaryOp::LogicalOr), .. } = &core.kind {
            self.mark_redundant(core, *op);
        }
        match &core.kind {
            ExprKind::Binary { op: BinaryOp::LogicalAnd, lhs, rhs } => {
                let (t1, f1) = self.cond(lhs);
                self.pending = t1;
                let (t2, mut f2) = self.cond(rhs);
                let mut f = f1;
                f.append(&mut f2);
                (t2, f)
            }
            ExprKind::Binary { op: BinaryOp::LogicalOr, lhs, rhs } => {
                let (t1, f1) = self.cond(lhs);
                self.pending = f1;
                let (mut t2, f2) = self.cond(rhs);
                let mut t = t1;
                t.append(&mut t2);
                (t, f2)
            }
            ExprKind::Binary { op: BinaryOp::Comma, lhs, rhs } => {
                self.sub_stmt(lhs);
                self.cond(rhs)
            }
            ExprKind::Unary { op: UnaryOp::LogicalNot, operand } if is_compound(operand) => {
                let (t, f) = self.cond(operand);
                (f, t)
            }
            ExprKind::Conditional { cond, then, els } => {
                let (tc, fc) = self.cond(cond);
                let (mut t, mut f) = match then {
                    Some(then) => {
                        self.pending = tc;
                        self.cond(then)
                    }
                    None => (tc, Vec::new()),
                };
                self.pending = fc;
                let (mut te, mut fe) = self.cond(els);
                t.append(&mut te);
                f.append(&mut fe);
                (t, f)
            }
            _ => self.atomic_cond(e, omit_false),
        }
    }

    /// One condition node (evaluating `e`) and its branch nodes.
    fn atomic_cond(&mut self, e: &Expr, omit_false: bool) -> (Ends, Ends) {
        let (id, noreturn) = self.node_of(NodeKind::Condition, e.span, |b| {
            b.eval(e);
            b.record_cond(e);
        });
        self.pending.clear();
        if noreturn {
            self.goto_sink(id);
            return (Vec::new(), Vec::new());
        }
        let value = const_value(self.tu, e).or_else(|| const_truth(self.tu, e).map(i64::from));
        let redundant = self.redundant_conds.contains(&span_key(e.span));
        if let Some(node) = self.nodes.get_mut(id.index()) {
            if redundant {
                node.props.push(Prop { kind: PropKind::CondRedundant, subject: Subject::None, span: e.span, value: None });
            }
            node.const_cond = value;
            // A guard on the build configuration (`sizeof`, macro constants) is constant on
            // purpose: its impossible edge is still left out, but it is not reported.
            if let Some(v) = value.filter(|_| !e.span.from_macro && !is_literal(e) && !depends_on_configuration(e)) {
                let kind = if v != 0 { PropKind::CondAlways } else { PropKind::CondNever };
                node.props.push(Prop { kind, subject: Subject::None, span: e.span, value: None });
            }
        }
        let test = self.null_test(e).map(|(p, null_if_true)| {
            let (on_true, on_false) =
                if null_if_true { (PropKind::NullTest, PropKind::NonNullTest) } else { (PropKind::NonNullTest, PropKind::NullTest) };
            (p, Some(on_true), Some(on_false))
        });
        let test = test
            .or_else(|| self.nonzero_test(e))
            .or_else(|| self.above_address_test(e))
            .or_else(|| self.magnitude_test(e))
            .or_else(|| self.float_sign_test(e));
        let comparison = self.comparison(e);
        let status = self.status_test(e);
        if let Some((Status::Call(call), op, value)) = &status {
            if let Some(node) = self.nodes.get_mut(id.index()) {
                node.status = Some(StatusUse::Test { call: *call, op: *op, value: *value });
            }
        }
        // A field of a block found NULL owns nothing (`if (s->buf == NULL) { free(s); ... }`).
        let container = test.and_then(|(p, _, _)| self.paths.container(p));
        // An allocation stored into an element at an index the paths do not name and tested at
        // once (`if ((dst[i] = strdup(src[i])) == NULL) { ...; free(dst); }`) stores memory
        // into the block only where it succeeded: its `elem_alloc` moves to that branch (the
        // elements of earlier iterations stay owned on the other).
        let stored_element = if test.is_none() { self.null_tested_element_store(e) } else { None };
        let moved_alloc: Vec<Prop> = match (stored_element, self.nodes.get_mut(id.index())) {
            (Some((x, _)), Some(node)) => {
                let is_alloc = |p: &Prop| p.kind == PropKind::ElemAlloc && p.subject == Subject::Path(x);
                let moved = node.props.iter().filter(|p| is_alloc(p)).cloned().collect();
                node.props.retain(|p| !is_alloc(p));
                moved
            }
            _ => Vec::new(),
        };
        let branch_props = |taken: bool| -> Vec<Prop> {
            let mut props: Vec<Prop> = match test {
                Some((p, on_true, on_false)) => {
                    let kind = if taken { on_true } else { on_false };
                    let mut props: Vec<Prop> =
                        kind.map(|kind| vec![Prop { kind, subject: Subject::Path(p), span: e.span, value: None }]).unwrap_or_default();
                    if let (Some(x), Some(PropKind::NullTest)) = (container, kind) {
                        props.push(Prop { kind: PropKind::ElemRelease, subject: Subject::Path(x), span: e.span, value: None });
                    }
                    props
                }
                None => Vec::new(),
            };
            if stored_element.is_some_and(|(_, null_if_true)| null_if_true != taken) {
                props.extend(moved_alloc.iter().cloned());
            }
            if let Some((p, op, c)) = comparison {
                let op = if taken { op } else { negate(op) };
                props.push(Prop { kind: compare_kind(op), subject: Subject::Path(p), span: e.span, value: Some(c) });
            }
            if let Some((Status::Library(outs, fails), op, c)) = &status {
                if fails.branch_means_failure(*op, *c, taken) == Some(true) {
                    let kind = PropKind::AllocFailed;
                    props.extend(outs.iter().map(|&p| Prop { kind, subject: Subject::Path(p), span: e.span, value: None }));
                }
            }
            props
        };
        let (pt, pf) = (branch_props(true), branch_props(false));
        let equal = self.string_equality_test(e);
        let bt = self.add_detached(NodeKind::Branch(true), Some(e.span), pt);
        self.add_edge(id, bt, EdgeKind::True);
        let mut f = Vec::new();
        let mut bf = None;
        if !omit_false {
            let b = self.add_detached(NodeKind::Branch(false), Some(e.span), pf);
            self.add_edge(id, b, EdgeKind::False);
            f.push((b, EdgeKind::Normal));
            bf = Some(b);
        }
        if let Some((string, chars, equal_on_true)) = equal {
            if let Some(branch) = if equal_on_true { Some(bt) } else { bf } {
                self.known_chars.push(super::known_chars::KnownChars { branch, string, chars });
            }
        }
        (vec![(bt, EdgeKind::Normal)], f)
    }

    /// Finds the operands of the `op` chain (`&&` or `||`) rooted at `e` that compare an integer
    /// variable with a constant and that another operand makes redundant: for `&&` an operand
    /// implied by another one, for `||` one that implies another one (of two equivalent
    /// operands, the later one). Chains with side effects, operands from macro expansions and
    /// chains longer than [`MAX_CHAIN`] are left alone; each chain is examined once.
    fn mark_redundant(&mut self, e: &Expr, op: BinaryOp) {
        if !self.chains_done.insert(span_key(e.span)) {
            return;
        }
        let mut leaves: Vec<&Expr> = Vec::new();
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            let core = transparent(x);
            match &core.kind {
                ExprKind::Binary { op: o, lhs, rhs } if *o == op => {
                    self.chains_done.insert(span_key(core.span));
                    stack.push(rhs);
                    stack.push(lhs);
                }
                _ => leaves.push(x),
            }
            if leaves.len() > MAX_CHAIN {
                return;
            }
        }
        if leaves.iter().any(|l| has_side_effects(l)) {
            return;
        }
        let sets: Vec<Option<(PathId, RelSet)>> = leaves
            .iter()
            .map(|l| {
                // Operands written through macros, or comparing with a macro's constant, depend
                // on the build's configuration.
                if mentions_macro(l) {
                    return None;
                }
                let (p, rel, c) = self.comparison(l)?;
                let signed = self.paths.get(p).is_some_and(|a| a.root.int_signed);
                if !signed && c < 0 {
                    return None;
                }
                Some((p, RelSet::of(rel, c)?))
            })
            .collect();
        for (i, a) in sets.iter().enumerate() {
            let Some((pa, sa)) = a else { continue };
            let redundant = sets.iter().enumerate().any(|(j, b)| {
                let Some((pb, sb)) = b else { return false };
                if i == j || pa != pb {
                    return false;
                }
                // `&&`: a is redundant when b implies it; `||`: when a implies b.
                let (narrow, wide) = if op == BinaryOp::LogicalAnd { (*sb, *sa) } else { (*sa, *sb) };
                let equivalent = narrow.subset_of(wide) && wide.subset_of(narrow);
                narrow.subset_of(wide) && (!equivalent || j < i)
            });
            if redundant {
                self.redundant_conds.insert(span_key(leaves[i].span));
            }
        }
    }

    /// When `e` tests a pointer against NULL (or an integer or floating variable against zero):
    /// the variable, and whether the true branch means "is NULL" ("is zero").
    fn null_test(&mut self, e: &Expr) -> Option<(PathId, bool)> {
        let (negated, core) = strip_negations(e);
        let (path, true_means_null) = match &core.kind {
            ExprKind::Binary { op: BinaryOp::Eq | BinaryOp::Ne, .. } => {
                let (tested, equal) = compared_with_zero(core)?;
                match self.tested_pointer(tested) {
                    Some(path) => (path, equal),
                    // A test compared with zero (`(p == NULL) != 0`, as `unlikely(...)` macros
                    // write it) is that test, or its negation for `== 0`.
                    None if is_test(tested) => {
                        let (path, means_null) = super::with_stack(|| self.null_test(tested))?;
                        (path, means_null != equal)
                    }
                    None => return None,
                }
            }
            _ => (self.tested_pointer(core)?, false),
        };
        Some((path, true_means_null != negated))
    }

    /// When `e` tests for NULL the block an allocation stores into an element or member the
    /// paths do not name (`(dst[i] = strdup(s)) == NULL`, `!(t->v[k] = malloc(n))`): the
    /// pointer whose block holds it, and whether the true branch is the NULL one.
    fn null_tested_element_store(&mut self, e: &Expr) -> Option<(PathId, bool)> {
        let (negated, core) = strip_negations(e);
        let (tested, true_means_null) = compared_with_zero(core).unwrap_or((core, false));
        let ExprKind::Assign { op: None, lhs, rhs, .. } = &transparent(tested).kind else { return None };
        if !self.is_allocation(rhs) || self.pointer_path(lhs).is_some() {
            return None;
        }
        let container = self.container_of(lhs)?;
        Some((container, true_means_null != negated))
    }

    /// The pointer (or integer or floating variable) whose value `e` is: a path, or the target
    /// of `p = ...`.
    fn tested_pointer(&mut self, e: &Expr) -> Option<PathId> {
        let core = transparent(e);
        let target = match &core.kind {
            ExprKind::Assign { op: None, lhs, .. } => lhs,
            _ => core,
        };
        self.pointer_path(target).or_else(|| self.scalar_path(target))
    }

    /// An integer or floating access path (casts stripped), or the made-up path of the value
    /// of a call ([`Builder::call_result`]).
    fn scalar_path(&mut self, e: &Expr) -> Option<PathId> {
        match self.path_of(crate::consts::strip_casts(e)) {
            Some(p) => matches!(self.paths.class(p), TypeClass::Integer | TypeClass::Floating).then_some(p),
            None => self.call_result(e),
        }
    }

    /// When `e` tests the status of a call that may store through its arguments: a library call
    /// with a return-code convention (`asprintf(&s, ...) < 0`, `posix_memalign(&p, a, n) != 0`,
    /// `(r = asprintf(..)) == -1`, `if (r)` after `r = posix_memalign(..)`), or a call of a
    /// function of the program (`if (wrap(&s) < 0)`), directly or through a variable holding its
    /// result: where the status comes from, and the relation with a constant that holds on the
    /// true branch (a plain truth value is `!= 0`).
    fn status_test(&mut self, e: &Expr) -> Option<(Status, BinaryOp, i64)> {
        let (negated, core) = strip_negations(e);
        let (tested, op, c) = self.constant_comparison(core).unwrap_or((core, BinaryOp::Ne, 0));
        let source = self.status_source(tested)?;
        Some((source, if negated { negate(op) } else { op }, c))
    }

    /// Where the value of `e` comes from when it is a status: a library call with a convention,
    /// a call of a function of the program (its call node, just made), or a variable holding
    /// one of those (`(r = f(..))` is `f(..)`).
    pub(super) fn status_source(&mut self, e: &Expr) -> Option<Status> {
        let mut e = transparent(e);
        if let ExprKind::Assign { op: None, rhs, .. } = &e.kind {
            e = transparent(rhs);
        }
        if let Some((outs, fails)) = self.status_call(e) {
            return Some(Status::Library(outs, fails));
        }
        if let ExprKind::Call { callee, .. } = &e.kind {
            if self.is_modelled(callee) {
                return None;
            }
            let (key, id) = self.last_call?;
            return (key == span_key(e.span)).then_some(Status::Call(id));
        }
        let r = self.path_of(e)?;
        self.statuses.get(&r).cloned()
    }

    /// When `e` is a call of a library function with an `out_fails_when` convention: the
    /// objects it allocates into and the convention.
    fn status_call(&mut self, e: &Expr) -> Option<(Vec<PathId>, FailWhen)> {
        let ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, args } = &transparent(e).kind else { return None };
        let m = self.ctx.model(name)?;
        let fails = m.out_fails_when?;
        let indices = m.alloc_out.clone();
        let outs: Vec<PathId> = indices.iter().filter_map(|&i| args.get(i)).filter_map(|a| self.out_target(a, true)).collect();
        (!outs.is_empty()).then_some((outs, fails))
    }

    /// Remembers that integer `target` holds the status of the allocating library call `value`
    /// (`int r = asprintf(&s, ...)`), for later tests of `r`.
    pub(super) fn track_status(&mut self, target: Option<PathId>, value: &Expr) {
        let Some(r) = target.filter(|&r| self.paths.class(r) == TypeClass::Integer) else { return };
        if let Some((outs, fails)) = self.status_call(value) {
            self.statuses.insert(r, Status::Library(outs, fails));
        }
    }

    /// When `e` compares an integer variable with a constant (`x < 10`, `3 == x`, `!(x >= 2)`):
    /// the variable, the relation that holds on the true branch, and the constant.
    fn comparison(&mut self, e: &Expr) -> Option<(PathId, BinaryOp, i64)> {
        let (negated, core) = strip_negations(e);
        let (var, op, c) = self.constant_comparison(core)?;
        let p = self.scalar_path(var).filter(|&p| self.paths.class(p) == TypeClass::Integer)?;
        Some((p, if negated { negate(op) } else { op }, c))
    }

    /// When `core` compares an expression with a constant (`x < 10`, `3 == x`): the
    /// expression, the relation (with the expression on the left) and the constant.
    fn constant_comparison<'e>(&self, core: &'e Expr) -> Option<(&'e Expr, BinaryOp, i64)> {
        let ExprKind::Binary { op, lhs, rhs } = &core.kind else { return None };
        if !matches!(op, BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge) {
            return None;
        }
        if let Some(c) = const_value(self.tu, rhs) {
            return Some((lhs, *op, c));
        }
        let c = const_value(self.tu, lhs)?;
        Some((rhs, mirrored(*op), c))
    }

    /// When `e` compares the magnitude of a variable with a constant so that one branch implies
    /// the variable is not zero (`fabs(x) > 1e-6`, `abs(d) >= 1`, `!(fabs(x) < EPS)`), the way
    /// numeric code tests a divisor: the variable and the `nonnull_test` of each branch.
    fn magnitude_test(&mut self, e: &Expr) -> Option<(PathId, Option<PropKind>, Option<PropKind>)> {
        const MAGNITUDE: [&str; 7] = ["fabs", "fabsf", "fabsl", "abs", "labs", "llabs", "imaxabs"];
        let (negated, core) = strip_negations(e);
        let ExprKind::Binary { op, lhs, rhs } = &core.kind else { return None };
        fn magnitude_of(x: &Expr) -> Option<&Expr> {
            match &crate::consts::strip_casts(x).kind {
                ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, args } if args.len() == 1 && MAGNITUDE.contains(&name.as_str()) => Some(&args[0]),
                _ => None,
            }
        }
        // `|x| OP v`, with the magnitude on the left.
        let (arg, op, v) = match (magnitude_of(lhs), number_literal(rhs), magnitude_of(rhs), number_literal(lhs)) {
            (Some(arg), Some(v), _, _) => (arg, *op, v),
            (_, _, Some(arg), Some(v)) => (arg, mirrored(*op), v),
            _ => return None,
        };
        let op = if negated { negate(op) } else { op };
        let p = self.scalar_path(crate::consts::strip_casts(arg)).filter(|&p| matches!(self.paths.class(p), TypeClass::Integer | TypeClass::Floating))?;
        // Which branch implies `|x| > 0`: Some(true) = the true branch.
        let on_true = match op {
            BinaryOp::Gt => (v >= 0.0).then_some(true),
            BinaryOp::Ge => (v > 0.0).then_some(true),
            BinaryOp::Lt => (v > 0.0).then_some(false),
            BinaryOp::Le => (v >= 0.0).then_some(false),
            _ => None,
        }?;
        Some(nonzero_on(p, on_true))
    }

    /// When `e` compares a floating variable with a number so that one branch implies the
    /// variable is not zero (`x > 0.0`, `x < -1e-9`, `x == 2.5`, `!(x <= 0.0)`): the variable and
    /// the `nonnull_test` of the true and the false branch (integer variables are
    /// [`Builder::nonzero_test`]'s).
    fn float_sign_test(&mut self, e: &Expr) -> Option<(PathId, Option<PropKind>, Option<PropKind>)> {
        let (negated, core) = strip_negations(e);
        let ExprKind::Binary { op, lhs, rhs } = &core.kind else { return None };
        let (var, op, v) = match (number_literal(rhs), number_literal(lhs)) {
            (Some(v), None) => (lhs, *op, v),
            (None, Some(v)) => (rhs, mirrored(*op), v),
            _ => return None,
        };
        let op = if negated { negate(op) } else { op };
        let p = self.scalar_path(crate::consts::strip_casts(var)).filter(|&p| self.paths.class(p) == TypeClass::Floating)?;
        Some(nonzero_on(p, nonzero_branch(op, v)?))
    }

    /// When `e` compares an integer variable with a constant so that one branch implies the
    /// variable is not zero (`d > 0`, `d < 0`, `d == 3`, `5 != d`, `!(d <= 0)`): the variable
    /// and the `nonnull_test` of the true and the false branch.
    /// When `e` tests whether a string equals a literal (`!strncmp(s, "MOVED ", 6)`,
    /// `strcmp(s, "a") == 0`: a model with `equal_when_zero`): the string's pointer, the
    /// characters it holds where they are equal, and whether that is the true branch.
    fn string_equality_test(&mut self, e: &Expr) -> Option<(PathId, super::known_chars::CharSet, bool)> {
        let (negated, core) = strip_negations(e);
        let core = transparent(core);
        let (call, zero_on_true) = match &core.kind {
            ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } if crate::consts::is_zero_literal(rhs) => (&**lhs, *op == BinaryOp::Eq),
            ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } if crate::consts::is_zero_literal(lhs) => (&**rhs, *op == BinaryOp::Eq),
            _ => (core, false),
        };
        if let Some(found) = self.first_char_test(core) {
            let (string, chars, equal_on_true) = found;
            return Some((string, chars, equal_on_true != negated));
        }
        let ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, args } = &crate::consts::strip_casts(call).kind else { return None };
        let model = self.ctx.model(name)?;
        let (Some(&a), Some(&b)) = (model.equal_when_zero.first(), model.equal_when_zero.get(1)) else { return None };
        let literal = |x: &Expr| match &crate::consts::strip_casts(x).kind {
            ExprKind::StringLit(text) => Some(text.as_bytes().to_vec()),
            _ => None,
        };
        let (a, b) = (args.get(a)?, args.get(b)?);
        let (string, text) = match (literal(a), literal(b)) {
            (None, Some(t)) => (a, t),
            (Some(t), None) => (b, t),
            _ => return None,
        };
        let length = match model.equal_when_zero.get(2) {
            Some(&n) => usize::try_from(const_value(self.tu, args.get(n)?)?).ok()?,
            None => text.len(),
        };
        let ignores_case = model.ignores_case;
        let chars = super::known_chars::char_set(text.into_iter().take(length).filter(|c| !(ignores_case && c.is_ascii_alphabetic())));
        let string = self.pointer_path(string)?;
        Some((string, chars, zero_on_true != negated))
    }

    /// When `e` compares the first character of a string with a constant character other than
    /// NUL (`s[0] == '/'`, `*s != '-'`, either way round): the string's pointer, that
    /// character, and whether the true branch is where they are equal. Only the first
    /// character: a later one may lie past the string's end in a reused buffer.
    fn first_char_test(&mut self, e: &Expr) -> Option<(PathId, super::known_chars::CharSet, bool)> {
        let ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } = &e.kind else { return None };
        let char_of = |x: &Expr| match crate::consts::strip_casts(x).kind {
            ExprKind::IntLit(c) => u8::try_from(c).ok().filter(|&c| c != 0),
            _ => None,
        };
        let (access, ch) = match (char_of(lhs), char_of(rhs)) {
            (None, Some(c)) => (&**lhs, c),
            (Some(c), None) => (&**rhs, c),
            _ => return None,
        };
        let base = match &crate::consts::strip_casts(access).kind {
            ExprKind::Unary { op: goanna_ast::UnaryOp::Deref, operand } => &**operand,
            ExprKind::Index { base, index } if const_value(self.tu, index) == Some(0) => &**base,
            _ => return None,
        };
        let string = self.pointer_path(base)?;
        Some((string, super::known_chars::char_set([ch]), *op == BinaryOp::Eq))
    }

    /// When `e` orders a pointer above the address of an object (`(s = strrchr(buf, '/')) >
    /// buf`, `p >= &a[1]`): NULL is below every object, so the pointer is not NULL where the
    /// pointer is above (`nonnull_test` on that branch only).
    fn above_address_test(&mut self, e: &Expr) -> Option<(PathId, Option<PropKind>, Option<PropKind>)> {
        let (negated, core) = strip_negations(e);
        let ExprKind::Binary { op, lhs, rhs } = &transparent(core).kind else { return None };
        let (pointer, address) = match op {
            BinaryOp::Gt | BinaryOp::Ge => (lhs, rhs),
            BinaryOp::Lt | BinaryOp::Le => (rhs, lhs),
            _ => return None,
        };
        if !crate::consts::strip_casts(pointer).ty.is_pointer() {
            return None;
        }
        self.non_heap_address(address)?;
        let p = self.tested_pointer(pointer).filter(|&p| self.paths.class(p) == TypeClass::Pointer)?;
        Some(nonzero_on(p, !negated))
    }

    fn nonzero_test(&mut self, e: &Expr) -> Option<(PathId, Option<PropKind>, Option<PropKind>)> {
        // `comparison` has already folded a negation into the relation; the constant's sign
        // and whether it is zero survive the conversion.
        let (p, op, c) = self.comparison(e)?;
        Some(nonzero_on(p, nonzero_branch(op, c as f64)?))
    }
}

/// `op` with its operands swapped (`3 < x` is `x > 3`).
fn mirrored(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Ge => BinaryOp::Le,
        other => other,
    }
}

/// The value of a number literal (integer or floating), casts stripped.
fn number_literal(x: &Expr) -> Option<f64> {
    match &crate::consts::strip_casts(x).kind {
        ExprKind::FloatLit(v) => Some(*v),
        ExprKind::IntLit(v) => Some(*v as f64),
        _ => None,
    }
}

/// For `x OP v` (the variable on the left): which branch implies `x != 0` (`Some(true)`: the
/// true branch), when one does.
fn nonzero_branch(op: BinaryOp, v: f64) -> Option<bool> {
    match op {
        BinaryOp::Eq => (v != 0.0).then_some(true),
        BinaryOp::Ne => (v != 0.0).then_some(false),
        BinaryOp::Gt => Some(v >= 0.0),
        BinaryOp::Ge => Some(v > 0.0),
        BinaryOp::Lt => Some(v <= 0.0),
        BinaryOp::Le => Some(v < 0.0),
        _ => None,
    }
}

/// The `nonnull_test` of `p` on the true branch (`on_true`) or on the false one.
fn nonzero_on(p: PathId, on_true: bool) -> (PathId, Option<PropKind>, Option<PropKind>) {
    let kind = Some(PropKind::NonNullTest);
    if on_true {
        (p, kind, None)
    } else {
        (p, None, kind)
    }
}

/// `e` without its `!` operators (and what `transparent` looks through): whether an odd number
/// was removed, and the rest.
fn strip_negations(e: &Expr) -> (bool, &Expr) {
    let mut core = transparent(e);
    let mut negated = false;
    while let ExprKind::Unary { op: UnaryOp::LogicalNot, operand } = &core.kind {
        negated = !negated;
        core = transparent(operand);
    }
    (negated, core)
}

/// The relation that holds when `op` does not.
fn negate(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Eq => BinaryOp::Ne,
        BinaryOp::Ne => BinaryOp::Eq,
        BinaryOp::Lt => BinaryOp::Ge,
        BinaryOp::Ge => BinaryOp::Lt,
        BinaryOp::Gt => BinaryOp::Le,
        BinaryOp::Le => BinaryOp::Gt,
        other => other,
    }
}

/// The proposition kind of a comparison with a constant.
fn compare_kind(op: BinaryOp) -> PropKind {
    match op {
        BinaryOp::Eq => PropKind::CmpEq,
        BinaryOp::Ne => PropKind::CmpNe,
        BinaryOp::Lt => PropKind::CmpLt,
        BinaryOp::Le => PropKind::CmpLe,
        BinaryOp::Gt => PropKind::CmpGt,
        _ => PropKind::CmpGe,
    }
}

/// For a comparison of an operand with zero (`x == 0`, `NULL != x`; `d != 0.0` tests a
/// floating variable as `d != 0` an integer one): the operand, and whether it is `==`.
fn compared_with_zero(e: &Expr) -> Option<(&Expr, bool)> {
    let ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } = &e.kind else { return None };
    let tested = if is_zero_number(rhs) {
        lhs
    } else if is_zero_number(lhs) {
        rhs
    } else {
        return None;
    };
    Some((tested, *op == BinaryOp::Eq))
}

/// True when `e` is itself a comparison or a negation (a truth value).
fn is_test(e: &Expr) -> bool {
    matches!(
        &transparent(e).kind,
        ExprKind::Binary { op: BinaryOp::Eq | BinaryOp::Ne, .. } | ExprKind::Unary { op: UnaryOp::LogicalNot, .. }
    )
}

/// True for a condition that is a plain literal (`1`, `0`, `!0`, `'a'`), casts stripped.
fn is_literal(mut e: &Expr) -> bool {
    loop {
        match &crate::consts::strip_casts(e).kind {
            // A string literal as a condition is the assertion idiom (`assert(!"unreachable")`,
            // `assert(p && "p is set")`): constant on purpose.
            ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::StringLit(_) => return true,
            ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => e = operand,
            _ => return false,
        }
    }
}

/// True for conditions that are lowered structurally rather than as one node.
fn is_compound(mut e: &Expr) -> bool {
    loop {
        match &transparent(e).kind {
            ExprKind::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::Comma, .. } => return true,
            ExprKind::Conditional { .. } => return true,
            ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => e = operand,
            _ => return false,
        }
    }
}

/// Longest `&&`/`||` chain examined for redundant operands.
const MAX_CHAIN: usize = 32;

/// Identity of a condition by its source range.
pub(super) fn span_key(span: goanna_ast::Span) -> (u32, u32, u32) {
    (span.file.0, span.start, span.end)
}

/// The values for which `x REL c` holds: an interval, or all values but one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RelSet {
    /// `lo <= x <= hi`
    Range(i128, i128),
    /// `x != c`
    AllBut(i128),
}

impl RelSet {
    fn of(rel: BinaryOp, c: i64) -> Option<RelSet> {
        let c = i128::from(c);
        let (min, max) = (i128::from(i64::MIN) - 1, i128::from(i64::MAX) + 1);
        Some(match rel {
            BinaryOp::Eq => RelSet::Range(c, c),
            BinaryOp::Ne => RelSet::AllBut(c),
            BinaryOp::Lt => RelSet::Range(min, c - 1),
            BinaryOp::Le => RelSet::Range(min, c),
            BinaryOp::Gt => RelSet::Range(c + 1, max),
            BinaryOp::Ge => RelSet::Range(c, max),
            _ => return None,
        })
    }

    fn subset_of(self, other: RelSet) -> bool {
        match (self, other) {
            (RelSet::Range(lo, hi), RelSet::Range(lo2, hi2)) => lo2 <= lo && hi <= hi2,
            (RelSet::Range(lo, hi), RelSet::AllBut(c)) => c < lo || c > hi,
            (RelSet::AllBut(c), RelSet::AllBut(c2)) => c == c2,
            (RelSet::AllBut(_), RelSet::Range(..)) => false,
        }
    }
}

/// True when `e` or one of its operands is written through a macro expansion.
fn mentions_macro(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if x.span.from_macro {
            return true;
        }
        match &x.kind {
            ExprKind::Unary { operand, .. } | ExprKind::Cast(operand) => stack.push(operand),
            ExprKind::Binary { lhs, rhs, .. } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            _ => {}
        }
    }
    false
}

/// True when evaluating `e` may write something or call a function (other than
/// `__builtin_expect`).
fn has_side_effects(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match &x.kind {
            ExprKind::Assign { .. } | ExprKind::StmtExpr(_) | ExprKind::Unknown(_) | ExprKind::VaArg(_) => return true,
            ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, args } if name.starts_with("__builtin_expect") => {
                stack.extend(args.iter());
            }
            ExprKind::Call { .. } => return true,
            ExprKind::Unary { op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec, .. } => return true,
            ExprKind::Unary { operand, .. } | ExprKind::Cast(operand) => stack.push(operand),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Index { base: lhs, index: rhs } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            ExprKind::Member { base, .. } => stack.push(base),
            ExprKind::Conditional { cond, then, els } => {
                stack.push(cond);
                stack.extend(then.as_deref());
                stack.push(els);
            }
            _ => {}
        }
    }
    false
}
