#include <stdlib.h>
struct item { struct item *next; char *name; int type; };
void release(struct item *it) {
  it->type = 0;
}
