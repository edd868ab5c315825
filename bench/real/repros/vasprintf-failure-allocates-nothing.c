/* openssh-portable utf8.c vasnmprintf(): `if ((ret = vasprintf(&src, fmt, ap))
 * <= 0) goto fail;` - at `fail`, a result of 0 hands the (empty) string to
 * the caller, and a negative result returns -1 without freeing src. vasprintf
 * allocates only when it succeeds; when it fails it returns -1 and there is
 * nothing to free (glibc leaves src undefined, the BSDs set it to NULL).
 * Reported: MEM-leak (line 18). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int format_width(char **str, int *wp, const char *fmt, va_list ap)
{
	char *src = NULL, *dst;
	int ret;

	if ((ret = vasprintf(&src, fmt, ap)) <= 0)
		goto fail;
	if ((dst = malloc(strlen(src) + 1)) == NULL) {
		free(src);
		return -1;
	}
	strcpy(dst, src);
	free(src);
	*str = dst;
	if (wp != NULL)
		*wp = (int)strlen(dst);
	return ret;

fail:
	if (wp != NULL)
		*wp = 0;
	if (ret == 0) {
		*str = src;
		return 0;
	} else {
		*str = NULL;
		return -1;
	}
}
