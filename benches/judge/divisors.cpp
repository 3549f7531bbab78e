// The divisor game (move n to a proper divisor), as a contestant writes it: a memo (std::map) over the divisors
// found by trial division up to sqrt(n). Prints G(N).
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
std::map<long long, int> memo;
int sg(long long n) {
    auto it = memo.find(n);
    if (it != memo.end()) return it->second;
    std::set<int> seen;
    for (long long d = 1; d * d <= n; d++)
        if (n % d == 0) {
            if (d < n) seen.insert(sg(d));
            long long e = n / d;
            if (e != d && e < n) seen.insert(sg(e));
        }
    int g = 0; while (seen.count(g)) g++;
    return memo[n] = g;
}
int main(int argc, char** argv) { printf("%d\n", sg(atoll(argv[1]))); }
