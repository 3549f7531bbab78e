// Reference for yosupo nim_product_64: the standard 8x8 byte-table method. small[a][b] is the nim-product of two
// bytes; big[i][j][c] = c (x) (2^(8i) (x) 2^(8j)); a product is the XOR of 64 entries big[i][j][small[a_i][b_j]].
// Input and output by a fread/fwrite buffer, so the comparison is about the products.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
typedef uint64_t u64;
static u64 slow(u64 a, u64 b, int bits) {
    if (bits == 1) return a & b;
    if (!a || !b) return 0;
    int h = bits / 2; u64 m = (h == 64) ? ~0ULL : ((1ULL << h) - 1);
    u64 a1 = a >> h, a0 = a & m, b1 = b >> h, b0 = b & m;
    u64 c0 = slow(a0, b0, h), c2 = slow(a1, b1, h), c1 = slow(a0 ^ a1, b0 ^ b1, h) ^ c0;
    return (c1 << h) | (c0 ^ slow(c2, 1ULL << (h - 1), h));
}
static uint8_t small_[256][256];
static u64 big[8][8][256];
static char *ip; static std::vector<char> in;
static u64 rd() { while (*ip < '0') ip++; u64 v = 0; while (*ip >= '0') v = v * 10 + (*ip++ - '0'); return v; }
int main() {
    for (int a = 0; a < 256; a++) for (int b = 0; b < 256; b++) small_[a][b] = (uint8_t)slow(a, b, 8);
    for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) {
        u64 p = slow(1ULL << (8 * i), 1ULL << (8 * j), 64);
        for (int c = 0; c < 256; c++) big[i][j][c] = slow(c, p, 64);
    }
    size_t cap = 1 << 20, len = 0; in.resize(cap);
    for (;;) { size_t r = fread(in.data() + len, 1, cap - len, stdin); len += r; if (len < cap) break; cap *= 2; in.resize(cap); }
    in.resize(len + 1); in[len] = 0; ip = in.data();
    u64 t = rd();
    std::vector<char> out(t * 21 + 16); char *op = out.data();
    for (u64 q = 0; q < t; q++) {
        u64 a = rd(), b = rd(), r = 0;
        for (int i = 0; i < 8; i++) { int ai = a >> (8 * i) & 255;
            for (int j = 0; j < 8; j++) r ^= big[i][j][small_[ai][b >> (8 * j) & 255]]; }
        char buf[24]; int n = 0; do { buf[n++] = '0' + r % 10; r /= 10; } while (r);
        while (n) *op++ = buf[--n]; *op++ = '\n';
    }
    fwrite(out.data(), 1, op - out.data(), stdout);
}
