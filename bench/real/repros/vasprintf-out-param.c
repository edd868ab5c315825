/* openssh-portable xmalloc.c xvasprintf(), called by clientloop.c
 * quit_message() and misc.c xextendf(): `i = vasprintf(ret, fmt, ap); if (i <
 * 0 || *ret == NULL) fatal(...)`. vasprintf stores the new string (or, on
 * some systems, NULL) through its first argument, here the caller's
 * out-parameter, before *ret is read; the store is not seen, so the caller's
 * variable looks read uninitialised.
 * Reported: SPC-uninit-var-all (line 20). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));
void logit(const char *msg);

int xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int i = vasprintf(ret, fmt, ap);

	if (i < 0 || *ret == NULL)
		fatal("xvasprintf: could not allocate memory");
	return i;
}

void quit_message(const char *fmt, ...)
{
	char *msg;
	va_list args;

	va_start(args, fmt);
	xvasprintf(&msg, fmt, args);
	va_end(args);
	logit(msg);
	free(msg);
}
