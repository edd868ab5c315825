/* rsync (RsyncProject/rsync) generator.c:2695/2712 check_for_finished_files, receiver.c:844/847
 * recv_files, sender.c:531/532 send_files: MEM-use-free-some / MEM-double-free-some `first_flist`.
 * Cause: callee-conditions. `flist_free(first_flist); /- updates first_flist -/`: flist_free()
 * unlinks the list from the global ring and advances first_flist (to ->next, or NULL for the last
 * one) before freeing it. Only a temporary list (prev == NULL, never in the ring: flist_new sets
 * prev for every ring member) is freed without touching first_flist. So first_flist never holds
 * a freed block. */
#include <stdlib.h>

struct flist { struct flist *prev, *next; int used; void *files; };
struct flist *first_flist, *cur_flist;
int flist_cnt, file_total;

struct flist *flist_new(int temp)
{
    struct flist *fl = calloc(1, sizeof *fl);
    if (!fl)
        abort();
    if (!temp) {
        if (!first_flist) {
            first_flist = cur_flist = fl->prev = fl;
        } else {
            struct flist *prev = first_flist->prev;
            fl->prev = prev;
            prev->next = first_flist->prev = fl;
        }
        flist_cnt++;
    }
    return fl;
}

void flist_free(struct flist *fl)
{
    if (!fl->prev) {
        /* temporary list */
    } else if (fl == fl->prev) {
        first_flist = cur_flist = NULL;
        flist_cnt = 0;
    } else {
        if (fl == cur_flist)
            cur_flist = fl->next;
        if (fl == first_flist)
            first_flist = first_flist->next;
        else {
            fl->prev->next = fl->next;
            if (!fl->next)
                fl->next = first_flist;
        }
        fl->next->prev = fl->prev;
        flist_cnt--;
    }
    free(fl->files);
    free(fl);
}

int done(struct flist *fl);

void finish_lists(void)
{
    while (first_flist) {
        if (first_flist == cur_flist)
            break;
        if (!done(first_flist))
            break;
        file_total -= first_flist->used;
        flist_free(first_flist); /* updates first_flist */
    }
}
