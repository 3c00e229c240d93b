package io.wirecost.report;

import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Map;

/**
 * The run metadata the report's tests write their tables under (a quick loopback run of {@code scenarios}), and a
 * scenario that holds only what a test gives it.
 */
final class TestRuns {

    private TestRuns() {}

    static RunMetadata meta(ProfilerSettings profiler, List<String> scenarios) {
        return new RunMetadata(
                "r1",
                "2026-01-01T00:00:00Z",
                "h",
                "0.1.0",
                "/jdk",
                17,
                RunSettings.quick(64),
                profiler,
                scenarios,
                List.of("run"),
                "",
                Map.of(),
                1,
                false,
                "loopback",
                "none",
                Map.of());
    }

    /** A scenario that ran and holds no figures but its recordings (role to path) and companions (kind to weights). */
    static ScenarioResult scenario(
            String name, Map<String, String> recordings, Map<String, RoleAttribution> companions) {
        return scenario(name, List.of(), List.of(), "", recordings, companions);
    }

    /** A scenario that ran, with its round trips and message sizes (measured as {@code sizesNote} says). */
    static ScenarioResult scenario(
            String name,
            List<RttStatistics> rtt,
            List<MessageSize> sizes,
            String sizesNote,
            Map<String, String> recordings,
            Map<String, RoleAttribution> companions) {
        return new ScenarioResult(
                name,
                1,
                "",
                "ok",
                "",
                1,
                100,
                rtt,
                List.of(),
                Map.of(),
                ScenarioFacts.NONE,
                Map.of(),
                recordings,
                sizes,
                sizesNote,
                List.of(),
                companions);
    }
}
