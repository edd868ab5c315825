// Leaks of `new` in C++: objects that own their memory release it in their destructors, which
// run at every exit from the scope (return, break, continue, the end of the block).
struct Buffer {
    char *bytes;
    int size;
    Buffer(int n) : bytes(new char[n]), size(n) {}
    ~Buffer() { delete[] bytes; }
};

void raii_cleanup(int n) {
    Buffer b(n);
    b.bytes[0] = 'x';
}

int raii_early_return(int n) {
    Buffer b(n);
    if (n > 100)
        return -1;
    b.bytes[0] = 'y';
    return 0;
}

void raii_in_loop(int n) {
    for (int i = 0; i < n; i++) {
        Buffer b(i + 1);
        if (i == 3)
            break;
        if (i == 5)
            continue;
        b.bytes[0] = 'z';
    }
}

void leak_on_early_return(int n) {
    int *values = new int[n]; // expect: MEM-leak
    if (n > 10)
        return;
    values[0] = 1;
    delete[] values;
}

struct Node {
    int value;
    Node *next;
};

class Stack {
    Node *top = nullptr;

public:
    ~Stack() {
        while (top) {
            Node *n = top->next;
            delete top;
            top = n;
        }
    }
    void push(int v) {
        Node *n = new Node;
        n->value = v;
        n->next = top;
        top = n;
    }
};

void owned_by_a_member(Stack &s) { s.push(3); }

struct Owner {
    int *data;
    Owner() { data = new int[4]; }
    ~Owner() { delete[] data; }
};

void heap_object_deleted() {
    Owner *o = new Owner();
    delete o;
}

void heap_object_leaked(int k) {
    Owner *o = new Owner(); // expect: MEM-leak
    if (k)
        return;
    delete o;
}

int *factory() { return new int(3); }

void factory_result_leaked(int k) {
    int *p = factory(); // expect: MEM-leak
    if (k)
        return;
    delete p;
}

void caught_and_released(int n) {
    char *text = new char[n];
    try {
        if (n > 1000)
            throw n;
        text[0] = 0;
    } catch (int) {
        delete[] text;
        throw;
    }
    delete[] text;
}
