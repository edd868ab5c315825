// Objects built by a base-class initialiser given the address of their first member: the
// initialiser returns (or keeps) what it is given, so the block goes wherever its result goes.
#include <stdlib.h>

typedef struct {
    int height;
} Base;

typedef struct {
    Base super;
    int pid;
} Screen;

Base *Base_init(Base *b, int height) {
    b->height = height;
    return b;
}

Base *Base_register(Base *b);

static void Base_clear(Base *b) {
    b->height = 0;
}

Screen *Screen_new_ok(int pid, int height) {
    Screen *this = malloc(sizeof(Screen));
    if (!this)
        return NULL;
    this->pid = pid;
    return (Screen *)Base_init(&this->super, height);
}

Base *Screen_registered_ok(int pid) {
    Screen *this = malloc(sizeof(Screen));
    if (!this)
        return NULL;
    this->pid = pid;
    return Base_register(&this->super);
}

int Screen_probe_bad(int pid) {
    Screen *this = malloc(sizeof(Screen)); // expect: MEM-leak
    if (!this)
        return -1;
    this->pid = pid;
    Base_clear(&this->super);
    return this->super.height;
}

// A destructor of the base frees what it is given: given the address of the first member,
// it frees the whole block, as `free(&this->super)` does (json-c's
// json_object_generic_delete(&jso->base)).
static void Base_delete(Base *b) {
    free(b);
}

void *table_new(void);

Base *Screen_failed_init_ok(int pid) {
    Screen *this = malloc(sizeof(Screen));
    if (!this)
        return NULL;
    this->pid = pid;
    if (!table_new()) {
        Base_delete(&this->super);
        return NULL;
    }
    return &this->super;
}

int Screen_deleted_twice_bad(int pid) {
    Screen *this = malloc(sizeof(Screen));
    if (!this)
        return -1;
    this->pid = pid;
    Base_delete(&this->super);
    free(this); // expect: MEM-double-free
    return 0;
}
