#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* The buffer starts NULL and every pass of the loop gives it a value through `&buf`; the loop
 * runs at least once because a string length stored in a signed type is not negative (tmux's
 * regsub). */

void append(char **buf, ssize_t *len, const char *text, ssize_t from, ssize_t to);
int matches(const char *text);

char *substitute_ok(const char *text) {
    ssize_t start = 0, end, len = 0;
    char *buf = NULL;
    end = strlen(text);
    while (start <= end) {
        append(&buf, &len, text, start, end);
        if (!matches(text + start))
            break;
        start++;
    }
    buf[len] = '\0';
    return buf;
}

/* Here the loop may not run: `end` is one less than the length. */
char *substitute_bad(const char *text) {
    ssize_t start = 0, end, len = 0;
    char *buf = NULL;
    end = strlen(text) - 1;
    while (start <= end) {
        append(&buf, &len, text, start, end);
        start++;
    }
    buf[len] = '\0'; // expect: PTR-null-assign
    return buf;
}
