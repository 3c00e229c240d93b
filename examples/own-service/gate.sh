#!/usr/bin/env bash
# CI gate for your own service, per endpoint: profile the load test on main and on the pull request, each
# several times (fresh JVMs: the spread between them is the noise the test needs), then diff. Here shop.sh
# stands in for your service + load test; replace it with yours, e.g.
#   wirecost profile --endpoints --repeat 5 --out "$out/pr" -- ./run-load-test.sh
# Usage: examples/own-service/gate.sh [OUT_DIR] [SECONDS] [REPEAT]   (exit 0: no regression, 1: a regression)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/runs/own-service-$(date +%Y%m%d-%H%M%S)}"
seconds="${2:-10}"   # 5-s repetitions are short: the checksum's code is compiled during them
repeat="${3:-5}"
# the stand-in service, from Maven Central (offline once its dependencies are cached)
apps="$root/cli/real-programs/endpoint-apps/pom.xml"
mvn -B -q -o -f "$apps" -pl jetty package 2>/dev/null || mvn -B -q -f "$apps" -pl jetty package

"$root/wirecost" profile --endpoints --repeat "$repeat" --out "$out/main" -- "$here/shop.sh" main "$seconds"
"$root/wirecost" profile --endpoints --repeat "$repeat" --out "$out/pr"   -- "$here/shop.sh" pr "$seconds"
# diff exits 1 when an endpoint's CPU per request (or a share) changed beyond its threshold, by a t test across
# the repetitions under Holm's correction
"$root/wirecost" diff "$out/main" "$out/pr" --out "$out/diff"
