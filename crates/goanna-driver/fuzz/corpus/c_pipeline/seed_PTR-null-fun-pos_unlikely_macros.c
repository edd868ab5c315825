/* Tests written through branch-prediction macros, as many code bases do. */
#include <stdlib.h>

#define unlikely(x) __builtin_expect(((x) != 0), 0)
#define likely(x) __builtin_expect(!!(x), 1)

int *checked_with_unlikely_ok(size_t n) {
    int *p = malloc(n * sizeof *p);
    if (unlikely(p == NULL))
        return NULL;
    p[0] = 1;
    return p;
}

int *checked_with_likely_ok(size_t n) {
    int *p = malloc(n * sizeof *p);
    if (likely(p != NULL))
        p[0] = 1;
    return p;
}

int *macro_tests_another_variable_bad(size_t n) {
    int *p = malloc(n * sizeof *p); // expect: MEM-leak
    if (unlikely(n == 0))
        return NULL;
    p[0] = 1; // expect: PTR-null-fun-pos
    return p;
}
