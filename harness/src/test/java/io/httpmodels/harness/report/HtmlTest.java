package io.httpmodels.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import java.util.Map;

class HtmlTest {

    @Test
    void textEscapesMarkupAndQuotes() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;", Html.text("<a href=\"x\">&'"));
    }

    @Test
    void aScriptCannotEndItsElementEarly() {
        assertEquals(
                "var s = '<\\/script>' + '<\\/SCRIPT >' + '<\\!-- x';",
                Html.script("var s = '</script>' + '</SCRIPT >' + '<!-- x';"));
    }

    @Test
    void jsonHasNoLessThanSign() {
        assertEquals("{\"a\":\"\\u003c/script>\"}", Html.json("{\"a\":\"</script>\"}"));
    }

    @Test
    void aTemplateIsFilledInOnePass() {
        assertEquals(
                "<p>{{b}}</p><i>x</i>",
                Template.fill("<p>{{a}}</p><i>{{b}}</i>", Map.of("a", "{{b}}", "b", "x")),
                "inserted text is not scanned for slots");
        assertThrows(IllegalArgumentException.class, () -> Template.fill("{{a}}", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Template.fill("{{a}}", Map.of("a", "", "b", "")));
    }
}
