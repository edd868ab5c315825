/* openssh-portable xmalloc.c xstrdup(), and every caller of it (directly or
 * through read_passphrase(), match_list(), path_strip(), get_homedir(), ...):
 * the copy is filled and returned in one expression,
 * `return memcpy(cp, str, len);`. memcpy returns its first argument, so the
 * block the caller gets is fully written; the result of memcpy is taken as
 * the block fresh from malloc, whose contents are undefined.
 * Reported: SPC-uninit-heap-all (lines 37 and 46). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));

void *xmalloc(size_t size)
{
	void *ptr;

	if (size == 0)
		fatal("xmalloc: zero size");
	if ((ptr = malloc(size)) == NULL)
		fatal("xmalloc: out of memory");
	return ptr;
}

char *xstrdup(const char *str)
{
	size_t len = strlen(str) + 1;
	char *cp = xmalloc(len);

	return memcpy(cp, str, len);
}

int shell_exists(const char *sh)
{
	struct stat st;
	char *shell = xstrdup(sh[0] == '\0' ? "/bin/sh" : sh);
	int r = stat(shell, &st);

	free(shell);
	return r == 0;
}

int has_user_part(const char *s)
{
	char *os = xstrdup(s);
	int r = strchr(os, '@') != NULL;

	free(os);
	return r;
}
