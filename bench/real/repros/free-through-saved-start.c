/* openssh-portable clientloop.c process_cmdline(), sshconnect.c confirm(),
 * misc.c tilde_expand(): `cmd = s = read_passphrase(...)` keeps the start of
 * the block in a second variable, the parse advances `s` past blanks, and the
 * block is freed through the saved start, `free(cmd)`, on every path.
 * Advancing the original pointer is taken as losing the block.
 * Reported: MEM-leak (line 27). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));
void run_command(const char *s);

char *read_line(const char *prompt)
{
	char *p = strdup(prompt);

	if (p == NULL)
		fatal("out of memory");
	return p;
}

void process_cmdline(void)
{
	char *s, *cmd;

	cmd = s = read_line("ssh> ");
	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-')
		s++;
	if (*s == '\0')
		goto out;
	run_command(s);
 out:
	free(cmd);
}
