#!/usr/bin/env python3
"""Compute the nim-sequence of a rules file with CPython, for comparison.

Usage: python3 bench/rules/memo_mex.py RULES.star N

Executes the rules file as Python (the example rules files are written in
the subset of Starlark that is also Python 3) and computes G(0..N-1) of its
int positions with a memoised recursive mex: G(p) is the least value not
among the options' values, an option's value the nim-sum (XOR) of the
values of the parts it leaves. It prints the first values, a checksum of
all of them, and the time taken (loading the file not counted).
"""

import sys
import time


def load(path):
    with open(path) as f:
        source = f.read()
    namespace = {"__name__": "rules"}
    exec(compile(source, path, "exec"), namespace)
    return namespace["moves"]


def sequence(moves, n):
    memo = {}

    def grundy(p):
        v = memo.get(p)
        if v is not None:
            return v
        seen = set()
        for option in moves(p):
            if isinstance(option, list):
                x = 0
                for part in option:
                    x ^= grundy(part)
                seen.add(x)
            else:
                seen.add(grundy(option))
        v = 0
        while v in seen:
            v += 1
        memo[p] = v
        return v

    # In order, so that the recursion stays shallow for heap games.
    return [grundy(p) for p in range(n)]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: memo_mex.py RULES.star N")
    path, n = sys.argv[1], int(sys.argv[2])
    sys.setrecursionlimit(max(10000, 10 * n))
    moves = load(path)
    start = time.perf_counter()
    values = sequence(moves, n)
    elapsed = time.perf_counter() - start
    checksum = 0
    for i, v in enumerate(values):
        checksum = (checksum * 31 + v + i) % (1 << 61)
    print("G(0..%d) = %s%s" % (n - 1, " ".join(map(str, values[:30])), " ..." if n > 30 else ""))
    print("checksum %d" % checksum)
    print("%s N=%d: %.3f s" % (path, n, elapsed))


if __name__ == "__main__":
    main()
