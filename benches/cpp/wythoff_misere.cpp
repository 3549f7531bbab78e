// Reference for benches/families.sh: the misère outcome of a sum of Wythoff positions by plain memoised search
// (state: the sorted multiset of pairs, (0,0) dropped; with no move the player to move wins), and the number of
// winning moves (moves of distinct components to misère P-positions). Written for this benchmark.
// Input: pairs "a b" on stdin. Output: "N count" or "P 0".
#include <bits/stdc++.h>
using namespace std;
typedef vector<pair<int, int>> S;
struct H {
    size_t operator()(const S& s) const {
        size_t h = 1469598103934665603ull;
        for (auto& p : s) h = (h ^ (size_t)(p.first * 100003 + p.second)) * 1099511628211ull;
        return h;
    }
};
unordered_map<S, bool, H> memo;
static S canon(S s) {
    s.erase(remove(s.begin(), s.end(), make_pair(0, 0)), s.end());
    sort(s.begin(), s.end());
    return s;
}
static vector<pair<int, int>> opts(pair<int, int> p) {
    vector<pair<int, int>> o;
    for (int c = 0; c < p.first; c++) o.push_back({c, p.second});
    for (int c = 0; c < p.second; c++) o.push_back({p.first, c});
    for (int d = 1; d <= min(p.first, p.second); d++) o.push_back({p.first - d, p.second - d});
    return o;
}
bool wins(const S& s) {
    if (s.empty()) return true;
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    bool w = false;
    for (size_t i = 0; i < s.size() && !w; i++) {
        if (i > 0 && s[i] == s[i - 1]) continue;
        for (auto q : opts(s[i])) {
            S t = s;
            t[i] = q;
            if (!wins(canon(t))) { w = true; break; }
        }
    }
    memo[s] = w;
    return w;
}
int main() {
    S s;
    int a, b;
    while (scanf("%d %d", &a, &b) == 2) s.push_back({a, b});
    s = canon(s);
    bool w = wins(s);
    int count = 0;
    for (size_t i = 0; i < s.size(); i++) {
        if (i > 0 && s[i] == s[i - 1]) continue;
        for (auto q : opts(s[i])) {
            S t = s;
            t[i] = q;
            if (!wins(canon(t))) count++;
        }
    }
    printf("%s %d\n", w ? "N" : "P", count);
}
