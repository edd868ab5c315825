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

struct item {
    int one;
    int two;
};

void print_item(const struct item *item);

void element_printed_after_free_bad(void) {
    struct item *items = malloc(4 * sizeof *items);
    if (!items)
        return;
    items[0].one = 1;
    items[0].two = 2;
    free(items);
    print_item(&items[0]); // expect: MEM-use-free-all
}
