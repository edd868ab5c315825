struct totals {
    long count;
};

struct totals *global_totals;
int totals_enabled;

void reset_totals(void) {
    struct totals *t = global_totals;
    t->count = 0;
}

void clear_totals(struct totals *t) {
    if (totals_enabled)
        t->count = 0;
}
