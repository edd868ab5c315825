//! Proposition fixtures: small snippets, the propositions of every node by name (snapshots).

mod common;
use common::props;

macro_rules! props {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            if let Some(got) = props($src, "f") {
                insta::assert_snapshot!(got);
            }
        }
    };
}

const HDR: &str = "#include <stdlib.h>\n#include <stdio.h>\n#include <pthread.h>\n#include <fcntl.h>\n#include <unistd.h>\n";

macro_rules! props_h {
    ($name:ident, $body:expr) => {
        #[test]
        fn $name() {
            let src = format!("{HDR}{}", $body);
            if let Some(got) = props(&src, "f") {
                insta::assert_snapshot!(got);
            }
        }
    };
}

props!(def_use_decl, "int f(int y) { int x; int z = y; x = y; x += 1; z++; return x + z; }");
props!(addr_taken_sizeof, "void g(int *); int f(void) { int x; int a[4]; g(&x); return sizeof x + sizeof a; }");
props!(deref_paths, "struct n { struct n *next; int v; }; int f(struct n *p, int *q, int i) { p->next->v = 1; *q = 2; q[i] = 3; return p->v + *q; }");
props!(struct_fields, "struct s { int a; int b[3]; }; int f(void) { struct s s; s.a = 1; s.b[0] = 2; return s.a + s.b[1]; }");
props!(arrays, "int f(int i) { int a[10]; a[i] = 1; return a[i + 1]; }");
props_h!(assign_null, "void f(void) { int *p = NULL; char *q; q = 0; q = (char *)0; p = (void *)0; }");
props_h!(null_tests, "int f(int *p) { if (p == NULL) return 0; if (!p) return 1; if (p != 0) return 2; if (NULL == p) return 3; if (!(p == NULL)) return 4; if (p) return 5; return *p; }");
props_h!(null_test_in_and, "int f(int *p, int *q) { if (p && q) return *p + *q; return 0; }");
props_h!(null_test_assign, "char *f(int n) { char *p; if ((p = malloc(n)) == NULL) return NULL; return p; }");
props_h!(loop_null_test, "struct n { struct n *next; }; int f(struct n *p) { int c = 0; while (p) { c++; p = p->next; } return c; }");
props_h!(alloc_free, "void f(int n) { char *p = malloc(n); int *q = (int *)calloc(n, 4); char *r; r = realloc(p, 2 * n); free(r); free(q); }");
props_h!(escape, "int *gp; struct s { int *f; }; void ext(int *); int *f(struct s *s, int **out) { int *p = malloc(4); int *q = malloc(4); int *r = malloc(4); int *t = malloc(4); gp = p; s->f = q; *out = r; ext(t); int *u = t; return u; }");
props_h!(no_escape_known, "#include <string.h>\nstatic void mine(char *p) { (void)p; } void f(char *d) { char *p = malloc(8); memcpy(d, p, 8); mine(p); printf(\"%s\", p); free(p); }");
props_h!(files, "void f(void) { FILE *fp = fopen(\"x\", \"r\"); char b[8]; fgets(b, 8, fp); fprintf(fp, \"x\"); fclose(fp); }");
props_h!(fds, "void f(void) { int fd = open(\"x\", O_RDONLY); char b[4]; read(fd, b, 4); close(fd); }");
props_h!(locks, "pthread_mutex_t m; struct s { pthread_mutex_t lk; }; void f(struct s *s) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); pthread_mutex_lock(&s->lk); pthread_mutex_unlock(&s->lk); }");
props!(div, "int f(int a, int d) { int x = a / d; x %= d; x = a % 0; x = a / (1 - 1); return x; }");
props!(calls_return_end, "int g(int); int f(int a) { int r = g(a); return r; }");
props_h!(noreturn_props, "void f(void) { exit(1); }");
props_h!(getenv_may_be_null, "int f(void) { char *e = getenv(\"HOME\"); return e[0]; }");
props!(likely_null_test, "int f(int *p) { if (__builtin_expect(p == 0, 0)) return 0; return *p; }");

props_h!(posix_memalign_out, "void f(void) { void *p; posix_memalign(&p, 16, 64); free(p); }");
props!(indirect_call, "void f(void (*fp)(int *), int *q) { fp(q); (*fp)(q); }");

#[test]
fn call_site_fields() {
    let src = "struct s { int *f; }; int *h(int *a, int *b, struct s *c); void f(int *p, int x, struct s *s) { int *r = h(p, &x, s); s->f = h((int *)0, p, s); }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let sites: Vec<String> = cfg
        .nodes
        .iter()
        .filter_map(|n| match &n.kind {
            goanna_cfg::NodeKind::Call(site) => Some(site),
            _ => None,
        })
        .map(|site| {
            let p = |id: &Option<goanna_cfg::PathId>| id.map_or("-".to_string(), |id| cfg.path(id).text());
            format!(
                "{} args=[{}] addr=[{}] result={}",
                site.callee_name.as_deref().unwrap_or("?"),
                site.args.iter().map(p).collect::<Vec<_>>().join(","),
                site.address_args.iter().map(p).collect::<Vec<_>>().join(","),
                p(&site.result)
            )
        })
        .collect();
    assert_eq!(sites, vec!["h args=[p,-,s] addr=[-,x,-] result=r", "h args=[-,p,s] addr=[-,-,-] result=s->f"]);
}

// Propositions of the checks ATH-div-0-assign, RED-cond-*, LIB-return-unchecked, MEM-free-*,
// MEM-stack, MEM-realloc-self and SWITCH-no-default.
props!(zero_tests, "int f(int d, int n) { int z = 0; double w = 0.0; d = 0; if (d) n++; if (!n) n = 1; if (d > 0) n++; if (d <= 0) n--; if (3 == d) n++; return n / d + (int)w + z; }");
props!(const_conds, "enum { A = 1 }; static const int k = 0; int f(int x) { if (sizeof(int) > 2) x++; if (k) x--; if (A == 2) x = 0; while (1) { if (x) break; } if (0) x = 3; return x; }");
props_h!(result_ignored, "int f(int fd, char *b, FILE *in) { read(fd, b, 4); (void)read(fd, b, 4); if (fgets(b, 4, in)) return 1; setuid(0); return 0; }");
props_h!(free_kinds, "static char pool[8]; void f(int n) { int x; char a[4]; char *p = malloc(n); char *q = a; char *s = \"lit\"; free(&x); free(a); free(pool); free(p + 1); p++; p += 2; p = p - 1; free(p); free(q); free(s); }");
props_h!(return_local_addr, "static int g; int *f(int k) { int x; int a[3]; static int s; if (k == 1) return &x; if (k == 2) return a; if (k == 3) return &s; if (k == 4) return &g; return &a[1]; }");
props_h!(realloc_self_and_switch, "void f(char *p, char *q, int k) { p = realloc(p, 8); q = realloc(p, 9); switch (k) { case 1: free(q); } }");
props!(
    interior_offsets,
    "struct pt { int x; }; void g(struct pt *); void f(struct pt T[], int i, char *b) { struct pt *cur = T + i; g(cur); cur = (struct pt *)((char *)b + sizeof(int) + 8); g(cur); cur = i + T; g(cur); }"
);
