/* nginx src/http/modules/ngx_http_fastcgi_module.c
 * ngx_http_fastcgi_create_request() (also scgi, uwsgi): link_duplicates()
 * sets req->multi whenever it links one header to another through `next`.
 * The array of skipped headers is allocated only when that flag (or a
 * parameter count) is set, and it is written only for linked headers.
 * Reported: PTR-null-assign (line 44). */
#include <stddef.h>
#include <string.h>

typedef struct header_s { const char *key; struct header_s *next; } header_t;
typedef struct { header_t *headers; size_t nheaders; unsigned multi:1; } request_t;

void *palloc(size_t size);

void link_duplicates(request_t *req)
{
    size_t i, j;

    for (i = 0; i < req->nheaders; i++) {
        req->headers[i].next = NULL;
        for (j = 0; j < i; j++) {
            if (strcmp(req->headers[i].key, req->headers[j].key) == 0) {
                req->headers[j].next = &req->headers[i];
                req->multi = 1;
                break;
            }
        }
    }
}

size_t count_skipped(request_t *req, size_t nparams)
{
    header_t **ignored = NULL, *hn;
    size_t i, skipped = 0;

    link_duplicates(req);
    if (nparams || req->multi) {
        ignored = palloc(req->nheaders * sizeof(header_t *));
        if (ignored == NULL)
            return 0;
    }
    for (i = 0; i < req->nheaders; i++) {
        for (hn = req->headers[i].next; hn; hn = hn->next)
            ignored[skipped++] = hn;
    }
    return skipped;
}
