package io.httpmodels.harness.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.List;

class RegressCellTest {

    @Test
    void aSpecNamesModelConnectionsPipelineWorkAndKeepAlive() {
        RegressCell c = RegressCell.parse("netty:c256:p16");
        assertEquals("netty", c.model());
        assertEquals(256, c.scenario().shape().connections());
        assertEquals(16, c.scenario().shape().pipeline());
        assertEquals(0, c.scenario().workMillis());
        assertTrue(c.scenario().shape().keepAlive());
        assertEquals("netty/plaintext-c256-ka-p16-w0", c.id());

        RegressCell w = RegressCell.parse("virtual-threads:c40:w1:close");
        assertEquals(1, w.scenario().workMillis());
        assertFalse(w.scenario().shape().keepAlive());
        assertEquals("/plaintext", w.scenario().route());
    }

    @Test
    void theDefaultIsEveryModelAtFortyKeepAliveConnectionsAndOnePipelinedCell() {
        List<RegressCell> cells = RegressCell.parseAll(RegressCell.DEFAULT_SPECS, null);
        assertEquals(6, cells.size());
        assertEquals(
                5,
                cells.stream()
                        .filter(c -> c.scenario().shape().pipeline() == 1
                                && c.scenario().shape().connections() == 40)
                        .count());
        assertEquals(
                1,
                cells.stream().filter(c -> c.scenario().shape().pipeline() > 1).count());
    }

    @Test
    void modelsFilterTheCells() {
        List<RegressCell> cells = RegressCell.parseAll(RegressCell.DEFAULT_SPECS, List.of("netty"));
        assertEquals(
                List.of("netty/plaintext-c40-ka-w0", "netty/plaintext-c256-ka-p16-w0"),
                cells.stream().map(RegressCell::id).toList());
        assertThrows(
                IllegalArgumentException.class,
                () -> RegressCell.parseAll(RegressCell.DEFAULT_SPECS, List.of("nothing")));
    }

    @Test
    void malformedSpecsSayWhatIsWrong() {
        assertEquals(
                "cell 'netty:p16' says no connection count (cN)",
                assertThrows(IllegalArgumentException.class, () -> RegressCell.parse("netty:p16"))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RegressCell.parse("netty"))
                .getMessage()
                .startsWith("a cell is MODEL:cN"));
        assertThrows(IllegalArgumentException.class, () -> RegressCell.parse("netty:cx"));
        assertThrows(IllegalArgumentException.class, () -> RegressCell.parse("netty:c40:z3"));
    }
}
