#!/bin/bash
# between-repetition spread: 12 x 1000 against 12 x 500 calls per type, same warm-up, fresh JVMs per repetition
cd /work/base-wt
for side in 1000 500; do
  out=/work/spread-$side
  rm -rf $out
  { date -u; uptime; } > $out.log
  ./wirecost run --scenarios ws-literal,grpc,http-to-servlet --profiler none --size-calls 0 \
     --warmup 20000 --invocations $side --reps 12 --repeat 4 --out $out >> $out.log 2>&1
  echo "rc $?" >> $out.log
  { date -u; uptime; } >> $out.log
done
