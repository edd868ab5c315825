#include <stdlib.h>

int consumer_owns;

void consumer_take(char *block) {
    if (consumer_owns)
        free(block);
}
