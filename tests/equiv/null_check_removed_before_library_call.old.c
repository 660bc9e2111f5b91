// function: key_length
// expect: NOT EQUIVALENT
// output: undefined behaviour in the new version
// why: the old version returns 0 for a NULL key; the new version dropped that test and
//   passes NULL to strlen, which is undefined behaviour (a crash, in practice) on an input
//   where the old version is defined. The check is strlen's, a library model both versions
//   share: before, every check of shared code was an assumption, the NULL input was left
//   out of the comparison, and the pair was EQUIVALENT — a change that crashes on NULL
//   passing as no change at all.
#include <string.h>

unsigned long key_length(const char *key) {
    if (key == NULL) {
        return 0;
    }
    return (unsigned long)strlen(key);
}
