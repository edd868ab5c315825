#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* `cmd = s = strdup(..)` keeps the start of the block in cmd while the parse moves s: freeing
 * cmd releases the block (openssh's process_cmdline, tilde_expand). */

void run_command(const char *s);

void process_cmdline_ok(const char *line) {
    char *s, *cmd;
    cmd = s = strdup(line);
    if (s == NULL)
        return;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        goto out;
    run_command(s);
out:
    free(cmd);
}

size_t start_never_freed_bad(const char *line) {
    char *s, *cmd;
    size_t n = 0;
    cmd = s = strdup(line); // expect: MEM-leak
    if (s == NULL)
        return 0;
    while (isspace((unsigned char)*s)) {
        s++;
        n++;
    }
    (void)cmd;
    return n;
}

/* The cursor is not moved within the block but given values that only point into it (`s =
 * next` after strtol() and strsep(): tmux's input_osc_4): the start is still freed through
 * the copy on every way out. */
long parse_numbers_ok(const char *p) {
    char *copy, *s, *next = NULL;
    long sum = 0;
    copy = s = strdup(p);
    while (s != NULL && *s != '\0') {
        sum += strtol(s, &next, 10);
        if (*next++ != ';')
            break;
        s = strsep(&next, ";");
        run_command(s);
        s = next;
    }
    free(copy);
    return sum;
}

/* The same cursor, but the copy is freed on one way out only. */
long parse_numbers_bad(const char *p) {
    char *copy, *s, *next = NULL;
    long sum = 0;
    copy = s = strdup(p); // expect: MEM-leak
    while (s != NULL && *s != '\0') {
        sum += strtol(s, &next, 10);
        if (*next++ != ';')
            return -1;
        s = next;
    }
    free(copy);
    return sum;
}

/* The cursor is given a constant after its block was saved: freeing the copy frees it. */
void cursor_given_a_constant_ok(const char *p) {
    char *copy, *s;
    copy = s = strdup(p);
    run_command(s);
    s = "-";
    run_command(s);
    free(copy);
}
