package io.httpmodels.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void criticalValuesAreThoseOfTheTables() {
        // Two-sided 95 % critical values, as printed in every table of Student's t.
        assertEquals(12.7062, StudentT.critical(0.95, 1), 1e-4);
        assertEquals(4.3027, StudentT.critical(0.95, 2), 1e-4);
        assertEquals(3.1824, StudentT.critical(0.95, 3), 1e-4);
        assertEquals(2.7764, StudentT.critical(0.95, 4), 1e-4);
        assertEquals(2.2622, StudentT.critical(0.95, 9), 1e-4);
        assertEquals(2.0423, StudentT.critical(0.95, 30), 1e-4);
        assertEquals(1.9600, StudentT.critical(0.95, 1e6), 1e-3);
        assertEquals(63.6567, StudentT.critical(0.99, 1), 1e-3);
    }

    @Test
    void welchsFractionalDegreesOfFreedomLieBetweenTheWholeOnes() {
        double between = StudentT.critical(0.95, 2.5);
        assertEquals(true, between < StudentT.critical(0.95, 2) && between > StudentT.critical(0.95, 3));
    }

    @Test
    void theDistributionIsSymmetricAndItsQuantilesInvertIt() {
        assertEquals(0.5, StudentT.cdf(0, 3), 1e-12);
        assertEquals(0.975, StudentT.cdf(4.302653, 2), 1e-6);
        assertEquals(0.025, StudentT.cdf(-4.302653, 2), 1e-6);
        for (double p : new double[] {0.01, 0.1, 0.3, 0.7, 0.9, 0.999}) {
            assertEquals(p, StudentT.cdf(StudentT.quantile(p, 4), 4), 1e-9);
        }
        // One degree of freedom is the Cauchy distribution: P(T <= 1) = 3/4.
        assertEquals(0.75, StudentT.cdf(1, 1), 1e-9);
    }

    @Test
    void logGammaMatchesFactorials() {
        assertEquals(Math.log(24), StudentT.logGamma(5), 1e-10);
        assertEquals(Math.log(Math.sqrt(Math.PI)), StudentT.logGamma(0.5), 1e-10);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(0, 3));
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(1, 3));
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(0.5, 0));
        assertThrows(IllegalArgumentException.class, () -> StudentT.critical(1.2, 3));
    }
}
