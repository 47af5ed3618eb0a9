#!/usr/bin/env bash
# Side by side: ptxas's figures for jptx's PTX of the benchmark kernels (this module's
# target/classes/META-INF/jptx, as the plugin built it) and for nvcc's PTX of the same kernels
# (cuda/kernels.cu, compiled here by nvcc -ptx into target/ptx-report/), rows matched by kernel
# name, ratios ours/nvcc. The comparison is dev.jptx.bench.quality.PtxReport, this module's
# ptx-report (test code that needs only the JDK), as the quality report runs it.
#
# usage: benchmarks/ptx-report.sh [--arch sm_90|sm_75|...] [--markdown] [--metrics LIST]
#                                 [--ptxas-opts "OPTS"] [nvcc options]
#   --fmad=false   nvcc without FMA contraction, like Java (the like-for-like comparison)
#   --markdown     Markdown tables instead of aligned text
#   --metrics      columns, of regs,spill_st,spill_ld,stack,bar,smem,sass,sassnp,ptx
#                  (default regs,spill_st,spill_ld,stack,sass,ptx)
#   --ptxas-opts   more ptxas options for both sides, e.g. "--maxrregcount=32"
# Other options starting with '-' go to nvcc, each as one token (--fmad=false, --use_fast_math);
# nvcc gets -O3 unless one of them is an -O option.
# The module must be built first (the plugin's modules and the tool's classes):
#   ./mvnw -B -o package -pl benchmarks -DskipTests
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ours="$here/target/classes/META-INF/jptx"
classes="$here/target/test-classes"
if [ ! -f "$ours/kernels.list" ] || [ ! -f "$classes/dev/jptx/bench/quality/PtxReport.class" ]; then
  echo "error: no $ours/kernels.list or no PtxReport in $classes; build the module first:" >&2
  echo "  ./mvnw -B -o package -pl benchmarks -DskipTests" >&2
  exit 1
fi
arch=sm_90
tool=()
nvcc_opts=()
optimize=-O3
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=${2:?--arch needs a value}; shift 2 ;;
    --arch=*) arch=${1#--arch=}; shift ;;
    --markdown) tool+=("$1"); shift ;;
    --metrics | --ptxas-opts) tool+=("$1" "${2:?$1 needs a value}"); shift 2 ;;
    --metrics=* | --ptxas-opts=*) tool+=("$1"); shift ;;
    -arch* | --gpu-architecture* | -gencode* | --generate-code* | -code* | --gpu-code*)
      echo "error: do not pass $1 to nvcc; use --arch" >&2; exit 2 ;;
    -O* | --optimize*) optimize=; nvcc_opts+=("$1"); shift ;;
    -*) nvcc_opts+=("$1"); shift ;;
    *) echo "error: unexpected argument $1 (nvcc options must be single tokens such as --fmad=false)" >&2; exit 2 ;;
  esac
done
theirs="$here/target/ptx-report/kernels.$arch.ptx"
mkdir -p "$(dirname "$theirs")"
nvcc -ptx $optimize "-arch=$arch" ${nvcc_opts[@]+"${nvcc_opts[@]}"} "$here/cuda/kernels.cu" -o "$theirs"
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$classes" dev.jptx.bench.quality.PtxReport \
  --arch "$arch" ${tool[@]+"${tool[@]}"} --compare "$ours" "$theirs"
