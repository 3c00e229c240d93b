package io.wirecost.cli.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one scenario produced. A failed scenario keeps what it measured before the failure.
 *
 * @param repetition 1..K with {@code --repeat K}: each repetition is a fresh pair of JVMs
 * @param status  {@code ok} or {@code failed}
 * @param error   one line, empty when ok
 * @param rtt     per data type, then {@code primitives-geomean} and {@code instantiation}
 * @param shares  by role: client, server, all
 * @param facts   what the JVMs reported about themselves and their connections, by role
 * @param sizes   bytes and packets per call by operation; empty when not measured, and then
 * @param sizesNote says why (or how they were measured)
 */
public record ScenarioResult(String scenario, int repetition, String paperColumn, String status, String error, double seconds,
                             long calls, List<RttStatistics> rtt, Map<String, RoleAttribution> shares,
                             Map<String, Object> facts, Map<String, String> profilers, Map<String, String> recordings,
                             List<MessageSize> sizes, String sizesNote) {

    public ScenarioResult {
        rtt = List.copyOf(rtt);
        shares = Map.copyOf(shares);
        facts = Map.copyOf(facts);
        profilers = Map.copyOf(profilers);
        recordings = Map.copyOf(recordings);
        sizes = List.copyOf(sizes);
    }

    public Optional<MessageSize> size(String operation) {
        return sizes.stream().filter(s -> s.operation().equals(operation)).findFirst();
    }

    public boolean ok() {
        return status.equals("ok");
    }

    public Optional<RttStatistics> rtt(String operation) {
        return rtt.stream().filter(r -> r.operation().equals(operation)).findFirst();
    }
}
