#include <stdio.h>

extern FILE *audit_stream;
extern int audit_close_on_finish;
void audit_close(void);
void audit_finish(FILE *stream);

void audit_closed_twice_bad(void) {
    FILE *stream = fopen("audit.log", "a");
    if (!stream)
        return;
    fclose(stream);
    audit_stream = stream;
    audit_close(); // expect: RESOURCE-double-close
}

void audit_closed_once_good(void) {
    FILE *stream = fopen("audit.log", "a");
    if (!stream)
        return;
    audit_stream = stream;
    audit_close();
}

void audit_finished_after_close_bad(void) {
    FILE *stream = fopen("audit.log", "a");
    if (!stream)
        return;
    fclose(stream);
    audit_close_on_finish = 1;
    audit_finish(stream); // expect: RESOURCE-double-close
}

void audit_finished_open_good(void) {
    FILE *stream = fopen("audit.log", "a");
    if (!stream)
        return;
    fclose(stream);
    audit_close_on_finish = 0;
    audit_finish(stream);
}
