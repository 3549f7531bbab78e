"""Kayles defined in Python, valued to heap N (default 3000), three ways in one run:

1. plain Python: the mex recursion with functools.lru_cache (the baseline);
2. grundy.define with the options as Python lists [a, b] (the rules in Python, one Python object per option);
3. grundy.define with grundy.splits(n - t) (the rules in Python, the options enumerated natively);

and, for reference, the catalog's Kayles (the code 0.77, all native). Prints the best of three runs of each and the
speed-up over the baseline; exits 1 when any sequence differs from the baseline's (checksums printed)."""

import functools
import sys
import time

import grundy

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3000


def baseline(n_max):
    @functools.lru_cache(maxsize=None)
    def g(n):
        seen = set()
        for t in (1, 2):
            r = n - t
            if r < 0:
                continue
            for a in range(r // 2 + 1):
                seen.add(g(a) ^ g(r - a))
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(n) for n in range(n_max + 1)]


def kayles_lists(n):
    return [[a, n - t - a] for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


def kayles_splits(n):
    return [grundy.splits(n - t) for t in (1, 2) if t <= n]


def checksum(values):
    h = 0
    for i, v in enumerate(values):
        h = (h * 1_000_003 + v + i) % (1 << 61)
    return h


REPEAT = 3


def timed(f):
    """The best of REPEAT runs (each run starts afresh: a new game, a new lru_cache), and the values."""
    best = None
    for _ in range(REPEAT):
        t = time.perf_counter()
        v = f()
        t = time.perf_counter() - t
        best = t if best is None else min(best, t)
    return best, list(v)


rows = [
    ("plain Python, functools.lru_cache (baseline)", lambda: baseline(N)),
    ("grundy.define, options as Python lists", lambda: grundy.define(kayles_lists, heap=True).sequence(N)),
    ("grundy.define, options as grundy.splits", lambda: grundy.define(kayles_splits, heap=True).sequence(N)),
    ("grundy.game('kayles'), native code 0.77 (reference)", lambda: grundy.game("kayles").sequence(N)),
]
results = [(name,) + timed(f) for name, f in rows]
base_t, base_v = results[0][1], results[0][2]
ok = True
print(f"Kayles, heaps 0..={N}, python {sys.version.split()[0]}, grundy {grundy.__version__}, best of {REPEAT} runs")
print(f"{'method':<55} {'seconds':>9} {'speed-up':>9}  checksum")
for name, t, v in results:
    same = v == base_v
    ok &= same
    print(f"{name:<55} {t:>9.4f} {base_t / t:>8.1f}x  {checksum(v):x}{'' if same else '  MISMATCH'}")
if not ok:
    print("FAIL: a sequence differs from the baseline's")
    sys.exit(1)
