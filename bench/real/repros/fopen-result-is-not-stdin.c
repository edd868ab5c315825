/* openssh-portable ssh-keygen.c do_moduli_screen(), ssh-keyscan.c main():
 * the input is stdin or a file opened with fopen(), and it is closed with
 * `if (in != stdin) fclose(in);`. A stream fopen() returns is a new FILE,
 * never the already-open stdin, but the comparison is taken as possibly
 * equal. Reported: RESOURCE-file-no-close-some (line 18). */
#include <stdio.h>
#include <string.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));
int screen_line(const char *line);

void screen_candidates(const char *file)
{
	FILE *in = stdin;
	char line[4096];

	if (file != NULL && strcmp(file, "-") != 0) {
		if ((in = fopen(file, "r")) == NULL)
			fatal("Couldn't open candidate file \"%s\"", file);
	}
	while (fgets(line, sizeof(line), in) != NULL)
		if (screen_line(line) != 0)
			fatal("screening failed");
	if (in != stdin)
		(void)fclose(in);
}
