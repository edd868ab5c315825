#include <stdio.h>
#include "store.h"

/* Cross-file bugs: each needs the definitions in store.c to be seen (store_new returns
 * allocated memory, store_drop frees its argument). They are asserted by
 * crates/goanna-cli/tests/build_integration.rs (CROSS_FILE_CHECKS). */

static int leak_through_helper(void)
{
    char *scratch = store_new(32); // expect: MEM-leak
    if (scratch == NULL)
        return -1;
    return store_fill(scratch, 32, 'x');
}

static void double_free_across_files(void)
{
    char *data = store_new(8);
    store_drop(data);
    store_drop(data); // expect: MEM-double-free
}

static int use_after_free_across_files(void)
{
    char *name = store_new(4);
    if (name == NULL)
        return 0;
    store_drop(name);
    return name[0]; // expect: MEM-use-free-all
}

int main(int argc, char **argv)
{
    int total;
    int unset;
    total = leak_through_helper();
    double_free_across_files();
    total += use_after_free_across_files();
    total += parse_level(argc > 1 ? argv[1] : NULL);
    printf("%d\n", total + unset); // expect: SPC-uninit-var-all
    return 0;
    printf("unreachable\n"); // expect: RED-dead
}
