/* openssh-portable sshd-auth.c main() and privsep_child_demote(): the
 * privilege separation user may be missing (getpwnam() NULL) only when the
 * process does not chroot (`if (privsep_chroot || ...) fatal(...)`), and the
 * demotion reads the entry only under `if (privsep_chroot)`; the flag is a
 * static global that nothing else writes.
 * Reported: PTR-null-cmp-aft (line 22). */
#include <pwd.h>
#include <stdio.h>
#include <unistd.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));

static int privsep_chroot = 1;
static struct passwd *privsep_pw;

static void privsep_child_demote(void)
{
	if (privsep_chroot) {
		if (chroot("/var/empty") == -1 || chdir("/") == -1)
			fatal("chroot failed");
		printf("privsep user:group %u:%u\n",
		    (unsigned)privsep_pw->pw_uid, (unsigned)privsep_pw->pw_gid);
	}
}

int main(void)
{
	privsep_chroot = (getuid() == 0 || geteuid() == 0);
	if ((privsep_pw = getpwnam("sshd")) == NULL) {
		if (privsep_chroot)
			fatal("Privilege separation user sshd does not exist");
	}
	privsep_child_demote();
	return 0;
}
