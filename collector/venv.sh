#!/usr/bin/env bash
# Makes (once) a Python virtual environment with collector/requirements.txt and prints its python.
# Cached like build.sh's Collector: ${WIRECOST_CACHE:-~/.cache/wirecost}/venv/<hash of requirements.txt>.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="$(command -v python3 || true)"
if [[ -z $python ]]; then
    echo "collector/venv.sh: no python3 on the PATH" >&2
    exit 3
fi
hash="$(sha256sum <"$here/requirements.txt" | cut -c1-16)"
dir="${WIRECOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wirecost}/venv/$hash"
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
if [[ ! -x $dir/bin/python || ! -e $dir/.complete ]]; then
    rm -rf "$dir"
    "$python" -m venv "$dir" >&2
    "$dir/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt" >&2
    touch "$dir/.complete"
fi
echo "$dir/bin/python"
