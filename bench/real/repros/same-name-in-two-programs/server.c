/* openssh-portable sftp-server.c process_realpath(), auth.c auth_log(),
 * monitor_wrap.c mm_reap(), session.c do_cleanup(): one tree builds several
 * programs, and two of them may define the same external function.
 * sftp_realpath() is sftp-realpath.c's `(const char *path, char *resolved)`
 * in sftp-server and sftp-client.c's `(struct sftp_conn *, const char *path)`
 * in sftp; mm_is_monitor() is sshd-session.c's test of the monitor pid in
 * sshd-session and sshd-auth.c's `return 0` in sshd-auth, and auth.c,
 * monitor_wrap.c and session.c are linked into both. A scan of the whole
 * compile database links each call to one of the definitions, here the one of
 * the other program: process_realpath() seems to pass its unwritten buffer as
 * the path the client reads, and `!mm_is_monitor()` seems always true.
 * This repro is the six files of this directory, scanned together:
 *   goanna-rs scan --enable style bench/real/repros/same-name-in-two-programs
 * Reported: SPC-uninit-arr-all (client.c line 9, the array of server.c line
 * 25) and RED-cond-always (auth.c line 8, a note). */
#include <limits.h>
#include <stddef.h>

char *sftp_realpath(const char *path, char *resolved);	/* realpath.c */
void send_name(const char *name);
void send_status(int status);

void process_realpath(const char *path)
{
	char resolvedname[PATH_MAX];

	if (sftp_realpath(path, resolvedname) == NULL)
		send_status(4);
	else
		send_name(resolvedname);
}
