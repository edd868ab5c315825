#include <stdlib.h>
#include <string.h>

static char *cache;

static void drop(char *p) {
    free(p);
}

static void flush_cache(int cond) {
    if (cond)
        free(cache);
}

/* Positives. */

void error_path_frees_again_bad(char *buf, int err) {
    free(buf);
    if (err)
        free(buf); // expect: MEM-double-free-some
}

void error_path_calls_freeing_helper_bad(char *buf, int err) {
    drop(buf);
    if (err)
        drop(buf); // expect: MEM-double-free-some
}

void global_maybe_freed_twice_bad(int err) {
    free(cache);
    if (err)
        free(cache); // expect: MEM-double-free-some
}

void freed_in_loop_body_bad(char *p, int n) {
    for (int i = 0; i < n; i++)
        free(p); // expect: MEM-double-free-some
}

/* Negatives. */

void error_path_resets_pointer_ok(char *buf, int err) {
    free(buf);
    buf = NULL;
    if (err)
        free(buf);
}

void exclusive_paths_ok(char *buf, int err) {
    if (err) {
        free(buf);
        return;
    }
    buf[0] = 0;
    free(buf);
}

void goto_cleanup_once_ok(size_t n, int fail) {
    char *a = malloc(n);
    if (!a)
        return;
    if (fail)
        goto out;
    a[0] = 0;
out:
    free(a);
}

void loop_reallocates_before_free_ok(int n) {
    char *p = NULL;
    for (int i = 0; i < n; i++) {
        p = malloc(8);
        free(p);
    }
}

void helper_may_free_then_done_ok(char *buf, int err) {
    drop_if(buf, err);
}

void global_flushed_then_reset_ok(int cond) {
    flush_cache(cond);
    cache = malloc(32);
}
