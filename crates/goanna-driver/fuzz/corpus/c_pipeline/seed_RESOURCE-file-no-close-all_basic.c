#include <stdio.h>
#include <stdlib.h>

struct logger {
    FILE *out;
};

static FILE *trace_file;

static FILE *open_log(const char *path) {
    FILE *f = fopen(path, "a");
    if (!f)
        return NULL;
    return f;
}

static void close_log(FILE *f) {
    fclose(f);
}

static int count_lines(FILE *f) {
    int c, n = 0;
    while ((c = fgetc(f)) != EOF)
        if (c == '\n')
            n++;
    return n;
}

/* Positives. */

int first_byte_bad(const char *path) {
    FILE *f = fopen(path, "rb"); // expect: RESOURCE-file-no-close-all
    if (f == NULL)
        return -1;
    return fgetc(f);
}

void write_header_bad(const char *path) {
    FILE *f = fopen(path, "w"); // expect: RESOURCE-file-no-close-all
    if (!f)
        return;
    fputs("# header\n", f);
}

int scratch_file_bad(void) {
    FILE *tmp = tmpfile(); // expect: RESOURCE-file-no-close-all
    if (!tmp)
        return -1;
    return count_lines(tmp);
}

/* Negatives. */

int first_byte_ok(const char *path) {
    FILE *f = fopen(path, "rb");
    int c;
    if (f == NULL)
        return -1;
    c = fgetc(f);
    fclose(f);
    return c;
}

int closed_by_helper_ok(const char *path) {
    FILE *f = open_log(path);
    if (!f)
        return -1;
    fprintf(f, "start\n");
    close_log(f);
    return 0;
}

FILE *returned_to_caller_ok(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    return f;
}

int stored_in_struct_ok(struct logger *lg, const char *path) {
    FILE *f = fopen(path, "a");
    if (!f)
        return -1;
    lg->out = f;
    return 0;
}

int stored_in_global_ok(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    trace_file = f; // expect: RED-unused-static
    return 0;
}

void exit_without_close_ok(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        exit(1);
    fgetc(f);
    exit(0);
}
