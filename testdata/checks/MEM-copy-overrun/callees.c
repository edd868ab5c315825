// A buffer handed to a function of the program that accesses more of it, on every path that
// returns, than the caller's buffer holds: reported at the call, also through a function that
// passes the buffer on. A callee that accesses it only on some paths is not taken to.
#include <stdlib.h>
#include <string.h>

static void fill_hundred(char *data) {
    char src[100];
    memset(src, 'C', 99);
    src[99] = '\0';
    memcpy(data, src, 100);
}

static void set_fifty_ints(int *v) {
    v[49] = 1;
    v[50] = 2;
}

static void relay(char *d) {
    fill_hundred(d);
}

static void fill_when(char *d, int wanted) {
    if (wanted)
        memcpy(d, "0123456789abcdef", 17);
}

void array_too_small(void) {
    char buf[50];
    fill_hundred(buf); // expect: MEM-copy-overrun
}

void block_too_small_through_relay(void) {
    char *p = malloc(50);
    if (p == NULL)
        return;
    relay(p); // expect: MEM-copy-overrun
    free(p);
}

void ints_one_short(void) {
    int a[50];
    set_fifty_ints(a); // expect: MEM-copy-overrun
}

void array_large_enough_ok(void) {
    char buf[100];
    fill_hundred(buf);
}

void ints_fit_ok(void) {
    int a[51];
    set_fifty_ints(a);
}

void only_on_some_paths_ok(void) {
    char b[4];
    fill_when(b, 0);
}

/* A callee whose counted loop every path enters reaches the counter's last value. */
static void clear_hundred(int *data) {
    for (size_t i = 0; i < 100; i++)
        data[i] = 0;
}

static void clear_first(int *data, int n) {
    for (int i = 0; i < n; i++)
        data[i] = 0;
}

static void clear_until(int *data, int stop) {
    for (int i = 0; i < 100; i++) {
        if (i == stop)
            break;
        data[i] = 0;
    }
}

void loop_callee_overruns(void) {
    int buf[50];
    clear_hundred(buf); // expect: MEM-copy-overrun
}

void loop_callee_fits_ok(void) {
    int buf[100];
    clear_hundred(buf);
}

void loop_callee_by_count_ok(void) {
    int buf[50];
    clear_first(buf, 50);
}

void loop_callee_that_may_stop_ok(void) {
    int buf[50];
    clear_until(buf, 40);
}
