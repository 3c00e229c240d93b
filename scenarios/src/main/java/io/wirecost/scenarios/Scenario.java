package io.wirecost.scenarios;

/**
 * A transport under test. The server side runs in one JVM, the client in another; the runner drives
 * both through {@code harness.ServerMain} and {@code harness.ClientMain}. Register new scenarios in
 * {@link Scenarios} with a {@link ScenarioDescriptor}, which names it (the one place a scenario's name is written);
 * the runner needs no change.
 */
public interface Scenario {

    ServerHandle startServer(ScenarioConfig config) throws Exception;

    /** Obtains a usable reference (the instantiation the papers time) and returns a client. */
    RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception;
}
