char *last_line;
int annotate_last_line;

void mark_last_line(void) {
    char *line = last_line;
    line[0] = '>';
}

void annotate_line(char *line) {
    if (annotate_last_line)
        line[0] = '*';
}
