package io.httpmodels.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A resource text with {@code {{name}}} slots, filled in one pass: inserted text is never scanned again. */
public final class Template {

    private static final Pattern SLOT = Pattern.compile("\\{\\{([a-z][a-z-]*)}}");

    private Template() {}

    /** A resource next to this class (or, with a leading {@code /}, anywhere on the class path), as UTF-8 text. */
    public static String resource(String name) {
        try (InputStream in = Template.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " next to " + Template.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The template with every slot replaced by its value.
     *
     * @throws IllegalArgumentException when a slot has no value or a value no slot
     */
    public static String fill(String template, Map<String, String> values) {
        Matcher m = SLOT.matcher(template);
        StringBuilder sb = new StringBuilder(template.length()
                + values.values().stream().mapToInt(String::length).sum());
        Set<String> used = new HashSet<>();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("no value for the slot {{" + m.group(1) + "}}");
            }
            used.add(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        if (!used.containsAll(values.keySet())) {
            throw new IllegalArgumentException("values without a slot: " + values.keySet() + " vs " + used);
        }
        return sb.toString();
    }
}
