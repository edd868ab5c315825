int *shared_counter;
int counting_enabled;

void bump_shared(void) {
    int *counter = shared_counter;
    *counter += 1;
}

void count_into(int *counter) {
    if (counting_enabled)
        *counter += 1;
}
