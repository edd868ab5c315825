//! Control-flow fixtures: one test per construct. Each graph is rendered as edges between
//! labelled statements (`"x = 1" -> "x < 10" [True]`; branch nodes folded into the edge from
//! their condition; `!` marks unreachable nodes) and compared with a reviewed snapshot.

mod common;
use common::edges;

macro_rules! graph {
    ($name:ident, $src:expr) => {
        graph!($name, $src, "f");
    };
    ($name:ident, $src:expr, $f:expr) => {
        #[test]
        fn $name() {
            if let Some(got) = edges($src, $f) {
                insta::assert_snapshot!(got);
            }
        }
    };
}

graph!(if_else, "int f(int x) { int y; if (x > 0) y = 1; else y = 2; return y; }");
graph!(if_without_else, "void g(void); void f(int x) { if (x) g(); x = 3; }");
graph!(else_if_chain, "int f(int x) { if (x == 1) return 10; else if (x == 2) return 20; else if (x == 3) return 30; return 0; }");
graph!(while_loop, "int f(int n) { int i = 0; while (i < n) i++; return i; }");
graph!(do_while, "int f(int n) { int i = 0; do { i++; } while (i < n); return i; }");
graph!(for_full, "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }");
graph!(for_no_init, "int f(int n) { int i = 0; for (; i < n; i++) {} return i; }");
graph!(for_no_cond, "int f(int n) { for (int i = 0;; i++) { if (i > n) break; } return 0; }");
graph!(for_no_inc, "int f(int n) { for (int i = 0; i < n;) i += 2; return 0; }");
graph!(for_empty, "void g(void); void f(void) { for (;;) g(); }");
graph!(while_one, "void g(void); void f(void) { while (1) { g(); } }");
graph!(do_while_zero, "void f(int x) { do { x++; } while (0); }");
graph!(
    switch_fallthrough,
    "int f(int x) { int y = 0; switch (x) { case 1: y = 1; case 2: y = 2; break; default: y = 3; } return y; }"
);
graph!(switch_no_default, "int f(int x) { int y = 0; switch (x) { case 1: y = 1; break; case 2: y = 2; } return y; }");
graph!(
    nested_loops_break_continue,
    "int f(int n) { int s = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) { if (j == i) continue; if (j > i) break; s++; } } return s; }"
);
graph!(goto_forward, "int f(int x) { if (x) goto out; x = 2; out: return x; }");
graph!(goto_backward, "int f(int x) { again: x--; if (x > 0) goto again; return x; }");
graph!(goto_into_loop, "int f(int x) { goto inside; while (x > 0) { x--; inside: x -= 2; } return x; }");
graph!(goto_missing_label, "void f(int x) { goto nowhere; x = 1; }");
graph!(return_void, "void f(int x) { if (x) return; x = 1; }");
graph!(return_value, "int f(int x) { return x + 1; }");
graph!(logical_and_cond, "void g(void); void f(int a, int b) { if (a && b) g(); }");
graph!(logical_or_cond, "void g(void); void f(int a, int b) { if (a || b) g(); }");
graph!(logical_and_value, "int f(int a, int b) { int x; x = a && b; return x; }");
graph!(not_of_and, "void g(void); void f(int a, int b) { if (!(a && b)) g(); }");
graph!(conditional_value, "int f(int c, int a, int b) { int x; x = c ? a : b; return x; }");
graph!(conditional_in_call, "void g(int); void f(int c, int a, int b) { g(c ? a : b); }");
graph!(gnu_conditional, "int f(int a, int b) { return a ?: b; }");
graph!(conditional_in_cond, "void g(void); void f(int c, int a, int b) { if (c ? a : b) g(); }");
graph!(comma_operator, "int f(int a, int b) { a = 1, b = 2; return a + b; }");
graph!(statement_expression, "int f(int a) { int x = ({ int t = a * 2; t + 1; }); return x; }");
graph!(noreturn_exit, "#include <stdlib.h>\nint f(int x) { if (x) exit(1); return x; }");
graph!(noreturn_abort, "#include <stdlib.h>\nvoid f(void) { abort(); }");
graph!(noreturn_longjmp, "#include <setjmp.h>\njmp_buf b; void f(int x) { if (x) longjmp(b, 1); x = 2; }");
graph!(noreturn_unreachable, "int f(int x) { if (x) return 1; __builtin_unreachable(); }");
graph!(noreturn_user, "_Noreturn void die(const char *m); int f(int x) { if (x < 0) die(\"neg\"); return x; }");
graph!(dead_after_return, "int f(int x) { return x; x = 2; return x; }");
graph!(dead_after_break, "void f(int x) { while (x) { break; x--; } }");
graph!(user_call_node, "int h(int); int f(int a) { int r = h(a); r = h(r) + 1; h(r); return r; }");
graph!(indirect_goto, "void f(int x) { void *t = &&l1; goto *t; l1: x = 1; l2: x = 2; }");
graph!(empty_body, "void f(void) { }");
graph!(const_condition, "enum { DEBUG = 0 }; void g(void); void f(void) { if (DEBUG) g(); }");
