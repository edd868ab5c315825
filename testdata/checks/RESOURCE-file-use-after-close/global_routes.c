// A closed stream written through a global (issue 12, route 5), or through a flag that
// selects the callee's write.
#include <stdio.h>

static FILE *report_stream;

static void write_footer(void) {
    FILE *stream = report_stream;
    fputs("-- end --\n", stream);
}

void footer_after_close_bad(void) {
    FILE *stream = fopen("report.txt", "w");
    if (!stream)
        return;
    fclose(stream);
    report_stream = stream;
    write_footer(); // expect: RESOURCE-file-use-after-close
}

void footer_before_close_good(void) {
    FILE *stream = fopen("report.txt", "w");
    if (!stream)
        return;
    report_stream = stream;
    write_footer();
    fclose(stream);
}

static int verbose_reports;

static void write_details(FILE *stream) {
    if (verbose_reports)
        fputs("details\n", stream);
}

void details_after_close_bad(void) {
    FILE *stream = fopen("report.txt", "w");
    if (!stream)
        return;
    fclose(stream);
    verbose_reports = 1;
    write_details(stream); // expect: RESOURCE-file-use-after-close
}

void no_details_after_close_good(void) {
    FILE *stream = fopen("report.txt", "w");
    if (!stream)
        return;
    fclose(stream);
    verbose_reports = 0;
    write_details(stream);
}
