// A Funny Game (POJ 2484), as a contestant writes a brute force: a Kayles table of rows, then the circle of N as
// the mex of its two openings (rows of N - 1 and N - 2). Prints the circle's nim-value.
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
    bool seen[256]; memset(seen, 0, sizeof seen);
    for (int t = 1; t <= 2; t++) if (n >= t) seen[g[n - t]] = true;
    int m = 0; while (seen[m]) m++;
    printf("%d\n", m);
}
