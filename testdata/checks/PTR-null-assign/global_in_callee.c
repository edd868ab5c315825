// A global pointer cleared by a helper, then dereferenced by its caller.
#include <stdlib.h>

struct session {
    int id;
};

struct session *current;
static struct session fallback;

static void forget_session(void) {
    current = NULL;
}

static void reset_session(void) {
    current = NULL;
    current = &fallback;
}

static void forget_if(int expired) {
    if (expired)
        current = NULL;
}

int id_after_forget_bad(void) {
    current = &fallback;
    forget_session();
    return current->id; // expect: PTR-null-assign
}

int id_after_forget_checked_ok(void) {
    forget_session();
    if (current == NULL)
        return -1;
    return current->id;
}

int id_after_reset_ok(void) {
    reset_session();
    return current->id;
}

int id_after_conditional_forget_ok(int expired) {
    current = &fallback;
    forget_if(expired);
    if (expired)
        return 0;
    return current->id;
}

int id_before_forget_ok(void) {
    int id = current ? current->id : 0;
    forget_session();
    return id;
}
