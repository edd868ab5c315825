// `delete` twice, directly, through a member, or by a destructor and then by hand.
struct Item {
    int value;
};

void twice() {
    Item *it = new Item;
    delete it;
    delete it; // expect: MEM-double-free
}

void reset_between() {
    Item *it = new Item;
    delete it;
    it = nullptr;
    delete it;
}

struct Holder {
    int *data;
    Holder() : data(new int[8]) {}
    ~Holder() { delete[] data; }
    void release() {
        delete[] data;
        data = nullptr;
    }
};

void released_then_destroyed() {
    Holder h;
    h.release();
}

static void dispose(Item *it) { delete it; }

void disposed_twice() {
    Item *it = new Item;
    dispose(it);
    dispose(it); // expect: MEM-double-free
}
