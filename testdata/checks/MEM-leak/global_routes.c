// Ownership decided by a global flag the callee tests (issue 12, route 5): where the caller
// clears the flag, nothing frees the block. A block stored in a global stays reachable through
// it, whatever the function that reads it later does.
#include <stdlib.h>

static int take_ownership;

static void consume(char *block) {
    if (take_ownership)
        free(block);
}

void consumed_without_ownership_bad(void) {
    char *block = malloc(32); // expect: MEM-leak
    if (!block)
        return;
    block[0] = 0;
    take_ownership = 0;
    consume(block);
}

void consumed_with_ownership_good(void) {
    char *block = malloc(32);
    if (!block)
        return;
    block[0] = 0;
    take_ownership = 1;
    consume(block);
}

static char *parked_block;

static void inspect_parked(void) {
    char *block = parked_block;
    block[0] = 1;
}

void parked_in_global_good(void) {
    char *block = malloc(32);
    if (!block)
        return;
    parked_block = block;
    inspect_parked();
}
