#include <stdlib.h>

struct totals {
    long count;
};

extern struct totals *global_totals;
extern int totals_enabled;
void reset_totals(void);
void clear_totals(struct totals *t);

void totals_unchecked_bad(void) {
    struct totals *t = malloc(sizeof *t);
    global_totals = t;
    reset_totals(); // expect: PTR-null-fun-pos
    free(t);
}

void totals_checked_good(void) {
    struct totals *t = malloc(sizeof *t);
    if (!t)
        return;
    global_totals = t;
    reset_totals();
    free(t);
}

void enabled_totals_unchecked_bad(void) {
    struct totals *t = malloc(sizeof *t);
    totals_enabled = 1;
    clear_totals(t); // expect: PTR-null-fun-pos
    free(t);
}

void disabled_totals_good(void) {
    struct totals *t = malloc(sizeof *t);
    totals_enabled = 0;
    clear_totals(t);
    free(t);
}
