// Straightforward reference for cf87c: O(n sqrt n) nim-values with prefix XORs, then the smallest winning k.
#include <cstdio>
#include <cstring>
const int N = 100005;
int g[N], px[N + 1], seen[N];
int main() {
    int n; scanf("%d", &n);
    memset(seen, -1, sizeof seen);
    for (int m = 1; m <= n; m++) {
        for (long long k = 2; k * (k + 1) / 2 <= m; k++) {
            long long r = m - k * (k - 1) / 2;
            if (r % k) continue;
            long long a = r / k;
            seen[px[a + k] ^ px[a]] = m;
        }
        int v = 0; while (seen[v] == m) v++;
        g[m] = v; px[m + 1] = px[m] ^ v;
    }
    for (long long k = 2; k * (k + 1) / 2 <= n; k++) {
        long long r = n - k * (k - 1) / 2;
        if (r % k) continue;
        long long a = r / k;
        if ((px[a + k] ^ px[a]) == 0) { printf("%lld\n", k); return 0; }
    }
    puts("-1");
}
