"""The subtraction game S(1, 3, 4) in plain Python, memoised, the way the seeds write a brute force: a recursive
function sg(n) with a cache, the mex of the options' values. Called for n = 0, 1, ..., N in order (so the recursion
stays shallow). Prints G(0..=N), one per line. Usage: python3 script_subtraction.py N"""
import sys
from functools import lru_cache

MOVES = (1, 3, 4)


@lru_cache(maxsize=None)
def sg(n):
    seen = set()
    for m in MOVES:
        if n >= m:
            seen.add(sg(n - m))
    g = 0
    while g in seen:
        g += 1
    return g


def main():
    n = int(sys.argv[1])
    sys.stdout.write("\n".join(str(sg(i)) for i in range(n + 1)) + "\n")


main()
