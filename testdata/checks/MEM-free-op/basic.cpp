// Memory from `new` released with `free`.
#include <stdlib.h>

void direct() {
    int *p = new int(4);
    free(p); // expect: MEM-free-op
}

void array() {
    char *text = new char[16];
    text[0] = 0;
    free(text); // expect: MEM-free-op
}

void malloc_with_free() {
    char *text = (char *)malloc(16);
    if (text == NULL)
        return;
    text[0] = 0;
    free(text);
}

static void release(void *p) { free(p); }

void through_a_sink() {
    double *d = new double[3];
    release(d); // expect: MEM-free-op
}
