// A NULL that a macro gives for out-of-range input is its defensive default for every caller,
// not the programmer storing NULL here.
#include <stddef.h>

struct vector { void **contents; size_t length; };
struct delta { int flags; };
#define VECTOR_GET(v, idx) ((idx) < (v)->length ? (v)->contents[idx] : NULL)

int flags_ok(struct vector *deltas, size_t i) {
    struct delta *d = VECTOR_GET(deltas, i);
    return d->flags;
}

/* The same conditional written by hand is about this pointer. */
int flags_bad(struct vector *deltas, size_t i) {
    struct delta *d = i < deltas->length ? deltas->contents[i] : NULL;
    return d->flags; // expect: PTR-null-assign
}
