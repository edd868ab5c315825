#include <stdlib.h>

/* free(NULL) releases nothing: a pointer that stays NULL on the path is not freed twice
 * (openssh's notifier, started only for keys that need a touch). */

struct notifier { int pid; };
struct notifier *notify_start(const char *msg);
int certify(int key);

void notify_complete(struct notifier *n) {
    free(n);
}

void sign_all_ok(int ca_type, const int *keys, int count) {
    struct notifier *notifier = NULL;
    for (int i = 0; i < count; i++) {
        if (ca_type == 3)
            notifier = notify_start("touch");
        int r = certify(keys[i]);
        notify_complete(notifier);
        if (r != 0)
            abort();
    }
}

void release_twice_bad(int n) {
    struct notifier *notifier = notify_start("touch");
    if (notifier == NULL)
        return;
    notify_complete(notifier);
    if (n > 0)
        free(notifier); // expect: MEM-double-free-some
}
