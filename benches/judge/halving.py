"""The halving game (take one, or halve an even heap) in plain Python: a table g[0..=N] bottom-up (a recursive
memo would recurse N deep). Prints G(N). Usage: python3 halving.py N"""
import sys

n = int(sys.argv[1])
g = [0] * (n + 1)
for i in range(1, n + 1):
    seen = {g[i - 1]}
    if i % 2 == 0:
        seen.add(g[i // 2])
    m = 0
    while m in seen:
        m += 1
    g[i] = m
print(g[n])
