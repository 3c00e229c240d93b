package io.wirecost.scenarios;

import java.util.Map;
import java.util.function.Supplier;

/** A running server side of a scenario, in the server JVM. */
public interface ServerHandle extends AutoCloseable {

    /** How a client reaches it; crosses the process boundary as JSON. */
    Endpoint endpoint();

    default Map<String, String> info() {
        return Map.of();
    }

    @Override
    void close() throws Exception;

    /**
     * The handle every scenario returns: an endpoint, its info read when asked (counters grow while it runs), and
     * what stops it.
     */
    static ServerHandle of(Endpoint endpoint, Supplier<Map<String, String>> info, AutoCloseable stop) {
        return new Running(endpoint, info, stop);
    }

    /** {@link #of}'s handle. */
    final class Running extends RunningSide implements ServerHandle {
        private final Endpoint endpoint;

        private Running(Endpoint endpoint, Supplier<Map<String, String>> info, AutoCloseable stop) {
            super(info, stop);
            this.endpoint = endpoint;
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }
    }
}
