// Freed memory reaches a use through a global (issue 12, route 5): carried by the global and
// read into a local by the callee, or selected by a global flag the callee tests.
#include <stdlib.h>

static char *current_line;

static void mark_line(void) {
    char *line = current_line;
    line[0] = '#';
}

void line_freed_then_marked_bad(void) {
    char *line = malloc(80);
    if (!line)
        return;
    free(line);
    current_line = line;
    mark_line(); // expect: MEM-use-free-all
}

void line_marked_then_freed_good(void) {
    char *line = malloc(80);
    if (!line)
        return;
    current_line = line;
    mark_line();
    free(line);
}

static int annotate_lines;

static void maybe_annotate(char *line) {
    if (annotate_lines)
        line[1] = '!';
}

void annotated_after_free_bad(void) {
    char *line = malloc(80);
    if (!line)
        return;
    free(line);
    annotate_lines = 1;
    maybe_annotate(line); // expect: MEM-use-free-all
}

void not_annotated_after_free_good(void) {
    char *line = malloc(80);
    if (!line)
        return;
    free(line);
    annotate_lines = 0;
    maybe_annotate(line);
}
