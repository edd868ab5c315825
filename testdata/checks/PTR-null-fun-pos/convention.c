#include <stdlib.h>
#include <string.h>

/* An allocation wrapper whose failure handler is reached through a pointer, so the analyser
 * cannot see that it never returns. The program never tests its result: that is the
 * program's stated belief, and its call sites are not reported one by one. */
static void default_oom(size_t n) { (void)n; abort(); }
static void (*oom_handler)(size_t) = default_oom;

void *xalloc(size_t n) {
    void *p = malloc(n);
    if (!p)
        oom_handler(n);
    return p;
}

struct node { int v; struct node *next; };
struct pair { int a, b; };

struct node *node_new(int v) {
    struct node *n = xalloc(sizeof *n);
    n->v = v;
    n->next = NULL;
    return n;
}

struct pair *pair_new(int a, int b) {
    struct pair *p = xalloc(sizeof *p);
    p->a = a;
    p->b = b;
    return p;
}

char *copy(const char *s) {
    size_t n = strlen(s) + 1;
    char *c = xalloc(n);
    memcpy(c, s, n);
    return c;
}

int *ints(size_t n) {
    int *v = xalloc(n * sizeof *v);
    v[0] = 0;
    return v;
}

/* A lookup that returns NULL when the key is missing. Most call sites test the result, but
 * what it finds is decided by the program's own data: a call site that does not test usually
 * knows its key is there (tmux looks up options that every table entry defines, after testing
 * user-defined ones elsewhere). The habit of testing does not make such a NULL the caller's
 * to expect, and the deviant site is not reported (its NULL stays latent). */
struct node *table[16];

struct node *find(int key) {
    for (struct node *n = table[key & 15]; n; n = n->next)
        if (n->v == key)
            return n;
    return NULL;
}

int has(int key) {
    struct node *n = find(key);
    return n != NULL;
}

int value_or_zero(int key) {
    struct node *n = find(key);
    if (!n)
        return 0;
    return n->v;
}

int next_value(int key) {
    struct node *n = find(key);
    if (n == NULL || n->next == NULL)
        return -1;
    return n->next->v;
}

int value(int key) {
    struct node *n = find(key);
    return n->v;
}

/* More call sites that test: nine in ten of find's call sites test its result. */
int present_1(int key) {
    struct node *n = find(key + 1);
    return n ? n->v > 0 : 0;
}

int present_2(int key) {
    struct node *n = find(key + 2);
    return n ? n->v > 0 : 0;
}

int present_3(int key) {
    struct node *n = find(key + 3);
    return n ? n->v > 0 : 0;
}

int present_4(int key) {
    struct node *n = find(key + 4);
    return n ? n->v > 0 : 0;
}

int present_5(int key) {
    struct node *n = find(key + 5);
    return n ? n->v > 0 : 0;
}

int present_6(int key) {
    struct node *n = find(key + 6);
    return n ? n->v > 0 : 0;
}


/* A failure the program's data does not choose: an allocator behind a pointer that the
 * program sets through a setter's parameter (so its targets are not known), whose NULL the
 * wrapper passes on. Nine in ten call sites test the result, so the habit says the NULL is a
 * failure every caller must expect, and the one that does not test is the deviant. */
struct allocator { void *(*gmalloc)(size_t n); };
struct allocator the_allocator;

void allocator_init(struct allocator *a, void *(*m)(size_t)) { a->gmalloc = m; }

void *obj_alloc(size_t n) {
    void *p = the_allocator.gmalloc(n);
    if (!p)
        return NULL;
    return p;
}

int obj_1(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 1; return 0; }
int obj_2(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 2; return 0; }
int obj_3(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 3; return 0; }
int obj_4(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 4; return 0; }
int obj_5(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 5; return 0; }
int obj_6(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 6; return 0; }
int obj_7(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 7; return 0; }
int obj_8(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 8; return 0; }
int obj_9(void) { int *p = obj_alloc(sizeof *p); if (!p) return -1; *p = 9; return 0; }

int obj_unchecked(void) {
    int *p = obj_alloc(sizeof *p);
    *p = 10; // expect: PTR-null-fun-pos
    return 0;
}
