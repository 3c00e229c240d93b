#!/usr/bin/env bash
# Builds (once, see build.sh) and runs the Collector with profiles enabled and collector/otelcol.yaml,
# e.g. WIRECOST_PROFILES=/tmp/p.otlp collector/run.sh; extra arguments go to the Collector.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$("$here/build.sh")"
exec "$bin" --feature-gates=service.profilesSupport --config="file:$here/otelcol.yaml" "$@"
