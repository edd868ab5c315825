/* openssh-portable ssh-keysign.c main(): the copy of the passwd entry and the
 * message buffer are used until the end of main() and not freed before
 * `return (0);`. Returning from main() ends the process, which releases all
 * its memory; nothing is lost while the program runs.
 * Reported: MEM-leak (lines 30 and 31). */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));

static char *user_copy(const struct passwd *pw)
{
	char *name = strdup(pw->pw_name);

	if (name == NULL)
		fatal("out of memory");
	return name;
}

int main(void)
{
	struct passwd *pw;
	char *user, *msg;

	if ((pw = getpwuid(getuid())) == NULL)
		fatal("getpwuid failed");
	user = user_copy(pw);
	if ((msg = malloc(64)) == NULL)
		fatal("malloc failed");
	snprintf(msg, 64, "signature for %s", user);
	if (puts(msg) == EOF)
		fatal("write failed");
	return (0);
}
