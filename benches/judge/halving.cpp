// The halving game (take one, or halve an even heap), as a contestant writes it: a table. Prints G(N).
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char** argv) {
    long long n = atoll(argv[1]);
    std::vector<unsigned char> g(n + 1, 0);
    for (long long i = 1; i <= n; i++) {
        bool seen[4] = {false};
        seen[g[i - 1]] = true;
        if (i % 2 == 0) seen[g[i / 2]] = true;
        int m = 0; while (seen[m]) m++;
        g[i] = m;
    }
    printf("%d\n", g[n]);
}
