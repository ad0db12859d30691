#!/usr/bin/env bash
# Keeps fuzz inputs as regression inputs: appends each FILE, hex-encoded on a line of its own, to
# Tests/FuzzRegressions/TARGET.hex (once), where FuzzRegressionTests replays them on every `swift test`.
#
#   tools/fuzz/keep.sh dialect|fixture|manifest FILE…
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: tools/fuzz/keep.sh dialect|fixture|manifest FILE…}
shift
bundle=Tests/FuzzRegressions/$target.hex
[ -f "$bundle" ] || printf '# %s fuzz inputs kept as regressions, one hex-encoded input per line (tools/fuzz/keep.sh)\n' "$target" > "$bundle"
kept=0
for file in "$@"; do
  line=$(od -An -v -tx1 "$file" | tr -d ' \n')
  if ! grep -qxF -- "$line" "$bundle"; then printf '%s\n' "$line" >> "$bundle"; kept=$((kept + 1)); fi
done
echo "kept $kept new input(s) in $bundle ($(grep -vc '^#' "$bundle") in all)"
