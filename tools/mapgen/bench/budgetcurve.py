#!/usr/bin/env python3
"""Playability as a function of the evaluation budget, read off time-capped runs.

A run is deterministic given its seed; the budget only decides where it stops.  So a run
of the time protocol that found a map after e evaluations is found under any evaluation
budget B >= e, and a run is known to fail under B if it stopped after at least B
evaluations without a find.  A failed run that stopped (at the time cap) before making B
evaluations is unknown under B and shown as "+?u" (at most u more finds).  Protocol E's files check this:
Sokoban MCTS-narrow 69/100 at B = 100 000 both ways.

    budgetcurve.py DIR CONFIG... [--budgets B1,B2,...]
"""
import json
import math
import sys


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * max(0.0, c - h), 100 * min(1.0, c + h)


def main():
    args = sys.argv[1:]
    budgets = [25000, 50000, 100000, 200000, 500000, 1000000, 2000000]
    if "--budgets" in args:
        i = args.index("--budgets")
        budgets = [int(b) for b in args[i + 1].split(",")]
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    d, configs = args[0], args[1:]
    print("%-22s %5s " % ("config", "runs") + " ".join("%16d" % b for b in budgets))
    for c in configs:
        runs = json.load(open("%s/%s.json" % (d, c)))["runs"]
        cells = []
        for b in budgets:
            k = sum(1 for r in runs if r["found"] and r["evals"] <= b)
            u = sum(1 for r in runs if not r["found"] and r["evals"] < b)
            lo, hi = wilson(k, len(runs))
            cell = "%d [%.0f-%.0f]" % (k, lo, hi) if u == 0 else "%d+?%d" % (k, u)
            cells.append("%16s" % cell)
        print("%-22s %5d " % (c, len(runs)) + " ".join(cells))


if __name__ == "__main__":
    main()
