/* What is known of a global is forgotten when a function that may change it is called. */
#include <stdlib.h>

static int attempts;

static void record_attempt(void) {
    attempts++;
}

void retry_after_call_bad(void) {
    char *p = malloc(8);
    attempts = 0;
    if (!p)
        return;
    free(p);
    record_attempt();
    if (attempts > 0)
        free(p); // expect: MEM-double-free-some
}

void no_call_in_between_ok(void) {
    char *p = malloc(8);
    attempts = 0;
    if (!p)
        return;
    free(p);
    if (attempts > 0) // expect: RED-cond-never
        free(p); // expect: RED-dead
}
