package io.wirecost.scenarios;

import io.wirecost.scenarios.rmi.RmiScenario;
import io.wirecost.scenarios.rmi.RmiSslScenario;
import io.wirecost.scenarios.tcp.TcpScenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The built-in registry of scenarios, by name, in the order tables print them. */
public final class Scenarios {

    private static final Map<String, Supplier<Scenario>> REGISTRY = new LinkedHashMap<>();

    static {
        REGISTRY.put("tcp", TcpScenario::new);
        REGISTRY.put("rmi", RmiScenario::new);
        REGISTRY.put("rmi-ssl", RmiSslScenario::new);
    }

    private Scenarios() {
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    public static Scenario byName(String name) {
        Supplier<Scenario> s = REGISTRY.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown scenario '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return s.get();
    }
}
