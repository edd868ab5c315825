// C++: a source that stores what it parses through a reference parameter.
#include <cstdio>
#include <cstdlib>

static void source(int &data) {
    char buf[16];
    if (fgets(buf, 16, stdin) != NULL)
        data = atoi(buf);
}

int divided(void) {
    int data = -1;
    source(data);
    return 100 % data; // expect: ATH-div-0-input
}

int tested_first(void) {
    int data = -1;
    source(data);
    if (data != 0)
        return 100 % data;
    return 0;
}
