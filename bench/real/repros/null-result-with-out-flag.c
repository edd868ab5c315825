/* jq src/jv_aux.c sort_items() and its callers jv_sort, jv_group, jv_unique:
 * the helper returns NULL in two cases only: the array is empty (n == 0;
 * the caller computes the same n from the same array and its loop does not
 * run), or the comparison was too deep (a flag the qsort callback sets in a
 * global), after freeing the entries and setting *too_deep = 1 (the caller
 * returns at once). The calloc wrapper never returns NULL. sort_items and
 * sort_items_x differ only in how they sort (qsort with a callback, or an
 * external function).
 * Reported: MEM-leak (line 54), PTR-null-fun-pos (lines 58 and 88). */
#include <stdlib.h>

struct entry { int key; int index; };

static void *xcalloc(size_t n, size_t sz) {
    void *p = calloc(n, sz);
    if (!p) abort();
    return p;
}

static void entries_free(struct entry *e, int start, int n) {
    for (int i = start; i < n; i++) e[i].key = 0;
    free(e);
}

int length(const int *a);
int cmp(const void *a, const void *b); /* sets `deep` when it gives up */
void sortit(struct entry *e, int n);   /* sets `deep` when it gives up */
extern int deep;

static struct entry *sort_items(const int *a, int *too_deep, int use_qsort) {
    int n = length(a);
    *too_deep = 0;
    if (n == 0)
        return NULL;
    struct entry *entries = xcalloc(n, sizeof *entries);
    for (int i = 0; i < n; i++) { entries[i].key = a[i]; entries[i].index = i; }
    deep = 0;
    if (use_qsort)
        qsort(entries, n, sizeof *entries, cmp);
    else
        sortit(entries, n);
    if (deep) {
        entries_free(entries, 0, n);
        *too_deep = 1;
        return NULL;
    }
    return entries;
}

int sum_sorted_q(const int *a) {
    int n = length(a);
    int too_deep = 0;
    int sum = 0;
    struct entry *entries = sort_items(a, &too_deep, 1);
    if (too_deep)
        return -1;
    for (int i = 0; i < n; i++)
        sum += entries[i].key;
    free(entries);
    return sum;
}

static struct entry *sort_items_x(const int *a, int *too_deep) {
    int n = length(a);
    *too_deep = 0;
    if (n == 0)
        return NULL;
    struct entry *entries = xcalloc(n, sizeof *entries);
    for (int i = 0; i < n; i++) { entries[i].key = a[i]; entries[i].index = i; }
    deep = 0;
    sortit(entries, n);
    if (deep) {
        entries_free(entries, 0, n);
        *too_deep = 1;
        return NULL;
    }
    return entries;
}

int sum_sorted_x(const int *a) {
    int n = length(a);
    int too_deep = 0;
    int sum = 0;
    struct entry *entries = sort_items_x(a, &too_deep);
    if (too_deep)
        return -1;
    for (int i = 0; i < n; i++)
        sum += entries[i].key;
    free(entries);
    return sum;
}
