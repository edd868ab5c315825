#include <stdlib.h>
#include <string.h>

/* Returning from main ends the program as exit() does: what main still holds is released
 * with the process (openssh's ssh-keysign). A helper that returns with its block lost leaks
 * while the program runs. */

int use(const char *s);

static int helper_bad(const char *arg) {
    char *copy = strdup(arg); // expect: MEM-leak
    if (copy == NULL)
        return 1;
    return (int)strlen(copy);
}

int main(int argc, char **argv) {
    char *name = strdup(argc > 1 ? argv[1] : "none");
    if (name == NULL)
        return 1;
    use(name);
    return helper_bad(name);
}
