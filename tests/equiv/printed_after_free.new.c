#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void say(void) {
  char *b = malloc(4);
  if (!b)
    return;
  strcpy(b, "ok");
  free(b);
  puts(b);
}
