/* A function that returns an array and its length through an out-parameter, and sets the length
 * to 0 whenever it returns NULL (redis's sdssplitlen): a loop over the length reads nothing from
 * a NULL array. Its twin sets the length before an allocation that may fail. */
#include <stdlib.h>
#include <string.h>

static char *copy_part(const char *s, long len) {
    char *p = malloc(len + 1);
    if (p == NULL)
        return NULL;
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

char **split(const char *s, long len, char sep, int *count) {
    int elements = 0, slots = 4;
    long start = 0, j;
    char **tokens;

    if (len <= 0) {
        *count = 0;
        return NULL;
    }
    tokens = malloc(sizeof(char *) * slots);
    if (tokens == NULL)
        goto cleanup;
    for (j = 0; j < len; j++) {
        if (slots < elements + 2) {
            char **grown;
            slots *= 2;
            grown = realloc(tokens, sizeof(char *) * slots);
            if (grown == NULL)
                goto cleanup;
            tokens = grown;
        }
        if (s[j] == sep || (sep == ' ' && s[j] == '\t')) {
            tokens[elements] = copy_part(s + start, j - start);
            if (tokens[elements] == NULL)
                goto cleanup;
            elements++;
            start = j + 1;
        }
    }
    tokens[elements] = copy_part(s + start, len - start);
    if (tokens[elements] == NULL)
        goto cleanup;
    elements++;
    *count = elements;
    return tokens;

cleanup:
    if (tokens) {
        for (int i = 0; i < elements; i++)
            free(tokens[i]);
        free(tokens);
    }
    *count = 0;
    return NULL;
}

/* The length is set before the allocation that may fail. */
char **split_words(const char *s, int *count) {
    char **words;
    *count = 1;
    words = malloc(sizeof(char *));
    if (words == NULL)
        return NULL;
    words[0] = copy_part(s, (long)strlen(s));
    return words;
}

long total_length(const char *line) {
    int n, i;
    long total = 0;
    char **parts = split(line, (long)strlen(line), ',', &n);
    for (i = 0; i < n; i++) {
        total += (long)strlen(parts[i]);
        free(parts[i]);
    }
    free(parts);
    return total;
}

long first_word_length(const char *line) {
    int n, i;
    long total = 0;
    char **words = split_words(line, &n);
    for (i = 0; i < n; i++)
        total += (long)strlen(words[i]); // expect: PTR-null-fun-pos
    free(words);
    return total;
}
