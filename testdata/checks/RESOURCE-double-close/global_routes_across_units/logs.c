#include <stdio.h>

FILE *audit_stream;
int audit_close_on_finish;

void audit_close(void) {
    FILE *stream = audit_stream;
    fclose(stream);
}

void audit_finish(FILE *stream) {
    if (audit_close_on_finish)
        fclose(stream);
}
