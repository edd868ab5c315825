/* A block with a size header in front of the object (expat's XML_ParserCreate): the object
 * pointer is an offset of an offset of the block, `(T *)((char *)block + sizeof(size_t) +
 * PADDING)`, so it is NULL exactly when the block is, and returning it hands the block on. */
#include <stdlib.h>

#define PADDING 16

struct parser {
    int state;
    void *mem;
};

struct parser *parser_create(void)
{
    struct parser *parser;
    void *const sized = malloc(sizeof(size_t) + PADDING + sizeof(struct parser));
    if (sized != NULL) {
        *(size_t *)sized = sizeof(struct parser);
        parser = (struct parser *)((char *)sized + sizeof(size_t) + PADDING);
        parser->mem = NULL;
    } else {
        parser = NULL;
    }
    if (!parser)
        return parser;
    parser->state = 1;
    return parser;
}

int parser_probe(int fail)
{
    void *const sized = malloc(sizeof(size_t) + PADDING + sizeof(struct parser)); // expect: MEM-leak
    if (sized == NULL)
        return -1;
    struct parser *parser = (struct parser *)((char *)sized + sizeof(size_t) + PADDING);
    parser->state = 0;
    if (fail)
        return -1;
    free(sized);
    return 0;
}
