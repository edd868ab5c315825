// A hash table whose keys and values are integers wide enough to hold a pointer (oniguruma's
// st.c: `typedef unsigned long st_data_t`). The caller converts its new block to that integer
// (`st_insert(table, (st_data_t) key, value)`), and the table stores it in an entry: the
// block is handed on, and the caller frees it only when the table did not keep it. A call
// that only reads the integer (a lookup that hashes the key) keeps nothing: a block made for
// it and not freed afterwards is still a leak.
#include <stdlib.h>

typedef unsigned long st_data_t;

struct entry {
    unsigned int hash;
    st_data_t key;
    st_data_t record;
    struct entry *next;
};

struct table {
    int num_bins;
    struct entry **bins;
};

struct strkey {
    const char *s;
    const char *end;
};

static unsigned int do_hash(st_data_t key) {
    struct strkey *k = (struct strkey *)key;
    return (unsigned int)(k->end - k->s);
}

static int st_insert(struct table *table, st_data_t key, st_data_t value) {
    unsigned int hash_val = do_hash(key);
    unsigned int bin_pos = hash_val % table->num_bins;
    struct entry *ptr;
    for (ptr = table->bins[bin_pos]; ptr != 0; ptr = ptr->next)
        if (ptr->hash == hash_val)
            break;
    if (ptr == 0) {
        struct entry *entry = (struct entry *)malloc(sizeof(struct entry));
        if (entry == 0)
            return -5;
        entry->hash = hash_val;
        entry->key = key;
        entry->record = value;
        entry->next = table->bins[bin_pos];
        table->bins[bin_pos] = entry;
        return 0;
    }
    ptr->record = value;
    return 1;
}

static int st_lookup(struct table *table, st_data_t key, st_data_t *value) {
    unsigned int hash_val = do_hash(key);
    struct entry *ptr;
    for (ptr = table->bins[hash_val % table->num_bins]; ptr != 0; ptr = ptr->next) {
        if (ptr->hash == hash_val) {
            *value = ptr->record;
            return 1;
        }
    }
    return 0;
}

int insert_strend(struct table *table, const char *s, const char *end, st_data_t value) {
    struct strkey *key = (struct strkey *)malloc(sizeof(struct strkey));
    if (key == NULL)
        return -5;
    key->s = s;
    key->end = end;
    int result = st_insert(table, (st_data_t)key, value);
    if (result)
        free(key);
    return result;
}

int lookup_strend(struct table *table, const char *s, const char *end, st_data_t *value) {
    struct strkey *key = (struct strkey *)malloc(sizeof(struct strkey)); // expect: MEM-leak
    if (key == NULL)
        return -5;
    key->s = s;
    key->end = end;
    return st_lookup(table, (st_data_t)key, value);
}
