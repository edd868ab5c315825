/* openssh-portable ssh-keyscan.c main(): `-f -` means standard input, which
 * the option loop records by setting optarg to NULL; the next getopt() call
 * stores a new optarg before it returns an option that takes an argument, so
 * the strcmp() of the next -f never sees the NULL. The write of optarg by
 * getopt is not known.
 * Reported: PTR-null-assign (line 17). */
#include <string.h>
#include <unistd.h>

int collect_files(int argc, char **argv)
{
	int opt, nfiles = 0;

	while ((opt = getopt(argc, argv, "qf:")) != -1) {
		switch (opt) {
		case 'f':
			if (strcmp(optarg, "-") == 0)
				optarg = NULL;
			argv[nfiles++] = optarg;
			break;
		default:
			break;
		}
	}
	return nfiles;
}
