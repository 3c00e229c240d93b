#!/usr/bin/env bash
# Builds the OpenTelemetry Collector of collector/ (main.go, go.mod, go.sum) once and prints the
# binary's path. The binary is cached under ${WIRECOST_CACHE:-~/.cache/wirecost}/collector/<hash of
# the sources>, so every test of a CI run, and later runs on the same machine, reuse one build;
# concurrent callers wait for the first (flock). Go is found on the PATH, else at /usr/local/go/bin.
# Exit 3 (and one line on stderr) when there is no Go: the tests turn that into a JUnit assumption.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
go="$(command -v go || true)"
[[ -z $go && -x /usr/local/go/bin/go ]] && go=/usr/local/go/bin/go
if [[ -z $go ]]; then
    echo "collector/build.sh: no Go toolchain (neither 'go' on the PATH nor /usr/local/go/bin/go)" >&2
    exit 3
fi
hash="$(cat "$here/main.go" "$here/go.mod" "$here/go.sum" | sha256sum | cut -c1-16)"
dir="${WIRECOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wirecost}/collector/$hash"
bin="$dir/otelcol-wirecost"
mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9
if [[ ! -x $bin ]]; then
    start=$SECONDS
    echo "collector/build.sh: building the Collector with $("$go" version) into $dir" >&2
    # GOTOOLCHAIN=local: build with the Go that is here instead of fetching the one go.mod names
    (cd "$here" && GOTOOLCHAIN=local GOFLAGS=-mod=readonly "$go" build -trimpath -ldflags='-s -w' -o "$bin.tmp" .)
    mv "$bin.tmp" "$bin"
    echo "collector/build.sh: built in $((SECONDS - start)) s" >&2
fi
echo "$bin"
