#include <string.h>

/* A compatibility header renames getopt() and optarg (openssh's BSDgetopt, BSDoptarg): no
 * model says the call writes the global, but a function outside the program may write any
 * global of external linkage. After `compat_optarg = NULL`, the next call gives it a new
 * value before the next `-f` is handled. */

extern char *compat_optarg;
int compat_getopt(int argc, char *const *argv, const char *opts);

int collect_files_ok(int argc, char **argv, const char **files) {
    int opt, n = 0;
    while ((opt = compat_getopt(argc, argv, "f:q")) != -1) {
        switch (opt) {
        case 'f':
            if (strcmp(compat_optarg, "-") == 0)
                compat_optarg = NULL;
            files[n++] = compat_optarg;
            break;
        default:
            break;
        }
    }
    return n;
}

/* A `static` pointer keeps its NULL across such a call: in a program (it has a `main`), code
 * outside can only call back the functions whose address is taken, and none writes it. */
static char *current;
void log_line(const char *line);

int current_length_bad(void) {
    current = NULL;
    log_line("reset");
    return (int)strlen(current); // expect: PTR-null-assign
}

int main(int argc, char **argv) {
    const char *files[8];
    if (argc > 8)
        return 1;
    return collect_files_ok(argc, argv, files) + current_length_bad();
}
