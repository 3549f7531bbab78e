"""The divisor game (move n to a proper divisor) in plain Python: a memoised recursive sg(n) over the divisors
found by trial division up to sqrt(n). Prints G(N). Usage: python3 divisors.py N"""
import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def sg(n):
    seen = set()
    d = 1
    while d * d <= n:
        if n % d == 0:
            if d < n:
                seen.add(sg(d))
            e = n // d
            if e != d and e < n:
                seen.add(sg(e))
        d += 1
    g = 0
    while g in seen:
        g += 1
    return g


print(sg(int(sys.argv[1])))
