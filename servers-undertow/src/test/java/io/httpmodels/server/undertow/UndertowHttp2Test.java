package io.httpmodels.server.undertow;

import io.httpmodels.server.Http2Kit;
import io.httpmodels.server.HttpServerModel;
import org.junit.jupiter.api.Tag;

import java.net.http.HttpClient;

/**
 * The {@link Http2Kit} against undertow: h2c on its HTTP listener (by prior knowledge, and by {@code Upgrade: h2c},
 * which Undertow takes up), h2 by ALPN on its HTTPS listener. An h2c connection by prior knowledge that opens no
 * stream is never closed: Undertow sets its idle timeout only on the HTTP/2 connections its ALPN listener makes (a
 * deviation, docs/model-notes/undertow.md).
 */
// In the slow set, as the frameworks' other kits.
@Tag("slow")
class UndertowHttp2Test extends Http2Kit {

    @Override
    protected HttpServerModel model() {
        return new UndertowModel();
    }

    @Override
    protected HttpClient.Version cleartextUpgradeAnsweredIn() {
        return HttpClient.Version.HTTP_2;
    }

    @Override
    protected boolean closesASilentH2cConnection() {
        return false;
    }
}
