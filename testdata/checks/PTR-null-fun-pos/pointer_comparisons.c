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

int found_flag_inverted_bad(int key) {
    struct entry *e = lookup(key);
    int missing = (e == NULL);
    if (!missing)
        return 0;
    return e->value; // expect: PTR-null-fun-pos
}
