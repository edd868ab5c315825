// A pointer's NULL test kept in an integer (`found = (e != NULL)`), and a length that is the
// length of a string literal, are facts about the pointer the refutation stage follows.
#include <stddef.h>
#include <string.h>

struct entry { int value; };

struct entry *lookup(int key) {
    static struct entry one;
    if (key)
        return NULL;
    return &one;
}

int found_flag_ok(int key) {
    struct entry *e = lookup(key);
    int found = (e != NULL);
    if (!found)
        return 0;
    return e->value;
}

/* The stored test is a test of `e`: the dereference where it found `e` NULL is reported as a
 * dereference after a NULL comparison, as it would be after `if (e != NULL) return 0;`. */
int found_flag_inverted_bad(int key) {
    struct entry *e = lookup(key);
    int missing = (e == NULL);
    if (!missing)
        return 0;
    return e->value; // expect: PTR-null-cmp-aft
}

/* The search reads the string it is given: where the result equals the string's start, it is
 * not NULL (libarchive's ustar split: `p = strchr(pp + len - 101, '/'); if (p == pp) p =
 * strchr(p + 1, '/');`). */
int get_name(const char **pp, size_t *len);

int split_at_slash_ok(void) {
    const char *pp, *p;
    size_t len;
    if (get_name(&pp, &len) != 0)
        return -1;
    p = strchr(pp + len - 101, '/');
    if (p == pp)
        return p[1];
    return 0;
}

int split_elsewhere_bad(const char *other) {
    const char *pp, *p;
    size_t len;
    if (get_name(&pp, &len) != 0)
        return -1;
    p = strchr(pp + len - 101, '/');
    if (p != other)
        return p[1]; // expect: PTR-null-fun-pos
    return 0;
}
