package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Faults;
import io.wirecost.scenarios.FreePorts;
import io.wirecost.scenarios.InjectedWork;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.payload.PayloadService;
import io.wirecost.scenarios.payload.PayloadTester;
import java.io.ObjectInputFilter;
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

    /**
     * RTTTester's calls carry no arguments; nothing but strings and boxed primitives may be deserialized.
     * Filter patterns name classes, not hierarchies: each boxed type is listed (with Number, their
     * superclass, whose descriptor comes along).
     */
    public static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=5;maxrefs=100;maxbytes=65536;java.lang.String;java.lang.Number;java.lang.Integer;java.lang.Short;"
                    + "java.lang.Long;java.lang.Float;java.lang.Double;java.lang.Byte;java.lang.Boolean;java.lang.Character;!*");

    public static final String PAYLOAD_NAME = "PayloadTester";

    /**
     * PayloadTester's requests carry ints, a String key at most and seed 003's int array: nothing else may
     * be deserialized by the server. The payload classes travel only in responses (seed 001's direction),
     * so they are not admitted here. Class patterns never match primitive arrays (JEP 290 filters an
     * array by its element type, and primitives are left undecided), so maxarray is what bounds the int
     * array ({@code Payload.MAX_INTS}).
     */
    public static final ObjectInputFilter PAYLOAD_FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=3;maxrefs=100;maxarray=" + Payload.MAX_INTS + ";maxbytes=8000000;java.lang.String;!*");

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
        int registryPort = FreePorts.on(config.bindHost());
        Registry registry = csf == null
                ? LocateRegistry.createRegistry(registryPort)
                : LocateRegistry.createRegistry(registryPort, csf, ssf);
        RTTTester impl = Faults.wrap(InjectedWork.wrap(new RTTTesterImpl(config.stringLength()), config), config);
        RTTTester stub = (RTTTester) UnicastRemoteObject.exportObject(impl, 0, csf, ssf, FILTER);
        registry.rebind(BOUND_NAME, stub);
        // --payload: seed 001/003 workloads, a second object in the same registry (RTTTester stays for instantiation)
        PayloadService payloads = new PayloadService();
        registry.rebind(PAYLOAD_NAME, UnicastRemoteObject.exportObject(payloads, 0, csf, ssf, PAYLOAD_FILTER));
        String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");
        Endpoint ep = Endpoint.of(
                "host",
                host,
                "port",
                String.valueOf(registryPort),
                "name",
                BOUND_NAME,
                "url",
                "rmi://" + host + ':' + registryPort + '/' + BOUND_NAME);
        return ServerHandle.of(ep, () -> serverInfo(), () -> {
            UnicastRemoteObject.unexportObject(impl, true);
            UnicastRemoteObject.unexportObject(payloads, true);
            UnicastRemoteObject.unexportObject(registry, true);
        });
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        RMIClientSocketFactory csf = clientFactory(config);
        Registry registry = csf == null
                ? LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"))
                : LocateRegistry.getRegistry(endpoint.get("host"), endpoint.port("port"), csf);
        RTTTester tester = (RTTTester) registry.lookup(endpoint.get("name"));
        // RMI keeps pooled connections; the stub has nothing to release on close
        return BoundClient.to(tester, config)
                .payloads(PAYLOAD_NAME, () -> (PayloadTester) registry.lookup(PAYLOAD_NAME))
                .info(this::clientInfo)
                .build();
    }

    protected Map<String, String> clientInfo() {
        return Map.of();
    }

    protected Map<String, String> serverInfo() {
        return Map.of();
    }
}
