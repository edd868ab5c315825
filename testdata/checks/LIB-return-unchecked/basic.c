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

/* The scanf family leaves an output alone when its conversion fails: an output that already
 * holds a value (a preset default) is the program's answer to a failed scan. */
int preset_default_ok(const char *line) {
    int width = 80;
    sscanf(line, "width : %d", &width);
    return width;
}

int preset_in_loop_ok(FILE *in, char *buf, int n) {
    int id = -1, core = -1, best = -1;
    while (fgets(buf, n, in)) {
        if (buf[0] == '\n') {
            if (id >= 0 && core > best)
                best = core;
            id = -1;
            core = -1;
        } else if (buf[0] == 'p') {
            sscanf(buf, "processor : %d", &id);
        } else {
            sscanf(buf, "core id : %d %d", &core, &id);
        }
    }
    return best;
}

struct geometry { int w, h; };

int preset_fields_ok(const char *spec) {
    struct geometry g;
    g.w = 80;
    g.h = 24;
    sscanf(spec, "%dx%d", &g.w, &g.h);
    return g.w * g.h;
}

int unset_output_bad(const char *line) {
    int width;
    sscanf(line, "width : %d", &width); // expect: LIB-return-unchecked
    return width;
}

int preset_on_one_path_bad(const char *line, int have_default) {
    int width, height = 24;
    if (have_default)
        width = 80;
    sscanf(line, "%d %d", &width, &height); // expect: LIB-return-unchecked
    return width + height;
}

int scan_width;

void global_output_bad(const char *line) {
    scan_width = 80;
    sscanf(line, "%d", &scan_width); // expect: LIB-return-unchecked
}

void caller_object_bad(const char *line, struct geometry *g) {
    g->w = 80;
    sscanf(line, "%d", &g->w); // expect: LIB-return-unchecked
}
