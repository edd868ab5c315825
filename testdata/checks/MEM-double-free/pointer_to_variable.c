#include <stdlib.h>

/* A local pointer that holds the address of a variable for the whole function is another
   name for the variable: what is done through it is done to the variable. */

struct node {
    struct node *next;
    int value;
};

void freed_through_pointer_to_variable_bad(void) {
    char *p = malloc(8);
    char **pp = &p;
    if (!p)
        return;
    free(*pp);
    free(p); // expect: MEM-double-free
}

void freed_through_pointer_to_variable_good(void) {
    char *p = malloc(8);
    char **pp = &p;
    if (!p)
        return;
    free(*pp);
    *pp = NULL;
    free(p);
}

/* A cursor over links (`pp = &(*pp)->next`) is written: it names no single variable. */
void unlink_matching_good(struct node *head, int value) {
    struct node **pp = &head;
    while (*pp && (*pp)->value != value)
        pp = &(*pp)->next;
    if (*pp) {
        struct node *found = *pp;
        *pp = found->next;
        free(found);
    }
}
