// A NULL pointer handed to a library function that reads through it.
#include <stddef.h>
#include <string.h>

size_t measured_null_bad(void) {
    const char *s = NULL;
    return strlen(s); // expect: PTR-null-assign
}

size_t measured_after_fallback_ok(const char *given) {
    const char *s = NULL;
    if (given)
        s = given;
    else
        s = "";
    return strlen(s);
}
