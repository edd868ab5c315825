// A global pointed at static storage by one function and freed by a function it calls.
#include <stdlib.h>

static char default_name[] = "anonymous";
char *user_name;

static void forget_name(void) {
    free(user_name); // expect: MEM-free-no-alloc
}

void use_default_name_bad(void) {
    user_name = default_name;
    forget_name();
}

void use_copied_name_ok(const char *s) {
    user_name = malloc(16);
    if (!user_name)
        return;
    user_name[0] = s[0];
    user_name[1] = 0;
    forget_name();
}

void use_default_then_copy_ok(void) {
    user_name = default_name;
    user_name = malloc(4);
    forget_name();
}
