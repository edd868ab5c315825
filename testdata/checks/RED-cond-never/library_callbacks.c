// A library routine handed a function may call it before it returns: what the function writes
// changes there (`qsort`'s comparator giving up on a too-deep comparison).
#include <stdlib.h>

static int too_deep;
static int compared;

static int compare_deep(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (x > 1000 || y > 1000) {
        too_deep = 1;
        return 0;
    }
    return (x > y) - (x < y);
}

static int compare_plain(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int sort_checked_ok(int *items, size_t n) {
    too_deep = 0;
    qsort(items, n, sizeof *items, compare_deep);
    if (too_deep)
        return -1;
    return 0;
}

int sort_through_pointer_ok(int *items, size_t n, int (*cmp)(const void *, const void *)) {
    compared = 0;
    qsort(items, n, sizeof *items, cmp);
    if (compared)
        return 1;
    return 0;
}

void count_comparisons(void) {
    compared++;
}

int sort_plain_bad(int *items, size_t n) {
    too_deep = 0;
    qsort(items, n, sizeof *items, compare_plain);
    if (too_deep) // expect: RED-cond-never
        return -1;
    return 0;
}
