#include <stdlib.h>

extern int consumer_owns;
void consumer_take(char *block);

void handed_without_ownership_bad(void) {
    char *block = malloc(16); // expect: MEM-leak
    if (!block)
        return;
    block[0] = 0;
    consumer_owns = 0;
    consumer_take(block);
}

void handed_with_ownership_good(void) {
    char *block = malloc(16);
    if (!block)
        return;
    block[0] = 0;
    consumer_owns = 1;
    consumer_take(block);
}
