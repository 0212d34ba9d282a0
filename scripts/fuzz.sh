#!/usr/bin/env bash
# Fuzzing with Jazzer: scripts/fuzz.sh [SECONDS] [FILTER]
# Runs each @FuzzTest target in fuzzing mode (JAZZER_FUZZ=1, coverage instrumentation on) for SECONDS (default 30),
# and fails if any of them finds something. FILTER (a substring of "Class#method") picks targets.
# One Maven build for them all (classes, test classes, and each module's test class path with JUnit's console
# launcher on it: the pom's 'fuzz' profile), then one JVM per target, as Jazzer fuzzes one target per JVM, started
# as surefire starts a test JVM: in the module's folder, with the parent pom's surefire argLine.
# What a run keeps: the growing corpus in <module>/.cifuzz-corpus/<class>/<method>/ (git-ignored) and a finding as
# crash-<sha1> in the target's folder under <module>/src/test/resources/<package>/<Class>Inputs/<method>/, which
# becomes a corpus file (finding-<what>) there and a named test (docs/fuzzing.md). Each target's log:
# <module>/target/fuzz-<Class>#<method>.log; the build's: target/fuzz-build.log.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
cd "$HTTPMODELS_ROOT"

seconds="${1:-30}"
filter="${2:-}"
targets=(
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#anyBytesInAnyPiecesEndInARequestACleanEndOrARejection"
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#validPipelinedRequestsSurviveAnySplitIntoReads"
    "server-api io.httpmodels.server.http.HttpRequestReaderFuzzTest#aChunkedBodyIsDecodedAsTheGrammarSays"
    "server-api io.httpmodels.server.http.ChunkExtensionSyntaxFuzzTest#anExtensionIsAcceptedExactlyWhenTheGrammarSaysSo"
    "server-api io.httpmodels.server.http.HostFieldFuzzTest#aHostIsValidExactlyWhenTheGrammarSaysSo"
    "servers-netty io.httpmodels.server.netty.NettyPipelineFuzzTest#anyBytesInAnyPiecesAreAnsweredWithAStatusAndLeakNothing"
    "servers-netty io.httpmodels.server.netty.CodecDifferentialFuzzTest#theBlockingAndNettyCodecsAgreeOnEveryRequest"
    "load-client io.httpmodels.load.ResponseParserFuzzTest#anyBytesInAnyPiecesAreCountedOrFlaggedMalformedWithoutAllocating"
    "load-client io.httpmodels.load.ResponseParserFuzzTest#validPipelinedResponsesSurviveAnySplit"
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
    '-Djazzer.instrument=io.httpmodels.**,io.netty.handler.codec.**' "-Djazzer.max_duration=${seconds}s")

status=0
for target in "${selected[@]}"; do
    module="${target%% *}"
    test="${target#* }"
    log="$module/target/fuzz-${test##*.}.log"
    printf '== fuzzing %s for %s s\n' "$test" "$seconds"
    if (cd "$module" && JAZZER_FUZZ=1 "$java_bin" "${jvm_flags[@]}" \
        -cp "target/test-classes:target/classes:$(cat target/fuzz.classpath)" \
        org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=summary --fail-if-no-tests \
        --select-method "$test(byte[])") >"$log" 2>&1; then
        grep -aE '^#[0-9]+[[:space:]]+DONE|^Done [0-9]+ runs' "$log" | tail -2 || true
    else
        status=1
        echo "FINDING (or failure) in $test; its log: $log"
        grep -aE 'FuzzTestFinding|Caused by|Test unit written|artifact_prefix|disagree|blocking:|netty: ' "$log" \
            | head -20 || true
    fi
done
exit "$status"
