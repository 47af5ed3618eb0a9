#!/usr/bin/env bash
# The PTX of the benchmark suite, the samples and the compiler's test kernels in five
# configurations, for refactorings that must not change the code we emit (issue #20).
#
#   build-config/ptx-snapshot.sh write   # replace build-config/ptx-snapshot/ with today's PTX
#   build-config/ptx-snapshot.sh check   # compare today's PTX with the snapshot (exit 1 if any differ)
#
# Needs a built tree (./mvnw install, so that compiler-core/target/jptx.jar and the class folders
# exist). A difference is either a bug or a change its commit explains.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-check}
jar=$root/compiler-core/target/jptx.jar
snapshot=$root/build-config/ptx-snapshot
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f "$jar" ] || { echo "ptx-snapshot: no $jar; run ./mvnw install first" >&2; exit 2; }

configs=(
  "o3:-O3 -t sm_75 -t sm_90"
  "o1:-O1 -t sm_90"
  "o0:-O0 -t sm_75"
  "checks:--checks -t sm_90"
  "fast:--fast-math -t sm_90"
)
testclasses=$root/compiler-core/target/test-classes
roots=("bench:$root/benchmarks/target/classes")
for s in "$root"/samples/*/target/classes; do
  roots+=("sample-$(basename "$(dirname "$(dirname "$s")")"):$s")
done

compile() { # name options out cp root
  java -jar "$jar" compile --validate=false $2 -o "$3" -cp "$4" "$5" >/dev/null 2>&1
}

out=$work/snapshot
for c in "${configs[@]}"; do
  name=${c%%:*}
  opts=${c#*:}
  for r in "${roots[@]}"; do
    rname=${r%%:*}
    dir=${r#*:}
    compile "$name" "$opts" "$out/$name/$rname" "$dir" "$dir" \
      || { echo "ptx-snapshot: $rname does not compile with $opts" >&2; exit 1; }
  done
  # each test-kernel class on its own: the folder holds deliberately bad kernels too
  for f in "$testclasses"/dev/jptx/compiler/testkernels/*.class; do
    cls=$(basename "$f" .class)
    one=$work/one/$cls
    mkdir -p "$one/dev/jptx/compiler/testkernels"
    cp "$f" "$one/dev/jptx/compiler/testkernels/"
    compile "$name" "$opts" "$out/$name/tests" "$testclasses" "$one" || true
  done
done
find "$out" -type f ! -name '*.ptx' -delete
find "$out" -type d -empty -delete

case "$mode" in
  write)
    rm -rf "$snapshot"
    cp -r "$out" "$snapshot"
    echo "ptx-snapshot: wrote $(find "$snapshot" -name '*.ptx' | wc -l) modules to $snapshot"
    ;;
  check)
    if diff -r "$snapshot" "$out" >"$work/diff"; then
      echo "ptx-snapshot: $(find "$out" -name '*.ptx' | wc -l) modules identical to the snapshot"
    else
      cat "$work/diff"
      echo "ptx-snapshot: differences above" >&2
      exit 1
    fi
    ;;
  *) echo "ptx-snapshot: write or check" >&2; exit 2 ;;
esac
