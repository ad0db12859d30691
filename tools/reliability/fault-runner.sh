#!/bin/sh
# A runner that misbehaves on purpose, for the reliability drivers: it runs a real runner and
# injects one fault into what it answers.
#
#   fault-runner.sh FAULT N RUNNER [ARGS…]
#
#   crash          answer N requests, then exit 70
#   hang           never send the handshake
#   garbage        answer N requests, then write a line that is not JSON
#   wrong-version  hand-shake as duet-replay version 2
#   huge-line      answer N requests, then write 70 MB without a newline
#   stall          answer N requests, then stop answering (the process stays)
#   none           pass everything through (the control)
set -u
fault=$1; after=$2; shift 2
case $fault in
  hang) exec sleep 100000 ;;
  wrong-version)
    printf '%s\n' '{"features":[],"platform":"fault","protocol":"duet-replay","version":2}'
    exec cat >/dev/null ;;
esac
"$@" | {
  IFS= read -r handshake || exit 1
  printf '%s\n' "$handshake"
  answered=0
  while IFS= read -r line; do
    if [ "$fault" != none ] && [ "$answered" -ge "$after" ]; then
      case $fault in
        crash) exit 70 ;;
        garbage) printf 'a debug print where an answer belongs\n' ;;
        huge-line) head -c 70000000 /dev/zero | tr '\0' x; exec sleep 100000 ;;
        stall) exec sleep 100000 ;;
      esac
    fi
    printf '%s\n' "$line"
    answered=$((answered + 1))
  done
}
