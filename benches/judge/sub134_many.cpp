// Subtraction game S(1, 3, 4), many heaps (a judge's T heaps in one sum), as a contestant writes it: a table
// g[0..=max] by the mex rule, then the XOR of the heaps' values. Prints the nim-sum. Usage: sub134_many FILE
#include <algorithm>
#include <cstdio>
#include <vector>
int main(int argc, char** argv) {
    FILE* f = fopen(argv[1], "r");
    std::vector<long long> heaps;
    long long h;
    while (fscanf(f, "%lld", &h) == 1) heaps.push_back(h);
    long long n = *std::max_element(heaps.begin(), heaps.end());
    std::vector<unsigned char> g(n + 1, 0);
    const int s[3] = {1, 3, 4};
    for (long long i = 1; i <= n; i++) {
        bool seen[8] = {false};
        for (int k : s) if (i >= k) seen[g[i - k]] = true;
        int m = 0; while (seen[m]) m++;
        g[i] = m;
    }
    int x = 0;
    for (long long v : heaps) x ^= g[v];
    printf("%d\n", x);
}
