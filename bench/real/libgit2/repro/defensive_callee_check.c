/* libgit2 refdb_fs.c:2010, patch_parse.c:1098, indexer.c:1316 and Mbed TLS
 * md5.c:227, sha1.c:329 (notes): the callee returns an error code by
 * contract but cannot fail today; the caller's check is defensive. */
#include <string.h>

struct parse_ctx { const char *content; size_t len; };

int parse_ctx_init(struct parse_ctx *ctx, const char *content, size_t len)
{
    ctx->content = content;
    ctx->len = len;
    return 0;
}

int reflog_parse(const char *buf, size_t size)
{
    struct parse_ctx parser;

    if (parse_ctx_init(&parser, buf, size) < 0)
        return -1;
    return parser.len > 0 && memchr(parser.content, '\n', parser.len) != NULL;
}
