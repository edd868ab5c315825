//! Conversion tests: small C sources parsed with libclang and compared with the tree dump.

use goanna_ast::{Callee, DiagnosticSeverity, ExprKind, StmtKind, TranslationUnit, VarKind};
use goanna_frontend::{dump_tree, parse_file, parse_source, FrontendError, ParseOptions};

fn parse(src: &str) -> TranslationUnit {
    parse_with(src, &[])
}

fn parse_with(src: &str, args: &[&str]) -> TranslationUnit {
    let options = ParseOptions { args: args.iter().map(|s| s.to_string()).collect(), working_dir: None };
    parse_source("test.c", src, &options).expect("parse")
}

fn dump(src: &str) -> String {
    dump_tree(&parse(src))
}

#[track_caller]
fn assert_dump(src: &str, expected: &str) {
    let got = dump(src);
    let expected = expected.trim_start_matches('\n');
    assert_eq!(got, expected, "\n--- got ---\n{got}\n--- expected ---\n{expected}");
}

#[test]
fn libclang_version_is_reported() {
    let v = goanna_frontend::libclang_version().unwrap();
    assert!(v.contains("clang version"), "{v}");
}

#[test]
fn control_flow_statements() {
    assert_dump(
        r#"
int f(int n) {
  int s = 0, i;
  if (n < 0) return -1; else if (n == 0) s = 1;
  while (n > 10) n--;
  do { n++; continue; } while (n < 5);
  for (i = 0; i < n; i++) s += i;
  for (;;) break;
  for (int j = 0; j < 3;) j++;
  for (; i; --i) ;
  switch (n) { case 1: case 2 ... 4: s = 2; break; default: s = 3; }
  goto out;
out:
  return s;
}
"#,
        r#"
fn f(n#0) -> int
  {
    decl s#1 = 0, i#2
    if (Lt n#0 0)
      return (Neg 1)
    else
      if (Eq n#0 0)
        (= s#1 1)
    while (Gt n#0 10)
      (PostDec n#0)
    do
      {
        (PostInc n#0)
        continue
      }
    while (Lt n#0 5)
    for (= i#2 0); (Lt i#2 n#0); (PostInc i#2)
      (Add= s#1 i#2)
    for ; ; 
      break
    for decl j#3 = 0; (Lt j#3 3); 
      (PostInc j#3)
    for ; i#2; (PreDec i#2)
      ;
    switch n#0
      {
        case 1
          case 2...4
            (= s#1 2)
        break
        default
          (= s#1 3)
      }
    goto out
    out:
      return s#1
  }
"#,
    );
}

#[test]
fn expressions() {
    assert_dump(
        r#"
struct P { int x; int *q; };
enum Color { RED, GREEN = 5 };
int g(int);
int h(int a, struct P p, struct P *pp, int (*fp)(int), char *s) {
  int v = a ? a : 2, w = a ?: 3;
  v = a, w = !a + ~a + -a + +a;
  v = p.x + pp->x + *pp->q + s[1] + 2[s];
  v = (long)a + GREEN + 'A' + sizeof(struct P) + sizeof a;
  v = g(a) + fp(a) + (*fp)(a) + (*g)(a) + (a && v) + (a || v);
  v <<= 1; v |= 2; v %= 3;
  fp = g; fp = &g;
  int *ip = &v; *ip = 0;
  struct P z = { 1, 0 }, y = { .x = 2 };
  pp = &(struct P){ 3 };
  double d = 1.5;
  const char *str = "hi\n";
  return ({ int t = v; t + 1; });
}
"#,
        r#"
fn h(a#0, p#1, pp#2, fp#3, s#4) -> int
  {
    decl v#5 = (? a#0 a#0 2), w#6 = (?: a#0 3)
    (Comma (= v#5 a#0) (= w#6 (Add (Add (Add (LogicalNot a#0) (BitNot a#0)) (Neg a#0)) (Plus a#0))))
    (= v#5 (Add (Add (Add (Add (. p#1 x) (-> pp#2 x)) (Deref (-> pp#2 q))) ([] s#4 1)) ([] s#4 2)))
    (= v#5 (Add (Add (Add (Add (cast long a#0) GREEN=5) 65) (unevaluated 16)) (unevaluated 4)))
    (= v#5 (Add (Add (Add (Add (Add (call g a#0) (call* fp#3 a#0)) (call* (Deref fp#3) a#0)) (call g a#0)) (LogicalAnd a#0 v#5)) (LogicalOr a#0 v#5)))
    (Shl= v#5 1)
    (BitOr= v#5 2)
    (Rem= v#5 3)
    (= fp#3 &g)
    (= fp#3 (AddrOf &g))
    decl ip#7 = (AddrOf v#5)
    (= (Deref ip#7) 0)
    decl z#8 = {1, 0}, y#9 = {2}
    (= pp#2 (AddrOf (compound-literal {3})))
    decl d#10 = 1.5
    decl str#11 = "hi\n"
    return (stmt-expr { decl t#12 = v#5 (Add t#12 1) })
  }
"#,
    );
}

#[test]
fn calls_are_direct_or_indirect_and_builtins_are_direct() {
    let tu = parse("void f(void (*p)(void)) { p(); __builtin_unreachable(); }");
    let StmtKind::Compound(items) = &tu.functions[0].body.kind else { panic!() };
    let StmtKind::Expr(e0) = &items[0].kind else { panic!() };
    assert!(matches!(&e0.kind, ExprKind::Call { callee: Callee::Indirect(_), .. }));
    let StmtKind::Expr(e1) = &items[1].kind else { panic!() };
    let ExprKind::Call { callee: Callee::Direct { name, usr }, .. } = &e1.kind else { panic!() };
    assert_eq!(name, "__builtin_unreachable");
    assert!(!usr.is_empty());
    assert!(tu.declaration(usr).is_some());
}

#[test]
fn gnu_extensions_asm_indirect_goto_va_arg_offsetof() {
    assert_dump(
        r#"
#include <stdarg.h>
#include <stddef.h>
struct S { int a, b; };
int f(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int v = va_arg(ap, int);
  va_end(ap);
  void *l = &&done;
  __asm__ volatile ("" : "=r"(v) : "r"(n));
  v += offsetof(struct S, b);
  goto *l;
done:
  return v;
}
"#,
        r#"
fn f(n#0) -> int variadic
  {
    decl ap#1
    (call __builtin_va_start ap#1 n#0)
    decl v#2 = (va_arg ap#1 int)
    (call __builtin_va_end ap#1)
    decl l#3 = (unknown)
    asm out v#2 in n#0
    (Add= v#2 (unevaluated 4))
    goto *l#3
    done:
      return v#2
  }
"#,
    );
}

#[test]
fn noreturn_in_all_spellings() {
    let tu = parse_with(
        r#"
_Noreturn void a(void);
__attribute__((noreturn)) void b(void);
[[noreturn]] void c(void);
void d(void) __attribute__((__noreturn__));
void e(void);
_Noreturn void fdef(void) { for (;;) ; }
void die(void);
__attribute__((noreturn)) void die(void);
"#,
        &["-std=gnu2x"],
    );
    for name in ["a", "b", "c", "d", "fdef", "die"] {
        let d = tu.declarations.iter().find(|d| d.name == name).unwrap();
        assert!(d.is_noreturn, "{name} should be noreturn");
    }
    let e = tu.declarations.iter().find(|d| d.name == "e").unwrap();
    assert!(!e.is_noreturn);
    assert!(tu.functions[0].is_noreturn);
}

#[test]
fn knr_definition() {
    let tu = parse("int f(a, b) int a; char *b; { return a + *b; }\nint g(int a) { return a; }\n");
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
    assert_eq!(tu.functions.len(), 2);
    assert!(tu.functions[0].is_knr);
    assert_eq!(tu.functions[0].params.len(), 2);
    assert!(!tu.functions[1].is_knr);
}

#[test]
fn static_functions_and_variables() {
    let tu = parse(
        r#"
static int counter = 40 + 2;
int global;
int with_init = 3;
extern int ext;
const char *name = "x";
static void helper(void) { static int calls; calls++; }
void api(void) { helper(); ext = counter; }
"#,
    );
    let helper = tu.functions.iter().find(|f| f.name == "helper").unwrap();
    assert!(helper.is_static);
    assert!(!tu.functions.iter().find(|f| f.name == "api").unwrap().is_static);
    let var = |n: &str| tu.vars.iter().find(|v| v.name == n).unwrap();
    assert_eq!(var("counter").kind, VarKind::StaticGlobal);
    assert_eq!(var("counter").const_init, Some(42));
    assert!(var("counter").has_init);
    assert_eq!(var("global").kind, VarKind::Global);
    assert!(!var("global").has_init);
    assert_eq!(var("with_init").const_init, Some(3));
    assert_eq!(var("ext").kind, VarKind::Global);
    assert!(var("name").has_init);
    assert_eq!(var("name").const_init, None);
    assert_eq!(var("calls").kind, VarKind::StaticLocal);
    assert!(var("counter").usr.starts_with("c:"));
}

#[test]
fn shadowed_locals_get_distinct_ids() {
    let tu = parse("int f(void) { int x = 1; { int x = 2; x++; } return x; }");
    let xs: Vec<_> = tu.vars.iter().filter(|v| v.name == "x").collect();
    assert_eq!(xs.len(), 2);
    assert!(xs.iter().all(|v| v.kind == VarKind::Local));
    assert_eq!(
        dump_tree(&tu),
        "fn f() -> int\n  {\n    decl x#0 = 1\n    {\n      decl x#1 = 2\n      (PostInc x#1)\n    }\n    return x#0\n  }\n"
    );
}

#[test]
fn redeclared_globals_share_one_id() {
    let tu = parse("extern int g; int g = 7; int f(void) { extern int g; return g; }");
    let gs: Vec<_> = tu.vars.iter().filter(|v| v.name == "g").collect();
    assert_eq!(gs.len(), 1);
    assert_eq!(gs[0].const_init, Some(7));
}

#[test]
fn macro_spans_use_expansion_locations() {
    let src = "#include <stdlib.h>\n#define FREE(p) free(p)\nvoid f(char *q) {\n  FREE(q);\n  q = NULL;\n  q[0] = 1;\n}\n";
    let tu = parse(src);
    let StmtKind::Compound(items) = &tu.functions[0].body.kind else { panic!() };
    let StmtKind::Expr(call) = &items[0].kind else { panic!() };
    assert!(call.span.from_macro);
    assert_eq!((call.span.line, call.span.col), (4, 3));
    assert_eq!(call.span.file, tu.main_file);
    assert_eq!(&src[call.span.start as usize..call.span.end as usize], "FREE(q)");
    let ExprKind::Call { callee: Callee::Direct { name, .. }, .. } = &call.kind else { panic!() };
    assert_eq!(name, "free");
    let StmtKind::Expr(assign) = &items[1].kind else { panic!() };
    let ExprKind::Assign { rhs, .. } = &assign.kind else { panic!() };
    assert!(rhs.span.from_macro);
    assert_eq!(&src[rhs.span.start as usize..rhs.span.start as usize + 4], "NULL");
    let StmtKind::Expr(plain) = &items[2].kind else { panic!() };
    assert!(!plain.span.from_macro);
    assert_eq!(&src[plain.span.start as usize..plain.span.end as usize], "q[0] = 1");
    assert_eq!((plain.span.line, plain.span.col, plain.span.end_line, plain.span.end_col), (6, 3, 6, 11));
}

#[test]
fn types_are_classified() {
    use goanna_ast::TypeClass;
    let tu = parse("typedef unsigned long size_t2; enum E { A }; struct S { int a; };\nvoid f(size_t2 n, enum E e, double d, int *p, int a[3], struct S s, const volatile int cv) {}");
    let class = |n: &str| tu.vars.iter().find(|v| v.name == n).unwrap().ty.clone();
    assert_eq!(class("n").class, TypeClass::Integer);
    assert_eq!(class("n").spelling, "size_t2");
    assert_eq!(class("e").class, TypeClass::Integer);
    assert_eq!(class("d").class, TypeClass::Floating);
    assert_eq!(class("p").class, TypeClass::Pointer);
    assert_eq!(class("a").class, TypeClass::Pointer); // parameter arrays decay
    assert_eq!(class("s").class, TypeClass::Record);
    assert!(class("cv").is_const && class("cv").is_volatile);
}

#[test]
fn syntax_error_gives_diagnostics_and_partial_tree() {
    let tu = parse("int ok(void) { return 1; }\nint bad(void) { return 1 +; }\nint after(void) { return 2; }\n");
    assert!(tu.has_errors());
    let err = tu.diagnostics.iter().find(|d| d.severity == DiagnosticSeverity::Error).unwrap();
    assert_eq!(err.span.unwrap().line, 2);
    assert!(tu.functions.iter().any(|f| f.name == "ok"));
    assert!(tu.functions.iter().any(|f| f.name == "after"));
}

#[test]
fn missing_include_is_a_diagnostic() {
    let tu = parse("#include \"does_not_exist.h\"\nint f(void) { return 0; }\n");
    assert!(tu
        .diagnostics
        .iter()
        .any(|d| matches!(d.severity, DiagnosticSeverity::Fatal | DiagnosticSeverity::Error)
            && d.message.contains("does_not_exist.h")));
    assert!(tu.functions.iter().any(|f| f.name == "f"));
}

#[test]
fn unknown_flag_is_handled() {
    let options = ParseOptions { args: vec!["-fno-such-flag".into()], working_dir: None };
    match parse_source("t.c", "int f(void) { return 0; }", &options) {
        Ok(tu) => assert!(!tu.diagnostics.is_empty() || !tu.functions.is_empty()),
        Err(e) => assert!(e.to_string().contains("t.c"), "{e}"),
    }
}

#[test]
fn compile_command_args_are_filtered() {
    let options = ParseOptions {
        args: ["gcc", "-c", "-o", "x.o", "-MD", "-MF", "x.d", "-DVALUE=3", "x.c"].iter().map(|s| s.to_string()).collect(),
        working_dir: None,
    };
    let tu = parse_source("x.c", "int v = VALUE;", &options).unwrap();
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
    assert_eq!(tu.vars[0].const_init, Some(3));
}

#[test]
fn system_headers_contribute_declarations_not_functions() {
    let tu = parse("#include <stdio.h>\n#include <stdlib.h>\nint main(void) { printf(\"x\"); exit(1); }\n");
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
    assert_eq!(tu.functions.len(), 1);
    assert_eq!(tu.functions[0].name, "main");
    let exit = tu.declarations.iter().find(|d| d.name == "exit").unwrap();
    assert!(exit.is_noreturn && exit.in_system_header);
    let printf = tu.declarations.iter().find(|d| d.name == "printf").unwrap();
    assert!(!printf.is_noreturn && printf.in_system_header && !printf.has_definition);
    assert!(tu.files.iter().any(|f| f.is_system));
    assert!(!tu.file(tu.main_file).is_system);
    let main = tu.declarations.iter().find(|d| d.name == "main").unwrap();
    assert!(main.has_definition && !main.in_system_header);
}

#[test]
fn empty_and_binary_inputs() {
    let tu = parse("");
    assert!(tu.functions.is_empty() && tu.diagnostics.is_empty());
    let dir = std::env::temp_dir().join(format!("goanna-fe-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bin.c");
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
    std::fs::write(&path, bytes).unwrap();
    let tu = parse_file(&path, &ParseOptions::default()).unwrap();
    assert!(tu.has_errors());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn missing_file_is_an_error() {
    let err = parse_file("/nonexistent/x.c".as_ref(), &ParseOptions::default()).unwrap_err();
    assert!(matches!(err, FrontendError::FileNotFound(_)));
}

#[test]
fn working_dir_resolves_relative_paths() {
    let dir = std::env::temp_dir().join(format!("goanna-fe-wd-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/h.h"), "#define K 9\n").unwrap();
    std::fs::write(dir.join("m.c"), "#include \"h.h\"\nint k = K;\n").unwrap();
    let options = ParseOptions { args: vec!["-Iinc".into()], working_dir: Some(dir.clone()) };
    let tu = parse_file("m.c".as_ref(), &options).unwrap();
    assert!(!tu.has_errors(), "{:?}", tu.diagnostics);
    assert_eq!(tu.vars[0].const_init, Some(9));
    std::fs::remove_dir_all(&dir).ok();
}
