/* A count kept through a pointer (`*argc`, `s->n`) is followed across its increments and
 * decrements, as a local count is: the clean-up loop of a splitter that failed before its
 * first token runs no iteration, so its NULL vector is never read. */
#include <stdlib.h>

void release(char *s);
char *make(void);

char **split(const char *p, int *argc) {
    char **vector = NULL;
    *argc = 0;
    while (1) {
        if (*p) {
            if (*p == '"')
                goto err; /* unterminated quote, before any token */
            vector = realloc(vector, (*argc + 1) * sizeof(char *));
            if (!vector)
                abort();
            vector[*argc] = make();
            (*argc)++;
            p++;
        } else {
            return vector;
        }
    }
err:
    while ((*argc)--)
        release(vector[*argc]); /* vector is allocated whenever *argc > 0 */
    free(vector);
    *argc = 0;
    return NULL;
}

struct stack {
    int depth;
};

void unwind(struct stack *s) {
    char **frames = NULL;
    s->depth = 0;
    s->depth++;
    while (s->depth--)
        release(frames[s->depth]); // expect: PTR-null-assign
}

void unwind_nothing(struct stack *s) {
    char **frames = NULL;
    s->depth = 1;
    s->depth -= 1;
    while (s->depth--)
        release(frames[s->depth]);
}

void count_up(int *n) {
    char **items = NULL;
    *n = 0;
    ++*n;
    if (*n == 1)
        release(items[0]); // expect: PTR-null-assign
}
