// NULL reaches a dereference through copies.
#include <stddef.h>

struct box {
    int value;
};

void copied_null_bad(void) {
    int *p = NULL;
    int *q;
    q = p;
    *q = 1; // expect: PTR-null-assign
}

void copied_twice_bad(void) {
    struct box *p = NULL;
    struct box *q = p;
    struct box *r = (struct box *)q;
    r->value = 2; // expect: PTR-null-assign
}

void copy_rebound_ok(int *fallback) {
    int *p = NULL;
    int *q = p;
    q = fallback;
    *q = 3;
}

void copy_checked_ok(int *maybe, int c) {
    int *p = NULL;
    if (c)
        p = maybe;
    int *q = p;
    if (q)
        *q = 4;
}

/* A chained assignment copies the value just written: `c = a = given` gives both `given`. */
int chained_copy_ok(const char *given) {
    const char *c = NULL, *authority = NULL;
    int n = 0;
    for (c = authority = given; *c; c++)
        n++;
    return n + (authority != NULL);
}

int chained_null_bad(const char *given) {
    const char *c = given, *authority = given;
    c = authority = NULL;
    return *c; // expect: PTR-null-assign
}

/* A copy taken before the original is set to NULL still points to the block: a descent that
 * keeps the found node in `cur` and clears `np` (libarchive's iso9660 writer). */
struct tree_node { int dir; };
struct tree_node *find_child(struct tree_node *n, const char *name);
int next_component(char *buf, const char **fn);

struct tree_node *find_entry_ok(struct tree_node *root, const char *fn) {
    char name[256];
    struct tree_node *cur = root, *np = 0;
    for (;;) {
        if (next_component(name, &fn) == 0)
            break;
        np = find_child(cur, name);
        if (np == 0)
            break;
        if (fn[0] == '\0')
            break;
        cur = np;
        np = 0;
        if (!cur->dir)
            break;
    }
    return np;
}

int cleared_then_read_bad(struct tree_node *root) {
    struct tree_node *np = find_child(root, "a");
    struct tree_node *cur;
    if (np == 0)
        return -1;
    cur = np;
    np = 0;
    return cur->dir + np->dir; // expect: PTR-null-assign
}
