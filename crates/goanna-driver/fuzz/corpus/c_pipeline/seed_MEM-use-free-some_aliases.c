// A block freed through its original and used through a copy on some paths afterwards.
#include <stdlib.h>

void freed_then_maybe_used_through_copy_bad(int *p, int more) {
    int *q = p;
    free(p);
    if (more)
        q[0] = 1; // expect: MEM-use-free-some
}

void freed_and_rebound_on_same_branch_ok(int *p, int *fresh, int done) {
    int *q = p;
    if (done) {
        free(p);
        q = fresh;
    }
    q[0] = 1;
}
