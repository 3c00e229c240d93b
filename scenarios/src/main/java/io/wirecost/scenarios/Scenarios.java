package io.wirecost.scenarios;

import static io.wirecost.scenarios.ScenarioDescriptor.Capability.NEEDS_KEYS;
import static io.wirecost.scenarios.ScenarioDescriptor.Capability.RUNS_REMOTE;
import static io.wirecost.scenarios.ScenarioDescriptor.Capability.TODAY_ONLY;

import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.security.JceProviders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The built-in registry of scenarios, by name, in the order tables print them. Adding a transport:
 * implement {@link Scenario} in a scenario module and add its descriptor here (capabilities, options);
 * the runner needs no change. CONTRIBUTING.md walks through it; ScenarioModulesTest fails on a piece left out.
 */
public final class Scenarios {

    private static final Map<String, ScenarioDescriptor> REGISTRY = new LinkedHashMap<>();

    /**
     * The {@code --scenario-option} keys every scenario reads: payloads, concurrent clients (the runner's),
     * injected work, fault injection, and the bind address the runner sets with --remote.
     */
    public static final Set<String> COMMON_OPTIONS = Set.of(
            Payload.OPTION,
            "clients",
            InjectedWork.OPTION,
            InjectedWork.CPU_OPTION,
            InjectedWork.OPERATION_OPTION,
            Faults.HALT,
            Faults.HANG,
            "bind.host");

    static {
        add(new ScenarioDescriptor("tcp", "", "scenarios", "io.wirecost.scenarios.tcp.TcpScenario", RUNS_REMOTE));
        add(new ScenarioDescriptor("rmi", "RMI", "scenarios", "io.wirecost.scenarios.rmi.RmiScenario", RUNS_REMOTE));
        add(new ScenarioDescriptor(
                        "rmi-ssl",
                        "RMI-SSL",
                        "scenarios",
                        "io.wirecost.scenarios.rmi.RmiSslScenario",
                        NEEDS_KEYS,
                        RUNS_REMOTE)
                .withOptions(JceProviders.OPTION));
        add(new ScenarioDescriptor(
                "ws-literal", "WS-literal", "scenarios-ws", "io.wirecost.scenarios.ws.WsLiteralScenario", RUNS_REMOTE));
        add(new ScenarioDescriptor(
                        "ws-encoded",
                        "WS-encoded",
                        "scenarios-axis",
                        "io.wirecost.scenarios.axis.WsEncodedScenario",
                        RUNS_REMOTE)
                .withOptions("http.keepAlive"));
        // about 10 ms a call: HotSpot's thresholds take minutes of calls to reach C2 (JvmLauncher says why a quarter)
        add(new ScenarioDescriptor(
                        "ws-security",
                        "WS-Security",
                        "scenarios-ws",
                        "io.wirecost.scenarios.ws.WsSecurityScenario",
                        NEEDS_KEYS,
                        RUNS_REMOTE)
                .withCompileThresholdScaling(0.25)
                .withOptions(JceProviders.OPTION, "wss.suite"));
        // the tunnelled ones are built around loopback: the proxy and servlet forward only to loopback ports,
        // and automatic mode relies on 127.0.0.2
        add(new ScenarioDescriptor(
                        "http-to-port",
                        "HTTP-to-port",
                        "scenarios-http",
                        "io.wirecost.scenarios.http.HttpToPortScenario")
                .withOptions("tunnel.mode", "tunnel.proxy"));
        add(new ScenarioDescriptor(
                        "http-to-servlet",
                        "HTTP-to-servlet",
                        "scenarios-http",
                        "io.wirecost.scenarios.http.HttpToServletScenario")
                .withOptions("tunnel.mode"));
        add(new ScenarioDescriptor(
                "corba", "", "scenarios-corba", "io.wirecost.scenarios.corba.CorbaScenario", RUNS_REMOTE));
        // today's transports: no paper has a column for them ("today only" in the tables)
        add(new ScenarioDescriptor(
                "grpc", "", "scenarios-grpc", "io.wirecost.scenarios.grpc.GrpcScenario", RUNS_REMOTE, TODAY_ONLY));
        add(new ScenarioDescriptor(
                "grpc-tls",
                "",
                "scenarios-grpc",
                "io.wirecost.scenarios.grpc.GrpcTlsScenario",
                NEEDS_KEYS,
                RUNS_REMOTE,
                TODAY_ONLY));
        add(new ScenarioDescriptor(
                "rest-json",
                "",
                "scenarios-rest",
                "io.wirecost.scenarios.rest.RestJsonScenario",
                RUNS_REMOTE,
                TODAY_ONLY));
        add(new ScenarioDescriptor(
                "rest-json-h2",
                "",
                "scenarios-rest",
                "io.wirecost.scenarios.rest.RestJsonH2Scenario",
                RUNS_REMOTE,
                TODAY_ONLY));
    }

    private Scenarios() {}

    private static void add(ScenarioDescriptor d) {
        REGISTRY.put(d.name(), d);
    }

    /** Scenarios whose servers bind the --remote server address. */
    public static boolean runsRemote(String name) {
        return has(name, RUNS_REMOTE);
    }

    /** Today's transports (issue 14): no paper measured them, so tables mark them "today only". */
    public static boolean todayOnly(String name) {
        return has(name, TODAY_ONLY);
    }

    /** False for a name that is no scenario (a report may read a run of scenarios since renamed). */
    private static boolean has(String name, ScenarioDescriptor.Capability c) {
        ScenarioDescriptor d = REGISTRY.get(name);
        return d != null && d.has(c);
    }

    /**
     * Refuses a {@code --scenario-option} key no scenario reads (a typo would otherwise be a silent default).
     * A key of a scenario that is not in this run is accepted: one option set serves runs of any scenarios.
     *
     * @throws IllegalArgumentException naming the key and the keys there are
     */
    public static void checkOptions(Set<String> keys) {
        Set<String> known = new java.util.TreeSet<>(COMMON_OPTIONS);
        REGISTRY.values().forEach(d -> known.addAll(d.options()));
        for (String key : keys) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException(
                        "unknown scenario option '" + key + "' (known: " + String.join(", ", known) + ")");
            }
        }
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    public static ScenarioDescriptor descriptor(String name) {
        ScenarioDescriptor d = REGISTRY.get(name);
        if (d == null) {
            throw new IllegalArgumentException(
                    "unknown scenario '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return d;
    }

    /** Instantiates the scenario; only in a JVM whose classpath holds its module. */
    public static Scenario byName(String name) {
        return descriptor(name).instantiate();
    }
}
