#include <stdio.h>
#include <stdint.h>
#include <string.h>

struct config { int port; char name[32]; };

void clear_bad(struct config *cfg) {
    memset(cfg, 0, sizeof(cfg)); // expect: MEM-buffer-sizeof-ptr
}

void format_bad(char *out, int value) {
    snprintf(out, sizeof(out), "%d", value); // expect: MEM-buffer-sizeof-ptr
}

/* An array parameter is a pointer. */
int read_bad(FILE *in, char line[128]) {
    if (!fgets(line, sizeof(line), in)) // expect: MEM-buffer-sizeof-ptr
        return -1;
    return line[0];
}

void copy_bad(char *dst, const char *src) {
    strncpy(dst, src, sizeof(dst) - 1); // expect: MEM-buffer-sizeof-ptr
}

/* A real array: its size. */
int array_ok(FILE *in) {
    char line[128];
    if (!fgets(line, sizeof(line), in))
        return -1;
    return line[0];
}

/* The pointee's size. */
void pointee_ok(struct config *cfg) {
    memset(cfg, 0, sizeof(*cfg));
}

/* Copying a pointer's value into a buffer: `sizeof` of the pointer copied, not of the buffer. */
void store_ptr_ok(unsigned char *buf, void *ptr) {
    memcpy(buf, &ptr, sizeof(ptr));
}

/* A buffer of pointers: a pointer is its element. */
void slots_ok(void **slots) {
    memset(slots, 0, sizeof(slots));
}

/* An element as large as a pointer. */
void word_ok(uint64_t *w) {
    memset(w, 0, sizeof(w));
}

/* A member array reached through a pointer. */
void member_ok(struct config *cfg) {
    memset(cfg->name, 0, sizeof(cfg->name));
}
