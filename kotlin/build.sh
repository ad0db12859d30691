#!/usr/bin/env bash
# Builds the Kotlin flavor into kotlin/build/ (only what changed), or runs its tests.
#
#   kotlin/build.sh          # build/duet.jar (the framework), build/memorylane.jar (the app),
#                            # build/memorylane-runner and its class-data archive build/memorylane.jsa
#   kotlin/build.sh test     # also the test jars, then every module's JUnit 4 tests:
#                            # reports in build/test-results/<module>.xml, one summary line last
#
# DUET_KOTLIN_JAVA_OPTS adds JVM options to the test JVMs and to the runner (CI runs the suite and
# verify once more with "-Duser.language=tr -Duser.country=TR").
# Needs Debian's kotlin (kotlinc 1.3) and junit4 on a JDK; they are installed through apt when missing.
# This is the only build: there is no Gradle here (kotlin/README.md says how a Gradle module consumes it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/build"
stdlib=/usr/share/java/kotlin-stdlib.jar
reflect=/usr/share/java/kotlin-reflect.jar
junit=/usr/share/java/junit4.jar:/usr/share/java/hamcrest.jar

install_toolchain() {
  local missing=()
  command -v java >/dev/null 2>&1 || missing+=(default-jdk-headless)
  command -v kotlinc >/dev/null 2>&1 || missing+=(kotlin)
  [ "${1:-}" = test ] && [ ! -f /usr/share/java/junit4.jar ] && missing+=(junit4)
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

# compile JAR CLASSPATH SOURCE_DIR...: skipped when the jar is newer than every source and classpath jar.
compile() {
  local jar="$1" classpath="$2"
  shift 2
  if [ -f "$jar" ] && [ -z "$(find "$@" -name '*.kt' -newer "$jar" -print -quit)" ] \
     && { [ -z "$classpath" ] || [ -z "$(find ${classpath//:/ } -newer "$jar" -print -quit 2>/dev/null)" ]; }; then
    return
  fi
  echo "kotlin/build.sh: compiling $(basename "$jar")" >&2
  local log
  log="$(mktemp)"
  # kotlinc 1.3 on a newer JDK warns about its own JVM options; keep only what concerns our sources.
  if ! env -u JAVA_TOOL_OPTIONS kotlinc -Xno-param-assertions -Xno-call-assertions ${classpath:+-cp "$classpath"} \
       -d "${jar%.jar}.partial.jar" "$@" >"$log" 2>&1; then
    grep -v -e "^OpenJDK 64-Bit Server VM warning" "$log" >&2 || true
    rm -rf "$log" "${jar%.jar}.partial.jar"
    echo "kotlin/build.sh: compiling $(basename "$jar") failed" >&2
    exit 2
  fi
  grep -E "^[^ ].*\.kt:[0-9]+:[0-9]+: (warning|error)" "$log" >&2 || true
  rm -f "$log"
  mv "${jar%.jar}.partial.jar" "$jar"
}

# The runner's class-data-sharing archive: every class a session loads (the JDK's, the Kotlin
# standard library's, ours) with the JDK's archived heap (interned strings, the module graph),
# mapped at start-up instead of read, verified and linked from the jars. A static archive from the
# class list of a training session: a dynamic one (-XX:ArchiveClassesAtExit) would leave the module
# graph to be built at every start. Rebuilt when a jar or the launcher is newer. The launcher
# passes it only in this folder and when it is newer than the jars, and the JVM checks it again
# (the class path, the jars' sizes and times, the JDK's build) and starts without it when it does
# not match.
archive() {
  local jsa="$out/memorylane.jsa"
  if [ -f "$jsa" ] && [ -z "$(find "$out/duet.jar" "$out/memorylane.jar" "$out/memorylane-runner" -newer "$jsa" -print -quit)" ]; then return; fi
  echo "kotlin/build.sh: writing $(basename "$jsa")" >&2
  rm -f "$jsa"
  local training
  training="$(mktemp)"
  printf '{"op":"describe"}\n' >"$training"
  for feature in rootnav splash registration introduceyourself onboarding accept entercode mainnav timeline \
                 memorydetail capture shared sharepicker invitecode profile priming; do
    printf '{"op":"restore","feature":"%s","spine":{}}\n' "$feature" >>"$training"
  done
  printf '{"op":"exit"}\n' >>"$training"
  if ! DUET_KOTLIN_CDS="-XX:DumpLoadedClassList=$training.classes" DUET_KOTLIN_JAVA_OPTS= "$out/memorylane-runner" <"$training" >/dev/null 2>"$training.err" \
     || ! java -Xshare:dump -XX:SharedClassListFile="$training.classes" -XX:SharedArchiveFile="$jsa.partial" -cp "$(runner_classpath "$out")" \
          >"$training.err" 2>&1; then
    cat "$training.err" >&2
    echo "kotlin/build.sh: no class-data archive could be written; the runner starts without one" >&2
    rm -f "$jsa.partial"
  else
    mv "$jsa.partial" "$jsa"
  fi
  rm -f "$training" "$training.err" "$training.classes"
}

# The runner's class path from its folder, the same at the archive's dump and at every start
# (the JVM maps the archive only for the class path it was written for).
runner_classpath() { printf '%s' "$1/duet.jar:$1/memorylane.jar:$stdlib"; }

# The launcher is rewritten only when its text changes, so that the archive (which depends on its
# JVM options) is not rebuilt on every build.
write_runner() {
  local runner="$out/memorylane-runner"
  cat >"$runner.tmp" <<SH
#!/bin/sh
# Memory Lane's Kotlin runner: the replay protocol on stdin/stdout.
# DUET_KOTLIN_JAVA_OPTS: more JVM options. DUET_KOTLIN_CDS: "off", or JVM options replacing the archive's.
# No subshells or helper processes where the shell can do it: start-up is measured to the handshake.
case "\$0" in */*) dir="\${0%/*}" ;; *) dir=. ;; esac
cds="\${DUET_KOTLIN_CDS:-}"
# The archive only in the folder it was written for (this JDK maps it for that class path only) and
# when it is newer than both jars: one the JVM refuses costs the JDK's own archive as well.
archived_in='$(printf '%s' "$out" | sed "s/'/'\\\\''/g")'
case "\${dir#./}" in /*) here="\$dir" ;; .) here="\$PWD" ;; *) here="\$PWD/\${dir#./}" ;; esac
if [ -z "\$cds" ] && [ "\$here" = "\$archived_in" ] && [ -r "\$dir/memorylane.jsa" ] \\
   && [ ! "\$dir/duet.jar" -nt "\$dir/memorylane.jsa" ] && [ ! "\$dir/memorylane.jar" -nt "\$dir/memorylane.jsa" ]; then
  cds="-XX:SharedArchiveFile=\$dir/memorylane.jsa"
fi
[ "\$cds" = off ] && cds=""
# The handshake's "build": the runner's own jars hashed natively (the JVM would take longer than its
# whole start-up); the Kotlin standard library is platform, as the JDK is. Without sha256sum the
# runner hashes the same jars itself.
build="\$(cat "\$dir/duet.jar" "\$dir/memorylane.jar" 2>/dev/null | sha256sum 2>/dev/null)" || build=""
build="\${build%% *}"
# G1 (the JDK's default), not the serial collector: on this JDK the archived heap (the module graph,
# interned strings) maps only under G1: a third less CPU to the handshake. JVM log lines go to
# stderr: stdout carries the protocol only.
exec java \$cds -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr -XX:-UsePerfData -Xss8m \${DUET_KOTLIN_JAVA_OPTS:-} \\
  -Dduet.runnerBuild="\$build" -cp "$(runner_classpath '$dir')" dev.duet.memorylane.MemoryLaneRunnerKt
SH
  chmod +x "$runner.tmp"
  if cmp -s "$runner.tmp" "$runner"; then rm -f "$runner.tmp"; else mv "$runner.tmp" "$runner"; fi
}

# run_tests MODULE CLASSPATH: the module's JUnit 4 tests in their own JVM; false when one failed.
run_tests() {
  local module="$1" classpath="$2"
  mkdir -p "$out/test-results"
  # shellcheck disable=SC2086
  java -Xss8m ${DUET_KOTLIN_JAVA_OPTS:-} -Dduet.repository="$here/.." -Dduet.runner="$out/memorylane-runner" \
    -Dduet.frameworkJar="$out/duet.jar" -Dduet.appJar="$out/memorylane.jar" \
    -cp "$classpath" dev.duet.testlauncher.JUnitLauncherKt \
    --module "$module" --report "$out/test-results/$module.xml" "$out/$module-tests.jar"
}

# The totals of the JUnit XML reports, from each report's <testsuites …> line.
summary() {
  local tests=0 failures=0 errors=0 skipped=0 report head
  for report in "$out/test-results/duet.xml" "$out/test-results/memorylane.xml"; do
    head="$(grep -m1 -o '<testsuites [^>]*>' "$report" 2>/dev/null)" || { echo "kotlin/build.sh: no report $report" >&2; return 1; }
    attr() { printf '%s' "$head" | sed -nE "s/.* $1=\"([0-9]+)\".*/\1/p"; }
    tests=$((tests + $(attr tests))); failures=$((failures + $(attr failures)))
    errors=$((errors + $(attr errors))); skipped=$((skipped + $(attr skipped)))
  done
  echo "kotlin: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped (JUnit 4; reports in kotlin/build/test-results)"
  [ $((failures + errors)) -eq 0 ]
}

install_toolchain "${1:-}"
mkdir -p "$out"
compile "$out/duet.jar" "" "$here/duet/src/main/kotlin"
compile "$out/memorylane.jar" "$out/duet.jar" "$here/memorylane/src/main/kotlin"
write_runner
archive

if [ "${1:-}" = "test" ]; then
  compile "$out/test-launcher.jar" "$junit" "$here/test-launcher/src/main/kotlin"
  compile "$out/duet-tests.jar" "$out/duet.jar:$junit" "$here/duet/src/test/kotlin"
  compile "$out/memorylane-tests.jar" "$out/duet.jar:$out/memorylane.jar:$out/duet-tests.jar:$junit:$reflect" "$here/memorylane/src/test/kotlin"
  rm -f "$out/test-results/"*.xml
  status=0
  run_tests duet "$out/test-launcher.jar:$out/duet-tests.jar:$out/duet.jar:$stdlib:$junit" || status=1
  run_tests memorylane "$out/test-launcher.jar:$out/memorylane-tests.jar:$out/duet-tests.jar:$out/duet.jar:$out/memorylane.jar:$stdlib:$reflect:$junit" || status=1
  summary || status=1
  exit "$status"
fi
