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
        c /= 64;
    }
    if (len > 1)
        (*out)[0] = (unsigned char)((c | mark) & 0xFF);
    else
        (*out)[0] = (unsigned char)(c & 0x7F);
    *out += len;
    return len;
}
