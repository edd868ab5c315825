/* civetweb src/civetweb.c:11477 (handle_cgi_request -> read_message ->
 * get_http_header_len), SPC-uninit-heap-all (error).
 * Cause: callee-conditions. The callee reads buf[i] only for i < buflen, and
 * the first call gets buflen == *nread == 0 (data_len = 0 in
 * handle_cgi_request), so nothing of the fresh heap block is read; the later
 * calls only cover the bytes fread()/pull_inner() has just written. The
 * callee's guarded read is taken as an unconditional read of *buf (it is
 * reported even when the literal 0 is passed).
 * Reported: SPC-uninit-heap-all at line 25 (the header_len call). */
#include <stdio.h>
#include <stdlib.h>

static int header_len(const char *buf, int buflen)
{
	int i;
	for (i = 0; i < buflen; i++) {
		if (i < buflen - 1 && buf[i] == '\n' && buf[i + 1] == '\n')
			return i + 2;
	}
	return 0;
}

static int read_message(FILE *fp, char *buf, int bufsiz, int *nread)
{
	int request_len = header_len(buf, *nread);
	while (request_len == 0) {
		size_t n;
		if (*nread >= bufsiz)
			return -2;
		n = fread(buf + *nread, 1, (size_t)(bufsiz - *nread), fp);
		if (n == 0)
			return -1;
		*nread += (int)n;
		request_len = header_len(buf, *nread);
	}
	return request_len;
}

int read_cgi_reply(FILE *out)
{
	int data_len = 0, r;
	char *buf = malloc(8192);
	if (buf == NULL)
		return -1;
	r = read_message(out, buf, 8192, &data_len);
	free(buf);
	return r;
}
