// Straightforward reference for loj10245: insert into a linear basis; a dependent length means the first wins.
#include <cstdio>
int main() {
    for (int r = 0; r < 10; r++) {
        int n; scanf("%d", &n);
        long long b[32] = {0}; bool dep = false;
        for (int i = 0; i < n; i++) {
            long long x; scanf("%lld", &x);
            for (int k = 31; k >= 0 && x; k--) if (x >> k & 1) { if (!b[k]) { b[k] = x; x = -1; break; } x ^= b[k]; }
            if (x == 0) dep = true;
        }
        puts(dep ? "NO" : "YES");
    }
}
