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

/* A lookup that returns NULL when the key is missing: most call sites test the result, so
 * the ones that do not are reported. */
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
    return n->v; // expect: PTR-null-fun-pos
}

/* More call sites that test: nine in ten of find's call sites test its result, so the one
 * that does not is the deviant. */
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

