#include <stdio.h>

struct item { struct item *next; int key; };
struct item *next_item(void);

int copy_bad(int x, int y) {
    if (x = y) // expect: EXP-cond-assign
        return x;
    return 0;
}

int spin_bad(int n, int limit) {
    int k = 0;
    while (n = limit) { // expect: EXP-cond-assign
        n--;
        if (++k > 3)
            break;
    }
    return k;
}

int comma_bad(int a, int b) {
    int r = 0;
    for (int i = 0; r++, i = b; i++) { // expect: EXP-cond-assign
        if (r > a)
            break;
    }
    return r;
}

int do_bad(int *v) {
    int i = 0, x;
    do {
        i++;
    } while (x = v[i] && i < 4); // expect: EXP-cond-assign
    return x;
}

/* Doubled parentheses say the value is meant. */
int walk_ok(void) {
    struct item *p;
    int n = 0;
    while ((p = next_item()))
        n += p->key;
    return n;
}

/* The assignment is compared. */
int count_ok(FILE *f) {
    int c, n = 0;
    while ((c = getc(f)) != EOF)
        n += c;
    return n;
}

/* An assignment inside a call's arguments. */
int probe(int v);
int argument_ok(int x) {
    if (probe(x = 3))
        return x;
    return 0;
}

/* Under `&&`, C requires the parentheses. */
int chained_ok(int a) {
    int b;
    if (a > 0 && (b = a * 2) > 3)
        return b;
    return 0;
}

/* A compound assignment. */
int shrink_ok(int a) {
    int n = 0;
    while (a >>= 1)
        n++;
    return n;
}

/* In an `else if` chain. */
int chain_bad(int a, int b) {
    if (a > 0)
        return 1;
    else if (a = b) // expect: EXP-cond-assign
        return a;
    return 0;
}

/* `!(p = f())`: the parentheses are the operator's, and the value is meant. */
int *alloc_ok(int n);
int not_ok(int n) {
    int *p;
    if (!(p = alloc_ok(n)))
        return -1;
    return *p;
}
