#include <stdio.h>
#include <string.h>

/* Positives. */

int element_never_written_bad(void) {
    int counts[8];
    return counts[2]; // expect: SPC-uninit-arr-all
}

double matrix_never_written_bad(int r, int c) {
    double m[4][4];
    return m[r][c] * 2.0; // expect: SPC-uninit-arr-all
}

int copied_in_loop_bad(int *dst, int n) {
    int src[16];
    int i;
    for (i = 0; i < n && i < 16; i++)
        dst[i] = src[i]; // expect: SPC-uninit-arr-all
    return i;
}

size_t length_of_unset_buffer_bad(void) {
    char line[80];
    return strlen(line); // expect: SPC-uninit-arr-all
}

void copy_from_unset_buffer_bad(char *out) {
    char tmp[32];
    strcpy(out, tmp); // expect: SPC-uninit-arr-all
}

const char *pointer_table_bad(int i) {
    const char *names[3];
    return names[i]; // expect: SPC-uninit-arr-all
}

int read_through_star_bad(void) {
    int v[2];
    return *v; // expect: SPC-uninit-arr-all
}

/* Negatives. */

int partial_initialiser_ok(void) {
    int a[5] = {1};
    return a[4];
}

int one_element_written_ok(int k) {
    int a[5];
    a[k % 5] = 7;
    return a[0]; /* elements are not told apart */
}

int filled_in_loop_ok(int n) {
    int sq[10];
    for (int i = 0; i < 10; i++)
        sq[i] = i * i;
    return sq[n % 10];
}

int filled_on_one_path_ok(int c) {
    int a[3];
    if (c)
        a[1] = 2;
    return a[1]; /* not on every path: SPC-uninit-arr-all reports only certain reads */
}

static void fill(int *v, int n) {
    for (int i = 0; i < n; i++)
        v[i] = i;
}

int filled_by_callee_ok(void) {
    int a[4];
    fill(a, 4);
    return a[3];
}

int filled_by_library_ok(FILE *in) {
    char line[64];
    if (fgets(line, sizeof line, in) == NULL)
        return -1;
    return (int)strlen(line);
}

int written_through_cast_ok(void) {
    char header[8];
    *((unsigned char *)header) = 1;
    return header[0];
}

int memset_ok(void) {
    long a[4];
    memset(a, 0, sizeof a);
    return (int)a[2];
}

int written_through_pointer_ok(void) {
    int a[4];
    int *p = a;
    p[0] = 1;
    return a[0];
}

int two_dimensional_written_ok(void) {
    int m[2][2];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            m[i][j] = i + j;
    return m[1][1];
}

static int sum(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int written_then_passed_ok(void) {
    int a[2];
    a[0] = 1;
    a[1] = 2;
    return sum(a, 2);
}

/* Constant indices. */

int skipped_element_bad(void) {
    int rgb[3];
    rgb[0] = 255;
    rgb[2] = 0;
    return rgb[1]; // expect: SPC-uninit-arr-all
}

int skipped_row_bad(void) {
    int m[2][2];
    m[0][0] = 1;
    m[0][1] = 2;
    return m[1][1]; // expect: SPC-uninit-arr-all
}

int written_elements_ok(void) {
    int rgb[3];
    rgb[0] = 255;
    rgb[2] = 0;
    return rgb[0] + rgb[2];
}

int element_written_on_one_path_ok(int c) {
    int v[2];
    if (c)
        v[1] = 1;
    else
        v[0] = 0;
    return v[1]; /* written on one of the paths */
}

int unknown_index_written_ok(int k) {
    int v[4];
    v[0] = 1;
    v[k & 3] = 2;
    return v[3];
}

int unknown_index_read_ok(int k) {
    int v[4];
    v[0] = 1;
    return v[k & 3]; /* may be the written element */
}

/* Callees that write only some elements of what they are given. */

static void set_ends(int *v) {
    v[0] = 1;
    v[2] = 3;
}

static void set_first_if(int *v, int c) {
    if (c)
        *v = 0;
}

static void log_address(const int *v) {
    printf("%p\n", (const void *)v);
}

int middle_left_unset_bad(void) {
    int v[3];
    set_ends(v);
    return v[1]; // expect: SPC-uninit-arr-all
}

int ends_set_ok(void) {
    int v[3];
    set_ends(v);
    return v[0] + v[2];
}

int maybe_set_ok(int c) {
    int v[2];
    set_first_if(v, c);
    return v[0];
}

/* Any use of the pointer but a dereference (here: printing it) counts as a write. */
int address_only_logged_ok(void) {
    int v[2];
    log_address(v);
    return v[1];
}

static int count_of(const int *v, int n) {
    return n;
}

int pointer_never_used_bad(void) {
    int v[2];
    return count_of(v, 2) + v[1]; // expect: SPC-uninit-arr-all
}
