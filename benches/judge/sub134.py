"""Subtraction game S(1, 3, 4) in plain Python, as a contestant writes it: a table g[0..=N] by the mex rule
(bottom-up; a recursive memo would need a recursion depth of N). Prints G(N). Usage: python3 sub134.py N"""
import sys

n = int(sys.argv[1])
g = [0] * (n + 1)
for i in range(1, n + 1):
    seen = set()
    for s in (1, 3, 4):
        if i >= s:
            seen.add(g[i - s])
    m = 0
    while m in seen:
        m += 1
    g[i] = m
print(g[n])
