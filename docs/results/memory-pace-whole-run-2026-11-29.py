#!/usr/bin/env python3
"""Each scenario's drift (facts.drift.ratio: the first type's CPU per call measured again after the timed pass,
against the timed pass) beside the runner's memory probe over the same span (facts.drift.memory_pace_ratio), for
the results.json of one or more default runs: usage memory-pace-whole-run-2026-11-29.py RUN_DIR...
Prints every pair, Spearman's rank correlation with a permutation p-value (all, and without ws-security), and how
often both moved the same way."""
import json, random, sys

rows = []
for d in sys.argv[1:]:
    for s in json.load(open(d + '/results.json'))['scenarios']:
        dr = s['facts'].get('drift') or {}
        if 'memory_pace_ratio' in dr:
            rows.append((d, s['scenario'], dr['ratio'], dr['ci_low'], dr['ci_high'],
                         dr['memory_pace_ratio'], dr['memory_pace_ci_low'], dr['memory_pace_ci_high']))
for x in rows:
    print(f"{x[0]:12s} {x[1]:16s} drift x{x[2]:.3f} [{x[3]:.3f}, {x[4]:.3f}]  memory x{x[5]:.3f} [{x[6]:.3f}, {x[7]:.3f}]")


def rho(a, b):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0] * len(v)
        for k, i in enumerate(order):
            r[i] = k
        return r
    ra, rb, m = ranks(a), ranks(b), (len(a) - 1) / 2
    return sum((p - m) * (q - m) for p, q in zip(ra, rb)) / sum((p - m) ** 2 for p in ra)


def permutation(sel, shuffles=20_000):
    a, b = [x[2] for x in sel], [x[5] for x in sel]
    r0, hits = rho(a, b), 0
    random.seed(1)
    for _ in range(shuffles):
        bb = b[:]
        random.shuffle(bb)
        hits += abs(rho(a, bb)) >= abs(r0) - 1e-12
    return r0, hits / shuffles


for label, sel in (('all', rows), ('without ws-security', [x for x in rows if x[1] != 'ws-security'])):
    r, p = permutation(sel)
    print(f"{label}: n={len(sel)} Spearman rho={r:.2f} permutation p={p:.3f}")
moved = [x for x in rows if abs(x[2] - 1) > 0.02 and abs(x[5] - 1) > 0.02]
print(f"both moved by more than 2 %: {len(moved)}, the same way: {sum((x[2] > 1) == (x[5] > 1) for x in moved)}")
shown = [x for x in rows if x[3] > 1 or x[4] < 1]
print("drifts shown (interval excludes 1):", [(x[1], round(x[2], 2), round(x[5], 2)) for x in shown])
