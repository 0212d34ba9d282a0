package io.httpmodels.server;

/**
 * The workload's routes. Every model decides its answer through
 * {@link io.httpmodels.server.http.Answer#forRequest}, which resolves the target with
 * {@link #forTarget(CharSequence)} and checks the method with {@link #allows(CharSequence)}, so that 404 and 405
 * mean the same thing everywhere. HEAD is allowed wherever GET is, and answers GET's headers without the body;
 * OPTIONS is answered on every route with its {@link #allow()}. The database routes ({@link #DB} to {@link #UPDATES})
 * are answered by {@link io.httpmodels.server.db.DatabaseRoutes}, on a thread that may block.
 */
public enum Route {
    /** {@code GET /plaintext}: {@code Hello, World!} as text/plain (TechEmpower's plaintext test). */
    PLAINTEXT("/plaintext", "GET, HEAD, OPTIONS", false),
    /** {@code GET /json}: {@code {"message":"Hello, World!"}} serialised per request (TechEmpower's JSON test). */
    JSON("/json", "GET, HEAD, OPTIONS", false),
    /** {@code GET|POST /echo}: the request line, headers and body back as text/plain. */
    ECHO("/echo", "GET, HEAD, POST, OPTIONS", true),
    /** {@code GET /db}: one random row of the database's {@code world} table as JSON (TechEmpower's db test). */
    DB("/db", "GET, HEAD, OPTIONS", false),
    /** {@code GET /queries?queries=N}: N random {@code world} rows, one query each (TechEmpower's queries test). */
    QUERIES("/queries", "GET, HEAD, OPTIONS", false),
    /** {@code GET /fortunes}: the {@code fortune} table as an HTML page (TechEmpower's fortunes test). */
    FORTUNES("/fortunes", "GET, HEAD, OPTIONS", false),
    /** {@code GET /updates?queries=N}: N random rows read, renumbered and written back (TechEmpower's updates). */
    UPDATES("/updates", "GET, HEAD, OPTIONS", false);

    private final String path;
    private final String allow;
    private final boolean allowsPost;

    Route(String path, String allow, boolean allowsPost) {
        this.path = path;
        this.allow = allow;
        this.allowsPost = allowsPost;
    }

    /** The route's path, e.g. {@code /plaintext}. */
    public String path() {
        return path;
    }

    /** The {@code Allow} value of a 405 or an {@code OPTIONS} answer for this route: every method it takes. */
    public String allow() {
        return allow;
    }

    /**
     * Whether the route answers {@code method} (case-sensitive, as RFC 9110 says) with its content: GET, HEAD,
     * and POST where it takes a body. OPTIONS, answered without content, is decided by
     * {@link io.httpmodels.server.http.Answer}.
     */
    public boolean allows(CharSequence method) {
        return contentEquals(method, "GET")
                || contentEquals(method, "HEAD")
                || (allowsPost && contentEquals(method, "POST"));
    }

    /**
     * The route a request target names, or {@code null} for none (a 404). Accepts origin-form
     * ({@code /plaintext?x=1}) and absolute-form ({@code http://host/plaintext}); the query is ignored.
     * Allocation-free.
     */
    public static Route forTarget(CharSequence target) {
        int start = 0;
        int length = target.length();
        if (length > 0 && target.charAt(0) != '/') {
            start = absoluteFormPathStart(target);
            if (start < 0) {
                return null;
            }
        }
        int end = start;
        while (end < length && target.charAt(end) != '?' && target.charAt(end) != '#') {
            end++;
        }
        for (Route route : VALUES) {
            if (regionEquals(target, start, end, route.path)) {
                return route;
            }
        }
        return null;
    }

    private static final Route[] VALUES = values();

    private static int absoluteFormPathStart(CharSequence target) {
        int schemeEnd = indexOf(target, "://", 0);
        if (schemeEnd <= 0) {
            return -1; // no scheme: not an absolute-form target
        }
        int slash = indexOf(target, "/", schemeEnd + 3);
        return slash;
    }

    private static int indexOf(CharSequence s, String needle, int from) {
        outer:
        for (int i = from; i <= s.length() - needle.length(); i++) {
            for (int j = 0; j < needle.length(); j++) {
                if (s.charAt(i + j) != needle.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static boolean regionEquals(CharSequence s, int start, int end, String expected) {
        if (end - start != expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if (s.charAt(start + i) != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean contentEquals(CharSequence s, String expected) {
        return regionEquals(s, 0, s.length(), expected);
    }
}
