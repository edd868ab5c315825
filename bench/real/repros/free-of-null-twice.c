/* openssh-portable ssh-keygen.c do_ca_sign(): a notifier is started only for
 * a security key that needs a touch, and notify_complete() (which frees its
 * argument, NULL included) runs after every signature. For other keys the
 * notifier stays NULL in every iteration and free(NULL) is a no-op; for a
 * touch key it is reassigned before each free (the test depends only on the
 * CA key, which the loop does not change). Freeing a pointer that is NULL on
 * the path is counted as freeing a block.
 * Reported: MEM-double-free-some (line 36). */
#include <stdlib.h>

struct notifier_ctx { int pid; };
struct key { int type; int flags; };

struct notifier_ctx *notify_start(const char *msg);
int certify(struct key *pub, const struct key *ca);

void notify_complete(struct notifier_ctx *ctx)
{
	if (ctx == NULL || ctx->pid <= 0) {
		free(ctx);
		return;
	}
	/* ... kill and reap the notifier process ... */
	free(ctx);
}

void sign_all(const struct key *ca, struct key **pubs, int n)
{
	struct notifier_ctx *notifier = NULL;
	int i, r;

	for (i = 0; i < n; i++) {
		if (ca->type == 3 && (ca->flags & 1))
			notifier = notify_start("Confirm user presence");
		r = certify(pubs[i], ca);
		notify_complete(notifier);
		if (r != 0)
			abort();
	}
}
