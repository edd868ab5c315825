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

/* Validation failed, which a NULL suite does but so does a suite of a higher minimum: the
 * getter's NULL (for an identifier out of range) is latent, possible but not forced here. */
int sum_invalid_latent_ok(const int *ids, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        const struct suite *info = suite_from_id(ids[i]);
        if (validate(info, 3) == 0)
            continue;
        total += info->min;
    }
    return total;
}

/* An identifier out of range: the getter can only return NULL. */
int min_of_unknown_suite_bad(void) {
    const struct suite *info = suite_from_id(7);
    return info->min; // expect: PTR-null-fun-pos
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

/* The range checked is one too wide, so `idx == count` gets through and the getter returns
 * NULL for it; but the path also allows every index in range: the NULL is latent, not
 * forced. */
int key_off_by_one_latent_ok(struct entry *table, int idx, int count) {
    if (!in_range(idx, count + 1))
        return -1;
    struct entry *e = entry_at(table, idx, count);
    return e->key;
}

/* Out of range on this path: the getter can only return NULL. */
int key_after_failed_check_bad(struct entry *table, int idx, int count) {
    if (in_range(idx, count))
        return table[idx].key;
    struct entry *e = entry_at(table, idx, count);
    return e->key; // expect: PTR-null-fun-pos
}
