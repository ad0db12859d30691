#!/usr/bin/env bash
# Records the reference app (Memory Lane) into a fresh corpus and dumps it.
#   tools/regenerate-seed.sh            rewrites corpus.db.seed
#   tools/regenerate-seed.sh --check    fails when the committed seed differs from a fresh recording
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product duet >/dev/null
swift build --product memorylane-runner >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh corpus recorded through the reference runner; --write because CI forbids silent recording.
# It runs outside the repository so that the committed seed is not loaded into it first.
(cd "$work" && "$bin/duet" --corpus corpus.db record --write --runner "$bin/memorylane-runner") >"$work/record.log" 2>&1 \
  || { cat "$work/record.log"; exit 1; }
(cd "$work" && "$bin/duet" --corpus corpus.db corpus dump) >"$work/corpus.db.seed.new"
mv "$work/corpus.db.seed.new" "$work/corpus.db.seed"

if [ "${1:-}" = "--check" ]; then
  if ! cmp -s "$work/corpus.db.seed" corpus.db.seed; then
    echo "corpus.db.seed differs from a fresh recording of the reference app:" >&2
    diff -u corpus.db.seed "$work/corpus.db.seed" | head -n 40 >&2 || true
    echo "Run tools/regenerate-seed.sh and commit the result (the seed is a build product; never edit it by hand)." >&2
    exit 1
  fi
  echo "corpus.db.seed matches a fresh recording"
else
  cp "$work/corpus.db.seed" corpus.db.seed
  echo "wrote corpus.db.seed ($(wc -l <corpus.db.seed) lines)"
fi
