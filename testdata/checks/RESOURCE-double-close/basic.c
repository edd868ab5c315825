#include <stdio.h>
#include <stdlib.h>

static FILE *journal;

static void finish_stream(FILE *f) {
    fflush(f);
    fclose(f);
}

static void close_journal(void) {
    fclose(journal);
}

/* Positives. */

void failed_path_closes_again_bad(FILE *log, int failed) {
    fclose(log);
    if (failed)
        fclose(log); // expect: RESOURCE-double-close
}

void closed_twice_bad(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    fclose(f);
    fclose(f); // expect: RESOURCE-double-close
}

void goto_cleanup_closes_again_bad(const char *path, int err) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (err) {
        fclose(f);
        goto out;
    }
    fgetc(f);
out:
    fclose(f); // expect: RESOURCE-double-close
}

/* Negatives. */

void closed_once_ok(FILE *log, int failed) {
    if (failed)
        fputs("failed\n", log);
    fclose(log);
}

void exclusive_closes_ok(FILE *log, int failed) {
    if (failed) {
        fclose(log);
        return;
    }
    fputs("ok\n", log);
    fclose(log);
}

void reopened_between_closes_ok(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    fclose(f);
    f = fopen(path, "w");
    if (!f)
        return;
    fclose(f);
}

void loop_opens_and_closes_ok(const char *path, int n) {
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        fclose(f);
    }
}

void global_reopened_ok(const char *path) {
    close_journal();
    journal = fopen(path, "a");
    if (journal)
        fclose(journal);
}
