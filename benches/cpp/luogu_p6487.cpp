// Reference for luogu-p6487 (Fibonacci Nim): per N, the smallest Zeckendorf term, greedily; scanf until EOF.
#include <cstdio>
int main() {
    long long f[100];
    int k = 2;
    f[0] = 1; f[1] = 2;
    while (f[k - 1] + f[k - 2] <= 2000000000000000000LL) { f[k] = f[k - 1] + f[k - 2]; k++; }
    long long n;
    while (scanf("%lld", &n) == 1) {
        long long last = n;
        for (int i = k - 1; i >= 0; i--) if (f[i] <= n) { n -= f[i]; last = f[i]; }
        printf("%lld\n", last);
    }
    return 0;
}
