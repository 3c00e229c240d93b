package io.wirecost.cli.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one scenario produced. A failed scenario keeps what it measured before the failure.
 *
 * @param status  {@code ok} or {@code failed}
 * @param error   one line, empty when ok
 * @param rtt     per data type, then {@code primitives-geomean} and {@code instantiation}
 * @param shares  by role: client, server, all
 * @param facts   what the JVMs reported about themselves and their connections, by role
 */
public record ScenarioResult(String scenario, String paperColumn, String status, String error, double seconds,
                             long calls, List<RttStatistics> rtt, Map<String, RoleAttribution> shares,
                             Map<String, Object> facts, Map<String, String> profilers, Map<String, String> recordings) {

    public ScenarioResult {
        rtt = List.copyOf(rtt);
        shares = Map.copyOf(shares);
        facts = Map.copyOf(facts);
        profilers = Map.copyOf(profilers);
        recordings = Map.copyOf(recordings);
    }

    public boolean ok() {
        return status.equals("ok");
    }

    public Optional<RttStatistics> rtt(String operation) {
        return rtt.stream().filter(r -> r.operation().equals(operation)).findFirst();
    }
}
