//! Building graphs never panics, whatever the tree: hand-built odd trees and very deep nesting
//! (the builder runs on a thread with a small stack to show it does not recurse unboundedly).

use goanna_ast::*;
use goanna_cfg::{build_cfg, build_cfgs, Cfg, LibraryModels, NodeKind};

fn ty(class: TypeClass) -> CType {
    CType { spelling: String::new(), class, is_volatile: false, is_const: false, is_union: false, int_bits: 0, int_signed: false, points_to_const: false, ..CType::default() }
}

fn e(kind: ExprKind) -> Expr {
    Expr { kind, span: Span::default(), ty: ty(TypeClass::Integer) }
}

fn s(kind: StmtKind) -> Stmt {
    Stmt { kind, span: Span::default(), indent: 0 }
}

fn var(id: u32) -> Expr {
    e(ExprKind::Var(VarId(id)))
}

fn unit(body: Stmt) -> TranslationUnit {
    let local = |name: &str, class| VarInfo {
        name: name.into(),
        usr: format!("c:{name}"),
        kind: VarKind::Local,
        ty: ty(class),
        span: Span::default(),
        const_init: None,
        has_init: false,
        function_init: None,
            elements_are_addresses: false,
    };
    let vars = vec![local("x", TypeClass::Integer), local("p", TypeClass::Pointer)];
    let f = FunctionDef {
        name: "f".into(),
        usr: "c:@F@f".into(),
        span: Span::default(),
        name_span: Span::default(),
        params: vec![],
        return_type: ty(TypeClass::Void),
        is_static: false,
        is_variadic: false,
        is_noreturn: false,
        is_knr: false,
        has_conditional_code: false,
        addressed_labels: vec![],
        body,
    };
    TranslationUnit { functions: vec![f], vars, ..Default::default() }
}

fn check(cfg: &Cfg) {
    for id in cfg.node_ids() {
        if id != cfg.exit {
            assert!(!cfg.node(id).succs.is_empty(), "node {id:?} has no successor");
        }
    }
    assert!(matches!(cfg.node(cfg.exit).kind, NodeKind::Exit));
}

/// Makes the tree, builds its graphs and drops it on a thread with a 256 KiB stack: none of
/// them may recurse once per level of the tree.
fn build_small_stack(make: impl FnOnce() -> TranslationUnit + Send) -> Vec<Cfg> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn_scoped(scope, || {
                let tu = make();
                let cfgs = build_cfgs(&tu, &LibraryModels::builtin());
                drop(tu);
                cfgs
            })
            .unwrap()
            .join()
            .unwrap()
    })
}

#[test]
fn odd_statements() {
    let body = s(StmtKind::Compound(vec![
        s(StmtKind::Break),
        s(StmtKind::Continue),
        s(StmtKind::Case { lo: Some(1), hi: None, body: Box::new(s(StmtKind::Null)) }),
        s(StmtKind::Default(Box::new(s(StmtKind::Null)))),
        s(StmtKind::Goto("missing".into())),
        s(StmtKind::IndirectGoto(var(0))),
        s(StmtKind::Expr(var(99))), // variable id outside the table
        s(StmtKind::Decl(vec![LocalDecl { var: VarId(42), init: Some(var(7)), span: Span::default(), sizes: Vec::new() }])),
        s(StmtKind::Switch { cond: var(0), enum_values: None, body: Box::new(s(StmtKind::Null)) }),
        s(StmtKind::Return(Some(e(ExprKind::StmtExpr(Box::new(s(StmtKind::Compound(vec![])))))))),
        s(StmtKind::Label { name: "l".into(), body: Box::new(s(StmtKind::Label { name: "l".into(), body: Box::new(s(StmtKind::Null)) })) }),
        s(StmtKind::Asm { outputs: vec![var(0)], inputs: vec![e(ExprKind::IntLit(1))] }),
        s(StmtKind::Unknown(vec![e(ExprKind::Unknown(vec![var(0)]))])),
    ]));
    let tu = unit(body);
    let cfg = build_cfg(&tu, &tu.functions[0], &LibraryModels::builtin());
    check(&cfg);
    let empty = unit(s(StmtKind::Compound(vec![])));
    let cfg = build_cfg(&empty, &empty.functions[0], &LibraryModels::empty());
    check(&cfg);
    assert_eq!(cfg.nodes.len(), 2);
    // Not even a compound body.
    let odd = unit(s(StmtKind::Null));
    check(&build_cfg(&odd, &odd.functions[0], &LibraryModels::empty()));
}

