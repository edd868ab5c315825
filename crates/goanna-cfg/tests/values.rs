//! The value-effect IR recorded on nodes.

mod common;

use goanna_cfg::{Cfg, NodeKind, ValBinOp, ValExpr, ValueOp};

fn ops(cfg: &Cfg) -> Vec<&ValueOp> {
    cfg.nodes.iter().flat_map(|n| n.values.iter()).collect()
}

fn path_named(cfg: &Cfg, name: &str) -> goanna_cfg::PathId {
    let i = cfg.paths.iter().position(|p| p.is_variable() && p.root.name == name).expect("path");
    goanna_cfg::PathId(i as u32)
}

#[test]
fn post_increment_in_a_condition_reads_the_old_value() {
    let Some(cfg) = common::cfg("int f(int n) { int i = 0; while (i++ < n) ; return i; }", "f") else { return };
    let i = path_named(&cfg, "i");
    let cond = cfg.nodes.iter().find(|n| n.kind == NodeKind::Condition).expect("condition");
    // `i := i + 1` first, then the comparison of `(int)(i - 1)` with `n`: the step back is
    // taken in `i`'s own type (it wraps with an unsigned counter).
    assert!(matches!(&cond.values[0], ValueOp::Assign { target, .. } if *target == i));
    let ValueOp::Cond(ValExpr::Binary { op: ValBinOp::Lt, lhs, .. }) = &cond.values[1] else { panic!("{:?}", cond.values) };
    let ValExpr::Cast(_, back) = &**lhs else { panic!("{lhs:?}") };
    assert!(matches!(&**back, ValExpr::Binary { op: ValBinOp::Sub, .. }));
}

#[test]
fn every_integer_write_has_an_assignment() {
    let src = "int g(void); int f(int a) { int x; int y = a * 2; y += 3; x = g(); asm(\"\" : \"=r\"(a)); return x / (y - 7); }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let ops = ops(&cfg);
    let assigned = |name: &str| {
        let p = path_named(&cfg, name);
        ops.iter().filter(|op| matches!(op, ValueOp::Assign { target, .. } if *target == p)).count()
    };
    assert_eq!(assigned("x"), 2, "declaration without initialiser and the call's result");
    assert_eq!(assigned("y"), 2, "initialiser and compound assignment");
    assert!(assigned("a") >= 1, "asm output");
    // The call's result, in the call's own type.
    let is_call = |v: &ValExpr| matches!(v, ValExpr::Call(_)) || matches!(v, ValExpr::Cast(_, inner) if matches!(**inner, ValExpr::Call(_)));
    assert!(ops.iter().any(|op| matches!(op, ValueOp::Assign { value, .. } if is_call(value))));
    assert!(ops.iter().any(|op| matches!(op, ValueOp::Divisor { .. })));
    assert!(ops.iter().any(|op| matches!(op, ValueOp::Return(ValExpr::Cast(..)))));
}

#[test]
fn macro_constants_are_marked_and_arrays_keep_constant_initialisers() {
    let src = "#define LIMIT 4\nint f(int i) { int t[3] = {1, 0, 2}; int n = LIMIT; return t[i] + n; }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let ops = ops(&cfg);
    assert!(ops.iter().any(|op| matches!(op, ValueOp::ArrayInit { elems, .. } if elems == &[1, 0, 2])));
    assert!(ops.iter().any(|op| matches!(op, ValueOp::Assign { value: ValExpr::MacroConst(4), .. })));
}

#[test]
fn elements_read_through_pointers_and_members_are_paths_that_depend_on_their_index() {
    let src = "struct s { unsigned len; }; struct t { int a[4]; };
        int f(struct s *h, struct t *t, int i, int j) {
            int k = i * 2;
            if (h[i].len > 3) return t->a[2];
            return h[k].len + h[j + 1].len;
        }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let texts: Vec<String> = cfg.paths.iter().map(|p| p.text()).collect();
    for text in ["h[i].len", "t->a[2]", "h[k].len"] {
        assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
    }
    // An index that is an expression names no element.
    assert!(!texts.iter().any(|t| t.starts_with("h[j")), "{texts:?}");
    let element = |text: &str| cfg.paths.iter().find(|p| p.text() == text).expect("element");
    assert_eq!(element("h[i].len").depends_on, vec![path_named(&cfg, "i")]);
    assert_eq!(element("h[k].len").depends_on, vec![path_named(&cfg, "k")]);
    assert!(element("t->a[2]").depends_on.is_empty());
    // Read as values, and named by no proposition.
    let read = |p: goanna_cfg::PathId| ops(&cfg).iter().any(|op| matches!(op, ValueOp::Cond(v) | ValueOp::Return(v) if v.any(|e| matches!(e, ValExpr::Path(q) if *q == p))));
    let id = |text: &str| goanna_cfg::PathId(cfg.paths.iter().position(|p| p.text() == text).expect("element") as u32);
    assert!(read(id("h[i].len")) && read(id("t->a[2]")));
    assert!(cfg.nodes.iter().flat_map(|n| &n.props).all(|p| !matches!(p.subject, goanna_cfg::Subject::Path(q) if cfg.path(q).text().contains('['))));
}

