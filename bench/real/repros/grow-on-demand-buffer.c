/* nginx src/http/modules/ngx_http_fastcgi_module.c
 * ngx_http_fastcgi_create_request() (also scgi, uwsgi): a scratch buffer is
 * grown when a key is longer than `allocated`; it is NULL only while
 * allocated == 0. Skipping the allocation with allocated == 0 means
 * key.len == 0, so the copy loop `n < key.len` cannot run on that path.
 * Reported: PTR-null-assign (line 34). */
#include <stddef.h>
typedef struct { size_t len; unsigned char *data; } str_t;
typedef struct { str_t key; } header_t;
void *pnalloc(size_t size);
unsigned hash_find(unsigned char *key, size_t len);

int count_known(header_t *header, size_t nheaders, int number)
{
    size_t i, n, allocated;
    unsigned char *lowcase_key, ch;
    int found = 0;

    allocated = 0;
    lowcase_key = NULL;

    for (i = 0; i < nheaders; i++) {
        if (number) {
            if (allocated < header[i].key.len) {
                allocated = header[i].key.len + 16;
                lowcase_key = pnalloc(allocated);
                if (lowcase_key == NULL)
                    return -1;
            }
            for (n = 0; n < header[i].key.len; n++) {
                ch = header[i].key.data[n];
                if (ch >= 'A' && ch <= 'Z')
                    ch |= 0x20;
                lowcase_key[n] = ch;
            }
            if (hash_find(lowcase_key, n))
                found++;
        }
    }
    return found;
}
