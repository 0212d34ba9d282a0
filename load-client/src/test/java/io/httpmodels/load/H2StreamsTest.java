package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

class H2StreamsTest {

    @Test
    void streamsClosedInAnyOrderLeaveTheOthersFound() {
        H2Streams streams = new H2Streams(100);
        Random random = new Random(47);
        List<Integer> open = new ArrayList<>();
        int next = 1;
        for (int round = 0; round < 20_000; round++) {
            if (open.size() < 100 && (open.isEmpty() || random.nextBoolean())) {
                streams.open(next, next * 10L, next * 100L);
                open.add(next);
                next += 2;
            } else {
                int id = open.remove(random.nextInt(open.size()));
                int slot = streams.find(id);
                assertEquals(id * 10L, streams.sentNanos(slot));
                assertEquals(id * 100L, streams.intendedNanos(slot));
                streams.close(slot);
                assertEquals(-1, streams.find(id));
            }
            assertEquals(open.size(), streams.size());
        }
        for (int id : open) {
            assertEquals(id * 10L, streams.sentNanos(streams.find(id)));
        }
    }

    @Test
    void noMoreThanTheLimitOpen() {
        H2Streams streams = new H2Streams(2);
        streams.open(1, 0, 0);
        streams.open(3, 0, 0);
        assertThrows(IllegalStateException.class, () -> streams.open(5, 0, 0));
    }
}
