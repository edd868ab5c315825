#include <string.h>

struct point { int x, y; };
struct box { struct point lo, hi; int tag; };
union number { int i; float f; };
struct tagged { int kind; union number n; };

static void origin(struct point *p) {
    p->x = 0;
    p->y = 0;
}

/* Positives. */

int forgotten_member_bad(void) {
    struct point p;
    p.x = 1;
    return p.y; // expect: SPC-uninit-struct-field
}

int nested_member_bad(void) {
    struct box b;
    b.lo.x = 0;
    b.lo.y = 0;
    b.tag = 1;
    return b.hi.x + b.lo.x; // expect: SPC-uninit-struct-field
}

int in_condition_bad(int n) {
    struct point p;
    p.y = n;
    if (p.x > 0) // expect: SPC-uninit-struct-field
        return 1;
    return 0;
}

int array_member_bad(int i) {
    struct { int len; int data[4]; } buf;
    buf.len = 4;
    return buf.data[i]; // expect: SPC-uninit-struct-field
}

/* Negatives. */

int every_member_ok(void) {
    struct point p;
    p.x = 1;
    p.y = 2;
    return p.x + p.y;
}

int initialiser_ok(void) {
    struct box b = {0};
    return b.hi.y;
}

int whole_copy_ok(struct point q) {
    struct point p;
    p = q;
    return p.y;
}

int nested_whole_ok(struct point q) {
    struct box b;
    b.hi = q;
    return b.hi.x;
}

int memset_ok(void) {
    struct point p;
    memset(&p, 0, sizeof p);
    return p.y;
}

int out_parameter_ok(void) {
    struct point p;
    origin(&p);
    return p.x;
}

int member_address_ok(void) {
    struct point p;
    int *px = &p.x;
    *px = 3;
    p.y = 0;
    return p.x + p.y;
}

int union_member_ok(void) {
    struct tagged t;
    t.kind = 1;
    t.n.f = 2.0f;
    return t.n.i;
}

int written_on_some_path_ok(int c) {
    struct point p;
    p.x = 0;
    if (c)
        p.y = 1;
    return p.y; /* only on some paths: not certain */
}

/* A structure passed by value: the callee reads a member the caller never wrote. */

static int area(struct point p) {
    return p.x * p.y; // expect: SPC-uninit-struct-field
}

static int first(struct point p) {
    return p.x;
}

int passed_half_written_bad(void) {
    struct point p;
    p.x = 2;
    return area(p);
}

int passed_fully_written_ok(void) {
    struct point p;
    p.x = 2;
    p.y = 3;
    return area(p);
}

int passed_member_written_ok(void) {
    struct point p;
    p.x = 2;
    return first(p);
}

int passed_after_copy_ok(struct point q) {
    struct point p;
    p = q;
    return area(p);
}

int written_through_pointer_ok(void) {
    struct point p;
    struct point *pp = &p;
    pp->x = 1;
    pp->y = 2;
    return p.x + p.y;
}
