#include <stdlib.h>

extern char *session_token;
extern int session_owns_buffer;
void session_close(void);
void session_finish(char *buffer);

void token_freed_then_closed_bad(void) {
    char *token = malloc(16);
    if (!token)
        return;
    free(token);
    session_token = token;
    session_close(); // expect: MEM-double-free
}

void token_closed_good(void) {
    char *token = malloc(16);
    if (!token)
        return;
    session_token = token;
    session_close();
}

void buffer_owned_twice_bad(void) {
    char *buffer = malloc(16);
    if (!buffer)
        return;
    session_owns_buffer = 1;
    session_finish(buffer);
    free(buffer); // expect: MEM-double-free
}

void buffer_borrowed_good(void) {
    char *buffer = malloc(16);
    if (!buffer)
        return;
    session_owns_buffer = 0;
    session_finish(buffer);
    free(buffer);
}
