#include <stdio.h>
const char *version(void) {
  static char text[15];
  sprintf(text, "%i.%i.%i", 1, 7, 17);
  return text;
}
