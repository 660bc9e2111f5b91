// function: greet
// expect: EQUIVALENT
// why: see the old version.
#include <stdio.h>
int greet(const char *name) {
    if (name[0] == '\0')
        return puts("");
    return puts(name);
}
