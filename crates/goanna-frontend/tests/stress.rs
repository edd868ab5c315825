//! Concurrency and deep-recursion tests.

use goanna_ast::{ExprKind, StmtKind};
use goanna_frontend::{parse_source, ParseOptions};

#[test]
fn parses_sixteen_units_on_four_threads() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                let mut names = Vec::new();
                for u in 0..4 {
                    let src = format!(
                        "#include <stdlib.h>\nstatic int g{t}_{u};\nint f{t}_{u}(int a) {{ if (a) exit(1); return a + g{t}_{u}; }}\n"
                    );
                    let tu = parse_source(&format!("u{t}_{u}.c"), &src, &ParseOptions::default()).unwrap();
                    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
                    assert_eq!(tu.functions.len(), 1);
                    assert!(tu.declarations.iter().any(|d| d.name == "exit" && d.is_noreturn));
                    names.push(tu.functions[0].name.clone());
                }
                names
            })
        })
        .collect();
    let mut all: Vec<String> = handles.into_iter().flat_map(|h| h.join().unwrap()).collect();
    all.sort();
    assert_eq!(all.len(), 16);
    all.dedup();
    assert_eq!(all.len(), 16);
}

#[test]
fn huge_function_and_long_expression() {
    let mut src = String::from("int f(int a) {\n  int s = 0;\n");
    for i in 0..20_000 {
        src.push_str(&format!("  if (a > {i}) s += {i};\n"));
    }
    src.push_str("  s = a");
    for _ in 0..10_000 {
        src.push_str(" + a");
    }
    src.push_str(";\n  return s;\n}\n");
    let tu = parse_source("huge.c", &src, &ParseOptions::default()).unwrap();
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics.first());
    let StmtKind::Compound(items) = &tu.functions[0].body.kind else { panic!() };
    assert_eq!(items.len(), 20_003);
    // Walk the left spine of the long sum iteratively.
    let StmtKind::Expr(e) = &items[20_001].kind else { panic!() };
    let ExprKind::Assign { rhs, .. } = &e.kind else { panic!() };
    let mut depth = 0;
    let mut cur = &**rhs;
    while let ExprKind::Binary { lhs, .. } = &cur.kind {
        depth += 1;
        cur = lhs;
    }
    assert_eq!(depth, 10_000);
    // Dropping the deep tree recurses; do it on a thread with room.
    std::thread::Builder::new().stack_size(256 << 20).spawn(move || drop(tu)).unwrap().join().unwrap();
}

#[test]
fn deeply_nested_statements() {
    let depth = 2_000;
    let mut src = String::from("int f(int a) {\n");
    for _ in 0..depth {
        src.push_str("if (a) {\n");
    }
    src.push_str("a++;\n");
    for _ in 0..depth {
        src.push_str("}\n");
    }
    src.push_str("return a; }\n");
    let options = ParseOptions { args: vec!["-fbracket-depth=100000".into()], working_dir: None };
    let tu = parse_source("nested.c", &src, &options).unwrap();
    assert_eq!(tu.functions.len(), 1);
    std::thread::Builder::new().stack_size(256 << 20).spawn(move || drop(tu)).unwrap().join().unwrap();
}
