// `%n` of a `scanf`-family format stores how many characters were consumed, a count bounded
// by the text scanned, not a value read from it (civetweb's `sscanf(s + 1, "%u%n", port,
// &len)` then `len++`). The other outputs of the same call are still input.
#include <stdio.h>

int parse_port_ok(const char *s, unsigned *port) {
    int len = 0;
    if (s[0] == '+' && sscanf(s + 1, "%u%n", port, &len) == 1) {
        len++;
        return len;
    }
    return 0;
}

int parse_pair(const char *s) {
    int consumed = 0, value = 0;
    if (sscanf(s, "%*s %d%n", &value, &consumed) != 1)
        return -1;
    consumed += 1;
    return value + 1; // expect: ATH-overflow-input
}
