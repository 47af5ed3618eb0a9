#!/usr/bin/env bash
# Side by side: ptxas's figures for jptx's PTX of the benchmark kernels (this module's
# target/classes/META-INF/jptx, as the plugin built it) and for nvcc's PTX of the same kernels
# (../shared/bench/kernels.cu), rows matched by kernel name, ratios ours/nvcc.
#
# usage: benchmarks/ptx-report.sh [--arch sm_90|sm_75|...] [--fmad=false] [other ptx-report options]
#   --fmad=false   nvcc without FMA contraction, like Java (the like-for-like comparison)
#   --markdown     Markdown tables; see ../shared/tools/ptx-report --help for the rest
# The module must be built first: ./mvnw -B -o package -pl benchmarks -DskipTests
# JPTX_SHARED overrides where the shared directory is (default: ../shared next to the repository).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shared=${JPTX_SHARED:-$(dirname "$here")/../shared}
ours="$here/target/classes/META-INF/jptx"
if [ ! -f "$ours/kernels.list" ]; then
  echo "error: no $ours/kernels.list; build the module first:" >&2
  echo "  ./mvnw -B -o package -pl benchmarks -DskipTests" >&2
  exit 1
fi
for f in "$shared/tools/ptx-report" "$shared/bench/kernels.cu"; do
  if [ ! -e "$f" ]; then
    echo "error: $f not found; set JPTX_SHARED to the shared directory" >&2
    exit 1
  fi
done
exec "$shared/tools/ptx-report" --compare "$ours" "$shared/bench/kernels.cu" "$@"
