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