fn chain(op: BinaryOp, n: usize) -> Expr {
    let mut acc = var(0);
    for _ in 0..n {
        acc = e(ExprKind::Binary { op, lhs: Box::new(acc), rhs: Box::new(var(0)) });
    }
    acc
}

#[test]
fn deep_expressions() {
    for op in [BinaryOp::Add, BinaryOp::LogicalAnd, BinaryOp::LogicalOr, BinaryOp::Comma, BinaryOp::Div] {
        let cfgs = build_small_stack(move || {
            let deep = chain(op, 10_000);
            let cond = chain(op, 10_000);
            unit(s(StmtKind::Compound(vec![
                s(StmtKind::Expr(deep)),
                s(StmtKind::If { cond, then: Box::new(s(StmtKind::Null)), els: None }),
            ])))
        });
        assert_eq!(cfgs.len(), 1);
        check(&cfgs[0]);
    }
    // Right-nested conditionals and assignments.
    let cfgs = build_small_stack(|| {
        let mut acc = var(0);
        for i in 0..10_000 {
            acc = if i % 2 == 0 {
                e(ExprKind::Conditional { cond: Box::new(var(0)), then: Some(Box::new(var(0))), els: Box::new(acc) })
            } else {
                e(ExprKind::Assign { op: None, lhs: Box::new(var(0)), rhs: Box::new(acc), parenthesized: false })
            };
        }
        unit(s(StmtKind::Expr(acc)))
    });
    check(&cfgs[0]);
}

/// Chains that the builder's helpers walk on their own (pointer arithmetic whose pointers a
/// copy passes on, a NULL test compared with zero again and again, `!!!...1`), 50,000 deep.
#[test]
fn deep_chains_of_the_builders_helpers() {
    const DEPTH: usize = 50_000;
    let cfgs = build_small_stack(|| {
        let p = || Expr { kind: ExprKind::Var(VarId(1)), span: Span::default(), ty: ty(TypeClass::Pointer) };
        let mut sum = p();
        for _ in 0..DEPTH {
            sum = Expr { kind: ExprKind::Binary { op: BinaryOp::Add, lhs: Box::new(sum), rhs: Box::new(e(ExprKind::IntLit(1))) }, span: Span::default(), ty: ty(TypeClass::Pointer) };
        }
        let copy = e(ExprKind::Assign { op: None, lhs: Box::new(p()), rhs: Box::new(sum), parenthesized: false });
        let mut test = p();
        for _ in 0..DEPTH {
            test = e(ExprKind::Binary { op: BinaryOp::Eq, lhs: Box::new(test), rhs: Box::new(e(ExprKind::IntLit(0))) });
        }
        let mut literal = e(ExprKind::IntLit(1));
        for _ in 0..DEPTH {
            literal = e(ExprKind::Unary { op: UnaryOp::LogicalNot, operand: Box::new(literal) });
        }
        unit(s(StmtKind::Compound(vec![
            s(StmtKind::Expr(copy)),
            s(StmtKind::If { cond: test, then: Box::new(s(StmtKind::Null)), els: None }),
            s(StmtKind::While { cond: literal, body: Box::new(s(StmtKind::Break)) }),
        ])))
    });
    check(&cfgs[0]);
}

#[test]
fn deep_statements() {
    let cfgs = build_small_stack(|| {
        // 10,000 nested ifs without braces, an else-if chain and nested loops.
        let mut nest = s(StmtKind::Expr(var(0)));
        for _ in 0..10_000 {
            nest = s(StmtKind::If { cond: var(0), then: Box::new(nest), els: None });
        }
        let mut chain = s(StmtKind::Null);
        for _ in 0..10_000 {
            chain = s(StmtKind::If { cond: var(0), then: Box::new(s(StmtKind::Break)), els: Some(Box::new(chain)) });
        }
        let mut loops = s(StmtKind::Continue);
        for _ in 0..3_000 {
            loops = s(StmtKind::While { cond: var(0), body: Box::new(s(StmtKind::Compound(vec![loops]))) });
        }
        unit(s(StmtKind::Compound(vec![nest, chain, loops])))
    });
    check(&cfgs[0]);
}
