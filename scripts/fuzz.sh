#!/usr/bin/env bash
# Fuzzing with Jazzer: scripts/fuzz.sh [SECONDS] [FILTER]
# Runs each @FuzzTest target in fuzzing mode (JAZZER_FUZZ=1, coverage instrumentation on) for SECONDS (default 30),
# one Maven run per target, and fails on the first finding. FILTER (a substring of "Class#method") picks targets.
# What a run keeps: the growing corpus in <module>/.cifuzz-corpus/<class>/<method>/ (git-ignored) and a finding in
# <module>/crash-<sha1>; a finding becomes a corpus file (finding-<what>) under
# <module>/src/test/resources/<package>/<Class>Inputs/<method>/ and a named test (docs/fuzzing.md).
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

status=0
for target in "${targets[@]}"; do
    module="${target%% *}"
    test="${target#* }"
    if [ -n "$filter" ] && [[ "$test" != *"$filter"* ]]; then continue; fi
    log="$module/target/fuzz-${test##*.}.log"
    printf '== fuzzing %s for %s s\n' "$test" "$seconds"
    mkdir -p "$module/target"
    # The reactor build (-am, through verify) resolves the modules a target needs; only the target's test runs.
    if JAZZER_FUZZ=1 mvn -B -ntp -pl "$module" -am verify -Dspotless.check.skip=true -Dtest="$test" \
        -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.hooks=true -Djazzer.max_duration="${seconds}s" >"$log" 2>&1; then
        grep -E '^#[0-9]+[[:space:]]+DONE|^Done [0-9]+ runs' "$log" | tail -2 || true
    else
        status=1
        echo "FINDING (or failure) in $test; its log: $log"
        grep -E 'FuzzTestFinding|Caused by|Test unit written|artifact_prefix|disagree|blocking:|netty: ' "$log" | head -20 || true
    fi
done
exit "$status"
