/* rsync (RsyncProject/rsync) sender.c:535, send_files, PTR-null-cmp-aft `cur_flist`.
 * Cause: contradicting-branches. cur_flist is found NULL at `if (!am_server && cur_flist)`;
 * flist_free(first_flist) changes cur_flist only when it equals the freed list (it was NULL, so
 * it stays NULL); then `if (first_flist) { if (first_flist == cur_flist) ... cur_flist->used`:
 * equality with a non-NULL first_flist means cur_flist is not NULL. */
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


int read_ndx(int f);
void end_progress(void);
extern int am_server, inc_recurse;
int file_old_total;

void send_files(int f)
{
    while (1) {
        int ndx = read_ndx(f);
        if (ndx == -1) {
            if (!am_server && cur_flist)
                end_progress();
            if (inc_recurse && first_flist) {
                file_old_total -= first_flist->used;
                flist_free(first_flist);
                if (first_flist) {
                    if (first_flist == cur_flist)
                        file_old_total = cur_flist->used;
                    continue;
                }
            }
            break;
        }
    }
}
