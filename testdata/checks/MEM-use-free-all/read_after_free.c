#include <stdlib.h>
#include <string.h>

/* Reading through a freed pointer is a use, also inside a routine: a library function that
 * reads the string, a function the program does not define that takes it as a pointer to
 * const. */

void print_text(const char *text);

size_t length_after_free_bad(void) {
    char *s = malloc(8);
    if (!s)
        return 0;
    strcpy(s, "abc");
    free(s);
    return strlen(s); // expect: MEM-use-free-all
}

void printed_after_free_bad(void) {
    char *s = malloc(8);
    if (!s)
        return;
    strcpy(s, "abc");
    free(s);
    print_text(s); // expect: MEM-use-free-all
}

void printed_before_free_good(void) {
    char *s = malloc(8);
    if (!s)
        return;
    strcpy(s, "abc");
    print_text(s);
    free(s);
}
