/* A function outside the program given the address of a pointer may store a new block into it
 * (hiredis's redisFormatCommand(&cmd, ...) allocates the command): freeing the pointer again
 * after such a call frees that new block, not the old one. */
#include <stdio.h>
#include <stdlib.h>

int format_command(char **target, const char *format, ...);
void send_command(const char *cmd, int len);
extern int repeat;

void run_commands(int ping, int set) {
    char *cmd;
    int len;
    if (ping) {
        len = format_command(&cmd, "PING");
        send_command(cmd, len);
        free(cmd);
    }
    if (set) {
        len = format_command(&cmd, "SET %s %s", "key", "value");
        send_command(cmd, len);
        free(cmd);
    }
    do {
        len = format_command(&cmd, "GET %s", "key");
        send_command(cmd, len);
        free(cmd);
    } while (repeat);
}

/* A function of the program that only reads through the address it is given. */
static void show(char **p) {
    printf("%p\n", (void *)*p);
}

void free_twice(int n) {
    char *buf = malloc(n);
    if (!buf)
        return;
    free(buf);
    show(&buf);
    free(buf); // expect: MEM-double-free
}
