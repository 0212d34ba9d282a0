package io.httpmodels.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Apache ECharts as the WebJar on the class path ships it ({@code org.webjars.npm:echarts}): its version, read
 * from the WebJar's own pom.properties, and its minified script, which the HTML report inlines so the page
 * opens offline. Loaded once; thread-safe.
 */
public final class EChartsAsset {

    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/echarts/pom.properties";

    /** The loaded asset, read on first use (holder idiom: the class loader makes it thread-safe). */
    private static final class Holder {
        static final EChartsAsset INSTANCE = load();
    }

    private final String version;
    private final String script;

    private EChartsAsset(String version, String script) {
        this.version = version;
        this.script = script;
    }

    /** ECharts' version, e.g. {@code 5.3.1}. */
    public static String version() {
        return Holder.INSTANCE.version;
    }

    /** The contents of {@code dist/echarts.min.js}. */
    public static String script() {
        return Holder.INSTANCE.script;
    }

    private static EChartsAsset load() {
        ClassLoader loader = EChartsAsset.class.getClassLoader();
        Properties pom = new Properties();
        try (InputStream in = loader.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the ECharts WebJar (org.webjars.npm:echarts) is not on the class path: " + POM_PROPERTIES);
            }
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = pom.getProperty("version");
        String path = "META-INF/resources/webjars/echarts/" + version + "/dist/echarts.min.js";
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the ECharts WebJar " + version + " has no " + path);
            }
            return new EChartsAsset(version, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
