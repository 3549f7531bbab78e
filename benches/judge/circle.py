"""A Funny Game (POJ 2484) in plain Python, as a contestant writes a brute force: rows by a memoised Kayles sg(n)
(knock down 1 or 2 adjacent coins, the rest in two rows), and the circle of N as the mex of its two openings, rows
of N - 1 and N - 2. Prints the circle's nim-value. Usage: python3 circle.py N"""
import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def row(n):
    seen = set()
    for take in (1, 2):
        if n >= take:
            rest = n - take
            for a in range(rest // 2 + 1):
                seen.add(row(a) ^ row(rest - a))
    g = 0
    while g in seen:
        g += 1
    return g


n = int(sys.argv[1])
for i in range(n + 1):  # bottom-up, so the recursion stays shallow
    row(i)
seen = set()
for take in (1, 2):
    if n >= take:
        seen.add(row(n - take))
g = 0
while g in seen:
    g += 1
print(g)
