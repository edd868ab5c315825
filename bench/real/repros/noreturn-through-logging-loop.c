/* openssh-portable sftp-server.c process_read(): `if ((buf = realloc(buf,
 * len)) == NULL) fatal_f("realloc failed");` - fatal is declared noreturn and
 * ends in _exit() (sshfatal -> cleanup_exit -> sftp_server_cleanup_exit,
 * which first logs the open handles in a loop). Through the loop the call is
 * taken as returning, so the failure branch looks like it continues with the
 * original block lost. With the loop removed, or with cleanup_exit calling
 * _exit directly, nothing is reported.
 * Reported: MEM-realloc-self (line 43). */
#include <stdlib.h>
#include <unistd.h>

void logit(const char *fmt, ...);
void fatal(const char *fmt, ...) __attribute__((noreturn));

static int num_handles;
static const char *handle_names[16];

static void log_handles(void)
{
	int i;

	for (i = 0; i < num_handles; i++)
		logit("closed %s", handle_names[i]);
}

static void cleanup_exit(int i)
{
	log_handles();
	_exit(i);
}

void fatal(const char *fmt, ...)
{
	cleanup_exit(255);
}

void read_request(size_t len)
{
	static unsigned char *buf;
	static size_t buflen;

	if (len > buflen) {
		if ((buf = realloc(buf, len)) == NULL)
			fatal("realloc failed");
		buflen = len;
	}
	/* ... read up to len bytes into buf ... */
}
