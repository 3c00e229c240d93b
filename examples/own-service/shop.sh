#!/usr/bin/env bash
# Your service and its load test, in one command for 'wirecost profile': starts the shop (a Jetty service whose
# endpoints do known work, cli/real-programs/endpoint-apps/jetty), sends it SECONDS of wrk over its three
# endpoints, stops it with SIGTERM (the agent writes its recording in the JVM's exit hook) and exits 0.
# Usage: examples/own-service/shop.sh main|pr [SECONDS]   (pr: the pull request adds a SHA-256 checksum per order)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$here/../../cli/real-programs/endpoint-apps/jetty/target"
variant="${1:?usage: shop.sh main|pr [SECONDS]}"
seconds="${2:-5}"
case "$variant" in main) extra="" ;; pr) extra="checksum" ;; *) echo "shop.sh: main or pr, not '$variant'" >&2; exit 2 ;; esac
command -v wrk >/dev/null || { echo "shop.sh: wrk not found (apt-get install wrk)" >&2; exit 2; }
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
java -cp "$target/jetty-shop-1.jar:$target/libs/*" io.wirecost.apps.jetty.JettyShop "$port" $extra &
shop=$!
trap 'kill "$shop" 2>/dev/null || true' EXIT
# up to 60 s for the shop to listen, looked at every tenth of a second: a gate runs this once per repetition
for _ in $(seq 600); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  kill -0 "$shop" || { echo "shop.sh: the shop exited before listening" >&2; exit 1; }
  sleep 0.1
done
cat > "${TMPDIR:-/tmp}/shop-$$.lua" <<'LUA'
local i = 0
request = function()
  i = i + 1
  local k = i % 3
  if k == 0 then return wrk.format("GET", "/shop/orders/" .. i)
  elseif k == 1 then return wrk.format("GET", "/shop/search?q=" .. i)
  else return wrk.format("GET", "/shop/health") end
end
LUA
wrk -t1 -c4 -d"${seconds}s" -s "${TMPDIR:-/tmp}/shop-$$.lua" "http://127.0.0.1:$port" | grep -E "requests in|Requests/sec"
rm -f "${TMPDIR:-/tmp}/shop-$$.lua"
kill "$shop"
wait "$shop" || true   # 143 after SIGTERM: the shop's normal end here
trap - EXIT
