#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum command { CMD_PUT, CMD_GET, CMD_DEL, CMD_SUM, CMD_QUIT, CMD_UNKNOWN };

static enum command parse_command(const char *word) {
    if (strcmp(word, "put") == 0)
        return CMD_PUT;
    if (strcmp(word, "get") == 0)
        return CMD_GET;
    if (strcmp(word, "del") == 0)
        return CMD_DEL;
    if (strcmp(word, "sum") == 0)
        return CMD_SUM;
    if (strcmp(word, "quit") == 0)
        return CMD_QUIT;
    return CMD_UNKNOWN;
}

static int execute(struct store *s, enum command cmd, const char *key, const char *value) {
    int status;
    switch (cmd) {
    case CMD_PUT:
        status = store_put(s, key, value);
        break;
    case CMD_GET: {
        const char *found = store_get(s, key);
        printf("%s\n", found ? found : "(none)");
        status = 0;
        break;
    }
    case CMD_DEL:
        status = store_remove(s, key);
        break;
    case CMD_SUM:
        printf("%zu\n", store_checksum(s));
        status = 0;
        break;
    case CMD_QUIT:
        exit(0);
        status = 0; // expect: RED-dead
        break;
    default:
        fprintf(stderr, "unknown command\n");
        status = 1;
    }
    return status;
}

/* Reads "key=value" and stores it. */
static int import_pair(struct store *s, const char *text) {
    char *copy = strdup(text); // expect: MEM-leak
    char *eq;
    if (copy == NULL)
        return -1;
    eq = strchr(copy, '=');
    if (eq == NULL)
        return -1;
    *eq = '\0';
    store_put(s, copy, eq + 1);
    free(copy);
    return 0;
}

/* Looks a key up, then releases the store: but reads it once more afterwards. */
static int lookup_and_close(struct store *s, const char *key) {
    const char *value = store_get(s, key);
    store_free(s);
    return value != NULL && store_get(s, key) != NULL; // expect: MEM-use-free-some
}

static int report(int failures) {
    int code;
    if (failures > 0)
        fprintf(stderr, "%d commands failed\n", failures);
    return code; // expect: SPC-uninit-var-all
}

int main(void) {
    char line[256];
    int failures = 0;
    struct store *s = store_new();
    if (!s)
        return 1;
    if (import_pair(s, "mode=interactive") != 0)
        failures++;
    while (fgets(line, sizeof line, stdin)) {
        char *word = strtok(line, " \n");
        char *key = strtok(NULL, " \n");
        char *value = strtok(NULL, "\n");
        if (!word)
            continue;
        if (execute(s, parse_command(word), key ? key : "", value ? value : "") != 0)
            failures++;
    }
    if (failures > 100)
        return lookup_and_close(s, "mode");
    store_free(s);
    return report(failures);
}
