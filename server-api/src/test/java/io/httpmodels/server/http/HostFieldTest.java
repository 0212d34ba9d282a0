package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RFC 9112 §3.2 and RFC 9110 §7.2: one Host, a host and an optional port. */
class HostFieldTest {

    @Test
    void hostsWithAndWithoutAPortAreValid() {
        for (String host : new String[] {
            "h",
            "h:",
            "h:8080",
            "h:09",
            "azAZ09",
            "127.0.0.1",
            "[::1]",
            "[::1]:443",
            "[v1.x]",
            "a-b.c_d~e",
            "%41b",
            "x!$&'()*+;=y"
        }) {
            assertTrue(HostField.isValid(host), host);
        }
    }

    /**
     * Found by {@code HostFieldFuzzTest} against RFC 3986's grammar: an IP-literal was any run of reg-name
     * characters and colons in brackets, and a {@code %} any byte. RFC 9112 §3.2 asks for 400 on an invalid Host.
     */
    @Test
    void anIpLiteralMustBeAnIpv6AddressOrAnIpvFutureAndAPercentMustStartAnOctet() {
        for (String host : new String[] {
            "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[1::]", "[::]", "[a:b::c:d]", "[V1F.a:b]", "[v1.a,b]", "%41%4a"
        }) {
            assertTrue(HostField.isValid(host), host);
        }
        for (String host : new String[] {
            "[zz]",
            "[1:2:3]",
            "[1::2::3]",
            "[::1:]",
            "[:1]",
            "[1:2:3:4:5:6:7:8:9]",
            "[12345::]",
            "[::1.2.3.256]",
            "[::01.2.3.4]",
            "[v.x]",
            "[v1.]",
            "[v1x]",
            "%zz",
            "%4",
            "a%"
        }) {
            assertFalse(HostField.isValid(host), host);
        }
    }

    @Test
    void userinfoAPathAnEmptyValueAListAndStrayBytesAreInvalid() {
        for (String host : new String[] {
            "",
            "user@h",
            "h/path",
            "a,b",
            "a, b",
            "h:8x",
            "h:-1",
            "h?q",
            "h#f",
            "h h",
            "[::1",
            "[]",
            "[::1]x",
            "[a b]",
            "h\u0000",
            "h:/",
            "h::",
            "a`",
            "a{",
            "a@",
            "a[",
            "a/",
            "\u00e9",
            ":80",
            "[::1]:8x"
        }) {
            assertFalse(HostField.isValid(host), host);
        }
    }

    @Test
    void theProblemNamesWhatIsWrong() {
        assertEquals("missing Host header", HostField.problem(0, null, true));
        assertNull(HostField.problem(0, null, false), "HTTP/1.0 may go without");
        assertEquals("more than one Host header", HostField.problem(2, "h", true));
        assertEquals("more than one Host header", HostField.problem(2, "h", false));
        assertEquals("invalid Host header", HostField.problem(1, "u@h", false));
        assertNull(HostField.problem(1, "h:80", true));
    }
}
