/* tmux utf8.c utf8_stravis(), utf8_stravisx(), monitor.c monitor_parse() and
 * format.c format_choose(), as used by arguments.c args_escape(),
 * hyperlinks.c hyperlinks_put(), cmd-paste-buffer.c, cmd-refresh-client.c and
 * format.c format_replace(): the callee allocates a buffer with the project's
 * allocator wrapper (which never returns NULL), fills it (a loop, memcpy, or
 * a strdup wrapper) and hands it out through an out-parameter. The caller
 * reads a string that the callee wrote completely, terminator included; the
 * contents written before `*dst = buf` are not carried to the caller (a block
 * from malloc() called directly in the callee is).
 * Reported: SPC-uninit-heap-all (lines 47 and 63). */
#include <stdlib.h>
#include <string.h>

void fatal(const char *msg) __attribute__((noreturn));

void *xmalloc(size_t size)
{
	void *p = malloc(size);
	if (p == NULL)
		fatal("xmalloc");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (p == NULL)
		fatal("xstrdup");
	return p;
}

void escape(char **dst, const char *src)
{
	size_t len = strlen(src);
	char *buf = xmalloc(len + 1);

	memcpy(buf, src, len + 1);
	*dst = buf;
}

int is_home(const char *s)
{
	char *escaped;
	int r;

	escape(&escaped, s);
	r = (*escaped == '~');
	free(escaped);
	return r;
}

void parse(const char *value, char **name)
{
	*name = xstrdup(value);
}

size_t name_length(const char *value)
{
	char *name;
	size_t n;

	parse(value, &name);
	n = strlen(name);
	free(name);
	return n;
}
