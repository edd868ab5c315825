// A recursive walk that remembers the groups on its way down in an array (oniguruma's
// detect_can_be_slow): it reads calls[i] only for i < ncall, and writes calls[ncall] before
// each recursive call with ncall + 1. Its caller passes 0, so nothing of the fresh array is
// read. A caller that passes a count the array does not hold makes the callee read it (the
// finding is at the callee's read).
#define MAX_CALLS 20

struct node {
    int type;
    int gnum;
    struct node *body;
    struct node *next;
};

static int detect(struct node *node, int *count, int ncall, int *calls) {
    int r = 0;
    switch (node->type) {
    case 0:
        for (; node != 0 && r == 0; node = node->next)
            r = detect(node->body, count, ncall, calls);
        break;
    case 1: {
        int i, found = 0;
        (*count)++;
        for (i = 0; i < ncall; i++) {
            if (node->gnum == calls[i]) { // expect: SPC-uninit-arr-all
                found = 1;
                break;
            }
        }
        if (!found && ncall + 1 < MAX_CALLS) {
            calls[ncall] = node->gnum;
            r = detect(node->body, count, ncall + 1, calls);
        }
        break;
    }
    default:
        break;
    }
    return r;
}

int detect_slow(struct node *root) {
    int count = 0;
    int calls[MAX_CALLS];
    int r = detect(root, &count, 0, calls);
    return r == 0 ? count : r;
}

int detect_resumed(struct node *root) {
    int count = 0;
    int calls[MAX_CALLS];
    int r = detect(root, &count, 3, calls);
    return r == 0 ? count : r;
}
