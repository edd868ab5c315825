#include <stdio.h>
#include <stdlib.h>

static FILE *open_config(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    return f;
}

static void close_config(FILE *f) {
    fclose(f);
}

static int header_ok(FILE *f) {
    return fgetc(f) == '#';
}

/* Positives. */

int copy_header_bad(const char *path, char *out, int n) {
    FILE *f = fopen(path, "r"); // expect: RESOURCE-file-no-close-some
    if (!f)
        return -1;
    if (!fgets(out, n, f))
        return -1;
    fclose(f);
    return 0;
}

int loop_break_skips_close_bad(const char *path, int n) {
    FILE *f = fopen(path, "r"); // expect: RESOURCE-file-no-close-some
    if (!f)
        return -1;
    for (int i = 0; i < n; i++) {
        if (fgetc(f) == EOF)
            return -1;
    }
    fclose(f);
    return 0;
}

int reopened_without_close_bad(const char *a, const char *b, int second) {
    FILE *f = fopen(a, "r"); // expect: RESOURCE-file-no-close-some
    if (!f)
        return -1;
    if (second)
        f = fopen(b, "r");
    if (!f)
        return -1;
    fclose(f);
    return 0;
}

/* Negatives. */

int copy_header_ok(const char *path, char *out, int n) {
    FILE *f = fopen(path, "r");
    int status = 0;
    if (!f)
        return -1;
    if (!fgets(out, n, f))
        status = -1;
    fclose(f);
    return status;
}

int goto_cleanup_ok(const char *path, char *out, int n) {
    int rc = -1;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    if (!fgets(out, n, f))
        goto done;
    if (fgetc(f) == EOF)
        goto done;
    rc = 0;
done:
    fclose(f);
    return rc;
}

int helper_open_closed_everywhere_ok(const char *path) {
    FILE *f = open_config(path);
    if (!f)
        return -1;
    if (!header_ok(f)) {
        close_config(f);
        return -1;
    }
    close_config(f);
    return 0;
}

int abort_on_error_ok(const char *path) {
    FILE *f = fopen(path, "r");
    int c;
    if (!f)
        return -1;
    c = fgetc(f);
    if (c == EOF)
        abort();
    fclose(f);
    return c;
}
