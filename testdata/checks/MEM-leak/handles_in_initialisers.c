// A block whose address (or the address of one of its members) is written into an aggregate's
// initialiser is held by that aggregate: returned by value, it hands the block to the caller.
#include <stdlib.h>

struct refcount {
    int count;
};

typedef struct {
    unsigned char kind;
    int size;
    union {
        struct refcount *ptr;
        double number;
    } u;
} value;

typedef struct {
    struct refcount refs;
    unsigned length;
    char data[];
} string_block;

value string_new_ok(unsigned length) {
    string_block *s = malloc(sizeof(string_block) + length + 1);
    if (!s)
        abort();
    s->refs.count = 1;
    s->length = length;
    s->data[0] = 0;
    value r = {1, 0, {&s->refs}};
    return r;
}

value string_cast_ok(unsigned length) {
    string_block *s = malloc(sizeof(string_block) + length + 1);
    if (!s)
        abort();
    s->refs.count = 1;
    value r = {1, 0, {(struct refcount *)s}};
    return r;
}

value string_lost_bad(unsigned length) {
    string_block *s = malloc(sizeof(string_block) + length + 1); // expect: MEM-leak
    if (!s)
        abort();
    s->refs.count = 1;
    value r = {1, (int)length, {0}};
    return r;
}
