// Reference for benches/huge.sh: counts the winning moves of one heap of an octal code by enumerating every option.
// Usage: huge_moves CODE N E P   (CODE like 0.77: digits d1 d2 ... after the point, at most two heaps per move;
// E, P the certified preperiod and period printed by `grundy period`). Nim-values: plain mex up to L = 2E + 3P +
// 64 (beyond every certificate bound used here), then G(x) = G(E + (x - E) mod P). Prints the number of options of
// value 0 (the winning moves of the heap played alone) and the nim-value of the heap.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
using u64 = unsigned long long;

int main(int argc, char** argv) {
    if (argc != 5) { std::fprintf(stderr, "usage: huge_moves CODE N E P\n"); return 2; }
    const char* code = argv[1];
    const char* dot = std::strchr(code, '.');
    if (!dot) return 2;
    std::vector<int> d(1, 0);  // d[0]: no removal-free splits in the codes benchmarked
    for (const char* c = dot + 1; *c; ++c) d.push_back(*c - '0');
    u64 n = std::strtoull(argv[2], nullptr, 10), e = std::strtoull(argv[3], nullptr, 10),
        p = std::strtoull(argv[4], nullptr, 10);
    u64 L = 2 * e + 3 * p + 64;
    std::vector<unsigned> v(L, 0);
    std::vector<char> seen;
    for (u64 m = 1; m < L; ++m) {
        seen.assign(2 * m + 2, 0);
        for (u64 j = 1; j < d.size() && j <= m; ++j) {
            u64 r = m - j;
            if ((d[j] & 1) && r == 0) seen[0] = 1;
            if ((d[j] & 2) && r >= 1) seen[v[r]] = 1;
            if (d[j] & 4)
                for (u64 a = 1; 2 * a <= r; ++a) seen[v[a] ^ v[r - a]] = 1;
        }
        unsigned g = 0;
        while (seen[g]) ++g;
        v[m] = g;
    }
    auto G = [&](u64 x) -> unsigned { return x < L ? v[x] : v[e + (x - e) % p]; };
    unsigned target = 0;
    u64 count = 0;
    for (u64 j = 1; j < d.size() && j <= n; ++j) {
        u64 r = n - j;
        if ((d[j] & 1) && r == 0 && target == 0) ++count;
        if ((d[j] & 2) && r >= 1 && G(r) == target) ++count;
        if (d[j] & 4)
            for (u64 a = 1; a <= r / 2; ++a) count += (G(a) ^ G(r - a)) == target;
    }
    std::printf("%llu %u\n", count, G(n));
    return 0;
}
