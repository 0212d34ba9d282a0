package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

/** {@link Connection}'s ring of send times, at the pipeline depths whose ring sizes differ. */
class ConnectionTest {

    private static Connection connection(int pipeline) {
        return new Connection(
                0, new ResponseParser(new long[ResponseParser.STATUS_CODES]), ByteBuffer.allocate(8), pipeline);
    }

    @Test
    void theRingKeepsAsManySendTimesAsThePipelineIsDeepOldestFirst() {
        for (int pipeline : new int[] {1, 2, 3, 4, 5, 16, 17}) {
            Connection c = connection(pipeline);
            // Wrap the ring several times: push up to the depth, pop half, push again.
            long next = 0;
            long expectedOldest = 0;
            for (int round = 0; round < 5; round++) {
                while (c.pending() < pipeline) {
                    c.push(next * 10, next * 10 + 1);
                    next++;
                }
                assertEquals(pipeline, c.pending());
                for (int k = 0; k < (pipeline + 1) / 2; k++) {
                    assertEquals(expectedOldest * 10, c.oldestSentNanos(), "pipeline " + pipeline);
                    assertEquals(expectedOldest * 10 + 1, c.oldestIntendedNanos());
                    c.pop();
                    expectedOldest++;
                }
            }
            c.clearPending();
            assertEquals(0, c.pending());
            c.push(7, 8);
            assertEquals(7, c.oldestSentNanos(), "cleared: the next push is the oldest");
        }
    }

    @Test
    void pendingSinceCountsTheRequestsMeantForTheRecordingOnly() {
        Connection c = connection(8);
        for (long intended : new long[] {5, 10, 15, 20}) {
            c.push(intended, intended);
        }
        assertEquals(4, c.pendingSince(5));
        assertEquals(3, c.pendingSince(6));
        assertEquals(1, c.pendingSince(20));
        assertEquals(0, c.pendingSince(21));
        c.pop();
        assertEquals(3, c.pendingSince(0));
    }

    @Test
    void eachConnectionHasItsOwnViewOfTheRequests() {
        ByteBuffer requests = ByteBuffer.wrap(new byte[] {1, 2, 3, 4});
        Connection a = new Connection(0, new ResponseParser(new long[ResponseParser.STATUS_CODES]), requests, 1);
        Connection b = new Connection(1, new ResponseParser(new long[ResponseParser.STATUS_CODES]), requests, 1);
        a.out.position(3);
        assertEquals(0, b.out.position());
        assertEquals(Connection.State.CLOSED, a.state);
        assertEquals(1, b.index);
    }
}
