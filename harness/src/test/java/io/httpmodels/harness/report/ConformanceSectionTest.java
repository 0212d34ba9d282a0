package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.httpmodels.harness.conformance.ConformanceMatrix;
import io.httpmodels.harness.conformance.SampleMatrix;
import io.httpmodels.harness.results.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

/** The reports' Conformance section: the bundled matrix narrowed to the run's models. */
class ConformanceSectionTest {

    private static final Results RUN = SampleResults.run(); // single-thread ... netty, and nginx

    @Test
    void theSectionHasTheRunsModelsAndNamesThoseWithNoRecord() {
        ConformanceSection section = ConformanceSection.of(RUN, Optional.of(SampleMatrix.matrix()));

        assertEquals(
                List.of("netty (epoll)", "netty (nio)", "single-thread"),
                section.matrix().models());
        assertEquals(List.of("thread-per-connection", "fixed-pool", "virtual-threads"), section.unrecorded());
        assertEquals(
                "No conformance record of thread-per-connection, fixed-pool, virtual-threads (their kits did not run).",
                section.unrecordedSentence());
    }

    @Test
    void theMarkdownReportEndsWithTheSectionLabelledWithItsDateAndCommit() {
        String md = MarkdownReport.render(RUN, Optional.of(SampleMatrix.matrix()));
        String section = md.substring(md.indexOf("\n## Conformance\n"));
        assertTrue(section.contains("As recorded by the kits on 2026-12-04T15:00:00Z at commit cdeaa9a01234"), section);
        assertTrue(section.contains("### Security-relevant deviations\n\nNone among these models."), section);
        assertTrue(section.contains("| jsonAnswersTheSerialisedMessage | pass | pass | — |"), section);
        assertFalse(section.contains("vertx"), "a model not in the run stays out: " + section);
    }

    @Test
    void theHtmlReportListsSecurityFirstThenEveryRule() {
        Results withVertx = SampleResults.run();
        ConformanceMatrix matrix = SampleMatrix.matrix();
        // The run's models are the sample's; vertx is brought in by narrowing the section by hand.
        ConformanceSection section = new ConformanceSection(matrix.forModels(List.of("vertx")), List.of());
        String html = section.html();
        int security = html.indexOf("conformance-security");
        int rules = html.indexOf("conformance-rules");
        assertTrue(security > 0 && security < rules, html);
        assertTrue(html.contains("<td>request smuggling</td><td>vertx</td>"), html);
        assertTrue(html.contains("<td>✗ waits for the head as long as bytes arrive</td>"), html);
        assertTrue(HtmlReport.render(withVertx, Optional.of(matrix)).contains("<section id=\"conformance\">"));
    }

    @Test
    void theHtmlReportShowsTheHttp2KitsWithAnAttacksFiguresInItsSecurityRow() {
        ConformanceMatrix http2 = ConformanceMatrix.of(SampleMatrix.withHttp2(), "t", null);
        ConformanceSection section =
                new ConformanceSection(http2.forModels(List.of("helidon", "single-thread")), List.of());
        String html = section.html();
        assertTrue(html.contains("<td>an HTTP/2 denial of service</td><td>helidon</td><td>Http2AttackKit</td>"), html);
        assertTrue(html.contains("<th>measured</th>"), html);
        assertTrue(html.contains("<td>" + SampleMatrix.BOMB_FIGURES + "</td>"), html);
        assertTrue(html.contains("<summary>Http2ConformanceKit: every rule</summary>"), html);
        assertTrue(html.contains("<td>not run: speaks HTTP/1.1 only</td>"), html);
    }

    @Test
    void withoutABundledMatrixTheSectionSaysSo() {
        String md = MarkdownReport.render(RUN, Optional.empty());
        assertTrue(md.contains("## Conformance\n\nThis build carries no conformance matrix"), md);
        String html = HtmlReport.render(RUN, Optional.empty());
        assertTrue(html.contains("This build carries no conformance matrix"), "html");
    }
}
