// Kayles, as a contestant writes it: a table g[0..=N], each row's splits by the mex rule. Prints G(0..=N).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    std::vector<int> g(n + 1, 0);
    for (int i = 1; i <= n; i++) {
        bool seen[256]; memset(seen, 0, sizeof seen);
        for (int t = 1; t <= 2; t++)
            if (i >= t) { int rest = i - t; for (int a = 0; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = true; }
        int m = 0; while (seen[m]) m++;
        g[i] = m;
    }
    for (int i = 0; i <= n; i++) printf("%d\n", g[i]);
}
