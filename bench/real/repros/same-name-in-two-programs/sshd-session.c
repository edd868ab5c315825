/* Part of same-name-in-two-programs (see server.c): sshd-session.c. */
#include <stddef.h>

struct monitor { int m_pid; };
struct monitor *pmonitor;

int mm_is_monitor(void)
{
	/* m_pid is only set in the privileged part */
	return (pmonitor != NULL && pmonitor->m_pid > 0);
}
