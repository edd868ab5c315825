// A lookup that returns a user it finds in a static list, or one that add_user() has just
// allocated and linked into that list (mongoose's mg_dash_authenticate): the list owns the
// block, so its caller owes nothing. A wrapper that returns a block its callee made without
// linking it anywhere still hands the caller a block to free.
#include <stdlib.h>

struct user {
    struct user *next;
    int level;
};

static struct user *s_users;
void reply(int code);

static struct user *add_user(struct user **users, int level) {
    struct user *u = (struct user *)calloc(1, sizeof(*u));
    if (u != NULL) {
        u->level = level;
        u->next = *users;
        *users = u;
    }
    return u;
}

static struct user *find_user(int level) {
    struct user *u;
    for (u = s_users; u != NULL; u = u->next)
        if (u->level == level)
            return u;
    return NULL;
}

static struct user *authenticate(int level) {
    struct user *u = find_user(level);
    if (u != NULL)
        return u;
    return add_user(&s_users, level);
}

void handler(int level) {
    struct user *u = authenticate(level);
    if (u == NULL)
        reply(403);
}

// The same through an allocation wrapper and a lookup with loops (whose paths the refutation
// does not enumerate): the summary of add_user() says it hands on every block it returns.
static void *xcalloc(unsigned long n, unsigned long size) {
    return calloc(n, size);
}

static struct user *add_user_wrapped(struct user **users, int level) {
    struct user *u = (struct user *)xcalloc(1, sizeof(*u));
    if (u != NULL) {
        u->level = level;
        u->next = *users;
        *users = u;
    }
    return u;
}

static struct user *authenticate_counted(int level) {
    struct user *u;
    int count = 0;
    for (u = s_users; u != NULL; u = u->next)
        count++;
    for (u = s_users; u != NULL; u = u->next)
        if (u->level == level)
            return u;
    if (count < 10)
        return add_user_wrapped(&s_users, level);
    return NULL;
}

void counted_handler(int level) {
    struct user *u = authenticate_counted(level);
    if (u == NULL)
        reply(403);
}

static struct user *new_user(int level) {
    struct user *u = (struct user *)calloc(1, sizeof(*u));
    if (u != NULL)
        u->level = level;
    return u;
}

static struct user *guest(int level) {
    struct user *u = find_user(level);
    if (u != NULL)
        return u;
    return new_user(level);
}

void guest_handler(int level) {
    struct user *u = guest(level); // expect: MEM-leak
    if (u == NULL)
        reply(403);
}
