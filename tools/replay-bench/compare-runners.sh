#!/usr/bin/env bash
# Two builds of Memory Lane's runner side by side, every measure taken in turns within one run so
# that both see the same machine load: runner instructions per request (callgrind), pipelined
# protocol steps/s, `duet verify` wall time at 100k steps, and `verify` and `record --check` on
# the reference corpus. The driver (replay-bench, duet) is the second build's.
#
#   tools/replay-bench/compare-runners.sh NAME_A BIN_A NAME_B BIN_B [--steps 100000] [--rounds 3] [--callgrind 20000]
#
# BIN_*: a release bin folder holding memorylane-runner (BIN_B also replay-bench and duet), e.g.
#   (cd /tmp/with && swift build -c release --product memorylane-runner)   # a copy with the change undone
#   swift build -c release --scratch-path /tmp/build-rel                     # this tree
#   tools/replay-bench/compare-runners.sh writers /tmp/with/.build/release plain /tmp/build-rel/release
set -euo pipefail
cd "$(dirname "$0")/../.."
name_a=$1 bin_a=$(cd "$2" && pwd) name_b=$3 bin_b=$(cd "$4" && pwd)
shift 4
steps=100000 rounds=3 calls=20000
while [ $# -gt 0 ]; do
  case $1 in
    --steps) steps=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --callgrind) calls=$2; shift 2 ;;
    *) echo "compare-runners: unknown option $1" >&2; exit 2 ;;
  esac
done
for bin in "$bin_a" "$bin_b"; do [ -x "$bin/memorylane-runner" ] || { echo "no $bin/memorylane-runner" >&2; exit 2; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "compare-runners: $name_a = $bin_a, $name_b = $bin_b; load $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. Instructions per request: the same request lines through each runner under callgrind, less
#    the instructions of a runner that answers nothing (start-up, handshake, exit). The answers
#    must be byte-identical.
"$bin_b/replay-bench" --steps "$calls" --write-requests "$work/requests.jsonl" >/dev/null
requests=$(wc -l <"$work/requests.jsonl")
instructions() {  # runner input → instructions valgrind collected
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" <"$2" 2>&1 >"$3" | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
: >"$work/empty"
for side in a b; do
  bin=$([ $side = a ] && echo "$bin_a" || echo "$bin_b")
  total=$(instructions "$bin/memorylane-runner" "$work/requests.jsonl" "$work/answers-$side")
  idle=$(instructions "$bin/memorylane-runner" "$work/empty" /dev/null)
  eval "per_$side=$(( (total - idle) / requests ))"
done
cmp -s "$work/answers-a" "$work/answers-b" && same="byte-identical" || same="DIFFERENT"
echo "instructions per request ($requests requests, answers $same): $name_a $per_a, $name_b $per_b ($(awk "BEGIN { printf \"%.3f\", $per_a / $per_b }")x)"

# 2. Pipelined protocol steps/s (replay-bench --compare: warm pass, then a timed one, in turns).
"$bin_b/replay-bench" --steps "$steps" --compare "$name_a=$bin_a/memorylane-runner" "$name_b=$bin_b/memorylane-runner" --rounds "$rounds" \
  | grep -E "^compare (median|$name_a /)"

# 3. `duet verify` wall time over the same fixtures as files, in a tree of their own.
mkdir -p "$work/tree/parity"
"$bin_b/replay-bench" --steps "$steps" --write-fixtures "$work/tree/parity/fixtures" >/dev/null
cp parity/manifest.yaml "$work/tree/parity/"
ln -s "$PWD/Sources" "$work/tree/Sources"
verify() { (cd "$work/tree" && "$bin_b/duet" --corpus corpus.db verify --runner "$1/memorylane-runner" >"$work/verify.log" 2>&1) || true
           grep -q "0 failed" "$work/verify.log" || { cat "$work/verify.log"; echo "verify failed" >&2; exit 1; }; }
verify "$bin_b"   # the first verify imports the tree; not timed
timed() {  # command… → "wall s (cpu s)": wall clock, and user + system time of the command and its children
  local TIMEFORMAT='%R %U %S' spent
  if ! spent=$( { time "$@" >/dev/null 2>"$work/step.err"; } 2>&1 ); then cat "$work/step.err" >&2; exit 1; fi
  awk -v t="$spent" 'BEGIN { split(t, p, " "); printf "%.2f s (cpu %.2f s)", p[1], p[2] + p[3] }'
}
for round in $(seq "$rounds"); do
  a=$(timed verify "$bin_a"); b=$(timed verify "$bin_b")
  echo "duet verify, $steps steps, round $round: $name_a $a, $name_b $b"
done

# 4. The reference corpus: verify (175 fixtures) and record --check, in a copy of the tree.
mkdir -p "$work/ref"
cp -R parity "$work/ref/"
ln -s "$PWD/Sources" "$work/ref/Sources"
ref_verify() { (cd "$work/ref" && "$bin_b/duet" --corpus corpus.db verify --runner "$1/memorylane-runner" >/dev/null 2>&1) || true; }
ref_check() { (cd "$work/ref" && "$bin_b/duet" --corpus corpus.db record --check --runner "$1/memorylane-runner" >"$work/check.log" 2>&1) \
              || { cat "$work/check.log"; echo "record --check failed" >&2; exit 1; }; }
ref_verify "$bin_b"
for round in $(seq "$rounds"); do
  a=$(timed ref_verify "$bin_a"); b=$(timed ref_verify "$bin_b")
  c=$(timed ref_check "$bin_a"); d=$(timed ref_check "$bin_b")
  echo "reference corpus, round $round: verify $name_a $a, $name_b $b; record --check $name_a $c, $name_b $d"
done
echo "compare-runners: done; load $(cut -d' ' -f1-3 /proc/loadavg)"
