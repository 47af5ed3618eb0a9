#!/usr/bin/env bash
# Builds the published modules twice from clean and compares every jar they make (classes,
# sources, Javadoc, the CLI's jptx.jar) byte for byte: issue #24's reproducible-build check, run
# by `./mvnw -B -N -P reproducible validate`. Exit status 1 names the jars that differ.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(annotations compiler-core runtime gpu-report maven-plugin)
list=$(IFS=,; echo "${modules[*]}")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for run in 1 2; do
  echo "reproducible: build $run of 2 ($list)"
  ./mvnw -B -q clean package -DskipTests -Dcheckstyle.skip -Djacoco.skip=true \
    -Dspotless.check.skip=true -pl "$list"
  mkdir -p "$out/$run"
  for m in "${modules[@]}"; do
    cp "$m"/target/*.jar "$out/$run/"
  done
  # a second later, so that anything stamped with the build's time differs
  sleep 2
done
differ=0
count=0
for a in "$out"/1/*.jar; do
  name=$(basename "$a")
  count=$((count + 1))
  if ! cmp -s "$a" "$out/2/$name"; then
    echo "reproducible: $name differs between the two builds"
    differ=1
  fi
done
if [ "$differ" -ne 0 ]; then
  exit 1
fi
echo "reproducible: the $count jars of both builds are byte for byte the same"
