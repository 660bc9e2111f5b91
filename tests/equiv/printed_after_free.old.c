// function: say
// expect: NOT EQUIVALENT
// output: undefined behaviour
// why: the new version prints its buffer after freeing it (undefined behaviour), the old one
// before; the freed bytes still read "ok" in memory, so comparing them as text would call
// the versions equal: that case must not pass as agreement. Reading a freed string is
// undefined behaviour the change introduced, on every run that allocates: a difference
// (it was UNKNOWN while verdiff could not tell a dead string from one too long to compare).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void say(void) {
  char *b = malloc(4);
  if (!b)
    return;
  strcpy(b, "ok");
  puts(b);
  free(b);
}
