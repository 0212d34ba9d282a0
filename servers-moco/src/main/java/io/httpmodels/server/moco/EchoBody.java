package io.httpmodels.server.moco;

import com.github.dreamhead.moco.HttpRequest;
import com.github.dreamhead.moco.model.MessageContent;
import io.httpmodels.server.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The {@code /echo} route's body from what moco's request model keeps, through {@link Workload#echoBody}: its
 * method, its path (as moco decodes it) with the query re-encoded from moco's parameters, its version, its header
 * fields and its body. Not the bytes as sent, as the other models echo: moco keeps the header fields in a hash map
 * grouped by name (so in no fixed order), decodes the path's percent-escapes and the query's, and hands on a chunked
 * body as Netty's aggregator rewrote its head ({@code content-length} in place of {@code Transfer-Encoding}).
 */
final class EchoBody {

    private EchoBody() {}

    static byte[] of(HttpRequest request) {
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        request.getHeaders().forEach((name, values) -> {
            for (String value : values) {
                fields.add(Map.entry(name, value));
            }
        });
        MessageContent content = request.getContent();
        byte[] body = content == null ? new byte[0] : content.getContent();
        return Workload.echoBody(
                request.getMethod().name(),
                target(request),
                request.getVersion().text(),
                fields,
                body);
    }

    private static String target(HttpRequest request) {
        if (request.getQueries().isEmpty()) {
            return request.getUri();
        }
        StringJoiner query = new StringJoiner("&", request.getUri() + "?", "");
        request.getQueries().forEach((name, values) -> {
            for (String value : values) {
                query.add(value.isEmpty() ? name : name + "=" + value);
            }
        });
        return query.toString();
    }
}
