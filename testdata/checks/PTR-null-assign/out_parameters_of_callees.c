// What a callee writes through the addresses it is given, path by path, with what it returns
// (libgit2's git_mwindow_close_lru_window_locked: `list` is set exactly when the scan returns
// true, and the scan sets `*out_window` only when it returns true; so a window found means a
// list found). A scan that writes `*out_window` whatever it returns breaks the link.
#include <stddef.h>
#include <stdbool.h>

struct win { int inuse; int last; struct win *next; };
struct file { struct win *windows; };

static bool scan(struct file *f, struct win **out_window, struct win **out_last) {
    struct win *w, *w_last, *lru = *out_window, *lru_last = NULL;
    bool found = false;
    if (out_last)
        lru_last = *out_last;
    for (w_last = NULL, w = f->windows; w; w_last = w, w = w->next) {
        if (w->inuse)
            continue;
        if (!lru || w->last > lru->last) {
            lru = w;
            lru_last = w_last;
            found = true;
        }
    }
    if (!found)
        return false;
    *out_window = lru;
    if (out_last)
        *out_last = lru_last;
    return true;
}

int close_lru_ok(struct file *files, int n) {
    struct win *lru = NULL, *lru_last = NULL, **list = NULL;
    for (int i = 0; i < n; i++) {
        if (scan(&files[i], &lru, &lru_last))
            list = &files[i].windows;
    }
    if (!lru)
        return -1;
    if (lru_last)
        lru_last->next = lru->next;
    else
        *list = lru->next;
    return 0;
}

static bool scan_eager(struct file *f, struct win **out_window) {
    *out_window = f->windows;
    return f->windows != NULL && f->windows->inuse == 0;
}

int close_eager(struct file *files, int n) {
    struct win *lru = NULL, **list = NULL;
    for (int i = 0; i < n; i++) {
        if (scan_eager(&files[i], &lru))
            list = &files[i].windows;
    }
    if (!lru)
        return -1;
    *list = lru->next; // expect: PTR-null-assign
    return 0;
}
