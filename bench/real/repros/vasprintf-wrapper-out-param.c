/* tmux xmalloc.c xvasprintf(), as called by cfg.c cfg_add_cause(),
 * cmd-queue.c, cmd.c, control.c, input.c, arguments.c, screen-write.c,
 * options.c: the wrapper tests `*ret == NULL` only after vasprintf()
 * succeeded (`i == -1 ||` short-circuits), and vasprintf() has stored *ret
 * by then. The caller's pointer is reported as read uninitialised inside the
 * wrapper; vasprintf() called directly in the caller is not reported.
 * Reported: SPC-uninit-var-all (line 20, via the call on line 31). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void fatal(const char *msg) __attribute__((noreturn));

int xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int i;

	i = vasprintf(ret, fmt, ap);
	if (i == -1 || *ret == NULL)
		fatal("xvasprintf");
	return i;
}

char *format_message(const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	return msg;
}
