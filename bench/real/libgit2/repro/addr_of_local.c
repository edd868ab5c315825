/* libgit2 src/libgit2/merge.c:996 (merge_conflict_resolve_contents):
 * `driver = &builtin.base` is never NULL, so `if (driver)` assigns error. */
struct driver { int (*apply)(void); };
struct builtin { struct driver base; int favor; };

int lookup_driver(struct driver **out);
int invoke(struct driver *d);

int resolve(int favor)
{
    struct builtin builtin = {{0}};
    struct driver *driver;
    int error;

    if (favor != 0) {
        builtin.favor = favor;
        driver = &builtin.base;
    } else {
        if ((error = lookup_driver(&driver)) < 0)
            return error;
        if (driver == 0)
            return 0;
    }
    if (driver)
        error = invoke(driver);
    return error;
}
