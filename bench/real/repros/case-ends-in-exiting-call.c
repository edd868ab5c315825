/* openssh-portable session.c do_exec_no_pty(), do_exec_pty(): the child case
 * of `switch (pid = fork())` ends with `do_child(ssh, s, command);` and a
 * NOTREACHED comment; do_child() never returns (every path ends in exit(),
 * after execve() when the exec succeeds). The next label is reported as
 * reached by falling through, although a callee that never returns ends the
 * case. Reported: SWITCH-fall-through (line 30). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void do_child(const char *shell, char *const env[])
{
	char *argv[] = { (char *)shell, NULL };

	execve(shell, argv, env);
	perror(shell);
	exit(1);
}

pid_t exec_no_pty(const char *shell, char *const env[])
{
	pid_t pid;

	switch ((pid = fork())) {
	case -1:
		return -1;
	case 0:
		do_child(shell, env);
		/* NOTREACHED */
	default:
		break;
	}
	return pid;
}
