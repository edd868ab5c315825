#include <stdlib.h>

/* Issue 12, route 4: a pointer handed to a function inside a structure, by value or by
 * pointer. The callee's summary says what it does to the pointer each member holds. */

struct pair {
    char *first;
    char *second;
};

struct holder {
    struct pair inner;
    int count;
};

static void release_first(struct pair s) {
    char *d = s.first;
    free(d);
}

static void release_first_by_pointer(struct pair *s) {
    free(s->first);
}

static void release_nested(struct holder *h) {
    free(h->inner.first);
}

/* Frees a new value it stores first: the caller's pointer is not what it frees. */
static void release_replaced(struct pair *s) {
    s->first = malloc(4);
    free(s->first);
}

/* Frees the member only when asked: not on every path. */
static void release_if(struct pair *s, int release) {
    if (release)
        free(s->first);
}

/* Hands the structure to a function whose body the analysis does not see. */
void consume_pair(struct pair *s);
static void hand_on(struct pair *s) {
    consume_pair(s);
}

void by_value_bad(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    free(data);
    s.first = data;
    release_first(s); // expect: MEM-double-free
}

void by_address_bad(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    free(data);
    s.first = data;
    release_first_by_pointer(&s); // expect: MEM-double-free
}

void nested_member_bad(void) {
    char *data = malloc(8);
    struct holder h;
    if (!data)
        return;
    free(data);
    h.inner.first = data;
    release_nested(&h); // expect: MEM-double-free
}

void other_member_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    free(data);
    s.first = NULL;
    s.second = data;
    release_first(s);
}

void freed_once_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    release_first(s);
}

void replaced_in_callee_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    free(data);
    s.first = data;
    release_replaced(&s);
}

void released_on_some_paths_good(int flag) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    release_if(&s, flag);
    if (!flag)
        free(data);
}

void handed_on_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    s.second = NULL;
    hand_on(&s);
}
