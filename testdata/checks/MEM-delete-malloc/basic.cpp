// Memory from the C heap released with `delete` or `delete[]`.
#include <stdlib.h>
#include <string.h>

void direct() {
    int *p = (int *)malloc(sizeof(int));
    if (p == NULL)
        return;
    *p = 1;
    delete p; // expect: MEM-delete-malloc
}

void duplicated(const char *s) {
    char *copy = strdup(s);
    delete[] copy; // expect: MEM-delete-malloc
}

void calloc_with_free(int n) {
    long *v = (long *)calloc(n, sizeof(long));
    free(v);
}

static void destroy(int *p) { delete p; }

void through_a_sink() {
    int *p = (int *)calloc(1, sizeof(int));
    destroy(p); // expect: MEM-delete-malloc
}

void new_with_delete() {
    int *p = new int;
    destroy(p);
}
