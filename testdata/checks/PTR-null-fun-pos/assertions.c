// args: -DNDEBUG
// An assertion is a fact after it: the failing branch ends the program. This holds for
// `assert` (analysed as enabled even when the unit is built with NDEBUG) and for a project's
// own assertion macros whose failing branch calls a function that never returns.
#include <assert.h>
#include <stdlib.h>

_Noreturn void die(const char *message);
#define CHECK(cond) do { if (!(cond)) die(#cond); } while (0)
#define BUG_ON(cond) do { if (cond) abort(); } while (0)
#define WARN_ON(cond) ((cond) ? report_warning(#cond) : (void)0)
void report_warning(const char *message);

int asserted(size_t n) {
    int *p = malloc(n);
    assert(p);
    *p = 1;
    int v = *p;
    free(p);
    return v;
}

int asserted_not_null(size_t n) {
    int *p = malloc(n);
    assert(p != NULL && "out of memory");
    *p = 1;
    int v = *p;
    free(p);
    return v;
}

int checked_by_macro(size_t n) {
    int *p = malloc(n);
    CHECK(p != NULL);
    *p = 1;
    int v = *p;
    free(p);
    return v;
}

int bug_on(size_t n) {
    int *p = malloc(n);
    BUG_ON(!p);
    *p = 1;
    int v = *p;
    free(p);
    return v;
}

/* Bad twins: no assertion, and a macro that only warns (the program goes on: the
   dereference is on the branch where the test found NULL). */
int unchecked_bad(size_t n) {
    int *p = malloc(n);
    *p = 1; // expect: PTR-null-fun-pos
    int v = *p;
    free(p);
    return v;
}

int warned_bad(size_t n) {
    int *p = malloc(n);
    if (!p)
        report_warning("no memory");
    *p = 1; // expect: PTR-null-cmp-aft
    int v = *p;
    free(p);
    return v;
}

/* The same warning through a macro: a NULL test written by a macro expansion is taken as a
   defensive check the macro makes for every use (as the Clang Static Analyzer does), so the
   dereference is not reported as after a NULL test; and the test stops PTR-null-fun-pos. A
   known cost of that rule. */
int warned_by_macro_ok(size_t n) {
    int *p = malloc(n);
    WARN_ON(!p);
    *p = 1;
    int v = *p;
    free(p);
    return v;
}
