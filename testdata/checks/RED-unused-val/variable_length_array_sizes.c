// The size of a variable-length array is read when the array is declared (opus's ALLOC macro,
// `type var[size]` in its VAR_ARRAYS builds): a value stored only to size it is used. A value
// overwritten before any declaration reads it is still unused.
void use(unsigned char *p, int n);

void sized(int n, int big) {
    int sz;
    if (big)
        sz = n * 4;
    else
        sz = 1;
    unsigned char buf[sz];
    use(buf, 1);
}

void two_dimensions(int rows, int cols) {
    int r = rows + 1;
    int c = cols * 2;
    unsigned char grid[r][c];
    use(&grid[0][0], r * c);
}

void overwritten(int n, int big) {
    int sz;
    if (big)
        sz = n * 4; // expect: RED-unused-val
    sz = 16;
    unsigned char buf[sz];
    use(buf, sz);
}
