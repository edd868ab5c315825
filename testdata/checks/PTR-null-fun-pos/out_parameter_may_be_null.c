// A callee that stores a result that may be NULL into its out-parameter and never tests it:
// the caller's pointer may be NULL after the call.
#include <stdlib.h>
#include <string.h>

static void make_buffer(char **out) {
    *out = (char *)calloc(20, 1);
}

void uses_unchecked(void) {
    char *data = NULL;
    make_buffer(&data);
    strcpy(data, "text"); // expect: PTR-null-fun-pos
    free(data);
}

void uses_checked(void) {
    char *data = NULL;
    make_buffer(&data);
    if (data != NULL) {
        strcpy(data, "text");
        free(data);
    }
}

static int make_checked(char **out) {
    *out = (char *)malloc(20);
    if (*out == NULL)
        return -1;
    return 0;
}

void status_tested(void) {
    char *data;
    if (make_checked(&data) != 0)
        return;
    strcpy(data, "text");
    free(data);
}
