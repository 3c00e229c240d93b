package io.wirecost.scenarios;

import io.wirecost.scenarios.payload.Payload;
import java.util.Map;

/** A connected client of a scenario, in the client JVM. */
public interface RttClient extends AutoCloseable {

    Invocation invocation(Operation operation);

    /** A call carrying a seed 001/003 payload ({@code --payload}); scenarios listed in {@code Payload.CARRIERS} override it. */
    default Invocation invocation(Payload payload) {
        throw new UnsupportedOperationException("this scenario cannot carry a payload (" + payload.name() + ")");
    }

    /** Facts observed on the connection, e.g. the negotiated TLS protocol and cipher suite. */
    default Map<String, String> info() {
        return Map.of();
    }

    @Override
    void close() throws Exception;
}
