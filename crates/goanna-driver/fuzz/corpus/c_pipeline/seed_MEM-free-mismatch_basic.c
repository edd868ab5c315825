#include <stdio.h>
#include <stdlib.h>

void stream_freed_bad(const char *path) {
    FILE *f = fopen(path, "r"); // expect: RESOURCE-file-no-close-all
    if (!f)
        return;
    fgetc(f);
    free(f); // expect: MEM-free-mismatch
}

void tmpfile_freed_bad(void) {
    FILE *t = tmpfile(); // expect: RESOURCE-file-no-close-all
    if (t == NULL)
        return;
    fputs("x", t);
    free(t); // expect: MEM-free-mismatch
}

static void release(void *q) {
    free(q);
}

void stream_freed_in_callee_bad(const char *path) {
    FILE *f = fopen(path, "w"); // expect: RESOURCE-file-no-close-all
    if (!f)
        return;
    fputc('a', f);
    release(f); // expect: MEM-free-mismatch
}

void memory_closed_bad(int n) {
    char *buf = malloc(n); // expect: MEM-free-mismatch, MEM-leak
    if (!buf)
        return;
    buf[0] = 0;
    fclose((FILE *)buf);
}

void matched_ok(const char *path, int n) {
    FILE *f = fopen(path, "r");
    char *buf = malloc(n);
    if (f) {
        fgetc(f);
        fclose(f);
    }
    free(buf);
}

void reused_variable_ok(const char *path, int n) {
    void *h = fopen(path, "r");
    if (h)
        fclose(h);
    h = malloc(n);
    free(h);
}

void freed_on_error_before_open_ok(const char *path) {
    FILE *f = NULL;
    f = fopen(path, "r");
    if (f == NULL)
        return;
    fclose(f);
}
