package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * {@link HostField} under Jazzer, against RFC 3986's grammar written out as a regular expression: any value is
 * valid exactly when {@code uri-host [ ":" port ]} matches it, with a non-empty host and no comma in a reg-name
 * (the codecs' reading: a comma there is two values folded into one line).
 */
class HostFieldFuzzTest {

    private static final String HEX = "[0-9A-Fa-f]";
    private static final String H16 = HEX + "{1,4}";
    private static final String DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])";
    private static final String IPV4 = DEC_OCTET + "(?:\\." + DEC_OCTET + "){3}";
    private static final String LS32 = "(?:" + H16 + ":" + H16 + "|" + IPV4 + ")";
    private static final String IPV6 = "(?:"
            + "(?:" + H16 + ":){6}" + LS32
            + "|::(?:" + H16 + ":){5}" + LS32
            + "|(?:" + H16 + ")?::(?:" + H16 + ":){4}" + LS32
            + "|(?:(?:" + H16 + ":){0,1}" + H16 + ")?::(?:" + H16 + ":){3}" + LS32
            + "|(?:(?:" + H16 + ":){0,2}" + H16 + ")?::(?:" + H16 + ":){2}" + LS32
            + "|(?:(?:" + H16 + ":){0,3}" + H16 + ")?::" + H16 + ":" + LS32
            + "|(?:(?:" + H16 + ":){0,4}" + H16 + ")?::" + LS32
            + "|(?:(?:" + H16 + ":){0,5}" + H16 + ")?::" + H16
            + "|(?:(?:" + H16 + ":){0,6}" + H16 + ")?::"
            + ")";
    private static final String UNRESERVED = "A-Za-z0-9\\-._~";
    private static final String SUB_DELIMS_NO_COMMA = "!$&'()*+;=";
    private static final String IPVFUTURE = "[vV]" + HEX + "+\\.[" + UNRESERVED + SUB_DELIMS_NO_COMMA + ",:]+";
    // A reg-name's percent-escapes are matched as one placeholder character (see ESCAPE): an alternation under
    // '+' recurses once per character in java.util.regex and overflows the stack on inputs of a few thousand bytes.
    private static final String REG_NAME = "[" + UNRESERVED + SUB_DELIMS_NO_COMMA + "]++";
    private static final Pattern ESCAPE = Pattern.compile("%" + HEX + HEX);
    private static final Pattern HOST =
            Pattern.compile("(?:\\[(?:" + IPV6 + "|" + IPVFUTURE + ")\\]|" + REG_NAME + ")(?::[0-9]*)?");

    @FuzzTest(maxDuration = "60s")
    void aHostIsValidExactlyWhenTheGrammarSaysSo(byte[] data) {
        String value = new String(data, StandardCharsets.ISO_8859_1);
        // Only a reg-name may hold a percent-escape: an IP literal ('[' ...) is matched as it is.
        String grammarInput =
                value.startsWith("[") ? value : ESCAPE.matcher(value).replaceAll("A");
        assertEquals(HOST.matcher(grammarInput).matches(), HostField.isValid(value), value);
    }
}
