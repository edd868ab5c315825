#include <stddef.h>
#include <stdlib.h>

struct tree {
    int key;
    struct tree *left, *right;
};

static void die(void) {
    abort();
}

/* Positives. */

unsigned depth_bad(const int *node) {
    return 1 + depth_bad(node + 1); // expect: SPC-recursion-inf
}

int is_even_bad(unsigned n);

int is_odd_bad(unsigned n) {
    return !is_even_bad(n - 1); // expect: SPC-recursion-inf
}

int is_even_bad(unsigned n) {
    return !is_odd_bad(n - 1); // expect: SPC-recursion-inf
}

/* The base case comes after the recursive call, so it is never reached. */
void countdown_bad(unsigned n, unsigned *calls) {
    countdown_bad(n - 1, calls); // expect: SPC-recursion-inf
    if (n == 0) // expect: RED-dead
        return;
    (*calls)++;
}

int count_nodes_bad(const struct tree *t, int flag) {
    if (flag)
        return 1 + count_nodes_bad(t->left, flag); // expect: SPC-recursion-inf
    return count_nodes_bad(t->right, !flag);
}

/* Through three functions: each call is reported in its own function. */
int parse_expr_bad(const char *s);
int parse_term_bad(const char *s);

int parse_factor_bad(const char *s) {
    return parse_expr_bad(s + 1) * 2; // expect: SPC-recursion-inf
}

int parse_term_bad(const char *s) {
    return parse_factor_bad(s) + 1; // expect: SPC-recursion-inf
}

int parse_expr_bad(const char *s) {
    return parse_term_bad(s) - 1; // expect: SPC-recursion-inf
}

/* Negatives. */

int at_end(void);

/* The base case depends on what a callee returns. */
void walk_ok(int n) {
    if (at_end())
        return;
    walk_ok(n + 1);
}


unsigned depth_ok(const int *node) {
    if (*node == 0)
        return 0;
    return 1 + depth_ok(node + 1);
}

int is_even_ok(unsigned n);

/* No base case of its own: it returns through is_even_ok's. */
int is_odd_ok(unsigned n) {
    return !is_even_ok(n - 1);
}

int is_even_ok(unsigned n) {
    if (n == 0)
        return 1;
    return is_odd_ok(n - 1);
}

int tree_size_ok(const struct tree *t) {
    return t ? 1 + tree_size_ok(t->left) + tree_size_ok(t->right) : 0;
}

const struct tree *find_ok(const struct tree *t, int key) {
    while (t != NULL) {
        if (key == t->key)
            return t;
        if (key < t->key)
            return find_ok(t->left, key);
        t = t->right;
    }
    return NULL;
}

/* Ends the program when it runs out of input instead of returning. */
int descend_or_die_ok(const struct tree *t) {
    if (t == NULL)
        die();
    return t->key + descend_or_die_ok(t->left);
}
