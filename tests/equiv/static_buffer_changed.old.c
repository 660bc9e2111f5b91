// function: version
// expect: NOT EQUIVALENT
// output: static version::text[5]
// why: cJSON_Version's pattern: the version string is printed into a static buffer that is
// returned. 1.7.16 becomes 1.7.17: the pointers point to the same place of each version's
// buffer, and the buffers differ at index 5 ('6' versus '7').
#include <stdio.h>
const char *version(void) {
  static char text[15];
  sprintf(text, "%i.%i.%i", 1, 7, 16);
  return text;
}
