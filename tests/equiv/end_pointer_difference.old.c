// function: utf8_len
// expect: NOT EQUIVALENT
// output: return value
// why: the buffer and its end come as two pointers, as in cJSON's utf16_literal_to_utf8
//   (`if ((input_end - first_sequence) < 6) goto fail;`). For a two-byte buffer "\xC3\xA9"
//   with end = in + 2, the old version returns 2 and the new one 3. The check gives each
//   pointer parameter its own object; the difference of two pointers into different objects
//   is the difference of their addresses (as the machine computes it), not of their offsets
//   — which were both 0, made `end - in` 0 on every input, returned -1 in both versions
//   and called the change EQUIVALENT.
int utf8_len(const unsigned char *in, const unsigned char *end) {
  if (end - in < 2)
    return -1;
  if ((in[0] & 0xE0) == 0xC0)
    return 2;
  return 1;
}
