#!/usr/bin/env python3
"""Structured UNSAT instances for bench/cubes_compare.sh: the miter of two
n-bit array multipliers, a*b against b*a (commutativity), Tseitin-encoded;
UNSAT, and hard for CDCL from about 8 bits on.
Usage: gen_miter.py N > miter.cnf"""
import sys


class Cnf:
    def __init__(self):
        self.n = 0
        self.clauses = []

    def var(self):
        self.n += 1
        return self.n

    def AND(self, a, b):
        o = self.var()
        self.clauses += [[-o, a], [-o, b], [o, -a, -b]]
        return o

    def XOR(self, a, b):
        o = self.var()
        self.clauses += [[-o, a, b], [-o, -a, -b], [o, -a, b], [o, a, -b]]
        return o

    def OR(self, a, b):
        o = self.var()
        self.clauses += [[o, -a], [o, -b], [-o, a, b]]
        return o

    def full_add(self, a, b, c):
        t = self.XOR(a, b)
        s = self.XOR(t, c)
        carry = self.OR(self.AND(a, b), self.AND(t, c))
        return s, carry

    def add_bits(self, bits):
        """Sum of the present bits (None: absent), at most 3: (sum, carry)."""
        bits = [b for b in bits if b is not None]
        if not bits:
            return None, None
        if len(bits) == 1:
            return bits[0], None
        if len(bits) == 2:
            return self.XOR(bits[0], bits[1]), self.AND(bits[0], bits[1])
        return self.full_add(*bits)

    def multiply(self, x, y):
        n = len(x)
        acc = [self.AND(x[i], y[0]) for i in range(n)] + [None] * n
        for j in range(1, n):
            carry = None
            for k in range(j, 2 * n):
                p = self.AND(x[k - j], y[j]) if k - j < n else None
                acc[k], carry = self.add_bits([acc[k], p, carry])
        return [a for a in acc if a is not None]


def main():
    n = int(sys.argv[1])
    f = Cnf()
    x = [f.var() for _ in range(n)]
    y = [f.var() for _ in range(n)]
    p, q = f.multiply(x, y), f.multiply(y, x)
    diff = [f.XOR(a, b) for a, b in zip(p, q)]
    f.clauses.append(diff)
    print(f"c miter of {n}-bit array multipliers a*b and b*a (UNSAT)")
    print(f"p cnf {f.n} {len(f.clauses)}")
    for c in f.clauses:
        print(" ".join(map(str, c)), 0)


main()
