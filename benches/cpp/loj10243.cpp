// Straightforward reference for loj10243: memoised recursive SG over the DAG (the seeds' method).
#include <cstdio>
#include <vector>
#include <cstring>
std::vector<int> adj[2005]; int sg[2005];
int get(int v) {
    if (sg[v] >= 0) return sg[v];
    std::vector<char> seen(adj[v].size() + 1, 0);
    for (int w : adj[v]) { int g = get(w); if (g < (int)seen.size()) seen[g] = 1; }
    int m = 0; while (seen[m]) m++;
    return sg[v] = m;
}
int main() {
    int n, m, k; scanf("%d %d %d", &n, &m, &k);
    for (int i = 0; i < m; i++) { int x, y; scanf("%d %d", &x, &y); adj[x].push_back(y); }
    memset(sg, -1, sizeof sg);
    int s = 0;
    for (int i = 0; i < k; i++) { int x; scanf("%d", &x); s ^= get(x); }
    puts(s ? "win" : "lose");
}
