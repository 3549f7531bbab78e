"""The cutting game (POJ 2311) in plain Python, memoised, as a contestant writes it: cut a W x H sheet into two,
keeping both at least 2 x 2 (a 1 x k sheet hands the win to the opponent); sg(w, h) is the mex of the nim-sums.
Prints "w h G(w, h)" for 2 <= w, h <= N. Usage: python3 cutting.py N"""
import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


@lru_cache(maxsize=None)
def sg(w, h):
    seen = set()
    for a in range(2, w - 1):
        seen.add(sg(a, h) ^ sg(w - a, h))
    for b in range(2, h - 1):
        seen.add(sg(w, b) ^ sg(w, h - b))
    g = 0
    while g in seen:
        g += 1
    return g


n = int(sys.argv[1])
out = []
for w in range(2, n + 1):
    for h in range(2, n + 1):
        out.append("%d %d %d" % (w, h, sg(w, h)))
sys.stdout.write("\n".join(out) + "\n")
