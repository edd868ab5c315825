// A list's destructor advances the global head and cursor only when they point to the list it
// frees (rsync's flist_free): a cursor found NULL before the call is still NULL after it, so
// `head == cursor` with a non-NULL head means the cursor is not NULL; `head != cursor` leaves it
// NULL.
#include <stdlib.h>

struct flist { struct flist *prev, *next; int used; void *files; };
struct flist *first_flist, *cur_flist;
int file_old_total, am_server;

void flist_free(struct flist *fl)
{
    if (fl == cur_flist)
        cur_flist = fl->next;
    if (fl == first_flist)
        first_flist = fl->next;
    free(fl->files);
    free(fl);
}

void end_progress(void);

void finish(void)
{
    if (!am_server && cur_flist)
        end_progress();
    if (first_flist) {
        file_old_total -= first_flist->used;
        flist_free(first_flist);
        if (first_flist && first_flist == cur_flist)
            file_old_total = cur_flist->used;
    }
}

void finish_wrong_test(void)
{
    if (!am_server && cur_flist)
        end_progress();
    if (first_flist) {
        file_old_total -= first_flist->used;
        flist_free(first_flist);
        if (first_flist && first_flist != cur_flist)
            file_old_total = cur_flist->used; // expect: PTR-null-cmp-aft
    }
}
