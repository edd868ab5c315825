// Whose NULL is it? A function that returns NULL only for some values of its inputs (a
// look-up that finds nothing, a getter of a kind the object is not) leaves a *latent* NULL:
// a caller that dereferences the result without a test usually knows the case cannot arise,
// and is reported only where its own path leaves the callee nothing else to return, or where
// the program's call sites mostly test the result. A NULL the environment decides (an
// allocation or an open that fails), or one returned whatever the inputs are, is *manifest*:
// every caller must test it.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct suite { int id; const char *name; };
static const struct suite all_suites[] = {{1, "a"}, {2, "b"}, {0, NULL}};

/* A look-up in a constant table: NULL only for an identifier that is not in it. */
const struct suite *suite_from_id(int id) {
    const struct suite *cur = all_suites;
    while (cur->id != 0) {
        if (cur->id == id)
            return cur;
        cur++;
    }
    return NULL;
}

/* The caller knows the identifier came from the table: not reported. */
const char *negotiated_name_ok(int negotiated) {
    const struct suite *s = suite_from_id(negotiated);
    return s->name;
}

/* Through a wrapper, the NULL stays latent. */
const struct suite *current_suite(const int *state) {
    return suite_from_id(*state);
}

const char *current_name_ok(const int *state) {
    return current_suite(state)->name;
}

/* NULL when the file cannot be opened: the environment decides. */
char *first_line(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    char *line = malloc(128);
    if (line != NULL && fgets(line, 128, f) == NULL)
        line[0] = '\0';
    fclose(f);
    return line;
}

int first_char_bad(const char *path) {
    char *line = first_line(path);
    int c = line[0]; // expect: PTR-null-fun-pos
    free(line);
    return c;
}

/* A wrapper of a manifest NULL is manifest too. */
char *config_line(void) {
    char *line = first_line("/etc/example.conf");
    return line;
}

int config_char_bad(void) {
    char *line = config_line();
    int c = line[0]; // expect: PTR-null-fun-pos
    free(line);
    return c;
}

/* A global set elsewhere is the environment too: NULL before initialisation. */
static int initialised;
static char home_dir[64];

const char *home(void) {
    if (!initialised)
        return NULL;
    return home_dir;
}

int home_initial_bad(void) {
    const char *h = home();
    return h[0]; // expect: PTR-null-fun-pos
}

int home_after_init_ok(void) {
    strcpy(home_dir, "/home/x");
    initialised = 1;
    const char *h = home();
    return h[0];
}

/* A getter of memory that writes nothing, called twice with the same arguments: the second
 * call returns what the first did, which was tested (curl's
 * `if(CURL_EASY_STR(data, X)) path = CURL_EASY_STR(data, X);`). Most of the program's call
 * sites test its result, so an untested one is reported. */
struct strings { const char *data[8]; int ids[8]; };

static int slot_of(const struct strings *s, int id, int *slot) {
    for (int i = 0; i < 8; i++) {
        if (s->ids[i] == id) {
            *slot = i;
            return 1;
        }
    }
    return 0;
}

const char *string_get(struct strings *s, int id) {
    int i;
    if (slot_of(s, id, &i))
        return s->data[i];
    return NULL;
}

size_t user_len(struct strings *s) {
    const char *u = string_get(s, 1);
    return u ? strlen(u) : 0;
}

size_t password_len(struct strings *s) {
    const char *p = string_get(s, 2);
    if (p == NULL)
        return 0;
    return strlen(p);
}

int has_proxy(struct strings *s) {
    const char *p = string_get(s, 3);
    return p != NULL;
}

int proxy_port(struct strings *s) {
    const char *p = string_get(s, 4);
    if (!p)
        return -1;
    return atoi(p);
}

const char *cookie(struct strings *s) {
    const char *c = string_get(s, 8);
    return c ? c : "";
}

size_t referer_len(struct strings *s) {
    const char *r = string_get(s, 9);
    return r == NULL ? 0 : strlen(r);
}

int has_range(struct strings *s) {
    const char *r = string_get(s, 10);
    return r != NULL;
}

int custom_method(struct strings *s, const char **out) {
    const char *m = string_get(s, 11);
    if (!m)
        return 0;
    *out = m;
    return 1;
}

int has_resolve(struct strings *s) {
    const char *r = string_get(s, 12);
    return !r ? 0 : 1;
}

size_t target_len_ok(struct strings *s, const char *path) {
    if (string_get(s, 5))
        path = string_get(s, 5);
    return strlen(path);
}

size_t target_len_other_id_bad(struct strings *s, const char *path) {
    if (string_get(s, 5))
        path = string_get(s, 6);
    return strlen(path); // expect: PTR-null-fun-pos
}

size_t agent_len_bad(struct strings *s) {
    const char *a = string_get(s, 7);
    return strlen(a); // expect: PTR-null-fun-pos
}

/* More call sites that test string_get's result: nine in ten of them do. */
int string_present_1(struct strings *s) {
    const char *v = string_get(s, 21);
    return v != NULL;
}

int string_present_2(struct strings *s) {
    const char *v = string_get(s, 22);
    return v != NULL;
}

int string_present_3(struct strings *s) {
    const char *v = string_get(s, 23);
    return v != NULL;
}

int string_present_4(struct strings *s) {
    const char *v = string_get(s, 24);
    return v != NULL;
}

int string_present_5(struct strings *s) {
    const char *v = string_get(s, 25);
    return v != NULL;
}

int string_present_6(struct strings *s) {
    const char *v = string_get(s, 26);
    return v != NULL;
}

int string_present_7(struct strings *s) {
    const char *v = string_get(s, 27);
    return v != NULL;
}

int string_present_8(struct strings *s) {
    const char *v = string_get(s, 28);
    return v != NULL;
}

int string_present_9(struct strings *s) {
    const char *v = string_get(s, 29);
    return v != NULL;
}

int string_present_10(struct strings *s) {
    const char *v = string_get(s, 30);
    return v != NULL;
}

int string_present_11(struct strings *s) {
    const char *v = string_get(s, 31);
    return v != NULL;
}

int string_present_12(struct strings *s) {
    const char *v = string_get(s, 32);
    return v != NULL;
}

int string_present_13(struct strings *s) {
    const char *v = string_get(s, 33);
    return v != NULL;
}

int string_present_14(struct strings *s) {
    const char *v = string_get(s, 34);
    return v != NULL;
}

int string_present_15(struct strings *s) {
    const char *v = string_get(s, 35);
    return v != NULL;
}

int string_present_16(struct strings *s) {
    const char *v = string_get(s, 36);
    return v != NULL;
}

int string_present_17(struct strings *s) {
    const char *v = string_get(s, 37);
    return v != NULL;
}

int string_present_18(struct strings *s) {
    const char *v = string_get(s, 38);
    return v != NULL;
}

