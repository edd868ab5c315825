/* tmux hooks.c hooks_monitor_to_string() and cmd-show-options.c
 * cmd_show_hooks_print_monitor(): a switch without default over an enum
 * lists every enumerator and assigns the variable in each case. The stored
 * value comes from the parser (monitor.c monitor_parse()), which only ever
 * assigns enumerators, so no value skips the switch.
 * Reported: SPC-uninit-var-some (line 33). */
#include <stdlib.h>
#include <string.h>

enum monitor_type {
	MONITOR_SESSION,
	MONITOR_PANE,
	MONITOR_WINDOW
};

struct monitor { enum monitor_type type; int id; };

char *monitor_prefix(struct monitor *m)
{
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
	return (strdup(s));
}
