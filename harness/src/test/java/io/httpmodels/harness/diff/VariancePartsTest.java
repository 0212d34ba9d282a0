package io.httpmodels.harness.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

class VariancePartsTest {

    @Test
    void forksThatDifferOnlyFromEachOtherHaveNoWithinPart() {
        double[] parts = VarianceParts.anova(List.of(new double[] {1, 1, 1}, new double[] {3, 3, 3}));
        assertEquals(0.0, parts[0], 1e-12);
        assertEquals(Math.sqrt(2), parts[1], 1e-12, "the standard deviation of the means 1 and 3");
    }

    @Test
    void windowsThatDifferOnlyWithinTheirForksHaveNoBetweenPart() {
        double[] parts = VarianceParts.anova(List.of(new double[] {1, 3}, new double[] {1, 3}, new double[] {3, 1}));
        assertEquals(Math.sqrt(2), parts[0], 1e-12);
        assertEquals(0.0, parts[1], 1e-12);
    }

    @Test
    void bothPartsAreRecoveredFromDataOfKnownSpread() {
        Random random = new Random(3);
        double betweenSum = 0;
        double withinSum = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            List<double[]> groups = new ArrayList<>();
            for (int f = 0; f < 6; f++) {
                double jvm = 0.10 * random.nextGaussian();
                double[] windows = new double[4];
                for (int w = 0; w < windows.length; w++) {
                    windows[w] = jvm + 0.03 * random.nextGaussian();
                }
                groups.add(windows);
            }
            double[] parts = VarianceParts.anova(groups);
            withinSum += parts[0];
            betweenSum += parts[1];
        }
        assertEquals(0.03, withinSum / trials, 0.003);
        assertTrue(Math.abs(betweenSum / trials - 0.10) < 0.015, "between " + betweenSum / trials);
    }
}
