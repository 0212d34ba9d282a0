package io.httpmodels.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A well-behaved h2c client beside an attack: a new connection, its preface, one {@code GET /plaintext} on stream 1,
 * read until that stream's END_STREAM, the server's SETTINGS and PINGs acknowledged. It checks the body, not the
 * status: the response's header block is HPACK the kit does not decode, and only {@code /plaintext}'s 200 carries that
 * body.
 */
final class Http2Bystander {

    private Http2Bystander() {}

    /**
     * One GET on a new connection to {@code port}, each read bounded by {@code timeoutMillis}; returns when its answer
     * was complete ({@link System#nanoTime()}), or throws saying why it was not served.
     */
    static long servedAtNanos(int port, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            out.write(Http2Frames.PREFACE);
            out.write(Http2Frames.settings());
            out.write(Http2Frames.frame(
                    Http2Frames.HEADERS,
                    Http2Frames.END_STREAM | Http2Frames.END_HEADERS,
                    1,
                    Http2Frames.requestBlock("GET", "/plaintext")));
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            byte[] header = new byte[9];
            while (true) {
                in.readFully(header);
                int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
                int type = header[3] & 0xff;
                int flags = header[4] & 0xff;
                int stream = Http2Frames.readInt(header, 5) & 0x7fffffff;
                byte[] payload = new byte[length];
                in.readFully(payload);
                if (type == Http2Frames.SETTINGS && (flags & Http2Frames.ACK) == 0) {
                    out.write(Http2Frames.settingsAck());
                    out.flush();
                } else if (type == Http2Frames.PING && (flags & Http2Frames.ACK) == 0) {
                    // RFC 9113 §6.7: a PING is answered. Tomcat 11 pings each new connection, and where the ping went
                    // unanswered it left the stream unanswered too on one connection in 10 to 300 (2026-12-07).
                    out.write(Http2Frames.frame(Http2Frames.PING, Http2Frames.ACK, 0, payload));
                    out.flush();
                } else if (type == Http2Frames.GOAWAY) {
                    throw new IOException("GOAWAY with code " + Http2Frames.readInt(payload, 4));
                } else if (stream == 1 && type == Http2Frames.RST_STREAM) {
                    throw new IOException("RST_STREAM with code " + Http2Frames.readInt(payload, 0));
                } else if (stream == 1 && (type == Http2Frames.DATA || type == Http2Frames.HEADERS)) {
                    if (type == Http2Frames.DATA) {
                        body.writeBytes(payload);
                    }
                    if ((flags & Http2Frames.END_STREAM) != 0) {
                        String text = body.toString(StandardCharsets.US_ASCII);
                        if (!text.equals(Workload.PLAINTEXT_BODY)) {
                            throw new IOException("answered with the body '" + text + "'");
                        }
                        return System.nanoTime();
                    }
                }
            }
        }
    }
}
