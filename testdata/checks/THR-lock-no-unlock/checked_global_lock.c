// A global lock whose callees read the structure it guards is decided on the whole-program
// model; a counterexample through the lock call's failure branch is infeasible there too, and
// the function's own model looks for a feasible one.
#include <pthread.h>
struct registry { pthread_mutex_t lock; int n; };
static struct registry filter_registry;
void report(const char *msg);
static int registry_size(void) {
    return filter_registry.n;
}
int reg_ok(void) {
    if (pthread_mutex_lock(&filter_registry.lock) < 0) {
        report("cannot lock");
        return -1;
    }
    filter_registry.n = registry_size() + 1;
    pthread_mutex_unlock(&filter_registry.lock);
    return 0;
}
int reg_bad(int v) {
    if (pthread_mutex_lock(&filter_registry.lock) < 0) { // expect: THR-lock-no-unlock
        report("cannot lock");
        return -1;
    }
    if (registry_size() > v)
        return -1;
    filter_registry.n += v;
    pthread_mutex_unlock(&filter_registry.lock);
    return 0;
}
