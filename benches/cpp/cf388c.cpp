// Straightforward reference for cf388c: halves of every pile, middles of odd piles sorted and alternated.
#include <cstdio>
#include <algorithm>
#include <vector>
#include <functional>
int main() {
    int n; scanf("%d", &n);
    long long c = 0, j = 0; std::vector<int> mid;
    for (int i = 0; i < n; i++) {
        int s; scanf("%d", &s);
        std::vector<int> p(s);
        for (auto &x : p) scanf("%d", &x);
        for (int k = 0; k < s / 2; k++) c += p[k];
        for (int k = s - s / 2; k < s; k++) j += p[k];
        if (s & 1) mid.push_back(p[s / 2]);
    }
    std::sort(mid.begin(), mid.end(), std::greater<int>());
    for (size_t k = 0; k < mid.size(); k++) (k % 2 ? j : c) += mid[k];
    printf("%lld %lld\n", c, j);
}
