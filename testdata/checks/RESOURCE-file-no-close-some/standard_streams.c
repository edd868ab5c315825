// The input is `stdin` or a file the function opens, closed with `if (in != stdin)
// fclose(in);`. A stream `fopen()` returns is a new object, never the already open `stdin`,
// and `stdin` keeps its value across calls of code outside the program (the C library
// changes it only where its model says so). A stream that may be another pointer the
// program's own code can change (a global it writes) stays reported.
#include <stdio.h>
#include <string.h>

FILE *current;
void touch(void);
void remember(FILE *f) { current = f; }

int stdin_or_file(const char *path) {
    FILE *in = stdin;
    char line[128];
    int n = 0;
    if (path != NULL && strcmp(path, "-") != 0) {
        in = fopen(path, "r");
        if (in == NULL)
            return -1;
    }
    while (fgets(line, sizeof(line), in) != NULL) {
        touch();
        n++;
    }
    if (in != stdin)
        fclose(in);
    return n;
}

int opened_first(const char *path) {
    FILE *in = fopen(path, "r");
    if (in == NULL)
        in = stdin;
    fgetc(in);
    touch();
    if (in != stdin)
        fclose(in);
    return 0;
}

int program_global(const char *path) {
    FILE *in = current;
    if (path != NULL)
        in = fopen(path, "r"); // expect: RESOURCE-file-no-close-some
    if (in == NULL)
        return -1;
    fgetc(in);
    touch();
    if (in != current)
        fclose(in);
    return 0;
}
