package io.wirecost.runner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one scenario produced. A failed scenario keeps what it measured before the failure.
 *
 * @param repetition 1..K with {@code --repeat K}: each repetition is a fresh pair of JVMs
 * @param status  {@code ok} or {@code failed}
 * @param error   one line, empty when ok
 * @param rtt     per data type, then {@code primitives-geomean} and {@code instantiation}: timed unprofiled
 * @param profiledRtt the same calls timed again while the profiler recorded them (the profile's pass)
 * @param shares  by role: client, server, all
 * @param facts   what the JVMs reported about themselves and their connections, by role
 * @param sizes   bytes and packets per call by operation; empty when not measured, and then
 * @param sizesNote says why (or how they were measured)
 * @param cpu     CPU time per call of the timed pass by operation and role (client, server, all); empty
 *                when the JVMs could not read their CPU time
 * @param companions with {@code run --profile cpu,alloc,lock}: client and server together, by what was
 *                weighted ({@code alloc}: bytes allocated, {@code lock}: nanoseconds blocked); empty otherwise
 */
public record ScenarioResult(
        String scenario,
        int repetition,
        String paperColumn,
        String status,
        String error,
        double seconds,
        long calls,
        List<RttStatistics> rtt,
        List<RttStatistics> profiledRtt,
        Map<String, RoleAttribution> shares,
        ScenarioFacts facts,
        Map<String, String> profilers,
        Map<String, String> recordings,
        List<MessageSize> sizes,
        String sizesNote,
        List<CpuStatistics> cpu,
        Map<String, RoleAttribution> companions) {

    public ScenarioResult {
        companions = Collections.unmodifiableMap(new LinkedHashMap<>(companions));
        cpu = List.copyOf(cpu);
        rtt = List.copyOf(rtt);
        profiledRtt = List.copyOf(profiledRtt);
        shares = Collections.unmodifiableMap(new LinkedHashMap<>(shares));
        facts = facts == null ? ScenarioFacts.NONE : facts;
        profilers = Collections.unmodifiableMap(new LinkedHashMap<>(profilers));
        recordings = Collections.unmodifiableMap(new LinkedHashMap<>(recordings));
        sizes = List.copyOf(sizes);
    }

    public Optional<MessageSize> size(String operation) {
        return sizes.stream().filter(s -> s.operation().equals(operation)).findFirst();
    }

    public boolean ok() {
        return status.equals("ok");
    }

    public Optional<CpuStatistics> cpu(String operation, String role) {
        return cpu.stream()
                .filter(c -> c.operation().equals(operation) && c.role().equals(role))
                .findFirst();
    }

    public Optional<RttStatistics> rtt(String operation) {
        return rtt.stream().filter(r -> r.operation().equals(operation)).findFirst();
    }
}
