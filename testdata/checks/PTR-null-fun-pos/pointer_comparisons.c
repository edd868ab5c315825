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
