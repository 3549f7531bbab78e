"""Fibonacci Nim (HDU 2516) in plain Python, as a contestant writes a brute force: win(n, m) memoised, n tokens
left and at most m to take (kept at most n); the first player may take 1 to N - 1. Prints 1 if the first player
wins, 0 if not. Usage: python3 fibnim.py N"""
import sys
from functools import lru_cache

sys.setrecursionlimit(100000)


@lru_cache(maxsize=None)
def win(n, m):
    for k in range(1, min(m, n) + 1):
        if not win(n - k, min(2 * k, n - k)):
            return True
    return False


n = int(sys.argv[1])
print(1 if win(n, n - 1) else 0)
