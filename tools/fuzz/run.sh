#!/usr/bin/env bash
# Builds duet-fuzz under libFuzzer with AddressSanitizer and fuzzes one target. The build is
# optimized (-c release, with -enable-testing for the fixture reader's internals): a debug build
# runs the dialect target ~16× slower (about 360 against 5,900 inputs/s here).
#
#   tools/fuzz/run.sh dialect|fixture|manifest [libFuzzer flags, e.g. -runs=10000000 or -max_total_time=600 -jobs=2]
#
# Seeds: the inputs kept in Tests/FuzzRegressions/TARGET.hex, the repository's parity files and, when
# present, the reference files. The growing corpus stays in .build/fuzz/corpus-TARGET (not
# committed); a failing input lands in .build/fuzz/findings-TARGET: fix the bug, then keep the input
# with tools/fuzz/keep.sh TARGET FILE, and FuzzRegressionTests replays it on every `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: tools/fuzz/run.sh dialect|fixture|manifest [libFuzzer flags]}
shift
case $target in dialect|fixture|manifest) ;; *) echo "run.sh: unknown target $target" >&2; exit 2 ;; esac

# The fuzz package (tools/fuzz/Package.swift) builds the root's modules from the same sources, in
# this configuration only; the root's own builds never see it.
swift build --package-path tools/fuzz --scratch-path .build/fuzz -c release --product duet-fuzz -Xswiftc -enable-testing \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING 2>&1 | grep -E "error|Build" | tail -n 3

work=.build/fuzz/corpus-$target
findings=.build/fuzz/findings-$target
seeds=.build/fuzz/seeds-$target
mkdir -p "$work" "$findings" "$seeds"
case $target in
  dialect|fixture)
    # The reference app's fixtures, exported from the seed (and the tree's, once it holds them).
    if [ ! -e "$seeds/.exported" ]; then
      swift build --product duet >/dev/null
      scratch=$(mktemp -d)
      "$(swift build --show-bin-path)/duet" --corpus "$scratch/corpus.db" corpus load corpus.db.seed 2>/dev/null
      "$(swift build --show-bin-path)/duet" --corpus "$scratch/corpus.db" export "$scratch/fixtures" 2>/dev/null
      cp "$scratch"/fixtures/*.fixture.json "$seeds/" && touch "$seeds/.exported"
      rm -rf "$scratch"
    fi
    if [ -d parity/fixtures ]; then cp parity/fixtures/*.fixture.json "$seeds/"; fi
    find vectors -name '*.fixture.json' -exec cp {} "$seeds/" \;
    dictionary=tools/fuzz/json.dict ;;
  manifest)
    cp parity/manifest.yaml "$seeds/repository.yaml"
    for manifest in vectors/*/parity/manifest.yaml; do cp "$manifest" "$seeds/vector-$(basename "$(dirname "$(dirname "$manifest")")").yaml"; done
    dictionary=tools/fuzz/yaml.dict ;;
esac

# The kept inputs, one file each.
kept=.build/fuzz/kept-$target
rm -rf "$kept" && mkdir -p "$kept"
if [ -f "Tests/FuzzRegressions/$target.hex" ]; then
  n=0
  grep -v '^#' "Tests/FuzzRegressions/$target.hex" | while IFS= read -r line; do
    n=$((n + 1)); printf '%b' "$(printf '%s' "$line" | sed 's/../\\x&/g')" > "$kept/$n"
  done
fi

# SWIFT_BACKTRACE off: libFuzzer reports the crash; the backtracer reading memory only trips ASan.
SWIFT_BACKTRACE=enable=no DUET_FUZZ_TARGET=$target .build/fuzz/release/duet-fuzz -artifact_prefix="$findings/" -dict="$dictionary" \
  -max_len=4096 -detect_leaks=0 -print_final_stats=1 "$@" "$work" "$seeds" "$kept"
