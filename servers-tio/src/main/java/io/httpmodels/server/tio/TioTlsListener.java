package io.httpmodels.server.tio;

import org.tio.core.ChannelContext;
import org.tio.core.intf.Packet;
import org.tio.http.common.HttpResponse;
import org.tio.http.server.HttpTioServerListener;

/**
 * t-io's HTTP listener for a server over TLS. t-io 3.8.6's {@link HttpTioServerListener#onAfterSent} casts every
 * packet sent to an {@link HttpResponse}; over TLS, handshake records sent once the handshake is complete (the last
 * of its flight) are plain packets, and the cast throws, which t-io logs as an error with its stack for every
 * connection. This listener passes on only the responses, which are all the HTTP listener acts on (the close after
 * a {@code Connection: close} answer).
 */
final class TioTlsListener extends HttpTioServerListener {

    @Override
    public void onAfterSent(ChannelContext channelContext, Packet packet, boolean isSentSuccess) {
        if (packet instanceof HttpResponse) {
            super.onAfterSent(channelContext, packet, isSentSuccess);
        }
    }
}
