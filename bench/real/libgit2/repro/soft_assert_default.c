/* libgit2 src/libgit2/index.c:2558 and :2940: GIT_ASSERT(!"invalid oid
 * type") in the default label expands (without GIT_ASSERT_HARD) to
 * `if (!(!"...")) return -1;`, which always returns. */
#include <stddef.h>

#define GIT_ASSERT(expr) do { if (!(expr)) { return -1; } } while (0)

struct common { unsigned ctime; };
struct sha1_entry { struct common common; char id[20]; };
struct sha256_entry { struct common common; char id[32]; };

int read_ctime(int oid_type, const struct sha1_entry *a,
               const struct sha256_entry *b, unsigned *out)
{
    const struct common *source_common = NULL;

    switch (oid_type) {
    case 1: source_common = &a->common; break;
    case 2: source_common = &b->common; break;
    default:
        GIT_ASSERT(!"invalid oid type");
    }
    *out = source_common->ctime;
    return 0;
}
