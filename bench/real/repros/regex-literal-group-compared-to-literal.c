/* tinyproxy (tinyproxy/tinyproxy @ 364cdb67), src/conf.c:1099 handle_upstream (MEM-leak on
 * `tmp`). Cause: model (data invariant set by regexec). The directive's regex is
 * `((none) WS STR)|((http|socks4|socks5) WS ...)`: its sub-match for the first alternative's
 * type (match[3] there, match[2] here) is set only when the literal `none` matched, so the
 * copied string is always "none", strcmp() returns 0 and the branch that overwrites `tmp`
 * without freeing it is infeasible. The analysis cannot know what regexec stores for a
 * group that matches a single literal.
 * Expected: no finding. Reported by s25c: MEM-leak at the first get_string_arg() line.
 * (Also not fixable in general; recorded as a measurement of the idiom.) */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

static char *get_string_arg(const char *line, const regmatch_t *m)
{
    size_t len = (size_t)(m->rm_eo - m->rm_so);
    char *p = malloc(len + 1);
    if (!p)
        return NULL;
    memcpy(p, line + m->rm_so, len);
    p[len] = '\0';
    return p;
}

int use_type(const char *type, const char *host);

/* group 2 is the literal "none": when it matched, tmp is "none" */
static int handle_upstream(const char *line, const regmatch_t *match)
{
    char *tmp;
    int r;

    if (match[2].rm_so != -1) {
        tmp = get_string_arg(line, &match[2]);
        if (!tmp)
            return -1;
        if (!strcmp(tmp, "none")) {
            free(tmp);
            return 0;
        }
    }
    tmp = get_string_arg(line, &match[5]);
    if (!tmp)
        return -1;
    r = use_type(tmp, line + match[6].rm_so);
    free(tmp);
    return r;
}

int parse_upstream(const char *line)
{
    regex_t re;
    regmatch_t match[8];
    int r = -1;

    if (regcomp(&re, "^((none) +([a-z]+))|((http|socks4) +([a-z]+))$", REG_EXTENDED))
        return -1;
    if (regexec(&re, line, 8, match, 0) == 0)
        r = handle_upstream(line, match);
    regfree(&re);
    return r;
}
