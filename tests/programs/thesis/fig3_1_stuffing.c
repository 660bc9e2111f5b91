// expect: FAILED array-bounds line 46
// expect: FAILED assertion line 47
// why: (Cordeiro's thesis, Fig. 3.1, character stuffing) in = {DLE, STX, c, DLE, ETX, 0} with
//   c = nd_uchar() arbitrary. i = 0: DLE followed by STX -> out[0] = DLE; i = 1: STX -> out[1].
//   Then on c:
//   * c == 0: the loop stops with j == 2, out[2] = 0, and out[4], out[5] were never written
//     (arbitrary), so the assertion on line 47 can fail.
//   * c == DLE: in[3] is DLE (neither STX nor ETX) -> out[2] = DLE, out[3] = DLE (j 3);
//     i = 3: DLE followed by ETX -> out[4]; i = 4: ETX -> out[5]; the loop ends with j == 6 and
//     out[j] = '\0' on line 46 writes out[6], outside uchar out[6]: array-bounds. Here
//     out[5] == ETX so the assertion holds.
//   * any other c (including STX/ETX, only DLE has a case): out[2] = c, out[3] = DLE,
//     out[4] = ETX, j ends at 5 and out[5] = 0 is in bounds; out[4] == ETX.
//   Inside the loop j <= 5 and out[++j] only writes out[3]; reads in[i] use i <= 5 and
//   in[i+1] is read only for i in {0, 2, 3}; so no other claim can fail. The loop runs at most
//   5 iterations because in[5] == 0, so no --unwind is needed.
#include <assert.h>

#define DLE 16
#define STX 2
#define ETX 3
typedef unsigned char uchar;
uchar nd_uchar();
int main (void) {
    uchar in[6] = {DLE, STX, nd_uchar(), DLE, ETX, '\0'};
    uchar out[6];
    int i = 0;
    int j = 0;
    while (in[i] != '\0') {
        switch (in[i]) {
            case (DLE):
                if (in[i+1]==STX || in[i+1]==ETX) {
                    out[j] = in[i];
                } else {
                    out[j] = in[i];
                    out[++j] = DLE;
                };
                break;
            default:
                out[j] = in[i];
                break;
        }
        i++;
        j++;
    }
    out[j] = '\0';
    assert(out[4]==ETX || out[5]==ETX);
    return 0;
}
