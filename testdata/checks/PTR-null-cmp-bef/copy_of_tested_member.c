// A pointer copied from a member just found non-NULL is non-NULL (libxml2's
// xmlRelaxNGValidateDatatype: `if (define->data == NULL) return -1; lib = define->data;`): a later
// `lib != NULL` in an error path is a redundant defensive test, not evidence that the earlier
// dereference may crash. A copy taken after a call that may give the member a new value, or of a
// member never tested, proves nothing: the late test is then reported.
#include <stddef.h>

typedef struct lib {
    int (*check)(void *data, const char *value, void **result);
    void (*freef)(void *data, void *result);
    void *data;
} lib_t;

typedef struct define {
    void *data;
} define_t;

void refresh(define_t *define);

int validate_datatype(define_t *define, const char *value) {
    lib_t *lib;
    void *result = NULL;
    int ret;
    if ((define == NULL) || (define->data == NULL))
        return -1;
    lib = (lib_t *)define->data;
    ret = lib->check(lib->data, value, &result);
    if (ret < 0) {
        if ((result != NULL) && (lib != NULL) && (lib->freef != NULL))
            lib->freef(lib->data, result);
        return -1;
    }
    return ret;
}

int validate_after_refresh(define_t *define, const char *value) {
    lib_t *lib;
    void *result = NULL;
    int ret;
    if ((define == NULL) || (define->data == NULL))
        return -1;
    refresh(define);
    lib = (lib_t *)define->data;
    ret = lib->check(lib->data, value, &result); // expect: PTR-null-cmp-bef
    if (ret < 0) {
        if ((result != NULL) && (lib != NULL) && (lib->freef != NULL))
            lib->freef(lib->data, result);
        return -1;
    }
    return ret;
}

int validate_untested(define_t *define, const char *value) {
    lib_t *lib;
    void *result = NULL;
    if (define == NULL)
        return -1;
    lib = (lib_t *)define->data;
    int ret = lib->check(lib->data, value, &result); // expect: PTR-null-cmp-bef
    if (ret < 0 && lib != NULL && lib->freef != NULL)
        lib->freef(lib->data, result);
    return ret;
}
