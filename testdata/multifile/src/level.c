#include "store.h"

int parse_level(const char *text)
{
    int level;
    if (text == NULL)
        return 0;
    return level + text[0]; // expect: SPC-uninit-var-all
}
