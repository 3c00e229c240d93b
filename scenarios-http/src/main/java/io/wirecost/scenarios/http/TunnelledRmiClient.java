package io.wirecost.scenarios.http;

import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import io.wirecost.scenarios.http.tunnel.TunnelClient;
import io.wirecost.scenarios.payload.PayloadTester;
import io.wirecost.scenarios.rmi.RmiScenario;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** A client of a tunnelled scenario: its own registry connection, then the stub's calls through the tunnel. */
final class TunnelledRmiClient {

    private TunnelledRmiClient() {}

    /**
     * The instantiation the papers time: a registry lookup through the tunnel. Payloads go through the same
     * tunnel as RTTTester's calls; a stateless tunnel has nothing to close (RMI's pooled pseudo-sockets hold
     * no connection).
     */
    static RttClient lookup(Endpoint endpoint, ScenarioConfig config, HttpTunnelClientSocketFactory route)
            throws Exception {
        Registry registry =
                LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"), route.forOneClient());
        RTTTester tester = (RTTTester) registry.lookup(endpoint.get("name"));
        return BoundClient.to(tester, config)
                .payloads(RmiScenario.PAYLOAD_NAME, () -> (PayloadTester) registry.lookup(RmiScenario.PAYLOAD_NAME))
                .info(TunnelClient::info)
                .build();
    }
}
