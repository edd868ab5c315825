// rsync (RsyncProject/rsync) generator.c:346, delete_in_dir, PTR-null-cmp-aft `cur_flist`.
// Cause: contradicting-branches. generate_files() leaves its do-while when
// `(cur_flist = cur_flist->next) == NULL` and then calls delete_in_dir(NULL, NULL, dev_zero);
// delete_in_dir() returns at once when fbuf is NULL, so the use of the global cur_flist further
// down is only reached by calls with a non-NULL fbuf, made while cur_flist is set.
// With a name it does not know, the call after the loop may reach the use of the NULL
// `cur_flist`: reported.
#include <stdio.h>
#include <string.h>

struct flist { struct flist *next; int used; };
struct flist *cur_flist;
int delete_during, flist_eof;

void change_filter_dir(const char *d, int len);
static int find_in(struct flist *fl, const char *name) { return fl->used > (int)strlen(name) ? 0 : -1; }
void remove_file(const char *name);
void generate_one(struct flist *fl, int i);

static void delete_in_dir(const char *fbuf)
{
    if (!fbuf) {
        change_filter_dir(NULL, 0);
        return;
    }
    change_filter_dir(fbuf, (int)strlen(fbuf));
    if (find_in(cur_flist, fbuf) < 0)
        remove_file(fbuf);
}

void generate_files(void)
{
    do {
        int i;
        for (i = 0; i < cur_flist->used; i++) {
            generate_one(cur_flist, i);
            if (delete_during)
                delete_in_dir("dir");
        }
    } while ((cur_flist = cur_flist->next) != NULL);

    if (delete_during)
        delete_in_dir(NULL);
}

static void delete_named(const char *fbuf)
{
    if (!fbuf)
        return;
    if (find_in(cur_flist, fbuf) < 0) // expect: PTR-null-cmp-aft
        remove_file(fbuf);
}

void generate_named(const char *last)
{
    do {
        generate_one(cur_flist, 0);
    } while ((cur_flist = cur_flist->next) != NULL);

    delete_named(last);
}
