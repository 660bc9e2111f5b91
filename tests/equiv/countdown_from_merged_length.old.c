// function: encode
// flags: --timeout 30
// expect: EQUIVALENT
// why: cJSON's utf16_literal_to_utf8 in small: the number of bytes (1 to 4) is chosen by
//   branches, and the loop counts `pos` down from `len - 1` to 1, writing through the
//   caller's `*out`. The new version shifts by division (`c / 64` is `c >> 6` for unsigned
//   c), so both write the same bytes and return the same length for every input. The loop
//   runs at most 3 times: after the 3rd decrement `pos > 0` is true for *every* start value
//   (0 - 3 wraps to 253), and only the earlier iterations' tests, together, rule the 4th
//   iteration out. Before, symbolic execution took such an iteration as concrete and
//   followed the loop to 256 iterations of symbolic writes: UNKNOWN after the time limit.
unsigned char encode(unsigned int c, unsigned char **out) {
    unsigned char len = 0;
    unsigned char mark = 0;
    unsigned char pos;
    if (c < 0x80) {
        len = 1;
    } else if (c < 0x800) {
        len = 2;
        mark = 0xC0;
    } else if (c < 0x10000) {
        len = 3;
        mark = 0xE0;
    } else if (c <= 0x10FFFF) {
        len = 4;
        mark = 0xF0;
    } else {
        return 0;
    }
    for (pos = (unsigned char)(len - 1); pos > 0; pos--) {
        (*out)[pos] = (unsigned char)((c | 0x80) & 0xBF);
        c >>= 6;
    }
    if (len > 1)
        (*out)[0] = (unsigned char)((c | mark) & 0xFF);
    else
        (*out)[0] = (unsigned char)(c & 0x7F);
    *out += len;
    return len;
}
