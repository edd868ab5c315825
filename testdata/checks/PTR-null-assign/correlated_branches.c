/* A pointer set to NULL and guarded by the same test later is not dereferenced while NULL. */
struct item { int count; };

int guarded_by_same_test_ok(struct item *list, int n) {
    struct item *it = 0;
    if (n > 0)
        it = list;
    if (it)
        return it->count;
    return 0;
}

int reset_then_tested_ok(struct item *a, int use_a) {
    struct item *it = 0;
    if (use_a)
        it = a;
    if (!it)
        return -1;
    return it->count;
}

int tested_but_wrong_branch_bad(struct item *a, int use_a) {
    struct item *it = 0;
    if (use_a)
        it = a;
    if (!it)
        return it->count; // expect: PTR-null-assign
    return 0;
}
