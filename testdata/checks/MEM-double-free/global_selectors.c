// A global flag set by the caller selects the callee's branch (issue 12, route 5): the
// callee frees its argument only when the flag is set.
#include <stdlib.h>

static int owns_payload;

static void finish_message(char *payload) {
    if (owns_payload)
        free(payload);
}

void payload_released_twice_bad(void) {
    char *payload = malloc(32);
    if (!payload)
        return;
    free(payload);
    owns_payload = 1;
    finish_message(payload); // expect: MEM-double-free
}

void payload_borrowed_good(void) {
    char *payload = malloc(32);
    if (!payload)
        return;
    free(payload);
    owns_payload = 0;
    finish_message(payload);
}

/* The flag known from a test of the caller's own. */
void flag_tested_set_bad(char *payload) {
    if (!owns_payload)
        return;
    finish_message(payload);
    free(payload); // expect: MEM-double-free
}

void flag_tested_clear_good(char *payload) {
    if (owns_payload)
        return;
    finish_message(payload);
    free(payload);
}

/* Not known at the call: the callee's own summary (it may free) stands. */
void flag_unknown_good(char *payload) {
    finish_message(payload);
}

/* A call that may change the flag comes between. */
extern void apply_settings(void);

void flag_changed_by_call_good(void) {
    char *payload = malloc(32);
    if (!payload)
        return;
    owns_payload = 1;
    apply_settings();
    finish_message(payload);
    free(payload);
}

/* The callee sets the flag itself, from its argument, before it tests it. */
static void finish_with(char *payload, int owned) {
    owns_payload = owned;
    if (owns_payload)
        free(payload);
}

void callee_resets_flag_good(void) {
    char *payload = malloc(32);
    if (!payload)
        return;
    owns_payload = 1;
    finish_with(payload, 0);
    free(payload);
}
