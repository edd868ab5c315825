#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Functions the analysis knows nothing about (declared, defined nowhere in the program). A
 * pointer to const is read, not kept: the block passed stays the caller's to free. A
 * function that takes a non-const pointer, or that is also handed a function (a destructor
 * that may release the block later), may keep it. */

void show_text(const char *text);
void keep_text(char *text);
void bind_text(const char *text, void (*release)(void *));

void shown_then_leaked_bad(void) {
    char *s = malloc(16); // expect: MEM-leak
    if (!s)
        return;
    strcpy(s, "hello");
    show_text(s);
}

void shown_then_freed_good(void) {
    char *s = malloc(16);
    if (!s)
        return;
    strcpy(s, "hello");
    show_text(s);
    free(s);
}

void kept_by_callee_good(void) {
    char *s = malloc(16);
    if (!s)
        return;
    strcpy(s, "hello");
    keep_text(s);
}

void handed_with_a_destructor_good(void) {
    char *s = malloc(16);
    if (!s)
        return;
    strcpy(s, "hello");
    bind_text(s, free);
}

/* pthread_setspecific takes a `const void *` and keeps it for the thread. */
static pthread_key_t key;

void thread_data_good(void) {
    int *counter = calloc(1, sizeof *counter);
    if (!counter)
        return;
    if (pthread_setspecific(key, counter) != 0)
        free(counter);
}
