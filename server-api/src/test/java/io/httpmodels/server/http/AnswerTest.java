package io.httpmodels.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.httpmodels.server.Route;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** The one definition of each answer, as both codecs receive it. */
class AnswerTest {

    private static Answer.Refuse refused(String method, String target) {
        return (Answer.Refuse) Answer.forRequest(method, target);
    }

    @Test
    void aRouteServesItsMethodsWithOneInstancePerRoute() {
        assertSame(Answer.Serve.of(Route.PLAINTEXT), Answer.forRequest("GET", "/plaintext"));
        assertSame(Answer.Serve.of(Route.JSON), Answer.forRequest("HEAD", "/json?x=1"));
        assertSame(Answer.Serve.of(Route.ECHO), Answer.forRequest("POST", "http://h/echo"));
        assertEquals(Route.ECHO, Answer.Serve.of(Route.ECHO).route());
    }

    /** RFC 9110 §9.3.7. */
    @Test
    void optionsAnswersWithTheMethodsOfTheServerOrOfTheRoute() {
        assertEquals(new Answer.Options("GET, HEAD, POST, OPTIONS"), Answer.forRequest("OPTIONS", "*"));
        assertEquals(new Answer.Options("GET, HEAD, POST, OPTIONS"), Answer.forRequest("OPTIONS", "/echo"));
        assertEquals(new Answer.Options("GET, HEAD, OPTIONS"), Answer.forRequest("OPTIONS", "/plaintext"));
        assertEquals(
                new Answer.Refuse(HttpStatus.NOT_FOUND, "no route for /x", null), Answer.forRequest("OPTIONS", "/x"));
    }

    /** RFC 9112 §3.2.4: asterisk-form is for OPTIONS only. */
    @Test
    void theAsteriskIsABadRequestForAnyOtherMethod() {
        assertEquals(
                new Answer.Refuse(HttpStatus.BAD_REQUEST, "the target * is for OPTIONS only", null),
                Answer.forRequest("GET", "*"));
        assertEquals(HttpStatus.BAD_REQUEST, refused("HEAD", "*").status());
        assertEquals(
                "the target is in neither origin nor absolute form",
                refused("OPTIONS", "**").detail(),
                "only a lone * is asterisk-form");
    }

    /** RFC 9110 §9.3.6, §15.6.2: an origin server tunnels nowhere. */
    @Test
    void connectIsNotImplementedWhateverItsTarget() {
        for (String target : new String[] {"example.com:443", "/plaintext", "*"}) {
            Answer.Refuse refuse = refused("CONNECT", target);
            assertEquals(HttpStatus.NOT_IMPLEMENTED, refuse.status(), target);
            assertEquals("CONNECT is not supported: this is an origin server, not a proxy", refuse.detail());
        }
        assertEquals(
                HttpStatus.METHOD_NOT_ALLOWED, refused("connect", "/plaintext").status(), "case-sensitive");
    }

    @Test
    void noRouteIs404AndAWrongMethodIs405WithAllow() {
        assertEquals(
                new Answer.Refuse(HttpStatus.NOT_FOUND, "no route for /nowhere", null), refused("GET", "/nowhere"));
        assertEquals(HttpStatus.NOT_FOUND, refused("GET", "http://h").status(), "absolute-form, empty path");
        assertEquals(
                HttpStatus.NOT_FOUND, refused("GET", "h2c+x.y-z://h/nowhere").status());
        // A scheme's letters and digits at the ends of their ranges, first and later.
        for (String target : new String[] {"az09://h/x", "AZ://h/x", "Za+-.://h/x", "http://"}) {
            assertEquals(HttpStatus.NOT_FOUND, refused("GET", target).status(), target);
        }
        assertEquals(
                new Answer.Refuse(HttpStatus.METHOD_NOT_ALLOWED, "POST is not allowed on /json", "GET, HEAD, OPTIONS"),
                refused("POST", "/json"));
        assertEquals(HttpStatus.METHOD_NOT_ALLOWED, refused("get", "/json").status(), "methods are case-sensitive");
    }

    /** RFC 9112 §3.2: origin-form starts with /, absolute-form with a scheme and ://. */
    @Test
    void aTargetInNoFormIsABadRequest() {
        String bad = "the target is in neither origin nor absolute form";
        for (String target : new String[] {
            "plaintext",
            "",
            "h:80",
            "1http://h/",
            "://h/",
            "http:/h",
            "http:/",
            "http:",
            "ht tp://h/",
            "`x://h/",
            "{x://h/",
            "@x://h/",
            "[x://h/",
            "a/b://h/",
            "a`://h/",
            "a{://h/",
            "a@://h/",
            "a[://h/"
        }) {
            assertEquals(new Answer.Refuse(HttpStatus.BAD_REQUEST, bad, null), refused("GET", target), target);
        }
    }

    @Test
    void theErrorBodyIsCodeReasonAndDetail() {
        assertArrayEquals(
                "404 Not Found: no route for /é\n".getBytes(StandardCharsets.UTF_8),
                Answer.errorBody(HttpStatus.NOT_FOUND, "no route for /é"));
        assertArrayEquals(
                "400 Bad Request\n".getBytes(StandardCharsets.UTF_8), Answer.errorBody(HttpStatus.BAD_REQUEST, null));
    }
}
