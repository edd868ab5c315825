#include <stdio.h>
#include <stdlib.h>

static FILE *audit;

static void shut(FILE *f) {
    fclose(f);
}

static void shut_audit(void) {
    fclose(audit);
}

static void log_line(FILE *f, const char *msg) {
    fputs(msg, f);
}

/* Positives. */

void report_after_close_bad(FILE *out, int code) {
    fclose(out);
    fprintf(out, "exit %d\n", code); // expect: RESOURCE-file-use-after-close
}

void flush_on_error_after_close_bad(FILE *out, int err) {
    fclose(out);
    if (err)
        fflush(out); // expect: RESOURCE-file-use-after-close
}

void read_after_close_in_loop_bad(FILE *in, int n) {
    for (int i = 0; i < n; i++) {
        if (fgetc(in) == EOF) // expect: RESOURCE-file-use-after-close
            fclose(in); // expect: RESOURCE-double-close
    }
}

/* Negatives. */

void report_then_close_ok(FILE *out, int code) {
    fprintf(out, "exit %d\n", code);
    fclose(out);
}

void reopened_after_close_ok(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fclose(f);
    f = fopen(path, "a");
    if (!f)
        return;
    fputs("again\n", f);
    fclose(f);
}

void close_on_error_and_return_ok(FILE *out, int err) {
    if (err) {
        fclose(out);
        return;
    }
    fputs("ok\n", out);
    fclose(out);
}

void helper_uses_before_close_ok(FILE *out) {
    log_line(out, "closing\n");
    shut(out);
}

void loop_closes_and_breaks_ok(FILE *in, int n) {
    for (int i = 0; i < n; i++) {
        if (fgetc(in) == EOF) {
            fclose(in);
            break;
        }
    }
}
