#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    const char *key;
    int value;
    struct entry *next;
};

/* Returns NULL when nothing is found. */
static struct entry *lookup(struct entry *list, const char *key) {
    for (struct entry *e = list; e != NULL; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

/* Returns NULL on an error path. */
static char *read_name(FILE *in) {
    char *name = malloc(64);
    if (name == NULL)
        return NULL;
    if (fgets(name, 64, in) == NULL) {
        free(name);
        return NULL;
    }
    return name;
}

/* A thin wrapper that passes malloc's NULL on. */
static void *alloc_or_null(size_t n) {
    void *p = malloc(n);
    return p;
}

/* Aborts instead of returning NULL. */
static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (p == NULL) {
        fputs("out of memory\n", stderr);
        abort();
    }
    return p;
}

/* Dereferences its parameter without a check. */
static int entry_value(const struct entry *e) {
    return e->value;
}

/* Checks its parameter for NULL. */
static int entry_value_or(const struct entry *e, int fallback) {
    if (e == NULL)
        return fallback;
    return e->value;
}

/* Positives. */

/* `lookup` returns NULL only when the key is missing from the list it is given: its NULL is
 * latent, and a caller that dereferences the result without a test usually knows the key is
 * there (a data invariant). It is reported only where the program's own call sites mostly
 * test the result (convention.c) or the caller's path forces the NULL. */
int lookup_unchecked_latent_ok(struct entry *list) {
    struct entry *e = lookup(list, "size");
    return e->value;
}

/* Returns NULL when given no name to copy, and on allocation failure. */
static char *copy_name(const char *name) {
    if (name == NULL)
        return NULL;
    char *c = malloc(strlen(name) + 1);
    if (c != NULL)
        strcpy(c, name);
    return c;
}

/* The NULL of `copy_name` is manifest (allocation failure), whatever its argument. */
char copied_initial_bad(const char *name) {
    char *c = copy_name(name);
    char first = c[0]; // expect: PTR-null-fun-pos
    free(c);
    return first;
}

char name_initial_bad(FILE *in) {
    char *name = read_name(in);
    char c = name[0]; // expect: PTR-null-fun-pos
    free(name);
    return c;
}

int wrapper_result_bad(void) {
    int *n = alloc_or_null(sizeof *n);
    *n = 3; // expect: PTR-null-fun-pos
    int v = *n;
    free(n);
    return v;
}

int result_passed_to_dereferencing_helper_bad(FILE *in) {
    char *name = read_name(in);
    int v = entry_value((const struct entry *)name); // expect: PTR-null-fun-pos
    free(name);
    return v;
}

/* The call dereferences the old, checked value of `n`; the new one is not checked. */
struct entry *next_allocated(struct entry *e) {
    struct entry *n = malloc(sizeof *n);
    if (n != NULL)
        n->next = e->next;
    return n;
}

int chained_allocation_bad(struct entry *list) {
    struct entry *n = next_allocated(list);
    if (n == NULL)
        return -1;
    struct entry *first = n;
    n = next_allocated(n);
    free(first);
    int v = n->value; // expect: PTR-null-fun-pos
    free(n);
    return v;
}

/* Negatives. */

int xmalloc_never_returns_null_ok(void) {
    int *n = xmalloc(sizeof *n);
    *n = 3;
    int v = *n;
    free(n);
    return v;
}

int lookup_checked_ok(struct entry *list) {
    struct entry *e = lookup(list, "size");
    if (e == NULL)
        return -1;
    return e->value;
}

int result_passed_to_checking_helper_ok(struct entry *list) {
    struct entry *e = lookup(list, "mode");
    return entry_value_or(e, 0);
}

char name_checked_ok(FILE *in) {
    char *name = read_name(in);
    if (!name)
        return '\0';
    char c = name[0];
    free(name);
    return c;
}

/* Wrappers that return a call's result directly: what the call returns is what they return. */
static char *dup_or_null(const char *s) {
    return strdup(s);
}

static char *dup_via(const char *s) {
    return (char *)dup_or_null(s);
}

char returned_call_bad(const char *s) {
    char *d = dup_via(s);
    char c = d[0]; // expect: PTR-null-fun-pos
    free(d);
    return c;
}

char returned_call_checked_ok(const char *s) {
    char *d = dup_via(s);
    if (d == NULL)
        return '\0';
    char c = d[0];
    free(d);
    return c;
}
