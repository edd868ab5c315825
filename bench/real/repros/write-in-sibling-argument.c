/* lighttpd src/mod_status.c mod_status_get_multiplier(): an array is passed
 * to a function that reads it, and another argument of the same call fills
 * it: `append(b, buf, snprintf(buf, sizeof(buf), ...))`. All arguments are
 * evaluated before the callee runs, so buf is written before it is read; the
 * write made while evaluating a later argument is not seen by the callee.
 * Reported: SPC-uninit-arr-all (line 16, in the callee, reached from line 22). */
#include <stdio.h>
#include <string.h>

typedef struct { char *ptr; size_t used, size; } buffer;

char *buffer_extend(buffer *b, size_t len);

void buffer_append_string_len(buffer *b, const char *s, size_t len)
{
    memcpy(buffer_extend(b, len), s, len);
}

void append_avg(buffer *b, double avg)
{
    char buf[32+1];
    buffer_append_string_len(b, buf, (size_t)snprintf(buf, sizeof(buf), "%.2f", avg));
}
