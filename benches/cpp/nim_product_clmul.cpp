// Speed reference for yosupo nim_product_64: the nimbers below 2^64 form GF(2^64), isomorphic to
// GF(2)[x]/(x^64+x^4+x^3+x+1); this program multiplies in that polynomial field with one carry-less multiplication
// and a two-step reduction. It does NOT apply the isomorphism, so its outputs differ from nim-products: only its
// time is compared (the fastest method known, given a precomputed change of basis).
#include <cstdio>
#include <cstdint>
#include <vector>
#include <wmmintrin.h>
#include <smmintrin.h>
typedef uint64_t u64;
static inline u64 mulpoly(u64 a, u64 b) {
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a), _mm_cvtsi64_si128(b), 0);
    u64 lo = _mm_cvtsi128_si64(p), hi = _mm_extract_epi64(p, 1);
    __m128i q = _mm_clmulepi64_si128(_mm_cvtsi64_si128(hi), _mm_cvtsi64_si128(0x1B), 0);
    u64 qlo = _mm_cvtsi128_si64(q), qhi = _mm_extract_epi64(q, 1);
    __m128i s = _mm_clmulepi64_si128(_mm_cvtsi64_si128(qhi), _mm_cvtsi64_si128(0x1B), 0);
    return lo ^ qlo ^ (u64)_mm_cvtsi128_si64(s);
}
static char *ip; static std::vector<char> in;
static u64 rd() { while (*ip < '0') ip++; u64 v = 0; while (*ip >= '0') v = v * 10 + (*ip++ - '0'); return v; }
int main() {
    size_t cap = 1 << 20, len = 0; in.resize(cap);
    for (;;) { size_t r = fread(in.data() + len, 1, cap - len, stdin); len += r; if (len < cap) break; cap *= 2; in.resize(cap); }
    in.resize(len + 1); in[len] = 0; ip = in.data();
    u64 t = rd();
    std::vector<char> out(t * 21 + 16); char *op = out.data();
    for (u64 q = 0; q < t; q++) {
        u64 a = rd(), b = rd(), r = mulpoly(a, b);
        char buf[24]; int n = 0; do { buf[n++] = '0' + r % 10; r /= 10; } while (r);
        while (n) *op++ = buf[--n]; *op++ = '\n';
    }
    fwrite(out.data(), 1, op - out.data(), stdout);
}
