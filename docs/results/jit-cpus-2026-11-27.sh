#!/bin/bash
# 2026-11-27 evening (issue 12): where the JIT compiles during the heavy stacks' warm-up. Two A/B experiments, run one
# at a time with nothing else running; A = main at c3f3c8c built in /work/gate-wt, B = main plus
# docs/results/jit-both-cpus-2026-11-27.patch built in /work/jit2-wt (B2: the same tree with the two
# compileBesidePinnedCpu calls replaced by launcher.compileOnPinnedCpu(client)). Both were stopped after one pair.

# 1. both-cpus (18:27-18:45 UTC)
S=tcp,rmi,rmi-ssl,ws-literal,ws-encoded,http-to-port,http-to-servlet,corba,grpc,grpc-tls,rest-json,rest-json-h2
i=0
for side in A B B A A B B A; do
  i=$((i+1))
  if [ $side = A ]; then wt=/work/gate-wt; else wt=/work/jit2-wt; fi
  out=/work/jitb/$i-$side
  echo "$(date -u +%H:%M:%S) start $i $side load $(cut -d' ' -f1 /proc/loadavg)"
  (cd $wt && ./wirecost run --scenarios $S --out $out > $out.log 2>&1)
  echo "$(date -u +%H:%M:%S) end $i $side rc $? load $(cut -d' ' -f1 /proc/loadavg)"
done

# 2. client-jit-pinned (18:50-19:03 UTC)
S=ws-literal,ws-encoded,http-to-servlet,grpc,grpc-tls,rest-json,rest-json-h2
i=0
for side in A B B A A B B A; do
  i=$((i+1))
  if [ $side = A ]; then wt=/work/gate-wt; else wt=/work/jit2-wt; fi
  out=/work/jitc/$i-$side
  echo "$(date -u +%H:%M:%S) start $i $side load $(cut -d' ' -f1 /proc/loadavg)"
  (cd $wt && ./wirecost run --scenarios $S --profiler none --size-calls 0 --out $out > $out.log 2>&1)
  echo "$(date -u +%H:%M:%S) end $i $side rc $? load $(cut -d' ' -f1 /proc/loadavg)"
done

# 3. each compiler thread's CPU during a B warm-up of ws-literal (18:49 UTC): schedstat every 1.5 s
#    (cd /work/jit2-wt && ./wirecost run --scenarios ws-literal --profiler none --size-calls 0 --out /tmp/jt1 &)
#    for each pid of harness.ServerMain|ClientMain, each /proc/PID/task/TID with comm C1*/C2*:
#    first field of /proc/PID/task/TID/schedstat (ns on CPU), differenced over 1.5 s
