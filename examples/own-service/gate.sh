#!/usr/bin/env bash
# CI gate for your own service: profile the load test on main and on the pull request, then diff.
# Here OrderService.java stands in for service + load test; replace the two 'profile' commands with yours,
# e.g.  wirecost profile --out "$out/pr" -- ./run-load-test.sh
# Usage: examples/own-service/gate.sh [OUT_DIR] [SECONDS]   (exit 0: no regression, 1: a regression)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/runs/own-service-$(date +%Y%m%d-%H%M%S)}"
seconds="${2:-5}"
classes="$(mktemp -d)"
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" "$here/OrderService.java"

"$root/wirecost" profile --out "$out/main" -- java -cp "$classes" OrderService main "$seconds"
"$root/wirecost" profile --out "$out/pr"   -- java -cp "$classes" OrderService pr "$seconds"
# diff exits 1 when a share (or round trip) changed beyond its threshold with a 95 % interval that excludes no change
"$root/wirecost" diff "$out/main" "$out/pr" --out "$out/diff"
