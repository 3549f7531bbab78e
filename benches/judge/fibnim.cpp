// Fibonacci Nim (HDU 2516), as a contestant writes a brute force: win[n][m] bottom-up, n tokens left and at most m
// to take (kept at most n); the first player may take 1 to N - 1. Prints 1 if the first player wins, 0 if not.
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char** argv) {
    int n = atoi(argv[1]);
    std::vector<std::vector<char>> win(n + 1, std::vector<char>(n + 1, 0));
    for (int i = 1; i <= n; i++)
        for (int m = 1; m <= i; m++) {
            // win[i][m] = win[i][m-1] or (taking m leaves a lost position)
            int rest = i - m, lim = 2 * m < rest ? 2 * m : rest;
            win[i][m] = win[i][m - 1] || !win[rest][lim];
        }
    printf("%d\n", n >= 1 ? (int)win[n][n - 1] : 0);
}
