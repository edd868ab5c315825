// A stream closed twice through a global (issue 12, route 5).
#include <stdio.h>

static FILE *log_stream;

static void close_log(void) {
    FILE *stream = log_stream;
    fclose(stream);
}

void log_closed_then_handed_over_bad(void) {
    FILE *stream = fopen("app.log", "a");
    if (!stream)
        return;
    fclose(stream);
    log_stream = stream;
    close_log(); // expect: RESOURCE-double-close
}

void log_handed_over_good(void) {
    FILE *stream = fopen("app.log", "a");
    if (!stream)
        return;
    log_stream = stream;
    close_log();
}

static int close_on_finish;

static void finish_stream(FILE *stream) {
    if (close_on_finish)
        fclose(stream);
}

void finished_after_close_bad(void) {
    FILE *stream = fopen("data.txt", "r");
    if (!stream)
        return;
    fclose(stream);
    close_on_finish = 1;
    finish_stream(stream); // expect: RESOURCE-double-close
}

void finished_without_close_good(void) {
    FILE *stream = fopen("data.txt", "r");
    if (!stream)
        return;
    fclose(stream);
    close_on_finish = 0;
    finish_stream(stream);
}
