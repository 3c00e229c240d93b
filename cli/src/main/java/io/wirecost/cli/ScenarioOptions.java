package io.wirecost.cli;

import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Choice;
import io.wirecost.runner.ScenarioRunner;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.security.JceProviders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/** {@code run}'s settings passed to the scenario JVMs: options, JCE provider, payloads, concurrent clients. */
final class ScenarioOptions {

    @Option(
            names = "--scenario-option",
            paramLabel = "KEY=VALUE",
            description = "Scenario setting passed to every scenario JVM, repeatable (e.g. wss.suite=modern).")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(
            names = "--jce-provider",
            paramLabel = "sun|bc",
            description =
                    "JCE provider for rmi-ssl's and ws-security's crypto: the JDK's own (sun, default) or Bouncy Castle (bc); "
                            + "shorthand for --scenario-option jce.provider=...")
    String jceProvider;

    @Option(
            names = "--payload",
            paramLabel = "NAME[,NAME...]",
            description =
                    "Seed 001/003 workloads instead of the eight data types: string-64|512|4096|8192, data2-4|32, "
                            + "data3-1|2|4|8|16, ints-N (every scenario carries them).")
    String payload;

    @Option(
            names = "--clients",
            defaultValue = "1",
            description =
                    "Also run N concurrent clients (seed 003: own connection each, no think time): throughput and latency percentiles.")
    int clients;

    /** The options every scenario JVM gets, checked: {@code --jce-provider} folded in, unknown keys refused. */
    Map<String, String> checked(CandidateOptions candidate) {
        if (jceProvider != null) options.put(JceProviders.OPTION, jceChoice("--jce-provider", jceProvider));
        candidate.checkScenarioOptions();
        check(options);
        return options;
    }

    /** With the payloads and the clients, once the scenarios are known. */
    Map<String, String> forScenarios(List<String> names) {
        if (payload != null) options.put(Payload.OPTION, checkPayload(payload, names));
        Bounds.within("--clients", clients, 1, 500);
        if (clients > 1) options.put(ScenarioRunner.CLIENTS_OPTION, String.valueOf(clients));
        return options;
    }

    static void check(Map<String, String> options) {
        try {
            Scenarios.checkOptions(options.keySet());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--scenario-option: " + e.getMessage());
        }
    }

    static String jceChoice(String option, String value) {
        return Choice.among(option, value, "sun", "bc");
    }

    /** Unknown payloads and scenarios that cannot carry one are refused before any JVM starts. */
    static String checkPayload(String payload, List<String> names) {
        List<Payload> list;
        try {
            list = Payload.parseList(payload);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--payload: " + e.getMessage());
        }
        if (list.isEmpty()) throw new UsageException("--payload needs at least one name");
        for (String n : names) {
            if (!Payload.CARRIERS.contains(n)) {
                throw new UsageException("scenario '" + n + "' cannot carry a payload (--payload works with "
                        + String.join(", ", new TreeSet<>(Payload.CARRIERS)) + ")");
            }
        }
        return String.join(",", list.stream().map(Payload::name).toList());
    }
}
