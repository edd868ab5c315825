/* An element of a file-scope table of constant pointers, every one initialised with the
 * address of an object (tmux's tty_features[]), is never NULL: the test after the loop that
 * read it is about a pointer that cannot be NULL, not one dereferenced too early. A table
 * whose initialiser leaves elements out holds NULLs, and one whose elements are not `const`
 * may be written: their elements may be NULL. */
#include <stddef.h>
#include <string.h>

struct feature {
    const char *name;
    int flags;
};

static const struct feature f_a = {"a", 1};
static const struct feature f_b = {"b", 2};
static const struct feature *const features[] = {&f_a, &f_b};
static const char *const names[] = {"alpha", "beta", "gamma"};
static const struct feature *sparse[4] = {&f_a, &f_b};
static const struct feature *writable[] = {&f_a, &f_b};

void reset(int i) {
    writable[i] = NULL;
}

int present(const char *name) {
    const struct feature *tf = NULL;
    unsigned i;
    for (i = 0; i < sizeof features / sizeof features[0]; i++) {
        tf = features[i];
        if (strcmp(tf->name, name) == 0)
            break;
    }
    if (tf == NULL)
        return 0;
    return tf->flags;
}

size_t name_length(unsigned i) {
    const char *s = names[i % 3];
    size_t n = strlen(s);
    if (s == NULL)
        return 0;
    return n;
}

int sparse_present(const char *name) {
    const struct feature *tf = NULL;
    unsigned i;
    for (i = 0; i < 4; i++) {
        tf = sparse[i];
        if (strcmp(tf->name, name) == 0) // expect: PTR-null-cmp-bef
            break;
    }
    if (tf == NULL)
        return 0;
    return tf->flags;
}

int writable_present(const char *name) {
    const struct feature *tf = NULL;
    unsigned i;
    for (i = 0; i < 2; i++) {
        tf = writable[i];
        if (strcmp(tf->name, name) == 0) // expect: PTR-null-cmp-bef
            break;
    }
    if (tf == NULL)
        return 0;
    return tf->flags;
}
