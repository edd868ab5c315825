/* Comparisons of two variables whose values are known along the path. */
#include <stdlib.h>

void loop_never_runs_ok(void) {
    char *p = malloc(4);
    int a = 2, b = 0;
    while (a < b) // expect: RED-cond-never
        free(p); // expect: RED-dead
    free(p);
}

void loop_runs_once_ok(int flag) {
    char *p = malloc(4); // expect: MEM-leak
    int a = 0, b = 1;
    while (a < b) {
        if (flag == 1)
            free(p);
        a++;
    }
}

void loop_runs_twice_bad(int flag) {
    char *p = malloc(4); // expect: MEM-leak
    int a = 0, b = 2;
    while (a < b) {
        if (flag == 1)
            free(p); // expect: MEM-double-free-some
        a++;
    }
}
