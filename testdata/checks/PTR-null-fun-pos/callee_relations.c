// What a call returns depends on what it is passed: the refutation stage relates a callee's
// result to its arguments through the callee's own paths (a validator that fails for NULL, a
// range check and a getter that returns NULL outside the same range, a status result).
#include <stddef.h>

struct suite { const char *name; int min; };

const struct suite *suite_from_id(int id) {
    static const struct suite all[2] = {{"a", 1}, {"b", 2}};
    if (id < 0 || id > 1)
        return NULL;
    return &all[id];
}

/* Fails for a NULL suite, as mbedtls_ssl_validate_ciphersuite does. */
int validate(const struct suite *info, int min) {
    if (info == NULL)
        return -1;
    if (info->min > min)
        return -1;
    return 0;
}

int sum_valid_ok(const int *ids, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        const struct suite *info = suite_from_id(ids[i]);
        if (validate(info, 3) != 0)
            continue;
        total += info->min;
    }
    return total;
}

int sum_invalid_bad(const int *ids, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        const struct suite *info = suite_from_id(ids[i]);
        if (validate(info, 3) == 0)
            continue;
        total += info->min; // expect: PTR-null-fun-pos
    }
    return total;
}

int first_valid_ok(int id) {
    const struct suite *info = suite_from_id(id);
    int status = validate(info, 5);
    if (status < 0)
        return status;
    return info->min;
}

/* A range check, and a getter that returns NULL outside the same range. */
struct entry { int key; };

int in_range(int idx, int count) {
    if (idx < 0)
        return 0;
    if (idx >= count)
        return 0;
    return 1;
}

struct entry *entry_at(struct entry *table, int idx, int count) {
    if (idx < 0 || idx >= count)
        return NULL;
    return &table[idx];
}

int key_checked_ok(struct entry *table, int idx, int count) {
    if (!in_range(idx, count))
        return -1;
    struct entry *e = entry_at(table, idx, count);
    return e->key;
}

int key_off_by_one_bad(struct entry *table, int idx, int count) {
    if (!in_range(idx, count + 1))
        return -1;
    struct entry *e = entry_at(table, idx, count);
    return e->key; // expect: PTR-null-fun-pos
}
