// One object from `new` released with `delete[]`.
struct Point {
    int x, y;
};

void direct() {
    Point *p = new Point;
    p->x = 1;
    delete[] p; // expect: MEM-delete-op
}

void direct_good() {
    Point *p = new Point;
    p->x = 1;
    delete p;
}

static void array_sink(long *data) { delete[] data; }

void through_a_sink() {
    long *one = new long(5);
    array_sink(one); // expect: MEM-delete-op
}

void through_a_sink_good(int n) {
    long *many = new long[n];
    array_sink(many);
}
