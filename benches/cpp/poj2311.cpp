// Straightforward reference for poj2311: the 200x200 table of nim-values by the mex rule, then one lookup a line.
#include <cstdio>
#include <cstring>
int g[205][205];
int main() {
    for (int w = 2; w <= 200; w++)
        for (int h = 2; h <= 200; h++) {
            bool seen[512]; memset(seen, 0, sizeof seen);
            for (int i = 2; w - i >= 2; i++) seen[g[i][h] ^ g[w - i][h]] = true;
            for (int j = 2; h - j >= 2; j++) seen[g[w][j] ^ g[w][h - j]] = true;
            int m = 0; while (seen[m]) m++;
            g[w][h] = m;
        }
    int w, h;
    while (scanf("%d %d", &w, &h) == 2) puts(g[w][h] ? "WIN" : "LOSE");
}
