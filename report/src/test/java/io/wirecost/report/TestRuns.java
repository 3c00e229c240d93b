package io.wirecost.report;

import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunSettings;
import java.util.List;
import java.util.Map;

/** The run metadata the report's tests write their tables under: a quick loopback run of {@code scenarios}. */
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
}
