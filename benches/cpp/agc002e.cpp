// Straightforward reference for agc002e (Candy Piles): sort, walk the diagonal, check two parities.
#include <cstdio>
#include <algorithm>
#include <functional>
int a[100005];
int main() {
    int n; scanf("%d", &n);
    for (int i = 1; i <= n; i++) scanf("%d", &a[i]);
    std::sort(a + 1, a + n + 1, std::greater<int>());
    a[n + 1] = 0;
    for (int i = 1; i <= n; i++)
        if (i + 1 > a[i + 1]) {
            int j = 0; while (a[i + j + 1] == i) j++;
            puts(((a[i] - i) & 1) || (j & 1) ? "First" : "Second");
            return 0;
        }
}
