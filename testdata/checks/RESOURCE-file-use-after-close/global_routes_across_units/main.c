#include <stdio.h>

extern FILE *summary_stream;
void write_summary(void);

void summary_after_close_bad(void) {
    FILE *stream = fopen("summary.txt", "w");
    if (!stream)
        return;
    fclose(stream);
    summary_stream = stream;
    write_summary(); // expect: RESOURCE-file-use-after-close
}

void summary_before_close_good(void) {
    FILE *stream = fopen("summary.txt", "w");
    if (!stream)
        return;
    summary_stream = stream;
    write_summary();
    fclose(stream);
}
