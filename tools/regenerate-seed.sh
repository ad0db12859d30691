#!/usr/bin/env bash
# Records the reference app (Memory Lane) into a fresh tree and corpus: its fixtures of record
# (parity/fixtures) and the seed dump (corpus.db.seed).
#   tools/regenerate-seed.sh            rewrites parity/fixtures and corpus.db.seed
#   tools/regenerate-seed.sh --check    fails when either differs from a fresh recording
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product duet >/dev/null
swift build --product memorylane-runner >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh tree and corpus recorded through the reference runner, outside the repository so that
# neither the committed seed nor the committed fixtures are loaded first. --write: CI would check.
(cd "$work" && "$bin/duet" --corpus corpus.db record --write --runner "$bin/memorylane-runner") >"$work/record.log" 2>&1 \
  || { cat "$work/record.log"; exit 1; }
(cd "$work" && "$bin/duet" --corpus corpus.db corpus dump) >"$work/corpus.db.seed"

if [ "${1:-}" = "--check" ]; then
  status=0
  if ! cmp -s "$work/corpus.db.seed" corpus.db.seed; then
    echo "corpus.db.seed differs from a fresh recording of the reference app:" >&2
    diff -u corpus.db.seed "$work/corpus.db.seed" | head -n 40 >&2 || true
    status=1
  fi
  if ! diff -r -q parity/fixtures "$work/parity/fixtures" >"$work/fixtures.diff" 2>&1; then
    echo "parity/fixtures differs from a fresh recording of the reference app:" >&2
    head -n 20 "$work/fixtures.diff" >&2
    diff -r -u parity/fixtures "$work/parity/fixtures" | head -n 40 >&2 || true
    status=1
  fi
  if [ "$status" -ne 0 ]; then
    echo "Run tools/regenerate-seed.sh and commit the result (the seed and Memory Lane's fixtures are build products; never edit them by hand)." >&2
    exit 1
  fi
  echo "corpus.db.seed and parity/fixtures ($(ls parity/fixtures | wc -l) files) match a fresh recording"
else
  rm -rf parity/fixtures
  cp -R "$work/parity/fixtures" parity/fixtures
  cp "$work/corpus.db.seed" corpus.db.seed
  echo "wrote corpus.db.seed ($(wc -l <corpus.db.seed) lines) and parity/fixtures ($(ls parity/fixtures | wc -l) files)"
fi
