"""Kayles in plain Python, memoised, as a contestant writes it (benches/script_kayles.py): knock down 1 or 2
adjacent pins of a row of n, leaving rows a and rest - a. Prints G(0..=N), one a line. Usage: python3 kayles.py N"""
import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def sg(n):
    seen = set()
    for take in (1, 2):
        if n >= take:
            rest = n - take
            for a in range(rest // 2 + 1):
                seen.add(sg(a) ^ sg(rest - a))
    g = 0
    while g in seen:
        g += 1
    return g


n = int(sys.argv[1])
sys.stdout.write("\n".join(str(sg(i)) for i in range(n + 1)) + "\n")
