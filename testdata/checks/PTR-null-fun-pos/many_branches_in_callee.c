/* A callee whose NULL comes only from one branch its caller's constant argument rules out is
 * related even when the rest of its body branches many times over: the ways through it are
 * joined where they meet, not enumerated one by one (six independent `if`s make 64 paths). */
#include <stdlib.h>

struct style { int bold, italic, underline, strike, mono, wide; };

static char label_text[64];

static char *style_label(const struct style *s, int use_default)
{
    const char *prefix = use_default ? "style" : getenv("STYLE_PREFIX");
    int n = 0;
    if (!prefix)
        return NULL;
    label_text[n++] = prefix[0];
    if (s->bold)
        label_text[n++] = 'b';
    if (s->italic)
        label_text[n++] = 'i';
    if (s->underline)
        label_text[n++] = 'u';
    if (s->strike)
        label_text[n++] = 's';
    if (s->mono)
        label_text[n++] = 'm';
    if (s->wide)
        label_text[n++] = 'w';
    label_text[n] = '\0';
    return label_text;
}

char default_second(const struct style *s)
{
    char *text = style_label(s, 1);
    return text[1];
}

char configured_second(const struct style *s)
{
    char *text = style_label(s, 0);
    return text[1]; // expect: PTR-null-fun-pos
}
