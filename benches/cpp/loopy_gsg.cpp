// Reference for benches/loopy.sh: the same random graph as crates/grundy/examples/loopy_bench.rs (same xorshift
// generator and seed), Smith's generalised Sprague-Grundy values by the same stage-by-stage retrograde algorithm,
// written plainly in C++ (g++ -O2). Prints the time, the largest finite value and a checksum of the values.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 5) { std::fprintf(stderr, "usage: loopy_gsg N E SEED BACK_PERMIL\n"); return 2; }
    uint32_t n = std::strtoul(argv[1], nullptr, 10);
    size_t e = std::strtoull(argv[2], nullptr, 10);
    uint64_t x = std::strtoull(argv[3], nullptr, 10) | 1;
    uint64_t back = std::strtoull(argv[4], nullptr, 10);
    auto next = [&]() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };
    std::vector<uint32_t> ea(e), eb(e);
    for (size_t i = 0; i < e; i++) {
        uint64_t r = next();
        uint32_t a = r % n, b = (r >> 32) % n;
        if (back >= 1000 || next() % 1000 < back) { ea[i] = a; eb[i] = b; }
        else { ea[i] = a > b ? a : b; eb[i] = a > b ? b : a; }
    }
    auto t0 = std::chrono::steady_clock::now();
    std::vector<uint32_t> outdeg(n, 0), in_start(n + 1, 0), inn(e);
    for (size_t i = 0; i < e; i++) { outdeg[ea[i]]++; in_start[eb[i] + 1]++; }
    for (uint32_t i = 0; i < n; i++) in_start[i + 1] += in_start[i];
    { std::vector<uint32_t> fill(in_start.begin(), in_start.end() - 1);
      for (size_t i = 0; i < e; i++) inn[fill[eb[i]]++] = ea[i]; }
    auto t1 = std::chrono::steady_clock::now();
    const uint32_t NONE = 0xfffffffe, INF = 0xffffffff;
    std::vector<uint32_t> label(n, NONE), unsettled(outdeg), cnt(n), reach(n, 0), cand(n), q;
    for (uint32_t i = 0; i < n; i++) cand[i] = i;
    uint32_t m = 0;
    while (!cand.empty()) {
        uint32_t stamp = m + 1;
        q.clear();
        for (uint32_t u : cand) { cnt[u] = unsettled[u]; if (cnt[u] == 0) { label[u] = m; q.push_back(u); } }
        for (size_t h = 0; h < q.size(); h++) {
            uint32_t v = q[h];
            if (label[v] == m) {
                for (uint32_t k = in_start[v]; k < in_start[v + 1]; k++) {
                    uint32_t u = inn[k];
                    unsettled[u]--;
                    if (reach[u] != stamp && (label[u] == NONE || label[u] == INF)) { reach[u] = stamp; q.push_back(u); }
                }
            } else {
                for (uint32_t k = in_start[v]; k < in_start[v + 1]; k++) {
                    uint32_t u = inn[k];
                    if (label[u] == NONE && reach[u] != stamp && --cnt[u] == 0) { label[u] = m; q.push_back(u); }
                }
            }
        }
        size_t w = 0;
        for (uint32_t u : cand) {
            if (label[u] != NONE) continue;
            if (reach[u] != stamp) { label[u] = INF; continue; }
            cand[w++] = u;
        }
        cand.resize(w);
        m++;
    }
    auto t2 = std::chrono::steady_clock::now();
    uint64_t sum = 0, inf = 0; uint32_t mx = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (label[i] == INF) inf++; else { sum += label[i]; if (label[i] > mx) mx = label[i]; }
    }
    double build = std::chrono::duration<double>(t1 - t0).count();
    double solve = std::chrono::duration<double>(t2 - t1).count();
    std::printf("C++ reference: build (reverse CSR) %.3f s, generalised SG values %.3f s; largest finite value %u, infinite nodes %llu, checksum %llu\n",
                build, solve, mx, (unsigned long long)inf, (unsigned long long)sum);
    return 0;
}
