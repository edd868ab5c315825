// A block the function allocated and never handed on (no copy, no escape, no call that could
// return a pointer into it) is reached only through its own variable: a write through any
// other pointer leaves its contents, so a string test repeated on it decides the same way
// (openssh's update_krl_from_file: "-" is stdin, any other path a file closed at the end
// under the same test, while the loop writes into the lines it reads).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *xstrdup(const char *s) { char *p = strdup(s); if (p == NULL) abort(); return p; }
char *expand_path(const char *name) { return xstrdup(name); }
void fatal(const char *fmt, ...) __attribute__((noreturn));
void revoke(const char *line);

void update_from_file(const char *file) {
    char *path, *line = NULL;
    size_t linesize = 0;
    FILE *spec;
    path = expand_path(file);
    if (strcmp(path, "-") == 0) {
        spec = stdin;
        free(path);
        path = xstrdup("(standard input)");
    } else if ((spec = fopen(path, "r")) == NULL)
        fatal("fopen %s", path);
    printf("Revoking from %s\n", path);
    while (getline(&line, &linesize, spec) != -1) {
        char *ep = strchr(line, '#');
        if (ep != NULL)
            *ep = '\0';
        revoke(line);
    }
    if (strcmp(path, "-") != 0)
        fclose(spec);
    free(line);
    free(path);
}

/* A pointer into the block (from strchr) writes the block itself. */
void trimmed_name(const char *file) {
    char *path = expand_path(file);
    FILE *spec = NULL;
    if (strcmp(path, "-") != 0)
        spec = fopen(path, "r"); // expect: RESOURCE-file-no-close-some
    char *ep = strchr(path, ' ');
    if (ep != NULL)
        *ep = '\0';
    if (spec != NULL && strcmp(path, "-") != 0)
        fclose(spec);
    free(path);
}

struct entry { char *name; };

/* A block stored into memory can be reached through what is read back from it. */
void stored_name(struct entry *e, const char *file) {
    char *path = expand_path(file);
    FILE *spec = NULL;
    e->name = path;
    if (strcmp(path, "-") != 0)
        spec = fopen(path, "r"); // expect: RESOURCE-file-no-close-some
    char *alias = e->name;
    alias[0] = '-';
    alias[1] = '\0';
    if (spec != NULL && strcmp(path, "-") != 0)
        fclose(spec);
    e->name = NULL;
    free(path);
}
