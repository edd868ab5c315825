/* Streams closed, used or opened by helpers of the program. */
#include <stdio.h>

static int copy_out(FILE *in, FILE *out) {
    int c;
    while ((c = fgetc(in)) != EOF)
        fputc(c, out);
    fclose(in);
    return 0;
}

static void close_log(FILE *log) {
    if (log == NULL)
        return;
    fclose(log);
}

static FILE *open_config(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    return f;
}

int helper_closes_ok(const char *path) {
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return -1;
    return copy_out(in, stdout);
}

void null_checking_closer_ok(const char *path) {
    FILE *log = fopen(path, "a");
    fputs("start\n", stdout);
    close_log(log);
}

int opened_by_helper_bad(const char *path, int quick) {
    FILE *cfg = open_config(path); // expect: RESOURCE-file-no-close-some
    if (cfg == NULL)
        return -1;
    if (quick)
        return 0;
    fclose(cfg);
    return 1;
}

int used_after_helper_closed_bad(const char *path) {
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return -1;
    copy_out(in, stdout);
    return fgetc(in); // expect: RESOURCE-file-use-after-close
}
