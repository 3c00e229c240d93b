package io.wirecost.cli;

import io.wirecost.runner.NetworkPair;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.Scenarios;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code run --remote}: client and server in two network namespaces, the link limited as in the papers. */
final class NetworkOptions {

    @Option(
            names = "--remote",
            description = "Client and server JVMs in two network namespaces joined by a veth pair (root).")
    boolean remote;

    @Option(names = "--rate", description = "With --remote: limit the link, e.g. 100mbit as in the papers (tc tbf).")
    String rate;

    void check() {
        if (rate != null && !remote) throw new UsageException("--rate needs --remote");
        if (rate != null && !rate.matches("\\d+(k|m|g)?bit"))
            throw new UsageException("--rate must look like 100mbit, got '" + rate + "'");
    }

    /** The namespaces for these scenarios, or null on loopback; the caller closes them. */
    NetworkPair open(List<String> names) throws java.io.IOException {
        if (!remote) return null;
        for (String n : names) {
            if (!Scenarios.runsRemote(n))
                throw new UsageException(
                        "--remote does not support scenario '" + n + "' (its design is loopback-only)");
        }
        String why = NetworkPair.unavailable();
        if (why != null) throw new UsageException(why);
        return NetworkPair.create(rate);
    }

    /** The configurations with their servers bound to the server's namespace address. */
    static List<RunConfig> bound(List<RunConfig> configs, NetworkPair network) {
        if (network == null) return configs;
        return configs.stream()
                .map(c -> {
                    Map<String, String> o = new LinkedHashMap<>(c.scenarioOptions());
                    o.put("bind.host", network.serverAddress());
                    return new RunConfig(c.label(), c.javaHome(), c.mavenProperties(), o);
                })
                .toList();
    }
}
