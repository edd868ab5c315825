// strtok_r's idiom (libuv's uv__strtok): the saved position is read only when no new string is
// given. A caller whose first call gives a string (known not to be NULL there) never makes the
// callee read the uninitialised position; one that starts without a string does.
#include <stddef.h>

static char *next_token(char *str, char sep, char **saved) {
    char *start = str;
    if (str == NULL)
        start = *saved;
    if (start == NULL)
        return NULL;
    char *end = start;
    while (*end != '\0' && *end != sep)
        end++;
    *saved = *end ? end + 1 : NULL;
    if (*end)
        *end = '\0';
    return start;
}

int count_tokens_ok(char *text) {
    char *saved;
    int n = 0;
    if (text == NULL)
        return 0;
    for (char *t = next_token(text, ':', &saved); t != NULL; t = next_token(NULL, ':', &saved))
        n++;
    return n;
}

int first_field_ok(void) {
    char line[] = "a:b";
    char *saved;
    return next_token(line, ':', &saved) != NULL;
}

/* The same tokenizer, started without a string. */
static char *resume_token(char *str, char **saved) {
    char *start = str;
    if (str == NULL)
        start = *saved; // expect: SPC-uninit-var-all
    return start;
}

int resume_without_start_bad(void) {
    char *saved;
    return resume_token(NULL, &saved) != NULL;
}
