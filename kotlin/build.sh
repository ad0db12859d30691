#!/usr/bin/env bash
# Builds the Kotlin flavor into kotlin/build/ (only what changed), or runs its tests.
#
#   kotlin/build.sh          # build/duet.jar, build/memorylane.jar, build/memorylane-runner
#   kotlin/build.sh test     # also build/tests.jar, then run the Kotlin tests
#
# Needs Debian's kotlin (kotlinc 1.3) on a JDK; both are installed through apt when missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"
stdlib=/usr/share/java/kotlin-stdlib.jar
reflect=/usr/share/java/kotlin-reflect.jar

install_toolchain() {
  local missing=()
  command -v java >/dev/null 2>&1 || missing+=(default-jdk-headless)
  command -v kotlinc >/dev/null 2>&1 || missing+=(kotlin)
  [ ${#missing[@]} -eq 0 ] && return
  echo "kotlin/build.sh: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "kotlin/build.sh: ${missing[*]} missing; run as root or: apt-get install -y ${missing[*]}" >&2
    exit 3
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
}

# compile JAR SOURCE_DIR [CLASSPATH]: skipped when the jar is newer than every source.
compile() {
  local jar="$1" sources="$2" classpath="${3:-}"
  if [ -f "$jar" ] && [ -z "$(find "$sources" -name '*.kt' -newer "$jar" -print -quit)" ] \
     && { [ -z "$classpath" ] || [ -z "$(find ${classpath//:/ } -newer "$jar" -print -quit 2>/dev/null)" ]; }; then
    return
  fi
  echo "kotlin/build.sh: compiling $(basename "$jar")" >&2
  local log
  log="$(mktemp)"
  # kotlinc 1.3 on a newer JDK warns about its own JVM options; keep only what concerns our sources.
  if ! kotlinc -Xno-param-assertions -Xno-call-assertions ${classpath:+-cp "$classpath"} -d "${jar%.jar}.partial.jar" "$sources" >"$log" 2>&1; then
    grep -v -e "^OpenJDK 64-Bit Server VM warning" "$log" >&2 || true
    rm -rf "$log" "${jar%.jar}.partial.jar"
    echo "kotlin/build.sh: compiling $(basename "$jar") failed" >&2
    exit 2
  fi
  grep -E "^[^ ].*\.kt:[0-9]+:[0-9]+: (warning|error)" "$log" >&2 || true
  rm -f "$log"
  mv "${jar%.jar}.partial.jar" "$jar"
}

install_toolchain
mkdir -p "$out"
compile "$out/duet.jar" "$here/src/duet"
compile "$out/memorylane.jar" "$here/src/memorylane" "$out/duet.jar"

runner="$out/memorylane-runner"
cat >"$runner.tmp" <<SH
#!/bin/sh
# Memory Lane's Kotlin runner: the replay protocol on stdin/stdout.
dir="\$(cd "\$(dirname "\$0")" && pwd)"
exec java -XX:+UseSerialGC -Xss8m -cp "\$dir/duet.jar:\$dir/memorylane.jar:$stdlib" memorylane.MemoryLaneKt
SH
chmod +x "$runner.tmp"
mv "$runner.tmp" "$runner"

if [ "${1:-}" = "test" ]; then
  compile "$out/tests.jar" "$here/test" "$out/duet.jar:$out/memorylane.jar:$reflect"
  exec java -cp "$out/tests.jar:$out/duet.jar:$out/memorylane.jar:$stdlib:$reflect" duet.test.TestMainKt "$here"
fi
