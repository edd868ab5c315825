/* Part of same-name-in-two-programs (see server.c): auth.c, linked into both
 * sshd-session and sshd-auth. */
int mm_is_monitor(void);
void logit(const char *msg);

void auth_log(int postponed)
{
	if (!mm_is_monitor() && !postponed)
		return;
	logit("Accepted publickey");
}
