/* A flag whose value is known makes the second free impossible. */
#include <stdlib.h>

void flag_known_ok(void) {
    char *p = malloc(8);
    int retry = 0;
    if (!p)
        return;
    free(p);
    if (retry > 0)
        free(p);
}

void counter_known_ok(void) {
    char *p = malloc(8);
    int freed = 0;
    if (!p)
        return;
    free(p);
    freed = 1;
    if (freed != 1)
        free(p);
}

void flag_unknown_bad(int retry) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    if (retry > 0)
        free(p); // expect: MEM-double-free-some
}
