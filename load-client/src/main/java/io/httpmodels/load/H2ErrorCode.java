package io.httpmodels.load;

import java.util.Locale;

/** HTTP/2's error codes (RFC 9113 §7), as RST_STREAM and GOAWAY carry them, by their names in lower case. */
final class H2ErrorCode {

    private static final String[] NAMES = {
        "no_error",
        "protocol_error",
        "internal_error",
        "flow_control_error",
        "settings_timeout",
        "stream_closed",
        "frame_size_error",
        "refused_stream",
        "cancel",
        "compression_error",
        "connect_error",
        "enhance_your_calm",
        "inadequate_security",
        "http_1_1_required"
    };

    /** Slots for counting codes: one per known code, and a last one for every unknown code. */
    static final int SLOTS = NAMES.length + 1;

    private H2ErrorCode() {}

    /** The counting slot of a code: its own for a known code, the last for any other. */
    static int slot(int code) {
        return code >= 0 && code < NAMES.length ? code : NAMES.length;
    }

    /** The name of a counting slot: a code's lower-case name, or {@code unknown} for the last. */
    static String name(int slot) {
        return slot < NAMES.length ? NAMES[slot] : "unknown";
    }

    /** A code's name as RFC 9113 writes it (upper case), or its hex value when unknown. */
    static String describe(int code) {
        return code >= 0 && code < NAMES.length
                ? NAMES[code].toUpperCase(Locale.ROOT)
                : "0x" + Integer.toHexString(code);
    }
}
