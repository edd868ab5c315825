/* jq src/jv.c: every jv constructor (jv_invalid_with_msg, jvp_string_new,
 * jvp_object_new, ...) allocates a refcounted block and returns a jv value
 * whose union holds the address of the block's first member, written in a
 * brace initializer: `jv r = {FLAGS, 0, 0, 0, {&s->refcnt}}; return r;`.
 * The block escapes through the returned struct. Assigning the member
 * address to the field (`r.u.ptr = &s->refcnt`) or initializing with a cast
 * of the pointer (`{(struct refcnt *)s}`) is recognised; the member address
 * inside the initializer is not.
 * Reported: MEM-leak (line 27). */
#include <stdlib.h>

struct refcnt { int count; };

typedef struct {
    unsigned char kind;
    unsigned char pad;
    int offset;
    int size;
    union { struct refcnt *ptr; double number; } u;
} jv;

typedef struct { struct refcnt refcnt; unsigned length; char data[]; } jvp_string;

static void memory_exhausted(void) { abort(); }

jv string_new(unsigned length) {
    jvp_string *s = malloc(sizeof(jvp_string) + length + 1);
    if (!s) memory_exhausted();
    s->refcnt.count = 1;
    s->length = length;
    s->data[0] = 0;
    jv r = {1, 0, 0, 0, {&s->refcnt}};
    return r;
}
