#!/usr/bin/env bash
# Builds the GPU bundle: one folder with everything a GPU host without a JDK or network needs to
# run the GPU report (docs/gpu-report.md says what it measures).
#
#   gpu-report/bundle.sh [--out DIR] [--fuzz N] [--no-build] [--jars LIST] [--fuzz-corpus FILE]
#
#   --out DIR            where the bundle goes (default: gpu-bundle/ in the checkout; git ignores it)
#   --fuzz N             fuzz kernels to generate, compile and run on the JVM here (default 1000)
#   --no-build           use the modules' jars as they are instead of running ./mvnw install first
#   --jars LIST          the jars to ship (':'-separated), instead of asking Maven (the test does)
#   --fuzz-corpus FILE   ship this corpus instead of generating one
#
# Then, on the GPU host: DIR/run OUT   (writes OUT/gpu-report.md and OUT/gpu-report.json)
#
# Needs: the build's JDK (jlink, jdeps), nvcc. The bundle must stay within 56 MiB; the script
# prints its size and fails above the limit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/gpu-bundle
fuzz=1000
build=1
jars=
corpus=
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$(realpath -m "$2"); shift 2 ;;
    --fuzz) fuzz=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --jars) jars=$2; shift 2 ;;
    --fuzz-corpus) corpus=$(realpath "$2"); shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "bundle.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
limit_mib=56
version=$(sed -n 's:.*<version>\(.*-SNAPSHOT\)</version>.*:\1:p' "$root/pom.xml" | head -1)
cd "$root"

if [ "$build" = 1 ]; then
  ./mvnw -B -q install -DskipTests -Dcheckstyle.skip -Djacoco.skip=true
fi

java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
stage=$out.partial
rm -rf "$stage"
mkdir -p "$stage"/{lib,ptx/jptx,ptx/nvcc,math/jptx,math/nvcc,fuzz}

# 1. The jars: the runtime and its dependencies, the report, the samples (with their modules).
if [ -z "$jars" ]; then
  ./mvnw -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -pl gpu-report \
    -Dmdep.outputFile="$stage/classpath.txt" -Dmdep.includeScope=runtime
  jars=$(cat "$stage/classpath.txt"):gpu-report/target/jptx-gpu-report-$version.jar
  rm "$stage/classpath.txt"
  for s in samples/*/pom.xml; do
    name=$(basename "$(dirname "$s")")
    jars=$jars:samples/$name/target/jptx-sample-$name-$version.jar
  done
fi
for jar in $(tr ':' '\n' <<< "$jars"); do
  case "$(basename "$jar")" in
    jptx-*-tests.jar) ;;
    jptx-compiler-*|jptx-maven-plugin-*) ;;
    jptx-*|jcuda-[0-9]*) cp "$jar" "$stage/lib/" ;;
    jcuda-natives-*)
      # only the driver API's library: the natives jar is mostly the PTX compiler, unused here
      tmp=$(mktemp -d)
      (cd "$tmp" && unzip -q "$jar" 'lib/libJCudaDriver-*' && zip -q -r "$stage/lib/$(basename "$jar")" lib)
      rm -rf "$tmp" ;;
  esac
done

for needed in jptx-runtime jptx-gpu-report jptx-sample-saxpy jcuda-natives jcuda-1; do
  if ! ls "$stage/lib/$needed"* > /dev/null 2>&1; then
    echo "bundle.sh: no $needed jar among the jars to ship (was the module packaged?)" >&2
    exit 1
  fi
done

# 2. A Java runtime with just the modules the jars need (no java.desktop).
modules=$("$java_home/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 17 \
  -cp "$stage/lib/*" "$stage"/lib/*.jar)
case ",$modules," in *,java.desktop,*) echo "bundle.sh: the jars need java.desktop" >&2; exit 1 ;; esac
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --compress=2 --output "$stage/java"

# 3. jptx's modules of the bench kernels, strict and fastMath, sm_90 and sm_75.
for mode in strict fast; do
  flag=(); [ "$mode" = fast ] && flag=(--fast-math)
  java -jar compiler-core/target/jptx.jar compile -t sm_90 -t sm_75 "${flag[@]}" \
    -o "$stage/ptx/jptx/$mode" -cp annotations/target/classes benchmarks/target/classes > /dev/null
done

# 3b. The same, strict sm_90 only, with each of issue #22's loop transformations switched from its default
#     (LoopSection.VARIANTS): the report's loops section times them against the default build.
for variant in pipeliner-on:enable-pipeliner=true unroll-runtime-off:disable-unroll-runtime=true; do
  java -jar compiler-core/target/jptx.jar compile -t sm_90 --knob "${variant#*:}" \
    -o "$stage/ptx/jptx-variants/${variant%%:*}" -cp annotations/target/classes benchmarks/target/classes > /dev/null
done

# 4. nvcc's PTX of the CUDA twins, strict (--fmad=false) and fast (--use_fast_math).
for sm in sm_90 sm_75; do
  nvcc -ptx -O3 -arch="$sm" --fmad=false benchmarks/cuda/kernels.cu -o "$stage/ptx/nvcc/kernels-$sm-strict.ptx"
  nvcc -ptx -O3 -arch="$sm" --use_fast_math benchmarks/cuda/kernels.cu -o "$stage/ptx/nvcc/kernels-$sm-fast.ptx"
done

# 5. The math kernels (one per GpuMath function), jptx's and nvcc's twins, default and fast mode,
#    as benchmarks/math-report.sh compiles them; the report's math section sweeps them.
math_classes=$(mktemp -d)
javac -d "$math_classes" -cp annotations/target/classes benchmarks/math/MathKernels.java
for mode in default fast; do
  flag=(); [ "$mode" = fast ] && flag=(--fast-math)
  java -jar compiler-core/target/jptx.jar compile -t sm_90 -t sm_75 "${flag[@]}" \
    -o "$stage/math/jptx/$mode" -cp annotations/target/classes "$math_classes" > /dev/null
done
rm -rf "$math_classes"
for sm in sm_90 sm_75; do
  nvcc -ptx -O3 -arch="$sm" benchmarks/math/math.cu -o "$stage/math/nvcc/math-$sm-default.ptx"
  nvcc -ptx -O3 -arch="$sm" -use_fast_math benchmarks/math/math.cu -o "$stage/math/nvcc/math-$sm-fast.ptx"
done

# 6. The fuzz corpus: kernels generated, compiled and run on the JVM device here.
if [ -n "$corpus" ]; then
  cp "$corpus" "$stage/fuzz/fuzz-corpus.bin.gz"
else
  ./mvnw -B -q -o -pl compiler-core -P fuzz-corpus verify -Djptx.fuzz.count="$fuzz" \
    -Djptx.fuzz.corpus="$stage/fuzz/fuzz-corpus.bin.gz"
fi

# 7. The command.
cat > "$stage/run" <<'EOF'
#!/bin/sh
# run OUT [--device cuda|sim] [--fuzz N]: the GPU report (exit 3 without a CUDA device)
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/java/bin/java" -Xmx32g -Djptx.bundle="$here" -cp "$here/lib/*" \
  dev.jptx.gpureport.GpuReport "$@"
EOF
chmod +x "$stage/run"

rm -rf "$out"
mv "$stage" "$out"
bytes=$(du -sb "$out" | cut -f1)
mib=$(( (bytes + 1048575) / 1048576 ))
echo "gpu bundle: $out, $mib MiB (limit $limit_mib MiB)"
if [ "$mib" -gt "$limit_mib" ]; then
  echo "bundle.sh: the bundle is larger than $limit_mib MiB" >&2
  exit 1
fi
