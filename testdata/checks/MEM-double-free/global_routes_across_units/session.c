#include <stdlib.h>

/* The other unit's state: a pointer handed over through a global, and a flag. */

char *session_token;
int session_owns_buffer;

void session_close(void) {
    char *token = session_token;
    free(token);
}

void session_finish(char *buffer) {
    if (session_owns_buffer)
        free(buffer);
}
