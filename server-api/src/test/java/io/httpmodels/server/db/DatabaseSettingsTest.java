package io.httpmodels.server.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatabaseSettingsTest {

    private static final String URL = "jdbc:postgresql://127.0.0.1:15432/hello_world";

    @Test
    void aUrlAloneMeansTechEmpowersUserAndTheModelsOwnPool() {
        DatabaseSettings settings = DatabaseSettings.of(URL);
        assertEquals(new DatabaseSettings(URL, "benchmarkdbuser", "benchmarkdbpass", 0), settings);
        assertEquals(8, settings.poolSizeOr(8), "0 leaves the model's default");
        assertEquals(3, settings.withPoolSize(3).poolSizeOr(8), "a pool asked for wins");
        assertEquals(1, settings.withPoolSize(1).poolSizeOr(8));
        assertEquals(URL, settings.withPoolSize(3).jdbcUrl());
    }

    @Test
    void onlyPostgreSQLsUrlsAndPoolsFromNoneToItsConnectionLimitAreTaken() {
        assertThrows(IllegalArgumentException.class, () -> DatabaseSettings.of("jdbc:mysql://127.0.0.1/hello_world"));
        assertThrows(
                IllegalArgumentException.class, () -> DatabaseSettings.of(URL).withPoolSize(-1));
        assertThrows(
                IllegalArgumentException.class,
                () -> DatabaseSettings.of(URL).withPoolSize(DatabaseSettings.MAX_POOL_SIZE + 1));
        assertEquals(
                DatabaseSettings.MAX_POOL_SIZE,
                DatabaseSettings.of(URL)
                        .withPoolSize(DatabaseSettings.MAX_POOL_SIZE)
                        .poolSize());
        assertEquals(0, DatabaseSettings.of(URL).withPoolSize(0).poolSize());
    }

    @Test
    void itsTextNamesTheDatabaseAndPoolButNeverThePassword() {
        String text = new DatabaseSettings(URL, "me", "s3cret", 0).toString();
        assertFalse(text.contains("s3cret"), text);
        assertTrue(text.contains(URL) && text.contains("me") && text.contains("model's default"), text);
        assertTrue(new DatabaseSettings(URL, "me", "s3cret", 16).toString().contains("pool 16"));
    }
}
