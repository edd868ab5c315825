/* Part of same-name-in-two-programs (see server.c): sshd-auth.c. */
int mm_is_monitor(void)
{
	return 0;
}
