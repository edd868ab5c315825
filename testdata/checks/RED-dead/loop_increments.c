extern int find(int key);
extern void use(int);

/* The body always leaves the loop: the `i++` never runs, but it is the for statement's syntax,
 * not forgotten code. */
int first_match(int n) {
    int i;
    for (i = 0; i < n; i++) {
        if (find(i))
            return i;
        break;
    }
    return -1;
}

/* A statement after `break` at the end of a while body is dead code that was written. */
void drain(int n) {
    while (n > 0) {
        use(n);
        break;
        n--; // expect: RED-dead
    }
}

/* The same in a for body, after the break. */
void scan(int n) {
    for (int i = 0; i < n; i++) {
        use(i);
        break;
        use(-i); // expect: RED-dead
    }
}
