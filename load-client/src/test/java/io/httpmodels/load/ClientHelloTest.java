package io.httpmodels.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.net.ssl.SSLEngine;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What the client's ClientHello offers for the key exchange, read from the bytes each provider's engine writes: the
 * same classical groups on both providers, x25519 first. An offer that puts a hybrid post-quantum group first costs
 * the client its key generation on every handshake, and makes a server that speaks it (BoringSSL, netty's) pay more
 * per handshake than one that does not (the JDK's).
 */
class ClientHelloTest {

    private static final int X25519 = 0x001d;
    private static final int SECP256R1 = 0x0017;
    private static final int SECP384R1 = 0x0018;

    private static final int SUPPORTED_GROUPS = 0x000a;
    private static final int KEY_SHARE = 0x0033;

    @ParameterizedTest
    @EnumSource(ClientTlsProvider.class)
    void bothProvidersOfferTheClassicalGroupsX25519First(ClientTlsProvider provider) throws Exception {
        assumeTrue(provider.available(), ClientTlsProvider::openSslUnavailableReason);
        Hello hello = Hello.parse(clientHello(provider));

        assertEquals(List.of(X25519, SECP256R1, SECP384R1), hello.supportedGroups(), "supported_groups, in order");
        assertEquals(X25519, hello.keyShares().get(0), "the first key share");
    }

    @Test
    void openSslSendsOneKeyShareAsWrksOpenSslDoes() throws Exception {
        assumeTrue(ClientTlsProvider.OPENSSL.available(), ClientTlsProvider::openSslUnavailableReason);

        assertEquals(
                List.of(X25519),
                Hello.parse(clientHello(ClientTlsProvider.OPENSSL)).keyShares());
    }

    @Test
    void theJdksProviderSendsAKeyOfEachKindItOffers() throws Exception {
        // Its own rule (an x25519 key and an elliptic-curve one), not a setting of ours: a P-256 key made on every
        // handshake that a server choosing x25519 never uses.
        assertEquals(
                List.of(X25519, SECP256R1),
                Hello.parse(clientHello(ClientTlsProvider.JDK)).keyShares());
    }

    /** The first flight of a client engine made as a load's connection makes it. */
    private static ByteBuffer clientHello(ClientTlsProvider provider) throws Exception {
        TlsSettings settings = new TlsSettings(null, true, true, null, null, provider);
        SlotTlsContext slot = settings.newContext();
        SSLEngine engine = slot.newEngine("127.0.0.1", 443);
        try {
            ByteBuffer out = ByteBuffer.allocateDirect(engine.getSession().getPacketBufferSize());
            engine.beginHandshake();
            engine.wrap(ByteBuffer.allocate(0), out);
            return out.flip();
        } finally {
            slot.release(engine);
            slot.close();
        }
    }

    /** The two extensions of a TLS ClientHello this test reads (RFC 8446 4.1.2, 4.2.7, 4.2.8). */
    private record Hello(List<Integer> supportedGroups, List<Integer> keyShares) {

        static Hello parse(ByteBuffer b) {
            assertEquals(0x16, b.get() & 0xff, "a handshake record");
            b.position(b.position() + 4); // legacy version, record length
            assertEquals(1, b.get() & 0xff, "a ClientHello");
            b.position(b.position() + 3 + 2 + 32); // handshake length, legacy version, random
            skip(b, b.get() & 0xff); // legacy session id
            skip(b, b.getShort() & 0xffff); // cipher suites
            skip(b, b.get() & 0xff); // compression methods
            int end = (b.getShort() & 0xffff) + b.position();
            List<Integer> groups = List.of();
            List<Integer> shares = List.of();
            while (b.position() < end) {
                int type = b.getShort() & 0xffff;
                int length = b.getShort() & 0xffff;
                ByteBuffer data = b.slice(b.position(), length);
                skip(b, length);
                if (type == SUPPORTED_GROUPS) {
                    groups = groups(data);
                } else if (type == KEY_SHARE) {
                    shares = keyShares(data);
                }
            }
            return new Hello(groups, shares);
        }

        private static List<Integer> groups(ByteBuffer data) {
            List<Integer> groups = new ArrayList<>();
            for (int n = (data.getShort() & 0xffff) / 2; n > 0; n--) {
                addUnlessGrease(groups, data.getShort() & 0xffff);
            }
            return groups;
        }

        private static List<Integer> keyShares(ByteBuffer data) {
            List<Integer> groups = new ArrayList<>();
            int end = (data.getShort() & 0xffff) + data.position();
            while (data.position() < end) {
                addUnlessGrease(groups, data.getShort() & 0xffff);
                skip(data, data.getShort() & 0xffff);
            }
            return groups;
        }

        /** GREASE values (RFC 8701, 0x?a?a) are noise a client may add; they name no group. */
        private static void addUnlessGrease(List<Integer> groups, int group) {
            if ((group & 0x0f0f) != 0x0a0a) {
                groups.add(group);
            }
        }

        private static void skip(ByteBuffer b, int bytes) {
            b.position(b.position() + bytes);
        }
    }
}
