/* rsync (RsyncProject/rsync) authenticate.c:390, auth_server, MEM-leak `auth_uid_groups`.
 * Cause: callee-conditions. The array is allocated only while auth_uid_groups_cnt < 0, and the
 * same branch sets the count to gid_list.count, which getallgroups() fills from getgrouplist()'s
 * non-negative int size. So the block is allocated at most once per call and freed after the
 * loop; the leak needs a second allocation after a negative count (a size_t >= 2^31 groups). */
#include <stdlib.h>
#include <string.h>
#include <grp.h>

typedef struct { void *items; size_t count, malloced; } item_list;
char *next_token(char *s);
int user_ok(const char *tok, const char *user);
const char *gid_name(gid_t g);

static const char *getallgroups(const char *user, gid_t gid, item_list *l)
{
    int size = 32;
    l->items = malloc(size * sizeof(gid_t));
    if (!l->items)
        return "oom";
    if (getgrouplist(user, gid, l->items, &size) < 0)
        return "getgrouplist failed";
    l->count = size;
    return NULL;
}

int auth(char *users, const char *user, gid_t gid)
{
    const char **groups = NULL;
    int cnt = -1, j, match = -1;
    char *tok;

    for (tok = next_token(users); tok; tok = next_token(NULL)) {
        if (*tok != '@') {
            if (user_ok(tok, user))
                break;
            continue;
        }
        if (cnt < 0) {
            item_list gl = { 0 };
            if (getallgroups(user, gid, &gl) != NULL)
                cnt = 0;
            else {
                gid_t *ga = gl.items;
                cnt = gl.count;
                groups = malloc(cnt * sizeof *groups);
                if (!groups)
                    abort();
                for (j = 0; j < cnt; j++)
                    groups[j] = gid_name(ga[j]);
            }
            free(gl.items);
        }
        for (j = 0; j < cnt; j++)
            if (groups[j] && strcmp(tok + 1, groups[j]) == 0) {
                match = j;
                break;
            }
        if (match >= 0)
            break;
    }
    free(groups);
    return match;
}
