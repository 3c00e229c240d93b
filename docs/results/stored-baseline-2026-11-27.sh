#!/bin/bash
# A/A comparisons of runs measured apart (docs/RESULTS.md, 2026-11-27, afternoon): sides of the night's
# `bench gate --interleave --pairs 29 --repeat 5 --quick --pin-cpu 1` (rmi; one directory per pair, pN-aa/{baseline,candidate})
# diffed against each other and against runs made at noon with the same settings:
#   ./wirecost run --scenarios rmi --repeat 5 --quick --pin-cpu 1 --interleave \
#       --candidate-scenario-option inject.cpu-us=0.0 --out NOON_RUN
# --allow-apart: the verdicts diff gave before it withheld them for runs apart (measured with that code).
# Usage: stored-baseline-2026-11-27.sh GATE_DIR OUT.csv NOON_RUN...
set -u
gate=$1; out=$2; shift 2
cmp() { ./wirecost diff "$2" "$3" --strict --alpha 0.05 --gate-min-share 5 --allow-apart --no-flames --out /tmp/wirecost-diff-scratch \
          > /dev/null 2>&1; echo "$1,$2,$3,$?" >> "$out"; }
# a side against the other side of a pair k pairs later (a pair took 3.4 min)
for k in 1 2 4 6 9 13 18 24 28; do for n in $(seq 1 29); do
  m=$((n + k)); [ $m -gt 29 ] && continue
  cmp lag "$gate/p$n-aa/baseline" "$gate/p$m-aa/candidate"
done; done
# the night's first six pairs against its last six, every combination of sides
for a in 1 2 3 4 5 6; do for b in 24 25 26 27 28 29; do for sa in baseline candidate; do for sb in baseline candidate; do
  cmp night-early-vs-late "$gate/p$a-aa/$sa" "$gate/p$b-aa/$sb"
done; done; done; done
# every night side against each side of the noon runs
for noon in "$@"; do for side in baseline candidate; do for n in $(seq 1 29); do for s in baseline candidate; do
  cmp night-vs-noon "$gate/p$n-aa/$s" "$noon/$side"
done; done; done; done
