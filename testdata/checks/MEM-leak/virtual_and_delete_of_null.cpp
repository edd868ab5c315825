// Objects released through a base pointer, `delete` of a pointer that may be NULL, and objects
// built by `new` outside a declaration.
struct Shape {
    virtual ~Shape() {}
    virtual int area() const = 0;
};

struct Square : Shape {
    int *cells;
    int side;
    Square(int s) : cells(new int[s * s]), side(s) {}
    ~Square() override { delete[] cells; }
    int area() const override { return side * side; }
};

int known_class(int s) {
    Shape *shape = new Square(s);
    int a = shape->area();
    delete shape;
    return a;
}

struct Cache {
    int *slots;
    Cache() : slots(new int[8]) {}
    ~Cache() { delete[] slots; }
};

Cache *make_cache(int enabled) {
    if (!enabled)
        return nullptr;
    return new Cache();
}

void maybe_null_deleted(int enabled) {
    Cache *c = make_cache(enabled);
    delete c;
}

void assigned_then_leaked(int n) {
    Cache *c;
    c = new Cache(); // expect: MEM-leak
    if (n > 3)
        return;
    delete c;
}
