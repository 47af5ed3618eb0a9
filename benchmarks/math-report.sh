#!/usr/bin/env bash
# SASS size of every GpuMath function against nvcc's f-suffixed twin (docs/math-accuracy.md):
# math/MathKernels.java (one kernel y[i] = GpuMath.f(x[i]) per function) compiled by jptx, and
# math/math.cu (y[i] = f##f(x[i])) compiled by nvcc -ptx, both assembled by ptxas and compared by
# ../shared/tools/ptx-report (rows matched by kernel name; ratios jptx/nvcc). Twice: default mode,
# then fast mode (jptx --fast-math, nvcc -use_fast_math).
#
# usage: benchmarks/math-report.sh [--arch sm_90] [ptx-report options, e.g. --markdown]
# Needs the compiler built (./mvnw -o install -DskipTests -pl annotations,compiler-core) and
# ptx-report at $PTX_REPORT (default: ../shared/tools/ptx-report next to the clone).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
report=${PTX_REPORT:-$root/../shared/tools/ptx-report}
arch=sm_90
opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=${2:?--arch needs a value}; shift 2 ;;
    *) opts+=("$1"); shift ;;
  esac
done
annotations=$(ls "$root"/annotations/target/jptx-annotations-*.jar | grep -v sources | head -1)
out="$here/target/math-report"
rm -rf "$out"
mkdir -p "$out/classes"
javac -d "$out/classes" -cp "$annotations" "$here/math/MathKernels.java"
for mode in default fast; do
  jptx_flags=()
  nvcc_flags=()
  if [ "$mode" = fast ]; then
    jptx_flags=(--fast-math)
    nvcc_flags=(-use_fast_math)
  fi
  mkdir -p "$out/$mode/jptx" "$out/$mode/nvcc"
  java -jar "$root/compiler-core/target/jptx.jar" compile -t "$arch" ${jptx_flags[@]+"${jptx_flags[@]}"} \
    -cp "$annotations" -o "$out/$mode/jptx" "$out/classes" > /dev/null
  nvcc -ptx -O3 "-arch=$arch" ${nvcc_flags[@]+"${nvcc_flags[@]}"} "$here/math/math.cu" \
    -o "$out/$mode/nvcc/math.ptx"
  echo "## $mode mode (jptx${jptx_flags[*]:+ ${jptx_flags[*]}} vs nvcc${nvcc_flags[*]:+ ${nvcc_flags[*]}})"
  python3 "$report" --arch "$arch" --metrics regs,sass,sassnp ${opts[@]+"${opts[@]}"} \
    --compare "$out/$mode/jptx" "$out/$mode/nvcc/math.ptx"
done
