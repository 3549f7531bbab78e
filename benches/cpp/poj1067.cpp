// Straightforward reference for poj1067 with exact integers: floor(k*phi) = (k + isqrt(5k^2)) / 2 in __int128.
#include <cstdio>
typedef unsigned long long u64; typedef unsigned __int128 u128;
static u64 isqrt(u128 n) {
    if (n < 2) return (u64)n;
    int bits = 128 - (int)(n >> 64 ? __builtin_clzll((u64)(n >> 64)) : 64 + __builtin_clzll((u64)n));
    u128 x = (u128)1 << ((bits + 1) / 2);
    for (;;) { u128 y = (x + n / x) / 2; if (y >= x) return (u64)x; x = y; }
}
static u64 lower(u64 k) { u128 kk = k; return (u64)((kk + isqrt(5 * kk * kk)) / 2); }
int main() {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        u64 a, b; int m = 0;
        int got = sscanf(line, "%llu %llu %d", &a, &b, &m);
        if (got < 2) continue;
        if (a > b) { u64 t = a; a = b; b = t; }
        bool p;
        if (m == 1) p = (a == 0 && b == 1) || (a == 2 && b == 2) || (b - a >= 2 && lower(b - a) == a);
        else p = lower(b - a) == a;
        puts(p ? "0" : "1");
    }
}
