package io.wirecost.scenarios;

/**
 * A transport under test. The server side runs in one JVM, the client in another; the runner drives
 * both through {@code harness.ServerMain} and {@code harness.ClientMain}. Register new scenarios in
 * {@link Scenarios}; the runner needs no change.
 */
public interface Scenario {

    String name();

    /** The column of seed 000's Table 3 this scenario reproduces, or empty when the paper has none. */
    String paperColumn();

    /** Whether the runner must generate keys and certificates first. */
    default boolean needsKeys() {
        return false;
    }

    ServerHandle startServer(ScenarioConfig config) throws Exception;

    /** Obtains a usable reference (the instantiation the papers time) and returns a client. */
    RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception;
}
