// A static whose address an initialiser stores (an option table: `{ "count", &count_limit }`)
// is written through that pointer where the table is used (pcre2grep's options): a condition
// on it is not decided by its initial value. A static nothing writes still is.
#include <stdlib.h>

static int count_limit = 0;
static int both_context = 0;
static int never_set = 0;
static char name_buf[16];

struct option { const char *name; int *dataptr; };
static struct option options[] = {
    { "count", &count_limit },
    { "context", &both_context },
    { NULL, NULL },
};
static char *buffers[] = { name_buf };

static void set_option(int i, int v) {
    *options[i].dataptr = v;
}

int run(int argc, char **argv) {
    if (argc > 2)
        set_option(atoi(argv[1]), atoi(argv[2]));
    if (count_limit > 0)
        return 1;
    if (both_context != 0)
        return 2;
    if (buffers[0][0] != '\0')
        return 3;
    if (never_set > 0) // expect: RED-cond-never
        return 4;
    return 0;
}

int main(int argc, char **argv) {
    return run(argc, argv);
}
