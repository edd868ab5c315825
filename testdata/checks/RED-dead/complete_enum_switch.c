/* The fallback after a complete switch on an enumeration guards values outside it: not dead
 * code, though no enumerator reaches it. */

enum colour { RED, GREEN, BLUE };

void log_bad_colour(int c);

const char *colour_name_ok(enum colour c) {
    switch (c) {
    case RED:
        return "red";
    case GREEN:
        return "green";
    case BLUE:
        return "blue";
    }
    log_bad_colour((int)c);
    return "unknown";
}
