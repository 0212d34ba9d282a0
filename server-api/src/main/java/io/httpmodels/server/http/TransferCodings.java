package io.httpmodels.server.http;

/**
 * The {@code Transfer-Encoding} rule of RFC 9112 §6, for both codecs. The field's lines are read as one list, in
 * order. When {@code chunked} is not the final coding, or appears twice, the body's length cannot be known:
 * 400, and the connection closes (§6.3). When it is final but other codings come before it
 * ({@code gzip, chunked}), the request is well framed but uses a coding this server does not implement: 501
 * (§6.1). Exactly {@code chunked} is served. Stateless and thread-safe.
 */
public final class TransferCodings {

    private TransferCodings() {}

    /**
     * Why a request whose {@code Transfer-Encoding} lines are {@code fieldValues} is refused, or {@code null} when
     * its body is simply chunked.
     */
    public static RequestRejectedException refusal(Iterable<? extends CharSequence> fieldValues) {
        int codings = 0;
        int chunked = 0;
        boolean chunkedLast = false;
        for (CharSequence fieldValue : fieldValues) {
            for (String coding : fieldValue.toString().split(",", -1)) {
                String name = coding.strip();
                if (name.isEmpty()) {
                    continue; // empty list elements are allowed and ignored (RFC 9110 §5.6.1)
                }
                codings++;
                chunkedLast = name.equalsIgnoreCase("chunked");
                if (chunkedLast) {
                    chunked++;
                }
            }
        }
        if (!chunkedLast || chunked > 1) {
            return new RequestRejectedException(
                    HttpStatus.BAD_REQUEST, "chunked must be the final transfer coding, and only once");
        }
        if (codings > 1) {
            return new RequestRejectedException(
                    HttpStatus.NOT_IMPLEMENTED, "only the chunked transfer coding is supported");
        }
        return null;
    }
}
