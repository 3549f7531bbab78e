// Straightforward reference for poj1704 (staircase Nim on the gaps between sorted chessmen).
#include <cstdio>
#include <algorithm>
int main() {
    int T; if (scanf("%d", &T) != 1) return 1;
    while (T--) {
        int n; scanf("%d", &n);
        static int p[1005];
        for (int i = 1; i <= n; i++) scanf("%d", &p[i]);
        std::sort(p + 1, p + n + 1);
        p[0] = 0;
        int x = 0;
        for (int i = n; i >= 1; i -= 2) x ^= p[i] - p[i - 1] - 1;
        puts(x ? "Georgia will win" : "Bob will win");
    }
}
