package io.httpmodels.load;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The request's HPACK header block (RFC 7541), encoded once per run in three forms, so no request encodes
 * anything: {@link #first()} adds each field the static table lacks to the server's dynamic table (literal with
 * incremental indexing); {@link #indexed()}, for every later request on the connection, names them all by their
 * dynamic-table index, one or two bytes a field; {@link #plain()} names them literally without indexing, for a
 * server whose dynamic table is too small to hold them. The fields: {@code :method :scheme :path :authority}, then
 * the extra headers with lower-case names, less those HTTP/2 forbids (RFC 9113 §8.2.2; a Host header becomes
 * {@code :authority}). No Huffman coding: it is optional, and the block goes out once a connection anyway.
 */
final class H2RequestBlock {

    /** Static-table indices (RFC 7541 Appendix A) this encoder uses. */
    private static final int AUTHORITY = 1;

    private static final int METHOD_GET = 2;
    private static final int METHOD_POST = 3;
    private static final int PATH_ROOT = 4;
    private static final int SCHEME_HTTP = 6;
    private static final int SCHEME_HTTPS = 7;
    /** The first dynamic-table index: the entry added last. */
    private static final int FIRST_DYNAMIC = 62;
    /** Each dynamic-table entry counts its name's and value's octets plus this (RFC 7541 §4.1). */
    private static final int ENTRY_OVERHEAD = 32;

    private static final Set<String> CONNECTION_SPECIFIC =
            Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host");

    private final byte[] first;
    private final byte[] indexed;
    private final byte[] plain;
    private final int dynamicTableBytes;

    private H2RequestBlock(byte[] first, byte[] indexed, byte[] plain, int dynamicTableBytes) {
        this.first = first;
        this.indexed = indexed;
        this.plain = plain;
        this.dynamicTableBytes = dynamicTableBytes;
    }

    /** The block of a load's request: its method, its URL's scheme, target and authority, its extra headers. */
    static H2RequestBlock of(LoadConfig config) {
        String authority = null;
        List<String[]> fields = new ArrayList<>();
        for (String header : config.request().headers()) {
            int colon = header.indexOf(':');
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim();
            if (name.equals("host")) {
                authority = value;
            }
            if (!CONNECTION_SPECIFIC.contains(name)) {
                fields.add(new String[] {name, value});
            }
        }
        if (authority == null) {
            authority = config.uri().getHost()
                    + (config.uri().getPort() >= 0 ? ":" + config.uri().getPort() : "");
        }
        String method = config.request().method();
        String target = config.target();
        boolean https = "https".equalsIgnoreCase(config.uri().getScheme());

        ByteArrayOutputStream first = new ByteArrayOutputStream();
        ByteArrayOutputStream indexed = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        // In order, pseudo-headers first: [static index of the whole field, or 0 and its name index, name, value].
        List<Object[]> order = new ArrayList<>();
        int methodIndex = method.equals("GET") ? METHOD_GET : method.equals("POST") ? METHOD_POST : 0;
        order.add(new Object[] {methodIndex, METHOD_GET, ":method", method});
        order.add(new Object[] {https ? SCHEME_HTTPS : SCHEME_HTTP, 0, ":scheme", null});
        order.add(new Object[] {target.equals("/") ? PATH_ROOT : 0, PATH_ROOT, ":path", target});
        order.add(new Object[] {0, AUTHORITY, ":authority", authority});
        for (String[] f : fields) {
            order.add(new Object[] {0, 0, f[0], f[1]});
        }
        int dynamic = (int) order.stream().filter(o -> (Integer) o[0] == 0).count();
        int added = 0;
        int tableBytes = 0;
        for (Object[] o : order) {
            int wholeIndex = (Integer) o[0];
            if (wholeIndex != 0) {
                // A field the static table has whole is one index in every form.
                for (ByteArrayOutputStream out : List.of(first, indexed, plain)) {
                    integer(out, 0x80, 7, wholeIndex);
                }
                continue;
            }
            int nameIndex = (Integer) o[1];
            String name = (String) o[2];
            String value = (String) o[3];
            literal(first, 0x40, 6, nameIndex, name, value);
            literal(plain, 0x00, 4, nameIndex, name, value);
            // Once all are added, the one added j-th (from 0) sits at 62 + (count - 1 - j).
            integer(indexed, 0x80, 7, FIRST_DYNAMIC + dynamic - 1 - added++);
            tableBytes += bytes(name).length + bytes(value).length + ENTRY_OVERHEAD;
        }
        return new H2RequestBlock(first.toByteArray(), indexed.toByteArray(), plain.toByteArray(), tableBytes);
    }

    /** The first request's block on a connection: adds the fields to the server's dynamic table. */
    byte[] first() {
        return first;
    }

    /** Every later request's block: the fields by their dynamic-table index. */
    byte[] indexed() {
        return indexed;
    }

    /** A block that uses no dynamic table, for a server whose table cannot hold the fields. */
    byte[] plain() {
        return plain;
    }

    /** The dynamic-table space {@link #first()} takes in the server's decoder. */
    int dynamicTableBytes() {
        return dynamicTableBytes;
    }

    /** The longest of the three forms. */
    int maxLength() {
        return Math.max(first.length, Math.max(indexed.length, plain.length));
    }

    /** A dynamic table size update (RFC 7541 §6.3) to {@code size} bytes. */
    static byte[] tableSizeUpdate(int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        integer(out, 0x20, 5, size);
        return out.toByteArray();
    }

    private static void literal(
            ByteArrayOutputStream out, int pattern, int prefixBits, int nameIndex, String name, String value) {
        integer(out, pattern, prefixBits, nameIndex);
        if (nameIndex == 0) {
            string(out, name);
        }
        string(out, value);
    }

    /** A string literal, not Huffman-coded. */
    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = bytes(s);
        integer(out, 0x00, 7, b.length);
        out.writeBytes(b);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** An HPACK integer (RFC 7541 §5.1) with an N-bit prefix, {@code pattern} in the first byte's other bits. */
    static void integer(ByteArrayOutputStream out, int pattern, int prefixBits, int value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(pattern | value);
            return;
        }
        out.write(pattern | max);
        int rest = value - max;
        while (rest >= 128) {
            out.write((rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
    }
}
