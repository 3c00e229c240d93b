package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.Answers;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.InjectedWork;
import io.wirecost.scenarios.Invocation;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;

/**
 * {@code rmi}: Java RMI over JRMP, seed 000's and seed 002's RMI column. The server exports an
 * RTTTester and binds it in a registry; the client looks it up (the instantiation) and calls it.
 * The exported object has a JEP 290 deserialization filter that admits only what RTTTester needs.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rmi}; serve it: {@code ./wirecost serve --scenario rmi}.
 */
public class RmiScenario implements Scenario {

    public static final String BOUND_NAME = "RTTTester";

    /** RTTTester's calls carry no arguments; nothing but strings and boxed numbers may be deserialized. */
    public static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=5;maxrefs=100;maxbytes=65536;java.lang.String;java.lang.Number;java.lang.Boolean;!*");

    @Override
    public String name() {
        return "rmi";
    }

    /** Socket factories; null means the JDK's plain sockets. */
    protected RMIClientSocketFactory clientFactory(ScenarioConfig config) throws Exception {
        return null;
    }

    protected RMIServerSocketFactory serverFactory(ScenarioConfig config) throws Exception {
        return null;
    }

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        RMIClientSocketFactory csf = clientFactory(config);
        RMIServerSocketFactory ssf = serverFactory(config);
        int registryPort = freePort();
        Registry registry = csf == null
                ? LocateRegistry.createRegistry(registryPort)
                : LocateRegistry.createRegistry(registryPort, csf, ssf);
        RTTTester impl = InjectedWork.wrap(new RTTTesterImpl(config.stringLength()), config);
        RTTTester stub = (RTTTester) UnicastRemoteObject.exportObject(impl, 0, csf, ssf, FILTER);
        registry.rebind(BOUND_NAME, stub);
        String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");
        Endpoint ep = Endpoint.of("host", host, "port", String.valueOf(registryPort), "name", BOUND_NAME,
                "url", "rmi://" + host + ':' + registryPort + '/' + BOUND_NAME);
        return new ServerHandle() {
            @Override public Endpoint endpoint() { return ep; }

            @Override
            public void close() throws Exception {
                UnicastRemoteObject.unexportObject(impl, true);
                UnicastRemoteObject.unexportObject(registry, true);
            }
        };
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        RMIClientSocketFactory csf = clientFactory(config);
        Registry registry = csf == null
                ? LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"))
                : LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"), csf);
        RTTTester tester = (RTTTester) registry.lookup(endpoint.get("name"));
        String expected = Operation.payloadString(config.stringLength());
        return new RttClient() {
            @Override
            public Invocation invocation(Operation op) {
                return Answers.bind(tester, op, expected);
            }

            @Override
            public Map<String, String> info() {
                return clientInfo();
            }

            @Override
            public void close() {
                // RMI keeps pooled connections; the stub has nothing to release
            }
        };
    }

    protected Map<String, String> clientInfo() {
        return Map.of();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
