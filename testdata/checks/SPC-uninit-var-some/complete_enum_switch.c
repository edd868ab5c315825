#include <stdlib.h>
#include <string.h>

/* A switch without default that lists every enumerator of its enumeration is complete: no
 * value of the enumeration skips it (tmux's hooks_monitor_to_string). */

enum monitor_type { MONITOR_SESSION, MONITOR_PANE, MONITOR_WINDOW };

struct monitor { enum monitor_type type; int id; };

char *monitor_prefix_ok(const struct monitor *m) {
    const char *s;
    switch (m->type) {
    case MONITOR_SESSION:
        s = "";
        break;
    case MONITOR_PANE:
        s = "%";
        break;
    case MONITOR_WINDOW:
        s = "@";
        break;
    }
    return strdup(s);
}

char *missing_enumerator_bad(const struct monitor *m) {
    const char *s;
    switch (m->type) { // expect: SWITCH-no-default
    case MONITOR_SESSION:
        s = "";
        break;
    case MONITOR_PANE:
        s = "%";
        break;
    }
    return strdup(s); // expect: SPC-uninit-var-some
}

char *integer_switch_bad(int kind) {
    const char *s;
    switch (kind) { // expect: SWITCH-no-default
    case 0:
        s = "";
        break;
    case 1:
        s = "%";
        break;
    case 2:
        s = "@";
        break;
    }
    return strdup(s); // expect: SPC-uninit-var-some
}
