#!/bin/bash
# ws-security three ways, in rotated triples, one run at a time, nothing else running (docs/RESULTS.md,
# "ws-security at a quarter of the JIT's thresholds against a long warm-up"):
#   R: the papers' path with 4,000 warm-up calls per type (HotSpot's JIT thresholds, about 6.5 min of warm-up)
#   S: the default method with -XX:CompileThresholdScaling=0.25
#   D: the default method as it is
# Usage: TRIPLES="1 2 3 4 5 6" OUT=/tmp/jit-ws bash ws-security-jit-triples-2026-11-27.sh   (from a built checkout)
OUT=${OUT:-/tmp/jit-ws}
mkdir -p "$OUT"
run() { # label triple args...
  local label=$1 i=$2; shift 2
  echo "$(date -u +%H:%M:%S) start $label-$i load $(cut -d' ' -f1 /proc/loadavg)"
  ./wirecost run --scenarios ws-security --profiler none --size-calls 0 --out "$OUT/$label-$i" "$@" \
    > "$OUT/$label-$i.log" 2>&1
  echo "$(date -u +%H:%M:%S) end $label-$i rc=$? load $(cut -d' ' -f1 /proc/loadavg)"
}
R() { run R "$1" --warmup 4000 --invocations 25 --reps 40; }
S() { run S "$1" --jvm-opt=-XX:CompileThresholdScaling=0.25; }
D() { run D "$1"; }
for t in ${TRIPLES:-1 2 3}; do
  case $(( (t - 1) % 3 )) in
    0) R "$t"; S "$t"; D "$t" ;;
    1) S "$t"; D "$t"; R "$t" ;;
    2) D "$t"; R "$t"; S "$t" ;;
  esac
done
# one CSV line per run: label,started,seconds,warmup chunks,settled,warm-up calls per type,
# CPU per call (all, primitives' geometric mean) and its 95 % interval, drift ratio and its interval
python3 - "$OUT" <<'PY'
import glob, json, os, sys
print("run,started_utc,seconds,warmup_chunks,settled,warmup_calls_per_type,cpu_us_per_call,ci_low,ci_high,"
      "drift_ratio,drift_low,drift_high")
for f in sorted(glob.glob(sys.argv[1] + "/*-*/results.json"), key=os.path.getmtime):
    s = json.load(open(f))["scenarios"][0]
    c = s["facts"]["counts"]
    g = [x for x in s["cpu"] if x["role"] == "all" and x["operation"] == "primitives-geomean"][0]
    d = s["facts"].get("drift", {})
    print(",".join(str(v) for v in (
        f.split("/")[-2], json.load(open(f))["run"]["started"][11:19], round(s["duration_seconds"], 1),
        len(c.get("warmupPacesMicros") or []), c.get("settled"), c["warmupCalls"],
        round(g["cpu_micros_per_call"]), round(g["ci_low"]), round(g["ci_high"]),
        round(d.get("ratio", float("nan")), 3), round(d.get("ci_low", float("nan")), 2),
        round(d.get("ci_high", float("nan")), 2))))
PY
