// Outcome (P, N or D) of a sum of heaps of a loopy take-and-break code whose moves may split heaps, by the
// straightforward method: build the whole multiset graph of the sum (every multiset of heaps reachable from the start
// heaps, heaps of at most B) and run a retrograde analysis over it (terminal: P; a follower P: N; all followers N:
// P; the rest draw). No theory of sums. Written for benches/loopy_split.sh.
//
// usage: loopy_split B ADD D0 D1 ... -- HEAP...   (digits as bit masks: bit k of d_j leaves k heaps after removing j
// tokens; bit k of ADD (d_{-1}) leaves k >= 1 heaps after adding one token; d0 bit 1 is a pass)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>
using namespace std;
typedef vector<int> MS;

static int B, ADD;
static vector<int> D;

static void parts(int m, int k, int lo, MS &cur, vector<MS> &out) {
    if (k == 0) {
        if (m == 0) out.push_back(cur);
        return;
    }
    for (int p = lo; p <= min(m, B); p++) {
        cur.push_back(p);
        parts(m - p, k - 1, p, cur, out);
        cur.pop_back();
    }
}

static vector<MS> heap_moves(int h) {
    vector<MS> out;
    MS cur;
    for (int j = 0; j < (int)D.size() && j <= h; j++)
        for (int k = 0; k < 31; k++)
            if (D[j] >> k & 1) parts(h - j, k, 1, cur, out);
    for (int k = 1; k < 31; k++)
        if (ADD >> k & 1) parts(h + 1, k, 1, cur, out);
    return out;
}

int main(int argc, char **argv) {
    int i = 1;
    B = atoi(argv[i++]);
    ADD = atoi(argv[i++]);
    while (string(argv[i]) != "--") D.push_back(atoi(argv[i++]));
    i++;
    MS start;
    for (; i < argc; i++)
        if (atoi(argv[i]) > 0) start.push_back(atoi(argv[i]));
    sort(start.begin(), start.end());
    auto t0 = chrono::steady_clock::now();
    map<MS, int> id;
    vector<MS> states{start};
    id[start] = 0;
    vector<vector<int>> succ;
    map<int, vector<MS>> memo;
    for (size_t u = 0; u < states.size(); u++) {
        MS s = states[u];
        vector<int> out;
        for (size_t x = 0; x < s.size(); x++) {
            if (!memo.count(s[x])) memo[s[x]] = heap_moves(s[x]);
            for (const MS &r : memo[s[x]]) {
                MS t;
                for (size_t y = 0; y < s.size(); y++)
                    if (y != x) t.push_back(s[y]);
                t.insert(t.end(), r.begin(), r.end());
                sort(t.begin(), t.end());
                auto it = id.find(t);
                int v;
                if (it == id.end()) {
                    v = states.size();
                    id[t] = v;
                    states.push_back(t);
                } else
                    v = it->second;
                out.push_back(v);
            }
        }
        succ.push_back(out);
    }
    size_t n = states.size();
    vector<vector<int>> pred(n);
    for (size_t u = 0; u < n; u++)
        for (int v : succ[u]) pred[v].push_back(u);
    vector<char> res(n, 'D');
    vector<size_t> left(n);
    vector<int> q;
    for (size_t u = 0; u < n; u++) {
        left[u] = succ[u].size();
        if (!left[u]) res[u] = 'P', q.push_back(u);
    }
    for (size_t h = 0; h < q.size(); h++) {
        int v = q[h];
        for (int u : pred[v]) {
            if (res[u] != 'D') continue;
            if (res[v] == 'P') res[u] = 'N', q.push_back(u);
            else if (--left[u] == 0) res[u] = 'P', q.push_back(u);
        }
    }
    double t = chrono::duration<double>(chrono::steady_clock::now() - t0).count();
    printf("outcome %c, %zu positions of the sum, %.3f s\n", res[0], n, t);
}
