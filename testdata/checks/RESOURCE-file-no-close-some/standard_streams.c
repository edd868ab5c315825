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

// Stores through pointers (`*last = item`) and calls of the program's functions that call
// the library leave `stdin` as it was: no code takes its address, so no pointer reaches it
// (pcre2grep's read_pattern_file).
struct item { struct item *next; const char *text; };
struct item *add_item(char *text, struct item *after);
int compile_item(struct item *it);
static int read_item(char *buffer, size_t size, FILE *f) {
    return fgets(buffer, (int)size, f) != NULL;
}

int read_list(const char *name, struct item **first, struct item **last) {
    FILE *f;
    char buffer[128];
    if (strcmp(name, "-") == 0)
        f = stdin;
    else if ((f = fopen(name, "r")) == NULL)
        return -1;
    while (read_item(buffer, sizeof(buffer), f)) {
        *last = add_item(buffer, *last);
        if (*first == NULL)
            *first = *last;
        for (;;) {
            if (!compile_item(*last)) {
                if (f != stdin)
                    fclose(f);
                return -1;
            }
            (*last)->text = NULL;
            if ((*last)->next == NULL)
                break;
            *last = (*last)->next;
        }
    }
    if (f != stdin)
        fclose(f);
    return 0;
}

// A stream global whose address the program hands out may be written through a pointer.
static FILE *log_stream;
FILE **log_stream_slot(void) { return &log_stream; }

int log_or_file(const char *name, FILE **slot) {
    FILE *f = log_stream;
    if (name != NULL && (f = fopen(name, "r")) == NULL) // expect: RESOURCE-file-no-close-some
        return -1;
    *slot = NULL;
    fgetc(f);
    if (f != log_stream)
        fclose(f);
    return 0;
}
