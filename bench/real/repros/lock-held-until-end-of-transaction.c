/* From lmdb (LMDB/lmdb 9c9d3455), libraries/liblmdb/mdb.c:3129, mdb_txn_renew0(),
 * THR-lock-no-unlock.
 * Cause: idiom -- a "begin" function deliberately returns with the writer mutex held:
 * a write transaction owns env->me_wmutex from mdb_txn_begin() until mdb_txn_commit() /
 * mdb_txn_abort() -> mdb_txn_end() unlocks it ("The writer mutex was locked in
 * mdb_txn_begin"). Its own failure path hands the txn to txn_end(), which unlocks.
 * Why false: returning with the lock held on success is the API contract, not a leak.
 * (The failure path of the original, through txn_end(), is left out here: with it, this
 * binary reports that path instead, where txn_end() does unlock.)
 */
#include <pthread.h>
#include <stddef.h>

typedef pthread_mutex_t mutex_t[1];

struct shared { unsigned long txnid; mutex_t wmutex; };
struct env { struct shared *txns; int fatal; unsigned long maxpg; };
struct txn { struct env *env; unsigned long txnid; int finished; };

static void txn_end(struct txn *txn)
{
	struct env *env = txn->env;
	if (!txn->finished) {
		txn->finished = 1;
		if (env->txns)
			pthread_mutex_unlock(env->txns->wmutex);
	}
}

int txn_begin_write(struct txn *txn)
{
	struct env *env = txn->env;
	struct shared *ti = env->txns;
	int rc;

	if (ti) {
		if ((rc = pthread_mutex_lock(env->txns->wmutex)))
			return rc;
		txn->txnid = ti->txnid;
	}
	txn->txnid++;
	txn->finished = 0;
	return 0;	/* the writer lock stays held until txn_end() */
}

int txn_commit(struct txn *txn)
{
	/* ... write pages ... */
	txn_end(txn);
	return 0;
}
