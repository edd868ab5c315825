struct state { int ready; int values[4]; };

void reset_bad(int *count) {
    *count == 0; // expect: EXP-cmp-stmt
}

void ready_bad(struct state *s) {
    s->ready == 1; // expect: EXP-cmp-stmt
}

int first_bad(struct state *s, int v) {
    s->values[0] == v; // expect: EXP-cmp-stmt
    return s->values[0];
}

/* A discarded comparison cast to `void` is deliberate. */
void cast_ok(int x) {
    (void) (x == 1);
}

/* The comparison's value is used. */
int used_ok(int x) {
    int r = x == 1;
    return r;
}

#define CHECK_EQ(a, b) ((a) == (b))
/* Written by a macro (an assertion compiled out). */
void macro_ok(int a) {
    CHECK_EQ(a, 2);
}

/* An assignment, as meant. */
void assign_ok(int *count) {
    *count = 0;
}
