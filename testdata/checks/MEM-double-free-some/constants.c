/* A flag whose value is known makes the second free impossible. */
#include <stdlib.h>

void flag_known_ok(void) {
    char *p = malloc(8);
    int retry = 0;
    if (!p)
        return;
    free(p);
    if (retry > 0) // expect: RED-cond-never
        free(p); // expect: RED-dead
}

void counter_known_ok(void) {
    char *p = malloc(8);
    int freed = 0;
    if (!p)
        return;
    free(p);
    freed = 1;
    if (freed != 1) // expect: RED-cond-never
        free(p); // expect: RED-dead
}

void flag_unknown_bad(int retry) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    if (retry > 0)
        free(p); // expect: MEM-double-free-some
}

void countdown_ok(void) {
    char *p = malloc(8);
    int left = 1;
    while (left) {
        free(p);
        left--;
    }
}

void bound_never_reached_ok(void) {
    char *p = malloc(8);
    for (int i = 0; i < 8; i++) {
        if (i == 8) // expect: RED-cond-never
            free(p); // expect: RED-dead
    }
    free(p);
}

/* Two rounds: every path frees twice. */
void countdown_twice_bad(void) {
    char *p = malloc(8);
    int left = 2;
    while (left) {
        free(p); // expect: MEM-double-free
        left--;
    }
}
