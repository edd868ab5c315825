// A callee that fills a block it allocated and reports failure through an out-parameter: its
// stores into its own block leave the flag it set before them as it was, so its caller's early
// return on the flag leaks nothing (the block was freed and NULL returned).
#include <stdlib.h>

struct entry {
    int key;
    int index;
};

int length(const int *a);
int compare_entries(const void *a, const void *b);
extern int too_deep_seen;

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (!p)
        abort();
    return p;
}

static struct entry *sort_items(const int *a, int *too_deep) {
    int n = length(a);
    *too_deep = 0;
    if (n == 0)
        return NULL;
    struct entry *entries = xcalloc(n, sizeof *entries);
    for (int i = 0; i < n; i++) {
        entries[i].key = a[i];
        entries[i].index = i;
    }
    too_deep_seen = 0;
    qsort(entries, n, sizeof *entries, compare_entries);
    if (too_deep_seen) {
        free(entries);
        *too_deep = 1;
        return NULL;
    }
    return entries;
}

int first_key_ok(const int *a) {
    int too_deep = 0;
    struct entry *entries = sort_items(a, &too_deep);
    if (too_deep)
        return -1;
    int key = entries ? entries[0].key : 0;
    free(entries);
    return key;
}

// The caller forgets to free on its other early return.
int first_key_bad(const int *a, int *status) {
    int too_deep = 0;
    struct entry *entries = sort_items(a, &too_deep); // expect: MEM-leak
    if (too_deep)
        return -1;
    if (*status)
        return -2;
    int key = entries ? entries[0].key : 0;
    free(entries);
    return key;
}
