// Input generator for benches/oj_part1.sh: the largest inputs the judges' limits allow, from a fixed seed.
// Usage: gen_oj_heap_problems PROBLEM > file   (PROBLEM: hdu3032, cf2004e, abc297g, luogu-p6487)
#include <cstdio>
#include <cstring>
#include <cstdint>

static uint64_t s = 0x9E3779B97F4A7C15ull;
static inline uint64_t rnd() {  // xorshift64*
    s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
}
static char buf[1 << 16];
static size_t len = 0;
static inline void flush() { fwrite(buf, 1, len, stdout); len = 0; }
static inline void put(uint64_t v, char end) {
    char t[24]; int n = 0;
    do { t[n++] = char('0' + v % 10); v /= 10; } while (v);
    if (len + 32 > sizeof buf) flush();
    while (n) buf[len++] = t[--n];
    buf[len++] = end;
}

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const char* p = argv[1];
    if (!strcmp(p, "hdu3032")) {  // 100 cases of 10^6 heaps in 1..2^31-1
        put(100, '\n');
        for (int c = 0; c < 100; c++) {
            put(1000000, '\n');
            for (int i = 0; i < 1000000; i++) put(1 + rnd() % 2147483647ull, i + 1 == 1000000 ? '\n' : ' ');
        }
    } else if (!strcmp(p, "cf2004e")) {  // 10^4 cases of 30 piles (3*10^5 in all) in 1..10^7, 10^7 - 1 included
        put(10000, '\n');
        for (int c = 0; c < 10000; c++) {
            put(30, '\n');
            for (int i = 0; i < 30; i++) put(c == 0 && i == 0 ? 9999999 : 1 + rnd() % 10000000ull, i == 29 ? '\n' : ' ');
        }
    } else if (!strcmp(p, "abc297g")) {  // N = 2*10^5, L, R and piles up to 10^9
        put(200000, ' '); put(123456, ' '); put(987654321, '\n');
        for (int i = 0; i < 200000; i++) put(1 + rnd() % 1000000000ull, i + 1 == 200000 ? '\n' : ' ');
    } else if (!strcmp(p, "luogu-p6487")) {  // 10^6 values of N up to 10^15
        for (int i = 0; i < 1000000; i++) put(1 + rnd() % 1000000000000000ull, '\n');
    } else return 2;
    flush();
    return 0;
}
