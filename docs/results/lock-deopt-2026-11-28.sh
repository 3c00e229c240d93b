#!/bin/bash
# usage: lock-deopt-2026-11-28.sh TAG WORKTREE OUT — the five scenarios with PrintCompilation, no profiler (TAG: a label only)
tag=$1; wt=$2; out=$3
cd $wt
{ date -u; git log --oneline | head -1; cat /proc/loadavg; } > $out.pre
./wirecost run --scenarios ${SCEN:-ws-literal,http-to-port,http-to-servlet,grpc-tls,rest-json-h2} --profiler none "--jvm-opt=-XX:+PrintCompilation" --out $out > $out.log 2>&1
echo "rc=$? $(date -u) $(cat /proc/loadavg)" >> $out.pre
