package io.httpmodels.server.http;

import java.util.Map;

/** One request header field as received: the name in its original case, the value without surrounding OWS. */
public record HttpHeader(String name, String value) implements Map.Entry<String, String> {

    @Override
    public String getKey() {
        return name;
    }

    @Override
    public String getValue() {
        return value;
    }

    @Override
    public String setValue(String value) {
        throw new UnsupportedOperationException("request headers are immutable");
    }
}
