package io.httpmodels.harness;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** This project's version, as the build wrote it into {@code version.properties}. */
public final class Version {

    private static final String VERSION = load();

    private Version() {}

    /** The version, e.g. {@code 0.1.0-SNAPSHOT}, or {@code unknown} when the resource is missing. */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
