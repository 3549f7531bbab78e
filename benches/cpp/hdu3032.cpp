// Reference for hdu3032 (Lasker's Nim), straightforward: scanf, the closed form, XOR, printf.
#include <cstdio>
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        scanf("%d", &n);
        long long x = 0;
        for (int i = 0; i < n; i++) {
            long long s;
            scanf("%lld", &s);
            long long g = s % 4 == 0 ? s - 1 : s % 4 == 3 ? s + 1 : s;
            x ^= g;
        }
        printf(x ? "Alice\n" : "Bob\n");
    }
    return 0;
}