#[test]
fn string_literals_stored_in_pointers_and_compared_are_recorded() {
    let src = "int strcmp(const char *, const char *); int strncasecmp(const char *, const char *, unsigned long);\n\
               int f(int x) { const char *k = \"bcrypt\"; if (x) k = \"none\"; return strcmp(k, \"none\") == 0 && strncasecmp(k, \"NO\", 2) == 0; }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let k = path_named(&cfg, "k");
    let stored: Vec<&str> = ops(&cfg)
        .into_iter()
        .filter_map(|op| match op {
            ValueOp::Assign { target, value: ValExpr::StringLit(text) } if *target == k => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(stored, ["bcrypt", "none"]);
    let mut comparisons = Vec::new();
    for op in ops(&cfg) {
        let ValueOp::Cond(e) = op else { continue };
        e.any(|x| {
            if let ValExpr::PureCall { compares: Some(how), .. } = x {
                comparisons.push(how.clone());
            }
            false
        });
    }
    assert!(comparisons.iter().any(|c| c.strings == (0, 1) && c.length.is_none() && !c.ignores_case), "{comparisons:?}");
    assert!(comparisons.iter().any(|c| c.length == Some(2) && c.ignores_case), "{comparisons:?}");
}

#[test]
fn string_comparisons_of_literals_are_decided_by_their_characters() {
    use goanna_cfg::StringComparison;
    let strcmp = StringComparison { strings: (0, 1), length: None, ignores_case: false };
    assert_eq!(strcmp.equal("none", "none", None), Some(true));
    assert_eq!(strcmp.equal("none", "non", None), Some(false));
    assert_eq!(strcmp.equal("None", "none", None), Some(false));
    let strcasecmp = StringComparison { ignores_case: true, ..strcmp.clone() };
    assert_eq!(strcasecmp.equal("None", "nONE", None), Some(true));
    let bounded = StringComparison { length: Some(2), ..strcmp.clone() };
    assert_eq!(bounded.equal("none", "no", Some(2)), Some(true));
    assert_eq!(bounded.equal("none", "nx", Some(2)), Some(false));
    // Past both terminators a bounded comparison may be `memcmp`, which reads on.
    assert_eq!(bounded.equal("ab", "ab", Some(8)), None);
    assert_eq!(bounded.equal("ab", "ab", Some(3)), Some(true));
    // A difference before the end decides even a long bound; an unknown bound decides nothing.
    assert_eq!(bounded.equal("ab", "ax", Some(8)), Some(false));
    assert_eq!(bounded.equal("ab", "ab", None), None);
}

#[test]
fn constants_are_read_through_casts_and_negations() {
    use goanna_cfg::IntType;
    let int = IntType { bits: 32, signed: true };
    let neg = |e: ValExpr| ValExpr::Unary(goanna_cfg::ValUnOp::Neg, int, Box::new(e));
    assert_eq!(ValExpr::Cast(int, Box::new(ValExpr::MacroConst(4))).constant(), Some(4));
    assert_eq!(neg(ValExpr::Const(1)).constant(), Some(-1));
    assert_eq!(neg(neg(ValExpr::Const(7))).constant(), Some(7));
    assert_eq!(neg(ValExpr::Const(i64::MIN)).constant(), None);
    assert_eq!(neg(neg(ValExpr::Const(i64::MIN))).constant(), None);
    assert_eq!(ValExpr::Path(goanna_cfg::PathId(0)).constant(), None);
}

#[test]
fn constants_wrap_into_the_type_that_stores_them() {
    use goanna_cfg::IntType;
    assert_eq!(IntType { bits: 8, signed: false }.wrap(300), 44);
    assert_eq!(IntType { bits: 8, signed: true }.wrap(200), -56);
    assert_eq!(IntType { bits: 1, signed: true }.wrap(1), -1);
    assert_eq!(IntType { bits: 5, signed: false }.wrap(-1), 31);
    assert_eq!(IntType { bits: 64, signed: true }.wrap(-7), -7);
    assert_eq!(IntType { bits: 32, signed: false }.wrap(-1), 0xffff_ffff);
}

#[test]
fn bit_fields_have_their_width_and_constants_stored_in_them_wrap() {
    let src = "struct s { unsigned n : 5; int on : 1; unsigned long long wide : 40; };\n\
               int f(struct s *p) { p->n = 33; p->on = 1; p->wide = 1; return p->n; }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let member = |name: &str| cfg.paths.iter().find(|p| p.text() == format!("p->{name}")).expect("member");
    let n = member("n").field_int.expect("a 5-bit field");
    assert_eq!((n.bits, n.signed), (5, false));
    let on = member("on").field_int.expect("a 1-bit field");
    assert_eq!((on.bits, on.signed), (1, true));
    // Wider than `int`, narrower than its type: not modelled.
    assert_eq!(member("wide").field_int, None);
    let stored: Vec<i64> = cfg
        .nodes
        .iter()
        .flat_map(|node| node.props.iter())
        .filter(|p| p.kind == goanna_cfg::PropKind::AssignConst)
        .filter_map(|p| p.value)
        .collect();
    assert!(stored.contains(&-1) && !stored.contains(&33), "{stored:?}");
}
