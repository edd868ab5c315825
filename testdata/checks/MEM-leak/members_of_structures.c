#include <stdlib.h>
#include <string.h>

/* Issue 12, route 4: memory handed to a function inside a structure. A callee whose summary
 * says it neither frees nor keeps the member leaves the block to the caller; one that frees
 * it or stores it elsewhere takes it. */

struct pair {
    char *first;
    char *second;
};

struct pair *registry;

static size_t first_length(struct pair s) {
    const char *d = s.first;
    return strlen(d);
}

static void release_first(struct pair *s) {
    free(s->first);
}

static void keep_first(struct pair *s) {
    registry->first = s->first;
}

void keep_elsewhere(struct pair *s);
static void hand_on(struct pair s) {
    keep_elsewhere(&s);
}

size_t only_read_bad(void) {
    char *data = malloc(8); // expect: MEM-leak
    struct pair s;
    if (!data)
        return 0;
    strcpy(data, "abc");
    s.first = data;
    return first_length(s);
}

size_t read_then_freed_good(void) {
    char *data = malloc(8);
    struct pair s;
    size_t n;
    if (!data)
        return 0;
    strcpy(data, "abc");
    s.first = data;
    n = first_length(s);
    free(data);
    return n;
}

void freed_by_callee_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    release_first(&s);
}

void kept_by_callee_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    keep_first(&s);
}

void handed_to_unknown_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    s.second = NULL;
    hand_on(s);
}

/* Callees that reach the members another way than by naming them: the structure copied
 * away whole, a member picked by a variable index. The summary cannot say what they do to
 * each member, so the pointers stored there are handed on at the call. */
static void release_copy(struct pair *s) {
    struct pair tmp;
    memcpy(&tmp, s, sizeof tmp);
    free(tmp.first);
}

static void release_all(char **slots, int n) {
    for (int i = 0; i < n; i++)
        free(slots[i]);
}

void copied_away_good(void) {
    char *data = malloc(8);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    s.second = NULL;
    release_copy(&s);
}

void released_by_index_good(void) {
    char *slots[2];
    slots[0] = malloc(8);
    slots[1] = malloc(8);
    release_all(slots, 2);
}
