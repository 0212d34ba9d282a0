package io.httpmodels.harness.report;

import java.util.regex.Pattern;

/** Escaping for the HTML report: text and attributes, and text placed inside a {@code <script>} element. */
public final class Html {

    private static final Pattern SCRIPT_END = Pattern.compile("</(script)", Pattern.CASE_INSENSITIVE);

    private Html() {}

    /** Text safe as element content or a quoted attribute value. */
    public static String text(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Script source safe inside {@code <script>...</script>}: a {@code </script} in it (in a string, say) would
     * end the element early, so it becomes {@code <\/script}, which JavaScript reads the same inside strings and
     * regular expressions. {@code <!--} would switch the parser into an escaped state; it is split likewise.
     */
    public static String script(String source) {
        return SCRIPT_END.matcher(source).replaceAll("<\\\\/$1").replace("<!--", "<\\!--");
    }

    /**
     * JSON safe inside {@code <script type="application/json">}: every {@code <} becomes {@code \u003c}. In JSON
     * a {@code <} can only stand inside a string, where the escape means the same character, so
     * {@code JSON.parse} gives back the same data and no {@code </script>} can appear.
     */
    public static String json(String json) {
        return json.replace("<", "\\u003c");
    }
}
