// Elements outside their array or block on every path: constant indices at or past the
// length, loop counters that always end past it, pointers moved past the end of what they
// point into. The negatives are the idioms real code uses to stay inside.
#include <stdlib.h>
#include <alloca.h>

struct packet { int len; unsigned char data[1]; };   /* the "struct hack" */
struct frame { int kind; char name[8]; };

int g_table[16];

void constant_past_end(void) {
    int counts[10];
    counts[10] = 0; // expect: ARR-inv-index
}

void constant_before_start(void) {
    int counts[10];
    counts[-1] = 0; // expect: ARR-inv-index
}

int global_table_past_end(void) {
    return g_table[16]; // expect: ARR-inv-index
}

void heap_block_past_end(void) {
    char *p = malloc(10);
    if (p == NULL)
        return;
    p[10] = 0; // expect: ARR-inv-index
    free(p);
}

void stack_block_of_ints(void) {
    int *data = alloca(50 * sizeof(int));
    data[50] = 0; // expect: ARR-inv-index
}

void pointer_moved_past_end(void) {
    int data[50];
    int *p = data;
    p += 49;
    p[1] = 0; // expect: ARR-inv-index
}

void member_array_past_end(struct frame *f) {
    f->name[8] = 0; // expect: ARR-inv-index
}

void last_slot_ok(void) {
    int counts[10];
    counts[9] = 0;
    counts[0] = 1;
}

void pointer_moved_inside_ok(void) {
    int data[50];
    int *p = data;
    p++;
    p[48] = 0;
}

/* The struct hack: the block holds more than the one declared element. */
unsigned char struct_hack_ok(struct packet *pk) {
    return pk->data[3];
}

/* A parameter declared as an array is a pointer: its size is the caller's. */
int array_parameter_ok(int v[4]) {
    return v[7];
}

/* A pointer the function receives points to memory of unknown size. */
int pointer_parameter_ok(const int *v) {
    return v[100];
}

/* Two dimensions: each index against its own length. */
int matrix_ok(void) {
    int m[4][8] = {{0}};
    return m[3][7];
}

/* A counted loop always reaches its last value: past the end on every path into the body. */
void loop_one_too_far(int v) {
    int row[10];
    for (int i = 0; i <= 10; i++)
        row[i] = v; // expect: ARR-inv-index
}

void loop_over_larger_count(void) {
    int *data = malloc(50 * sizeof(int));
    if (data == NULL)
        return;
    for (size_t i = 0; i < 100; i++)
        data[i] = 0; // expect: ARR-inv-index
    free(data);
}

void loop_stepping_by_two_ok(int v) {
    int row[12];
    for (int i = 0; i <= 10; i += 2)
        row[i + 1] = v;
}

int matrix_bad(void) {
    int m[4][8] = {{0}};
    return m[1][8]; // expect: ARR-inv-index
}
