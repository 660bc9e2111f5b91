#include <string.h>

unsigned long key_length(const char *key) {
    return (unsigned long)strlen(key);
}
