// expect: SUCCESSFUL
// why: before the time zone is first read, glibc's daylight is 0. After tzset, glibc sets it
//   to "the standard and daylight offsets differ", which is 0 or 1.
#include <assert.h>
#include <time.h>

int main(void) {
  assert(daylight == 0);
  tzset();
  assert(daylight == 0 || daylight == 1);
  return 0;
}
