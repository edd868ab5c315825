#include <stdio.h>
#include <unistd.h>

int read_line_bad(FILE *in, char *buf, int n) {
    buf[0] = 0;
    fgets(buf, n, in); // expect: LIB-return-unchecked
    return buf[0];
}

void drop_privileges_bad(uid_t uid) {
    setuid(uid); // expect: LIB-return-unchecked
}

int read_block_bad(int fd, char *buf) {
    buf[0] = 0;
    read(fd, buf, 16); // expect: LIB-return-unchecked
    return buf[0];
}

void enter_dir_bad(const char *dir) {
    chdir(dir); // expect: LIB-return-unchecked
}

int read_line_ok(FILE *in, char *buf, int n) {
    if (!fgets(buf, n, in))
        return -1;
    return buf[0];
}

void explicit_discard_ok(int fd, const char *msg, int n) {
    (void)write(fd, msg, n);
}

int assigned_ok(int fd, char *buf) {
    ssize_t got = read(fd, buf, 16);
    return got > 0 ? buf[0] : -1;
}

void unchecked_by_nature_ok(const char *msg) {
    printf("%s\n", msg);
    fputs(msg, stderr);
}

int drop_privileges_ok(uid_t uid) {
    if (setuid(uid) != 0)
        return -1;
    return 0;
}
