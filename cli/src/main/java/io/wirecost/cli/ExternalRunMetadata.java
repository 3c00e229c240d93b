package io.wirecost.cli;

import io.wirecost.cli.common.Locations;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMetadata;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The metadata of a run wirecost did not launch ({@code attach}, {@code profile}): what the scenario runner knows
 * from its own launch has to be read here from the profiled JVMs' facts, and most fields have no meaning.
 */
final class ExternalRunMetadata {

    private ExternalRunMetadata() {}

    /**
     * The run's metadata; the JDK is the first profiled JVM's (each JVM's own is in its facts). {@code started}: when
     * profiling began, not when the run is written, so that {@code diff} tells runs one after the other from runs
     * apart by their start and duration.
     */
    static RunMetadata of(
            Path dir,
            ProfilerSettings profiler,
            List<String> names,
            Map<String, Object> firstFacts,
            String how,
            OffsetDateTime started,
            int repeat) {
        String version = String.valueOf(firstFacts.getOrDefault("java.version", ""));
        int feature;
        try {
            feature = Runtime.Version.parse(version).feature();
        } catch (IllegalArgumentException e) {
            feature = 0;
        }
        return new RunMetadata(
                dir.getFileName().toString(),
                started.toString(),
                Locations.hostName(),
                Locations.version(),
                String.valueOf(firstFacts.getOrDefault("java.home", "")),
                feature,
                null,
                profiler,
                names,
                Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])),
                "",
                Map.of(),
                repeat,
                false,
                how,
                "none",
                Map.of());
    }
}
