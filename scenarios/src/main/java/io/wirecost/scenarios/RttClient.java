package io.wirecost.scenarios;

import java.util.Map;

/** A connected client of a scenario, in the client JVM. */
public interface RttClient extends AutoCloseable {

    Invocation invocation(Operation operation);

    /** Facts observed on the connection, e.g. the negotiated TLS protocol and cipher suite. */
    default Map<String, String> info() {
        return Map.of();
    }

    @Override
    void close() throws Exception;
}
