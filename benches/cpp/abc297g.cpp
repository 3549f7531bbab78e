// Reference for abc297g (Constrained Nim 2): scanf, G(a) = (a mod (L+R)) / L, XOR, printf.
#include <cstdio>
int main() {
    long long n, l, r;
    if (scanf("%lld %lld %lld", &n, &l, &r) != 3) return 1;
    long long x = 0;
    for (long long i = 0; i < n; i++) { long long a; scanf("%lld", &a); x ^= (a % (l + r)) / l; }
    printf(x ? "First\n" : "Second\n");
    return 0;
}
