#include <stdlib.h>
#include <string.h>

static char pool[64];
char shared[32];

void free_local_address_bad(void) {
    int x = 0;
    int *p = &x;
    *p = 1;
    free(&x); // expect: MEM-free-no-alloc
}

void free_array_bad(const char *s) {
    char buf[16];
    strncpy(buf, s, sizeof buf);
    free(buf); // expect: MEM-free-no-alloc
}

void free_static_array_bad(void) {
    free(pool); // expect: MEM-free-no-alloc
}

void free_through_pointer_bad(int n) {
    char *p = shared;
    if (n > 32)
        p = malloc(n);
    if (!p)
        return;
    p[0] = 0;
    free(p); // expect: MEM-free-no-alloc
}

static void release(char *q) {
    free(q);
}

void free_literal_in_callee_bad(void) {
    char *msg = "constant";
    release(msg); // expect: MEM-free-no-alloc
}

void free_heap_ok(int n) {
    char *p = malloc(n);
    if (!p)
        return;
    p[0] = 0;
    free(p);
}

void reassigned_before_free_ok(int n) {
    char *p = pool;
    p[0] = 1;
    p = malloc(n);
    free(p);
}

struct holder {
    char *data;
    char inline_buf[8];
};

void free_member_pointer_ok(struct holder *h) {
    free(h->data);
    h->data = NULL;
}

void free_array_element_pointer_ok(char **items, int n) {
    for (int i = 0; i < n; i++)
        free(items[i]);
}
