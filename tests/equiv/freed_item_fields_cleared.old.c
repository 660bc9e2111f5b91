// function: delete_item
// expect: EQUIVALENT
// why: both versions free the caller's item (and its name); the new one clears `it->name`
//   between the two frees, as cJSON's commit 542fb0ea did in cJSON_Delete. The item is freed
//   in both versions when the function returns, so no caller can read `it->name` again: its
//   contents are no output. (They were compared, and the pair was reported as a behaviour
//   change: it[0].name old &name_object new NULL.)
#include <stdlib.h>
struct item { struct item *next; char *name; int type; };
void delete_item(struct item *it) {
  if (it == NULL) return;
  if (it->name != NULL) free(it->name);
  free(it);
}
