/* openssh-portable misc.c vdollar_percent_expand() via dollar_expand(), and
 * its caller readconf.c process_config_line_depth() (IdentityAgent): the
 * expansion sets *parseerror = 1 first, takes one of several error exits, or
 * builds the result and clears the flag, and it returns
 * `*parseerror ? NULL : ret`, so a non-NULL result always comes with a
 * cleared flag. The caller's `(arg2 = expand(&r, arg)) == NULL || r` can only
 * be true with arg2 NULL. With up to five early exits the tie is kept; with
 * six (the real function has more) it is lost.
 * Reported: MEM-leak (line 44). */
#include <stdlib.h>
#include <string.h>

void error(const char *fmt, ...);

char *expand(int *parseerror, const char *s)
{
	char *ret = NULL;

	*parseerror = 1;
	if (s[0] == '%')
		goto out;	/* invalid format */
	if (s[1] == '%')
		goto out;	/* unknown key */
	if (s[2] == '$')
		goto out;	/* missing closing '}' */
	if (s[3] == '$')
		goto out;	/* zero-length variable */
	if (s[4] == '$')
		goto out;	/* variable has no value */
	if (s[5] == '%')
		goto out;	/* trailing '%' */
	if ((ret = strdup(s)) == NULL)
		abort();
	*parseerror = 0;
 out:
	return *parseerror ? NULL : ret;
}

int check_agent_path(const char *arg)
{
	char *arg2;
	int r;

	if ((arg2 = expand(&r, arg)) == NULL || r) {
		error("invalid environment expansion %s", arg);
		return -1;
	}
	free(arg2);
	return 0;
}
