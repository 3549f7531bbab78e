// The cutting game (POJ 2311), as contestants write it (benches/cpp/poj2311.cpp): the table of nim-values by the
// mex rule. Prints "w h G(w, h)" for 2 <= w, h <= N.
#include <cstdio>
#include <cstdlib>
#include <cstring>
int g[405][405];
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    for (int w = 2; w <= n; w++)
        for (int h = 2; h <= n; h++) {
            bool seen[1024]; memset(seen, 0, sizeof seen);
            for (int i = 2; w - i >= 2; i++) seen[g[i][h] ^ g[w - i][h]] = true;
            for (int j = 2; h - j >= 2; j++) seen[g[w][j] ^ g[w][h - j]] = true;
            int m = 0; while (seen[m]) m++;
            g[w][h] = m;
        }
    for (int w = 2; w <= n; w++)
        for (int h = 2; h <= n; h++) printf("%d %d %d\n", w, h, g[w][h]);
}
