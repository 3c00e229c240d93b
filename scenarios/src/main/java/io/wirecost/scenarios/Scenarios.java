package io.wirecost.scenarios;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The built-in registry of scenarios, by name, in the order tables print them. Adding a transport:
 * implement {@link Scenario} in a scenario module and add one line here; the runner needs no change.
 */
public final class Scenarios {

    private static final Map<String, ScenarioDescriptor> REGISTRY = new LinkedHashMap<>();

    static {
        add(new ScenarioDescriptor("tcp", "", "scenarios", "io.wirecost.scenarios.tcp.TcpScenario", false));
        add(new ScenarioDescriptor("rmi", "RMI", "scenarios", "io.wirecost.scenarios.rmi.RmiScenario", false));
        add(new ScenarioDescriptor(
                "rmi-ssl", "RMI-SSL", "scenarios", "io.wirecost.scenarios.rmi.RmiSslScenario", true));
        add(new ScenarioDescriptor(
                "ws-literal", "WS-literal", "scenarios-ws", "io.wirecost.scenarios.ws.WsLiteralScenario", false));
        add(new ScenarioDescriptor(
                "ws-encoded", "WS-encoded", "scenarios-axis", "io.wirecost.scenarios.axis.WsEncodedScenario", false));
        // about 10 ms a call: HotSpot's thresholds take minutes of calls to reach C2 (JvmLauncher says why a quarter)
        add(new ScenarioDescriptor(
                "ws-security",
                "WS-Security",
                "scenarios-ws",
                "io.wirecost.scenarios.ws.WsSecurityScenario",
                true,
                0.25));
        add(new ScenarioDescriptor(
                "http-to-port",
                "HTTP-to-port",
                "scenarios-http",
                "io.wirecost.scenarios.http.HttpToPortScenario",
                false));
        add(new ScenarioDescriptor(
                "http-to-servlet",
                "HTTP-to-servlet",
                "scenarios-http",
                "io.wirecost.scenarios.http.HttpToServletScenario",
                false));
        add(new ScenarioDescriptor("corba", "", "scenarios-corba", "io.wirecost.scenarios.corba.CorbaScenario", false));
        // today's transports: no paper has a column for them ("today only" in the tables)
        add(new ScenarioDescriptor("grpc", "", "scenarios-grpc", "io.wirecost.scenarios.grpc.GrpcScenario", false));
        add(new ScenarioDescriptor(
                "grpc-tls", "", "scenarios-grpc", "io.wirecost.scenarios.grpc.GrpcTlsScenario", true));
        add(new ScenarioDescriptor(
                "rest-json", "", "scenarios-rest", "io.wirecost.scenarios.rest.RestJsonScenario", false));
        add(new ScenarioDescriptor(
                "rest-json-h2", "", "scenarios-rest", "io.wirecost.scenarios.rest.RestJsonH2Scenario", false));
    }

    private Scenarios() {}

    private static void add(ScenarioDescriptor d) {
        REGISTRY.put(d.name(), d);
    }

    /**
     * Scenarios whose servers bind the --remote server address. The tunnelled ones are built around
     * loopback (the proxy and servlet forward only to loopback ports; automatic mode relies on 127.0.0.2).
     */
    private static final java.util.Set<String> REMOTE_CAPABLE = java.util.Set.of(
            "tcp",
            "rmi",
            "rmi-ssl",
            "ws-literal",
            "ws-encoded",
            "ws-security",
            "corba",
            "grpc",
            "grpc-tls",
            "rest-json",
            "rest-json-h2");

    public static boolean runsRemote(String name) {
        return REMOTE_CAPABLE.contains(name);
    }

    /** Today's transports (issue 14): no paper measured them, so tables mark them "today only". */
    private static final java.util.Set<String> TODAY_ONLY =
            java.util.Set.of("grpc", "grpc-tls", "rest-json", "rest-json-h2");

    public static boolean todayOnly(String name) {
        return TODAY_ONLY.contains(name);
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /**
     * The named sets of scenarios {@link #resolve} accepts beside the scenarios' own names, each as the test that
     * picks its members: {@code all}, {@code papers} (the nine transports of the papers' study, seeds 000 and 002, as
     * {@code all} was before today's four joined it) and {@code today} (those four, which no paper measured).
     */
    private static final Map<String, Predicate<String>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("all", name -> true);
        GROUPS.put("papers", name -> !todayOnly(name));
        GROUPS.put("today", Scenarios::todayOnly);
    }

    /** The named set's scenarios in table order, or empty when {@code name} names no set. */
    public static Optional<List<String>> group(String name) {
        return Optional.ofNullable(GROUPS.get(name))
                .map(member -> names().stream().filter(member).toList());
    }

    /**
     * Scenario names and group names, expanded in the order given, each scenario once.
     *
     * @throws IllegalArgumentException naming the first word that is neither
     */
    public static List<String> resolve(List<String> namesOrGroups) {
        Set<String> out = new LinkedHashSet<>();
        for (String word : namesOrGroups) {
            Optional<List<String>> g = group(word);
            if (g.isPresent()) out.addAll(g.get());
            else if (REGISTRY.containsKey(word)) out.add(word);
            else
                throw new IllegalArgumentException("unknown scenario '" + word + "' (known: "
                        + String.join(", ", names()) + "; or " + String.join(", ", GROUPS.keySet()) + ")");
        }
        return List.copyOf(out);
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
