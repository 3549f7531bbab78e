// Reference for cf2004e (Not a Nim): the usual linear sieve over all numbers up to 10^7 (int tables for the least
// prime factor and the nim-value), then scanf / printf.
#include <cstdio>
#include <vector>
const int MAXV = 10000000;
int main() {
    std::vector<int> lp(MAXV + 1, 0), g(MAXV + 1, 0), primes;
    primes.reserve(700000);
    g[1] = 1;
    for (int i = 2; i <= MAXV; i++) {
        if (lp[i] == 0) { lp[i] = i; primes.push_back(i); g[i] = i == 2 ? 0 : (int)primes.size(); }
        else g[i] = (i % 2 == 0) ? 0 : g[lp[i]];
        for (int p : primes) {
            if (p > lp[i] || (long long)i * p > MAXV) break;
            lp[i * p] = p;
        }
    }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        scanf("%d", &n);
        int x = 0;
        for (int i = 0; i < n; i++) { int a; scanf("%d", &a); x ^= g[a]; }
        printf(x ? "Alice\n" : "Bob\n");
    }
    return 0;
}
