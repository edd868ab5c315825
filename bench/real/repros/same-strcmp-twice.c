/* openssh-portable ssh-keygen.c update_krl_from_file(): the file is opened
 * unless the path is "-", and closed at the end under the same test,
 * `if (strcmp(path, "-") != 0) fclose(krl_spec);`, on the unchanged string.
 * The two calls of strcmp() on the same arguments are not known to agree
 * (like the getter of same-getter-twice.c).
 * Reported: RESOURCE-file-no-close-some (line 21). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));
int revoke_line(const char *line);

void update_from_file(const char *path)
{
	FILE *spec;
	char line[1024];

	if (strcmp(path, "-") == 0)
		spec = stdin;
	else if ((spec = fopen(path, "r")) == NULL)
		fatal("fopen %s", path);
	while (fgets(line, sizeof(line), spec) != NULL)
		if (revoke_line(line) != 0)
			fatal("%s: invalid line", path);
	if (strcmp(path, "-") != 0)
		fclose(spec);
}
