package io.httpmodels.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.httpmodels.harness.results.CellResult;
import io.httpmodels.harness.results.Handshakes;
import io.httpmodels.harness.results.Results;
import io.httpmodels.harness.results.ResultsJson;
import io.httpmodels.harness.results.Scenario;
import io.httpmodels.harness.results.Summary;
import io.httpmodels.harness.results.TlsMode;

import java.util.ArrayList;
import java.util.List;

/**
 * The sample run with a TLS scenario after its keep-alive one: the same figures as {@link SampleResults#C40}'s,
 * under a new connection per request with full handshakes, each row with handshakes whose server CPU per handshake
 * is {@code 400 + its row's index} µs.
 */
public final class TlsResults {

    public static final Scenario FULL =
            Scenario.closedLoop("/plaintext", 0, false, 40, 1).overTls(TlsMode.FULL);

    private TlsResults() {}

    /** A row's handshakes: 1,000 a second, a fifth resumed, {@code 400 + index} µs of server CPU each. */
    public static Handshakes handshakes(int index) {
        return new Handshakes("1.3", 5_000, 1_000, 1_000.0, 900L, 2_400L, 400.0 + index);
    }

    public static Results run() {
        Results plain = SampleResults.onlyScenarios(SampleResults.run(), SampleResults.C40);
        ObjectMapper mapper = ResultsJson.mapper();
        List<CellResult> cells = new ArrayList<>(plain.cells());
        List<Summary> summaries = new ArrayList<>(plain.summaries());
        int index = 0;
        for (Summary s : plain.summaries()) {
            ObjectNode tree = mapper.valueToTree(s);
            tree.put("scenarioId", FULL.id());
            summaries.add(mapper.convertValue(tree, Summary.class).withHandshakes(handshakes(index++)));
        }
        index = 0;
        for (CellResult c : plain.cells()) {
            ObjectNode tree = mapper.valueToTree(c);
            tree.put("scenarioId", FULL.id());
            cells.add(mapper.convertValue(tree, CellResult.class).withHandshakes(handshakes(index++)));
        }
        return new Results(
                plain.run(),
                plain.conditions(),
                plain.targets(),
                List.of(SampleResults.C40, FULL),
                cells,
                summaries,
                List.of());
    }
}
