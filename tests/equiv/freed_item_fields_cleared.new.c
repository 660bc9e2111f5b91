#include <stdlib.h>
struct item { struct item *next; char *name; int type; };
void delete_item(struct item *it) {
  if (it == NULL) return;
  if (it->name != NULL) {
    free(it->name);
    it->name = NULL;
  }
  free(it);
}
