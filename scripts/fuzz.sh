#!/usr/bin/env bash
# Fuzzing with Jazzer: scripts/fuzz.sh [SECONDS] [FILTER]
# Runs each @FuzzTest target in fuzzing mode (JAZZER_FUZZ=1, coverage instrumentation on) and fails if any of them
# finds something. FILTER (a substring of "Class#method") picks targets. SECONDS runs every target that long (the
# nightly run: 300); without it, or with 0, each runs its own time, what .ci/run gives it: about as long as the
# target's coverage grew from the committed corpus in a 60 s run (docs/fuzzing.md): 10 s where every edge was found
# within 3 s, 20 s for the chunked body, 30 s for the targets still finding edges at 60 s (the nightly run's
# longer fuzzing is theirs).
# One Maven build for them all (classes, test classes, and each module's test class path with JUnit's console
# launcher on it: the pom's 'fuzz' profile), then one JVM per target, as Jazzer fuzzes one target per JVM, started
# as surefire starts a test JVM: in the module's folder, with the parent pom's surefire argLine. As many targets run
# side by side as there are cores (FUZZ_JOBS=N says otherwise).
# What a run keeps: the growing corpus in <module>/.cifuzz-corpus/<class>/<method>/ (git-ignored) and a finding as
# crash-<sha1> in the target's folder under <module>/src/test/resources/<package>/<Class>Inputs/<method>/, which
# becomes a corpus file (finding-<what>) there and a named test (docs/fuzzing.md). Each target's log:
# <module>/target/fuzz-<Class>#<method>.log; the build's: target/fuzz-build.log.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
cd "$HTTPMODELS_ROOT"

seconds="${1:-0}"
filter="${2:-}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "error: SECONDS must be a whole number, was '$seconds'" >&2; exit 2; }
# module, test, and the seconds .ci/run gives it
targets=(
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#anyBytesInAnyPiecesEndInARequestACleanEndOrARejection 30"
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#validPipelinedRequestsSurviveAnySplitIntoReads 10"
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#aChunkedBodyIsDecodedAsTheGrammarSays 20"
    "server-api io.httpmodels.server.http.ChunkExtensionSyntaxFuzzTest#anExtensionIsAcceptedExactlyWhenTheGrammarSaysSo 10"
    "server-api io.httpmodels.server.http.HostFieldFuzzTest#aHostIsValidExactlyWhenTheGrammarSaysSo 10"
    "servers-netty io.httpmodels.server.netty.NettyPipelineFuzzTest#anyBytesInAnyPiecesAreAnsweredWithAStatusAndLeakNothing 30"
    "servers-netty io.httpmodels.server.netty.CodecDifferentialFuzzTest#theBlockingAndNettyCodecsAgreeOnEveryRequest 30"
    "load-client io.httpmodels.load.ResponseParserFuzzTest#anyBytesInAnyPiecesAreCountedOrFlaggedMalformedWithoutAllocating 30"
    "load-client io.httpmodels.load.ResponseParserFuzzTest#validPipelinedResponsesSurviveAnySplit 10"
)

selected=()
modules=""
for target in "${targets[@]}"; do
    if [ -n "$filter" ] && [[ "${target#* }" != *"$filter"* ]]; then continue; fi
    selected+=("$target")
    case ",$modules," in *",${target%% *},"*) ;; *) modules="${modules:+$modules,}${target%% *}" ;; esac
done
if [ ${#selected[@]} -eq 0 ]; then
    echo "error: no fuzz target matches '$filter'" >&2
    exit 1
fi

java_bin="$(httpmodels_find_java)"
mkdir -p target
printf '== building %s\n' "$modules"
if ! mvn -B -ntp -Pfuzz -pl "$modules" -am test-compile dependency:build-classpath -Dspotless.check.skip=true \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/fuzz.classpath >target/fuzz-build.log 2>&1; then
    tail -40 target/fuzz-build.log
    echo "the build failed; its log: target/fuzz-build.log"
    exit 1
fi

# The parent pom's surefire argLine, with Jazzer's hooks (its coverage instrumentation) on, over our classes and
# Netty's codecs: left to itself, Jazzer instruments the packages of the class path's folders (ours) and no jar, so
# Netty's decoder, half of what the differential target compares, would guide nothing.
jvm_flags=(-Xss512k -XX:+EnableDynamicAgentLoading --enable-native-access=ALL-UNNAMED -Xshare:off -Djazzer.hooks=true
    '-Djazzer.instrument=io.httpmodels.**,io.netty.handler.codec.**')

# One target per core at a time (FUZZ_JOBS overrides): Jazzer fuzzes on one thread, so two targets side by side on
# two cores each get the executions they would get alone, in half the wall time. The longest start first.
jobs="${FUZZ_JOBS:-$(nproc)}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "error: FUZZ_JOBS must be a positive whole number, was '$jobs'" >&2; exit 2; }
mapfile -t selected < <(printf '%s\n' "${selected[@]}" | sort -t' ' -k3,3nr)

# Fuzzes one target; its exit status says whether it found something. Prints its result when it ends.
fuzz_one() {
    local module="${1%% *}" test_and_time="${1#* }" test for_seconds log
    test="${test_and_time% *}"
    for_seconds="$seconds"
    [ "$for_seconds" -gt 0 ] || for_seconds="${test_and_time##* }"
    log="$module/target/fuzz-${test##*.}.log"
    printf '== fuzzing %s for %s s\n' "$test" "$for_seconds"
    if (cd "$module" && JAZZER_FUZZ=1 "$java_bin" "${jvm_flags[@]}" "-Djazzer.max_duration=${for_seconds}s" \
        -cp "target/test-classes:target/classes:$(cat target/fuzz.classpath)" \
        org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=summary --fail-if-no-tests \
        --select-method "$test(byte[])") >"$log" 2>&1; then
        printf '== %s: %s\n' "$test" "$(grep -aE '^#[0-9]+[[:space:]]+DONE|^Done [0-9]+ runs' "$log" | tail -2 \
            | tr '\n' ' ')"
    else
        echo "FINDING (or failure) in $test; its log: $log"
        grep -aE 'FuzzTestFinding|Caused by|Test unit written|artifact_prefix|disagree|blocking:|netty: ' "$log" \
            | head -20 || true
        return 1
    fi
}

status=0
running=0
for target in "${selected[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
    fuzz_one "$target" &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done
exit "$status"
