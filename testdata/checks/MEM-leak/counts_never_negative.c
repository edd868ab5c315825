/* The "find a free slot" idiom (mosquitto's sub__add_context): a loop over the slots stores
 * the new block in the first free one and breaks; `i == count` after the loop means no slot
 * was free, and the array grows. The way where the loop did not run and `i == count` is false
 * needs a negative count. A signed member the function uses as the bound of its index and
 * never considers negative (no sign test, no negative constant) is a count: it is taken not to
 * be below 0, as a member pointer the function never considers NULL is taken not to be NULL.
 * A function that tests the member against -1 says it can be negative: reported. */
#include <stdlib.h>

struct sub {
    int id;
};

struct ctx {
    struct sub **subs;
    int sub_count;
};

int add_sub(struct ctx *context, int id) {
    struct sub *csub = malloc(sizeof *csub);
    struct sub **subs;
    int i;

    if (csub == NULL)
        return -1;
    csub->id = id;
    for (i = 0; i < context->sub_count; i++) {
        if (!context->subs[i]) {
            context->subs[i] = csub;
            break;
        }
    }
    if (i == context->sub_count) {
        subs = realloc(context->subs, sizeof(struct sub *) * (size_t)(context->sub_count + 1));
        if (!subs) {
            free(csub);
            return -1;
        }
        context->subs = subs;
        context->sub_count++;
        context->subs[context->sub_count - 1] = csub;
    }
    return 0;
}

int add_sub_unless_closed(struct ctx *context, int id) {
    struct sub *csub;
    struct sub **subs;
    int i;

    if (context->sub_count == -1)
        return -2;
    csub = malloc(sizeof *csub); // expect: MEM-leak
    if (csub == NULL)
        return -1;
    csub->id = id;
    for (i = 0; i < context->sub_count; i++) {
        if (!context->subs[i]) {
            context->subs[i] = csub;
            break;
        }
    }
    if (i == context->sub_count) {
        subs = realloc(context->subs, sizeof(struct sub *) * (size_t)(context->sub_count + 1));
        if (!subs) {
            free(csub);
            return -1;
        }
        context->subs = subs;
        context->sub_count++;
        context->subs[context->sub_count - 1] = csub;
    }
    return 0;
}
