// The same through a C++ reference: `source(data)` may leave `data` NULL.
#include <stdlib.h>
#include <string.h>

static void source(char *&data) { data = (char *)calloc(20, 1); }

void bad() {
    char *data = NULL;
    source(data);
    strcpy(data, "x"); // expect: PTR-null-fun-pos
    free(data);
}

void good() {
    char *data = NULL;
    source(data);
    if (data == NULL)
        return;
    strcpy(data, "x");
    free(data);
}
