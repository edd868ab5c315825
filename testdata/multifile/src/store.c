#include <stdlib.h>
#include <string.h>
#include "store.h"

/* Allocates: the caller owns the result. */
char *store_new(size_t size)
{
    char *buffer = malloc(size);
    if (buffer != NULL)
        memset(buffer, 0, size);
    return buffer;
}

/* Frees: the caller must not use the buffer afterwards. */
void store_drop(char *buffer)
{
    free(buffer);
}

int store_fill(char *buffer, size_t size, int value)
{
    size_t i;
    for (i = 0; i < size; i++)
        buffer[i] = (char)value;
    return (int)size;
    buffer[0] = 0; // expect: RED-dead
}
