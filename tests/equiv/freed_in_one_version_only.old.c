// function: release
// expect: NOT EQUIVALENT
// output: it[0].type
// why: the old version sets the caller's item's type to 7 and frees the item; the new one
//   sets it to 0 and keeps it. Contents are left out of the comparison only when both
//   versions freed the object; here one did not, and the item's type (7 as the old version
//   left it, 0 in the new one) is still compared: freeing a caller's object or not is
//   behaviour.
#include <stdlib.h>
struct item { struct item *next; char *name; int type; };
void release(struct item *it) {
  it->type = 7;
  free(it);
}
