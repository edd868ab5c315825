/* Buffers handed out by store.c and released there: every bug of this project that involves
 * memory only shows when the callers in other files are linked with these definitions. */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

char *store_new(size_t size);
void store_drop(char *buffer);
int store_fill(char *buffer, size_t size, int value);
int parse_level(const char *text);

#endif
