#!/usr/bin/env bash
# SASS size of every GpuMath function against nvcc's f-suffixed twin (docs/math-accuracy.md):
# math/MathKernels.java (one kernel y[i] = GpuMath.f(x[i]) per function) compiled by jptx, and
# math/math.cu (y[i] = f##f(x[i])) compiled by nvcc -ptx, both assembled by ptxas and compared by
# ../shared/tools/ptx-report (rows matched by kernel name; ratios jptx/nvcc). Twice: default mode,
# then fast mode (jptx --fast-math, nvcc -use_fast_math). Each mode ends with every function's own
# size: its kernel's sassNP minus that of copyK (y[i] = x[i]), so that the kernel frame, which is
# not the library's, does not count (jptx's frame is 20 instructions, nvcc's 16).
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
    --compare "$out/$mode/jptx" "$out/$mode/nvcc/math.ptx" | tee "$out/$mode/compare.txt"
  # each function's own instructions: its kernel's sassNP minus copyK's (the same frame)
  echo
  echo "function  own SASS jptx  own SASS nvcc  ratio   ($mode mode; kernel sassNP minus copyK's)"
  awk '$1 ~ /K$/ && NF >= 10 { np[$1] = $8; nv[$1] = $9; order[++n] = $1 }
       END { for (i = 1; i <= n; i++) { k = order[i]; if (k == "copyK") continue;
               a = np[k] - np["copyK"]; b = nv[k] - nv["copyK"];
               printf "%-8s  %13d  %13d  %5s\n", substr(k, 1, length(k) - 1), a, b,
                 (b > 0 ? sprintf("%.2f", a / b) : "-") } }' "$out/$mode/compare.txt"
  echo
done
