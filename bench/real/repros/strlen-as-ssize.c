/* tmux regsub.c regsub(): the loop `while (start <= end)` with start = 0 and
 * end = strlen(text) stored in an ssize_t runs at least once (text is not
 * even empty there), and its first step allocates the buffer. The length
 * converted to ssize_t is taken as possibly negative, so the loop may be
 * skipped and the buffer left NULL (with size_t variables nothing is
 * reported). Reported: PTR-null-assign (line 32). */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static void append(char **buf, ssize_t *len, const char *text, size_t n)
{
	*buf = realloc(*buf, *len + n + 1);
	if (*buf == NULL)
		abort();
	memcpy(*buf + *len, text, n);
	*len += n;
}

char *every_other_char(const char *text)
{
	ssize_t start = 0, end, len = 0;
	char *buf = NULL;

	if (*text == '\0')
		return (strdup(""));
	end = strlen(text);
	while (start <= end) {
		append(&buf, &len, text + start, 1);
		start += 2;
	}
	buf[len] = '\0';
	return (buf);
}
