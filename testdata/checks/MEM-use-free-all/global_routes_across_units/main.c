#include <stdlib.h>

extern char *last_line;
extern int annotate_last_line;
void mark_last_line(void);
void annotate_line(char *line);

void marked_after_free_bad(void) {
    char *line = malloc(8);
    if (!line)
        return;
    free(line);
    last_line = line;
    mark_last_line(); // expect: MEM-use-free-all
}

void marked_before_free_good(void) {
    char *line = malloc(8);
    if (!line)
        return;
    last_line = line;
    mark_last_line();
    free(line);
}

void annotated_after_free_bad(void) {
    char *line = malloc(8);
    if (!line)
        return;
    free(line);
    annotate_last_line = 1;
    annotate_line(line); // expect: MEM-use-free-all
}

void not_annotated_after_free_good(void) {
    char *line = malloc(8);
    if (!line)
        return;
    free(line);
    annotate_last_line = 0;
    annotate_line(line);
}
