package io.wirecost.scenarios;

import java.util.Map;

/** A running server side of a scenario, in the server JVM. */
public interface ServerHandle extends AutoCloseable {

    /** How a client reaches it; crosses the process boundary as JSON. */
    Endpoint endpoint();

    default Map<String, String> info() {
        return Map.of();
    }

    @Override
    void close() throws Exception;
}
