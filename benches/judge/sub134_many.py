"""Subtraction game S(1, 3, 4), many heaps (a judge's T heaps in one sum), in plain Python as a contestant writes it:
a table g[0..=max] by the mex rule, then the XOR of the heaps' values. Prints the nim-sum.
Usage: python3 sub134_many.py FILE   (FILE: the heaps, whitespace-separated)"""
import sys

heaps = [int(w) for w in open(sys.argv[1]).read().split()]
n = max(heaps)
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
x = 0
for h in heaps:
    x ^= g[h]
print(x)
