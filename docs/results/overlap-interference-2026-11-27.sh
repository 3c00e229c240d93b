#!/bin/bash
# Does a busy other CPU move what a pinned scenario measures? Paired runs of each scenario X, alternating which
# comes first: X with the other CPU idle, and X beside a warm-up-like load confined to CPU 0 (another wirecost
# run, every process of it on CPU 0: JVM start-ups, JIT, calls). Run from a checkout with
# docs/results/overlap-2026-11-27.patch applied (for --no-overlap); on main drop that option (main never overlaps).
# Results: docs/results/overlap-interference-2026-11-27.csv; reading: docs/RESULTS.md, "Overlapping the next
# scenario's warm-up".
set -u
OUT=${OUT:-runs/interference}
P=${P:-4}
mkdir -p "$OUT"
startload() {
  ( while :; do
      taskset -c 0 ./wirecost run --scenarios rest-json,ws-literal,grpc --pin-cpu none --profiler none \
        --size-calls 0 --no-overlap --out "$OUT/load-$RANDOM" >/dev/null 2>&1
    done ) &
  LOADPID=$!
  sleep 4
}
stopload() {
  pkill -P "$LOADPID"; kill "$LOADPID"; pkill -f "out $OUT/load-"; sleep 3; rm -rf "$OUT"/load-*
}
for i in $(seq 1 "$P"); do
  for X in rmi http-to-port grpc-tls; do
    for mode in $( [ $((i % 2)) = 1 ] && echo "alone load" || echo "load alone"); do
      [ "$mode" = load ] && startload
      echo "$(date +%T) load $(cut -d' ' -f1 /proc/loadavg) pair $i $X $mode"
      ./wirecost run --scenarios "$X" --no-overlap --profiler none --size-calls 0 --out "$OUT/$X-$mode-$i" \
        > "$OUT/$X-$mode-$i.log" 2>&1
      [ "$mode" = load ] && stopload
    done
  done
done
