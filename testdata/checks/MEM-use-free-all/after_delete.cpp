// A use after `delete`: through the pointer itself or through a reference to what it held.
struct Account {
    int balance;
};

int read_after_delete() {
    Account *a = new Account;
    a->balance = 10;
    delete a;
    return a->balance; // expect: MEM-use-free-all
}

int read_before_delete() {
    Account *a = new Account;
    a->balance = 10;
    int b = a->balance;
    delete a;
    return b;
}

static void show(const Account &acc, int *out) { *out = acc.balance; }

void passed_by_reference_after_delete(int *out) {
    Account *a = new Account;
    a->balance = 1;
    delete a;
    show(*a, out); // expect: MEM-use-free-all
}
