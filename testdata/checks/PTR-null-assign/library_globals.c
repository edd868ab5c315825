#include <string.h>
#include <unistd.h>

/* getopt() sets optarg before it returns an option that takes an argument (openssh's
 * ssh-keyscan records `-f -` by setting optarg to NULL). */

int collect_files_ok(int argc, char **argv, char **files) {
    int opt, n = 0;
    while ((opt = getopt(argc, argv, "qf:")) != -1) {
        switch (opt) {
        case 'f':
            if (strcmp(optarg, "-") == 0)
                optarg = NULL;
            files[n++] = optarg;
            break;
        default:
            break;
        }
    }
    return n;
}

char *last_file;

int collect_last_bad(int argc, char **argv) {
    int opt, n = 0;
    while ((opt = getopt(argc, argv, "f:")) != -1) {
        if (opt == 'f') {
            if (strcmp(last_file, "-") == 0) // expect: PTR-null-assign
                n++;
            last_file = NULL;
        }
    }
    return n;
}
