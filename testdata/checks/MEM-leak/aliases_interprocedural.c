// Aliases across calls: a callee that frees or keeps a copy, a callee that stores a block into
// `*out` through a local copy (so its caller owns it), and a list push through `&head`.
#include <stdlib.h>
#include <string.h>

struct item {
    struct item *next;
};

static struct item *kept;

static void release(char *s) {
    char *t = s;
    free(t);
}

static void keep(struct item *it) {
    struct item *copy = it;
    kept = copy; // expect: RED-unused-static
}

static int make_into(char **out, size_t n) {
    char *p = malloc(n);
    if (!p)
        return -1;
    *out = p;
    return 0;
}

static void dup_into(char **out, const char *text) {
    char *p = malloc(strlen(text) + 1);
    if (p)
        strcpy(p, text);
    *out = p;
}

static void push(struct item **head) {
    struct item *it = malloc(sizeof *it);
    if (!it)
        return;
    it->next = *head;
    *head = it;
}

static void drain(struct item **head) {
    struct item *it = *head;
    while (it) {
        struct item *next = it->next;
        free(it);
        it = next;
    }
    *head = NULL;
}

void freed_by_callee_through_copy_ok(void) {
    char *p = malloc(4);
    char *q = p;
    p = NULL;
    release(q);
}

void kept_by_callee_ok(void) {
    struct item *it = malloc(sizeof *it);
    struct item *alias = it;
    it = NULL;
    keep(alias);
}

void duplicated_into_and_dropped_bad(void) {
    char *s;
    dup_into(&s, "text"); // expect: MEM-leak
    if (s)
        s[0] = 0;
}

void duplicated_into_and_freed_ok(void) {
    char *s;
    dup_into(&s, "text");
    free(s);
}

/* `make_into` fails without allocating: the caller owns nothing on that branch. */
void made_into_and_freed_on_success_ok(void) {
    char *s;
    if (make_into(&s, 8) == 0) {
        s[0] = 0;
        free(s);
    }
}

void list_push_and_drain_ok(int n) {
    struct item *head = NULL;
    for (int i = 0; i < n; i++)
        push(&head);
    drain(&head);
}
