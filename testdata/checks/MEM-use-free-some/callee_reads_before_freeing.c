/* A callee that reads a global (here in a diagnostic it prints) before it frees the block the
 * global points to: the read comes first. What a callee does to its caller's variables happens
 * when it returns, after everything its body does. */
#include <stdio.h>
#include <stdlib.h>

struct registry {
    int count;
    int *items;
};

static struct registry *current;

/* Reported here, where the read happens, on the path from shutdown_and_report. */
static void report(void) {
    fprintf(stderr, "%d items\n", current->count); // expect: MEM-use-free-all
}

static void registry_release(struct registry *r) {
    if (r->count < 0)
        report();
    free(r->items);
    free(r);
}

void shutdown_registry(void) {
    registry_release(current);
    current = NULL;
}

/* The bad twin: the diagnostic runs after the release. */
void shutdown_and_report(void) {
    registry_release(current);
    report();
    current = NULL;
}

int main(void) {
    current = calloc(1, sizeof *current);
    if (!current)
        return 1;
    shutdown_registry();
    return 0;
}
