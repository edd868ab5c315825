#include <stdlib.h>
#include <string.h>

struct session {
    char *name;
    int id;
};

static char *shared_buffer;

static void drop(char *p) {
    free(p);
}

static void destroy_session(struct session *s) {
    free(s->name);
    free(s);
}

static void reset_shared(void) {
    free(shared_buffer);
}

/* Positives. */

void freed_twice_in_a_row_bad(size_t n) {
    char *p = malloc(n);
    free(p);
    free(p); // expect: MEM-double-free
}

void freed_after_both_branches_bad(char *p, int verbose) {
    if (verbose)
        free(p);
    else
        free(p);
    free(p); // expect: MEM-double-free
}

void freed_by_helper_then_freed_bad(size_t n) {
    char *p = malloc(n);
    drop(p);
    free(p); // expect: MEM-double-free
}

void freed_then_helper_frees_bad(size_t n) {
    char *p = malloc(n);
    free(p);
    drop(p); // expect: MEM-double-free
}

void session_destroyed_twice_bad(struct session *s) {
    destroy_session(s);
    destroy_session(s); // expect: MEM-double-free, MEM-use-free-all
}

void goto_cleanup_frees_again_bad(size_t n, int fail) {
    char *a = malloc(n);
    if (!a)
        return;
    if (fail) {
        free(a);
        goto out;
    }
    a[0] = 0;
out:
    free(a); // expect: MEM-double-free
}

/* Negatives. */

void freed_once_ok(size_t n) {
    char *p = malloc(n);
    free(p);
}

void reassigned_between_frees_ok(size_t n) {
    char *p = malloc(n);
    free(p);
    p = malloc(n);
    free(p);
}

void set_to_null_between_frees_ok(char *p) {
    free(p);
    p = NULL;
    free(p);
}

void freed_in_exclusive_branches_ok(char *p, int verbose) {
    if (verbose) {
        free(p);
        return;
    }
    free(p);
}

void loop_frees_fresh_memory_ok(int n) {
    for (int i = 0; i < n; i++) {
        char *p = malloc(16);
        free(p);
    }
}

void helper_then_new_value_ok(size_t n) {
    char *p = malloc(n);
    drop(p);
    p = malloc(n);
    drop(p);
}

void global_replaced_before_free_ok(void) {
    reset_shared();
    shared_buffer = malloc(16);
    free(shared_buffer);
}

void goto_cleanup_frees_once_ok(size_t n, int fail) {
    char *a = malloc(n);
    if (!a)
        goto out;
    if (fail)
        goto out;
    a[0] = 0;
out:
    free(a);
}
