package io.wirecost.scenarios.http;

import io.wirecost.scenarios.Answers;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Invocation;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import io.wirecost.scenarios.http.tunnel.TunnelClient;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.payload.PayloadCalls;
import io.wirecost.scenarios.payload.PayloadTester;
import io.wirecost.scenarios.rmi.RmiScenario;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Map;

/** A client of a tunnelled scenario: its own registry connection, then the stub's calls through the tunnel. */
final class TunnelledRmiClient implements RttClient {

    private final Registry registry;
    private final RTTTester tester;
    private final String expected;

    private TunnelledRmiClient(Registry registry, RTTTester tester, String expected) {
        this.registry = registry;
        this.tester = tester;
        this.expected = expected;
    }

    /** The instantiation the papers time: a registry lookup through the tunnel. */
    static TunnelledRmiClient lookup(Endpoint endpoint, ScenarioConfig config, HttpTunnelClientSocketFactory route)
            throws Exception {
        Registry registry =
                LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"), route.forOneClient());
        RTTTester tester = (RTTTester) registry.lookup(endpoint.get("name"));
        return new TunnelledRmiClient(registry, tester, Operation.payloadString(config.stringLength()));
    }

    RTTTester tester() {
        return tester;
    }

    @Override
    public Invocation invocation(Operation op) {
        return Answers.bind(tester, op, expected);
    }

    /** Through the same tunnel as RTTTester's calls. */
    @Override
    public Invocation invocation(Payload payload) {
        return PayloadCalls.lookUpAndBind(
                RmiScenario.PAYLOAD_NAME, () -> (PayloadTester) registry.lookup(RmiScenario.PAYLOAD_NAME), payload);
    }

    @Override
    public Map<String, String> info() {
        return TunnelClient.info();
    }

    @Override
    public void close() {
        // a stateless tunnel: RMI's pooled pseudo-sockets hold no connection
    }
}
