#include <stdlib.h>
#include <string.h>

/* A string found equal to a literal holds the literal's characters: a search for one of
 * them finds it (redis-cli's MOVED/ASK redirections). */

int redirect_slot_ok(char *str, int cluster) {
    if (cluster && (!strncmp(str, "MOVED ", 6) || !strncmp(str, "ASK ", 4))) {
        char *p = str, *s;
        s = strchr(p, ' ');
        *s = '\0';
        return atoi(s + 1);
    }
    return -1;
}

int key_value_ok(char *line) {
    if (strncmp(line, "key=", 4) != 0)
        return -1;
    char *eq = strchr(line, '=');
    return eq[1];
}

int after_the_prefix_bad(char *str) {
    if (strncmp(str, "MOVED ", 6) == 0) {
        char *s = strchr(str, ' ');
        char *p = strchr(s + 1, ' ');
        *p = '\0'; // expect: PTR-null-fun-pos
        return 1;
    }
    return 0;
}

int other_character_bad(char *line) {
    if (!strcmp(line, "key=value")) {
        char *colon = strchr(line, ':');
        return colon[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

int letters_without_case_bad(char *line) {
    if (!strncasecmp(line, "Host:", 5)) {
        char *h = strchr(line, 'H');
        return h[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

int separator_without_case_ok(char *line) {
    if (!strncasecmp(line, "Host:", 5)) {
        char *c = strchr(line, ':');
        return c[1];
    }
    return 0;
}

int string_changed_bad(char *line, const char *other) {
    if (!strncmp(line, "a b", 3)) {
        strcpy(line, other);
        char *sp = strchr(line, ' ');
        return sp[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

/* The first character tested: `strrchr(path, '/')` finds at least that one (json-c's
 * json_pointer_setf). */
int first_character_tested_ok(char *path) {
    char *endp;
    if (path[0] != '/')
        return -1;
    if ((endp = strrchr(path, '/')) == path)
        return 1;
    *endp = '\0';
    return 0;
}

int first_character_dereferenced_ok(const char *opt) {
    if (*opt == '-') {
        const char *dash = strchr(opt, '-');
        return dash[1];
    }
    return 0;
}

int other_character_tested_bad(const char *opt) {
    if (*opt == '-') {
        const char *eq = strchr(opt, '=');
        return eq[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

/* A later character may lie past the end of a shorter string in a reused buffer. */
int later_character_tested_bad(const char *opt) {
    if (opt[2] == '=') {
        const char *eq = strchr(opt, '=');
        return eq[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

int first_character_differs_bad(const char *opt) {
    if (opt[0] != '-') {
        const char *dash = strchr(opt, '-');
        return dash[1]; // expect: PTR-null-fun-pos
    }
    return 0;
}

// The terminating null character is part of the string: `strchr(s, '\0')` finds it (libssh's
// config parser: `endp = strchr(tok, '\0')`), a search for another character may fail.
int port_part_length(const char *tok) {
    const char *endp = strrchr(tok, ':');
    if (endp == NULL)
        endp = strchr(tok, '\0');
    return *endp == ':';
}

int after_colon(const char *tok) {
    const char *endp = strchr(tok, ':');
    return endp[1]; // expect: PTR-null-fun-pos
}
