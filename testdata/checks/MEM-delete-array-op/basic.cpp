// An array from `new[]` released with `delete`, directly or by a function that deletes what
// it is given.
struct Pair {
    int a, b;
};

void direct(int n) {
    int *values = new int[n];
    values[0] = n;
    delete values; // expect: MEM-delete-array-op
}

void direct_good(int n) {
    int *values = new int[n];
    values[0] = n;
    delete[] values;
}

static void sink(Pair *p) { delete p; }

void through_a_sink(int n) {
    Pair *pairs = new Pair[n];
    pairs[0].a = 1;
    sink(pairs); // expect: MEM-delete-array-op
}

static Pair *make_array(int n) { return new Pair[n]; }

void from_a_source(int n) {
    Pair *pairs = make_array(n);
    delete pairs; // expect: MEM-delete-array-op
}

void from_a_source_good(int n) {
    Pair *pairs = make_array(n);
    delete[] pairs;
}

void reassigned_before_delete(int n) {
    Pair *p = new Pair[n];
    delete[] p;
    p = new Pair;
    delete p;
}
