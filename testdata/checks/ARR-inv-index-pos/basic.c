// Elements that some values of the index, as the program bounds it, place past the end: a loop
// bound that may be reached (the loop may also stop early), a constant chosen on one branch.
// An index the program never bounds (a parameter, input) is not reported, nor one compared
// with an unknown limit. A counted loop that always reaches its last value past the end is
// ARR-inv-index's.
#include <stddef.h>
#include <string.h>

int g_limit;

void off_by_one_loop(int v) {
    int row[10];
    for (int i = 0; i <= 10; i++)
        row[i] = v; // expect: ARR-inv-index
}

void off_by_one_loop_that_may_stop(int v, int stop) {
    int row[10];
    for (int i = 0; i <= 10; i++) {
        if (i == stop)
            break;
        row[i] = v; // expect: ARR-inv-index-pos
    }
}

void loop_that_may_skip(int v, int skip) {
    char buf[50];
    char *data = buf;
    for (size_t i = 0; i < 100; i++) {
        if (skip)
            continue;
        data[i] = (char)v; // expect: ARR-inv-index-pos
    }
}

int branch_chooses_index(int wide) {
    int slots[4] = {0};
    int k = 2;
    if (wide)
        k = 4;
    return slots[k]; // expect: ARR-inv-index-pos
}

void loop_inside_ok(int v) {
    int row[10];
    for (int i = 0; i < 10; i++)
        row[i] = v;
}

void loop_by_sizeof_ok(void) {
    char buf[32];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = 0;
}

/* Compared with an unknown limit: the caller keeps it in range. */
void unknown_limit_ok(int n, int v) {
    int row[10];
    for (int i = 0; i < n; i++)
        row[i] = v;
}

void global_limit_ok(int v) {
    int row[10];
    for (int i = 0; i < g_limit; i++)
        row[i] = v;
}

/* Never compared: any value of its type, the caller's business. */
int parameter_index_ok(int k) {
    int t[10] = {0};
    return t[k];
}

/* A character indexes a table of all its values. */
int table_of_characters_ok(unsigned char c) {
    static const int classes[256] = {0};
    return classes[c];
}

/* Clamped before use. */
void clamped_ok(const char *s) {
    char buf[16];
    size_t n = strlen(s);
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

/* The remainder of a signed value: negative only for a negative value. */
int remainder_ok(int k) {
    int a[5] = {0};
    return a[k % 5];
}
