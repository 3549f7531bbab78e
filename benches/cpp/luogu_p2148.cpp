// Straightforward reference for luogu-p2148 (E&D): lowest zero bit of (x-1)|(y-1), XOR over pairs.
#include <cstdio>
int main() {
    int T; scanf("%d", &T);
    while (T--) {
        int n; scanf("%d", &n);
        int s = 0;
        for (int i = 0; i < n / 2; i++) {
            long long x, y; scanf("%lld %lld", &x, &y);
            long long v = (x - 1) | (y - 1);
            int k = 0; while (v >> k & 1) k++;
            s ^= k;
        }
        puts(s ? "YES" : "NO");
    }
}
