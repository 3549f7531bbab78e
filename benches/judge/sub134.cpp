// Subtraction game S(1, 3, 4), as a contestant writes it: a table g[0..=N] by the mex rule. Prints G(N).
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char** argv) {
    long long n = atoll(argv[1]);
    std::vector<unsigned char> g(n + 1, 0);
    const int s[3] = {1, 3, 4};
    for (long long i = 1; i <= n; i++) {
        bool seen[8] = {false};
        for (int k : s) if (i >= k) seen[g[i - k]] = true;
        int m = 0; while (seen[m]) m++;
        g[i] = m;
    }
    printf("%d\n", g[n]);
}
